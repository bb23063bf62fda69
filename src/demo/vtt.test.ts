import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FAST_CHARGE_LINES, line } from "./fast-charge.fixture.js";
import { renderVtt, vttTimestamp } from "./vtt.js";

const fixture = readFileSync(
  new URL("../../test/fixtures/captions/auto/vtt/DoesFastChargingHurttheBatteryRaw.vtt", import.meta.url),
  "utf8",
);

describe("renderVtt", () => {
  it("writes what yt-dlp writes for the same words and times, byte for byte", () => {
    const rendered = renderVtt(FAST_CHARGE_LINES, 9_000);
    const upTo = (text: string): string => text.slice(0, text.indexOf("00:00:08.559 -->"));
    // The fixture lost YouTube's whitespace-only lines upstream (its SOURCE.md says so); restore them to compare.
    expect(upTo(rendered).replaceAll("\n \n", "\n\n")).toBe(upTo(fixture));
    expect(upTo(rendered).length).toBeGreaterThan(900);
  });

  it("opens with a one-space upper line, holds each line for 10 ms, and ends on the last line", () => {
    const rendered = renderVtt(FAST_CHARGE_LINES, 9_000);
    expect(
      rendered.startsWith(
        "WEBVTT\nKind: captions\nLanguage: en\n\n00:00:00.240 --> 00:00:03.750 align:start position:0%\n \nDoes<",
      ),
    ).toBe(true);
    expect(rendered).toContain(
      "\n00:00:03.750 --> 00:00:03.760 align:start position:0%\nDoes fast charging hurt the battery?\n \n",
    );
    expect(
      rendered.endsWith(
        "00:00:08.559 --> 00:00:09.000 align:start position:0%\nphones and split them into fast charge\nand<00:00:08.720><c> slow</c>\n",
      ),
    ).toBe(true);
    expect(rendered.match(/-->/g)).toHaveLength(2 * FAST_CHARGE_LINES.length - 1);
  });

  it("writes a one-word line without inline times", () => {
    expect(renderVtt([line(["battery.", 65_199])], 67_760)).toBe(
      "WEBVTT\nKind: captions\nLanguage: en\n\n00:01:05.199 --> 00:01:07.760 align:start position:0%\n \nbattery.\n",
    );
  });
});

describe("vttTimestamp", () => {
  it("pads every field", () => {
    expect(vttTimestamp(0)).toBe("00:00:00.000");
    expect(vttTimestamp(7)).toBe("00:00:00.007");
    expect(vttTimestamp(65_199)).toBe("00:01:05.199");
    expect(vttTimestamp(3_723_045)).toBe("01:02:03.045");
  });
});
