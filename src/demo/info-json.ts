/**
 * The info.json yt-dlp writes beside a clip's captions, for a generated clip: the fields the clip
 * reader uses, marked `wordclip_generated`, with the topic and level the clip was made for, so the
 * screening can be checked against them.
 */
import { levelAt } from "../domain.js";
import type { DemoClip } from "./clip.js";

export const DEMO_DESCRIPTION =
  "Generated demo clip for wordclip: it points to no real video. The speech is usage examples from Princeton WordNet 3.0.";

export function renderInfoJson(clip: DemoClip): string {
  const info = {
    id: clip.videoId,
    title: clip.title,
    fulltitle: clip.title,
    display_id: clip.videoId,
    description: DEMO_DESCRIPTION,
    duration: clip.durationS,
    channel_id: clip.channel.id,
    channel: clip.channel.name,
    uploader: clip.channel.name,
    upload_date: clip.uploadDate,
    categories: clip.categories,
    tags: clip.tags,
    language: "en",
    webpage_url: `https://www.youtube.com/watch?v=${clip.videoId}`,
    extractor: "youtube",
    extractor_key: "Youtube",
    _type: "video",
    wordclip_generated: true,
    wordclip_demo: { topic: clip.intendedTopic, level: levelAt(clip.targetLevel), clipNo: clip.clipNo },
  };
  return JSON.stringify(info);
}
