/**
 * YouTube's json3 caption format as yt-dlp saves it (one line of compact JSON): a window event over the
 * whole clip, then per line an event whose segments carry word offsets, each line after the first preceded
 * by an `aAppend` newline event 10 ms earlier; a line stays until the line after next appears.
 */
import { type CaptionLine, HOLD_MS, lineStartMs } from "./speech.js";

const HEADER =
  '{"wireMagic":"pb3","pens":[{}],"wsWinStyles":[{},{"mhModeHint":2,"juJustifCode":0,"sdScrollDir":3}],' +
  '"wpWinPositions":[{},{"apPoint":6,"ahHorPos":20,"avVerPos":100,"rcRows":2,"ccCols":40}],"events":[';

export function renderJson3(
  lines: readonly CaptionLine[],
  captionsEndMs: number,
  durationMs: number,
): string {
  const events: string[] = [
    JSON.stringify({ tStartMs: 0, dDurationMs: durationMs, id: 1, wpWinPosId: 1, wsWinStyleId: 1 }),
  ];
  const startOf = (i: number): number => {
    const line = lines[i];
    return line === undefined ? captionsEndMs : lineStartMs(line);
  };
  lines.forEach((line, i) => {
    const t0 = startOf(i);
    if (i > 0) {
      const newline = {
        tStartMs: t0 - HOLD_MS,
        dDurationMs: startOf(i + 1) - (t0 - HOLD_MS),
        wWinId: 1,
        aAppend: 1,
        segs: [{ utf8: "\n" }],
      };
      events.push(JSON.stringify(newline));
    }
    const segs = line.words.map((w, j) =>
      j === 0
        ? { utf8: w.text, acAsrConf: 0 }
        : { utf8: ` ${w.text}`, tOffsetMs: w.tStartMs - t0, acAsrConf: 0 },
    );
    events.push(JSON.stringify({ tStartMs: t0, dDurationMs: startOf(i + 2) - t0, wWinId: 1, segs }));
  });
  return `${HEADER}${events.join(",")}]}`;
}
