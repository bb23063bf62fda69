/**
 * Worker thread of the parse-only floor: reads each clip's info.json and caption file and parses them,
 * doing nothing else (no catalogue matching, no screening, no writing), and counts what it parsed.
 */
import { readFileSync } from "node:fs";
import { parentPort } from "node:worker_threads";
import { detectCaptionFormat, parseCaptions } from "../../src/captions/parse.js";
import type { ClipFiles } from "../corpus/clip-files.js";

export interface ParsedCounts {
  clips: number;
  cues: number;
  words: number;
  failed: number;
}

export function parseClipFiles(batch: readonly ClipFiles[]): ParsedCounts {
  const counts: ParsedCounts = { clips: 0, cues: 0, words: 0, failed: 0 };
  for (const { infoPath, captionPath } of batch) {
    JSON.parse(readFileSync(infoPath, "utf8"));
    const content = readFileSync(captionPath, "utf8");
    const format = detectCaptionFormat(captionPath, content);
    if (format === undefined) {
      counts.failed++;
      continue;
    }
    try {
      const transcript = parseCaptions(content, format);
      counts.clips++;
      counts.cues += transcript.cues.length;
      counts.words += transcript.words.length;
    } catch {
      counts.failed++;
    }
  }
  return counts;
}

parentPort?.on("message", ({ id, batch }: { id: number; batch: ClipFiles[] }) => {
  parentPort?.postMessage({ id, counts: parseClipFiles(batch) });
});
