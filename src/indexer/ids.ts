/** Stable ids: the same video gets the same clipId on every build and every node. */
import { v5 as uuidV5 } from "uuid";

/** The fixed namespace of wordclip clip ids (a UUID v4 drawn once; never change it). */
export const CLIP_ID_NAMESPACE = "6f1c2a4e-8b3d-4e5f-9a7b-2c8d1e0f3a5b";

/** The clip id of a video on the platform: UUID v5 of `"youtube:" + videoId`. */
export function clipIdOf(videoId: string): string {
  return uuidV5(`youtube:${videoId}`, CLIP_ID_NAMESPACE);
}

/** Video ids as the builder accepts them: YouTube's alphabet, 1 to 64 characters. */
export const VIDEO_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
