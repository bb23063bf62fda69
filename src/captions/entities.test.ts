import { describe, expect, it } from "vitest";
import { decodeEntities } from "./entities.js";

describe("decodeEntities", () => {
  it("decodes the named references caption files use", () => {
    expect(decodeEntities("Tom &amp; Jerry &gt;&gt; &lt;b&gt; &quot;hi&quot; it&apos;s")).toBe(
      'Tom & Jerry >> <b> "hi" it\'s',
    );
    expect(decodeEntities("a&nbsp;b")).toBe("a\u00a0b");
  });

  it("decodes decimal and hexadecimal references", () => {
    expect(decodeEntities("didn&#39;t &#8217; &#x2019; &#X1F600;")).toBe("didn't \u2019 \u2019 \u{1f600}");
  });

  it("leaves unknown, invalid and unterminated references as written", () => {
    expect(decodeEntities("&bogus; &#0; &#xD800; &#1114112; AT&T & &amp")).toBe(
      "&bogus; &#0; &#xD800; &#1114112; AT&T & &amp",
    );
  });

  it("returns text without an ampersand untouched", () => {
    const text = "plain text";
    expect(decodeEntities(text)).toBe(text);
  });
});
