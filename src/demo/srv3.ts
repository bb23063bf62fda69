/**
 * YouTube's srv3 timedtext XML as yt-dlp saves it: a `<p>` per caption line with `<s>` word spans (offsets
 * from the line's start), and between lines an `a="1"` paragraph holding only a line break.
 */
import { type CaptionLine, HOLD_MS, lineStartMs } from "./speech.js";

const HEADER =
  '<?xml version="1.0" encoding="utf-8" ?><timedtext format="3">\n<head>\n<ws id="0"/>\n' +
  '<ws id="1" mh="2" ju="0" sd="3"/>\n<wp id="0"/>\n<wp id="1" ap="6" ah="20" av="100" rc="2" cc="40"/>\n' +
  '</head>\n<body>\n<w t="0" id="1" wp="1" ws="1"/>\n';

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

export function renderSrv3(lines: readonly CaptionLine[], captionsEndMs: number): string {
  const parts = [HEADER];
  const startOf = (i: number): number => {
    const line = lines[i];
    return line === undefined ? captionsEndMs : lineStartMs(line);
  };
  lines.forEach((line, i) => {
    const t0 = startOf(i);
    if (i > 0)
      parts.push(`<p t="${t0 - HOLD_MS}" d="${startOf(i + 1) - (t0 - HOLD_MS)}" w="1" a="1">\n</p>\n`);
    const spans = line.words.map((w, j) =>
      j === 0
        ? `<s ac="0">${escapeXml(w.text)}</s>`
        : `<s t="${w.tStartMs - t0}" ac="0"> ${escapeXml(w.text)}</s>`,
    );
    parts.push(`<p t="${t0}" d="${startOf(i + 2) - t0}" w="1">${spans.join("")}</p>\n`);
  });
  parts.push("</body>\n</timedtext>\n");
  return parts.join("");
}
