/** Stable ids: the same video gets the same clipId on every build and every node. */
import { hash } from "node:crypto";

/** The fixed namespace of wordclip clip ids (a UUID v4 drawn once; never change it). */
export const CLIP_ID_NAMESPACE = "6f1c2a4e-8b3d-4e5f-9a7b-2c8d1e0f3a5b";

const NAMESPACE_BYTES = Buffer.from(CLIP_ID_NAMESPACE.replaceAll("-", ""), "hex");

/**
 * The clip id of a video on the platform: UUID v5 of `"youtube:" + videoId` (RFC 9562: the SHA-1 of the
 * namespace's bytes and the name's UTF-8, with the version and variant bits set), computed in one hash.
 */
export function clipIdOf(videoId: string): string {
  const name = `youtube:${videoId}`;
  const input = Buffer.allocUnsafe(NAMESPACE_BYTES.length + Buffer.byteLength(name, "utf8"));
  NAMESPACE_BYTES.copy(input, 0);
  input.write(name, NAMESPACE_BYTES.length, "utf8");
  const digest = hash("sha1", input, "buffer");
  digest[6] = ((digest[6] as number) & 0x0f) | 0x50;
  digest[8] = ((digest[8] as number) & 0x3f) | 0x80;
  const hex = digest.toString("hex", 0, 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Video ids as the builder accepts them: YouTube's alphabet, 1 to 64 characters. */
export const VIDEO_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
