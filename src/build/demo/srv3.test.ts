import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { CaptionLine } from "./speech.js";
import { escapeXml, renderSrv3 } from "./srv3.js";

function line(...words: [string, number][]): CaptionLine {
  return { words: words.map(([text, tStartMs]) => ({ text, tStartMs })) };
}

/** The first lines of the real "Does fast charging hurt the battery?" captions, with their word times. */
const FAST_CHARGE_LINES: CaptionLine[] = [
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
  line(["and", 10_320]),
];

const fixture = readFileSync(
  new URL(
    "../../../test/fixtures/captions/auto/srv3/DoesFastChargingHurttheBatteryRaw.srv3",
    import.meta.url,
  ),
  "utf8",
);

describe("renderSrv3", () => {
  it("writes what YouTube serves for the same words and times, byte for byte", () => {
    const rendered = renderSrv3(FAST_CHARGE_LINES, 11_000);
    const upTo = (text: string): string => text.slice(0, text.indexOf('<p t="8559"'));
    expect(upTo(rendered)).toBe(upTo(fixture));
    expect(upTo(rendered)).toContain(
      '<p t="6799" d="3521" w="1"><s ac="0">phones</s><s t="241" ac="0"> and</s>',
    );
  });

  it("ends the last two lines with the captions and closes the document", () => {
    const rendered = renderSrv3(FAST_CHARGE_LINES.slice(0, 2), 7_000);
    expect(rendered).toContain('<p t="240" d="6760" w="1">');
    expect(rendered).toContain('<p t="3750" d="3250" w="1" a="1">\n</p>\n<p t="3760" d="3240" w="1">');
    expect(rendered.endsWith("</p>\n</body>\n</timedtext>\n")).toBe(true);
  });

  it("escapes apostrophes as YouTube does, and markup characters", () => {
    expect(escapeXml('didn\'t <b> & "so"')).toBe("didn&#39;t &lt;b&gt; &amp; &quot;so&quot;");
    expect(renderSrv3([line(["didn't", 0])], 500)).toContain('<s ac="0">didn&#39;t</s>');
  });
});
