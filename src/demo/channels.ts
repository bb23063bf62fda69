/**
 * The generated channels: a few dozen, each about one topic, with names no one could take for a real
 * channel. Channel sizes fall off with rank, as on the platform, where a few channels upload most clips.
 */
import { TOPICS, type Topic } from "../domain.js";
import type { Random } from "./random.js";

export interface DemoChannel {
  /** `demo-channel-07`: not a platform channel id (those start with `UC` and are 24 characters). */
  id: string;
  /** `Demo Channel 07 · Food`. */
  name: string;
  topic: Topic;
}

/** Four channels per topic. */
export const DEMO_CHANNEL_COUNT = TOPICS.length * 4;

function label(topic: Topic): string {
  return topic.charAt(0).toUpperCase() + topic.slice(1);
}

export const DEMO_CHANNELS: readonly DemoChannel[] = Array.from({ length: DEMO_CHANNEL_COUNT }, (_, i) => {
  const number = String(i + 1).padStart(2, "0");
  const topic = TOPICS[i % TOPICS.length] as Topic;
  return { id: `demo-channel-${number}`, name: `Demo Channel ${number} · ${label(topic)}`, topic };
});

/** Zipf-like: channel k uploads in proportion to 1 / k^0.8. */
const CHANNEL_WEIGHTS = DEMO_CHANNELS.map((_, i) => 1 / (i + 1) ** 0.8);

export function pickChannel(random: Random): DemoChannel {
  return DEMO_CHANNELS[random.weighted(CHANNEL_WEIGHTS)] as DemoChannel;
}
