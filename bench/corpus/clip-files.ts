/**
 * The clips of a generated corpus as file pairs (`ID.info.json` and its `ID.en.<format>` captions), in
 * sorted order, walking sub-folders: what the parse-only floor reads and what a manifest lists.
 */
import { readdirSync } from "node:fs";
import path from "node:path";

export interface ClipFiles {
  infoPath: string;
  captionPath: string;
}

const INFO_SUFFIX = ".info.json";

export function* clipFiles(dir: string): Generator<ClipFiles> {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  const captions = new Map<string, string>();
  for (const entry of entries) {
    const match = /^(.+)\.[a-z]{2}(?:-[a-z]+)?\.(vtt|json3|srv3|srt)$/.exec(entry.name);
    if (entry.isFile() && match) captions.set(match[1] as string, path.join(dir, entry.name));
  }
  for (const entry of entries) {
    if (entry.isDirectory()) {
      yield* clipFiles(path.join(dir, entry.name));
    } else if (entry.name.endsWith(INFO_SUFFIX)) {
      const captionPath = captions.get(entry.name.slice(0, -INFO_SUFFIX.length));
      if (captionPath !== undefined) yield { infoPath: path.join(dir, entry.name), captionPath };
    }
  }
}

/** The first `count` clips. */
export function firstClipFiles(dir: string, count: number): ClipFiles[] {
  const out: ClipFiles[] = [];
  for (const clip of clipFiles(dir)) {
    if (out.length >= count) break;
    out.push(clip);
  }
  return out;
}
