import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderJson3 } from "./json3.js";
import type { CaptionLine } from "./speech.js";

function line(...words: [string, number][]): CaptionLine {
  return { words: words.map(([text, tStartMs]) => ({ text, tStartMs })) };
}

/** The first lines of a real json3 file (a16z_sample.json3), with their word times. */
const A16Z_LINES: CaptionLine[] = [
  line(
    ["The", 80],
    ["diffusion", 320],
    ["of", 1040],
    ["AI", 1520],
    ["capability", 1920],
    ["is", 2320],
    ["going", 2480],
  ),
  line(
    ["to", 2560],
    ["take", 2639],
    ["longer", 2879],
    ["than", 3120],
    ["people", 3280],
    ["in", 3439],
    ["Silicon", 3600],
  ),
  line(["Valley", 3919], ["realize.", 4160]),
  line(
    [">> It's", 4640],
    ["just", 4880],
    ["absurd", 5040],
    ["to", 5759],
    ["think", 6000],
    ["you're", 6080],
    ["going", 6319],
  ),
  line(["to", 6319]),
  line(["code", 8960]),
];

const fixture = JSON.parse(
  readFileSync(new URL("../../test/fixtures/captions/auto/json3/a16z_sample.json3", import.meta.url), "utf8"),
) as { events: unknown[] };

describe("renderJson3", () => {
  it("writes the events YouTube serves for the same words and times", () => {
    const rendered = JSON.parse(renderJson3(A16Z_LINES, 10_000, 3_496_760)) as { events: unknown[] };
    // Window, four lines and the newline events between them; later events depend on lines not given here.
    expect(rendered.events.slice(0, 9)).toEqual(fixture.events.slice(0, 9));
    const { events: _a, ...header } = rendered;
    const { events: _b, ...fixtureHeader } = fixture;
    expect(header).toEqual(fixtureHeader);
  });

  it("is one line of compact JSON, as yt-dlp saves it", () => {
    const rendered = renderJson3(A16Z_LINES, 10_000, 12_000);
    expect(rendered).not.toContain("\n\n");
    expect(rendered.startsWith('{"wireMagic":"pb3","pens":[{}],')).toBe(true);
    expect(rendered.endsWith("]}]}")).toBe(true);
    expect(rendered).toContain(
      '{"tStartMs":2550,"dDurationMs":1369,"wWinId":1,"aAppend":1,"segs":[{"utf8":"\\n"}]}',
    );
  });
});
