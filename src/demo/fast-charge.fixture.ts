/**
 * Test data shared by the caption renderers' tests: the first lines of the real "Does fast charging hurt
 * the battery?" captions (a fixture in test/fixtures/captions), with their word times.
 */
import type { CaptionLine } from "./speech.js";

/** `[text, tStartMs]` pairs into a caption line. */
export function line(...words: [string, number][]): CaptionLine {
  return { words: words.map(([text, tStartMs]) => ({ text, tStartMs })) };
}

/** The first four lines; the srv3 fixture's fifth is `and` at 10,320 ms. */
export const FAST_CHARGE_LINES: readonly CaptionLine[] = [
  line(["Does", 240], ["fast", 560], ["charging", 800], ["hurt", 1199], ["the", 1439], ["battery?", 1680]),
  line(
    ["We", 3760],
    ["tested", 4000],
    ["for", 4400],
    ["167", 5200],
    ["days.", 5759],
    ["We", 6160],
    ["bought", 6400],
    ["12", 6560],
  ),
  line(
    ["phones", 6799],
    ["and", 7040],
    ["split", 7279],
    ["them", 7600],
    ["into", 7759],
    ["fast", 8000],
    ["charge", 8320],
  ),
  line(["and", 8559], ["slow", 8720]),
];
