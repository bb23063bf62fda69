import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FAST_CHARGE_LINES, line } from "./fast-charge.fixture.js";
import type { CaptionLine } from "./speech.js";
import { escapeXml, renderSrv3 } from "./srv3.js";

const LINES: CaptionLine[] = [...FAST_CHARGE_LINES, line(["and", 10_320])];

const fixture = readFileSync(
  new URL("../../test/fixtures/captions/auto/srv3/DoesFastChargingHurttheBatteryRaw.srv3", import.meta.url),
  "utf8",
);

describe("renderSrv3", () => {
  it("writes what YouTube serves for the same words and times, byte for byte", () => {
    const rendered = renderSrv3(LINES, 11_000);
    const upTo = (text: string): string => text.slice(0, text.indexOf('<p t="8559"'));
    expect(upTo(rendered)).toBe(upTo(fixture));
    expect(upTo(rendered)).toContain(
      '<p t="6799" d="3521" w="1"><s ac="0">phones</s><s t="241" ac="0"> and</s>',
    );
  });

  it("ends the last two lines with the captions and closes the document", () => {
    const rendered = renderSrv3(LINES.slice(0, 2), 7_000);
    expect(rendered).toContain('<p t="240" d="6760" w="1">');
    expect(rendered).toContain('<p t="3750" d="3250" w="1" a="1">\n</p>\n<p t="3760" d="3240" w="1">');
    expect(rendered.endsWith("</p>\n</body>\n</timedtext>\n")).toBe(true);
  });

  it("escapes apostrophes as YouTube does, and markup characters", () => {
    expect(escapeXml('didn\'t <b> & "so"')).toBe("didn&#39;t &lt;b&gt; &amp; &quot;so&quot;");
    expect(renderSrv3([line(["didn't", 0])], 500)).toContain('<s ac="0">didn&#39;t</s>');
  });
});
