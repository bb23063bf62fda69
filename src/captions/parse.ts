/** Caption format detection and the one entry point that parses any supported caption file. */
import { parseJson3 } from "./json3.js";
import { parseSrt } from "./srt.js";
import { parseSrv3 } from "./srv3.js";
import type { CaptionFormat, Transcript } from "./transcript.js";
import { parseVtt } from "./youtube-vtt.js";

const BY_EXTENSION: ReadonlyMap<string, CaptionFormat> = new Map([
  ["vtt", "vtt"],
  ["json3", "json3"],
  ["srv3", "srv3"],
  ["srt", "srt"],
]);

/**
 * The format of a caption file from its extension (`.vtt`, `.json3`, `.srv3`, `.srt`, any case). A
 * `.xml` file is srv3 when it holds a `<timedtext format="3">` root; other XML (srv1, srv2, TTML) and
 * unknown extensions give `undefined`.
 */
export function detectCaptionFormat(fileName: string, content: string): CaptionFormat | undefined {
  const dot = fileName.lastIndexOf(".");
  const extension = dot < 0 ? "" : fileName.slice(dot + 1).toLowerCase();
  const format = BY_EXTENSION.get(extension);
  if (format !== undefined) return format;
  if (extension === "xml" && /<timedtext\s[^>]*format\s*=\s*["']3["']/.test(content.slice(0, 1000)))
    return "srv3";
  return undefined;
}

/** Parses a caption file; throws CaptionError naming the line or event when it cannot be read. */
export function parseCaptions(content: string, format: CaptionFormat): Transcript {
  switch (format) {
    case "vtt":
      return parseVtt(content);
    case "json3":
      return parseJson3(content);
    case "srv3":
      return parseSrv3(content);
    case "srt":
      return parseSrt(content);
  }
}
