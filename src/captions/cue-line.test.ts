import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readCueLine } from "./cue-line.js";
import { collapseWhitespace } from "./whitespace.js";

describe("readCueLine", () => {
  it("splits a YouTube line at its inline word times", () => {
    expect(readCueLine("Does<00:00:00.560><c> fast</c><00:00:00.800><c> charging</c>", true)).toEqual({
      text: "Does fast charging",
      spans: [
        { tMs: undefined, text: "Does" },
        { tMs: 560, text: " fast" },
        { tMs: 800, text: " charging" },
      ],
      timed: true,
    });
  });

  it("strips colour-class spans and other tags without splitting words", () => {
    const line = readCueLine(
      "this will<c.colorE5E5E5> happen</c><c.colorCCCCCC> is <i>I'm</i> telling",
      true,
    );
    expect(line.text).toBe("this will happen is I'm telling");
    expect(line.timed).toBe(false);
    expect(readCueLine("<v Roger Bingham>We are in New York City</v>", true).text).toBe(
      "We are in New York City",
    );
  });

  it("decodes entities and keeps speaker markers", () => {
    expect(readCueLine("&gt;&gt; Tom &amp; Jerry&nbsp;&nbsp;", true).text).toBe(">> Tom & Jerry");
  });

  it("keeps a < that starts no tag as text", () => {
    expect(readCueLine("1 < 2 and x <", false).text).toBe("1 < 2 and x <");
    expect(readCueLine("a <b unclosed", false).text).toBe("a <b unclosed");
  });

  it("reads < before a digit as text where the format has no inline times", () => {
    expect(readCueLine("I <3 you", false)).toEqual({
      text: "I <3 you",
      spans: [{ tMs: undefined, text: "I <3 you" }],
      timed: false,
    });
  });

  it("strips a tag that looks like a time but is not one, without a span", () => {
    expect(readCueLine("x<1a>word", true)).toEqual({
      text: "xword",
      spans: [{ tMs: undefined, text: "xword" }],
      timed: false,
    });
  });

  it("gives no text for a line of tags and whitespace", () => {
    expect(readCueLine(" </c>", true).text).toBe("");
  });

  it("gives as its text the text of its spans, joined, whatever tags, times and entities the line holds", () => {
    const piece = fc.constantFrom(
      "<00:00:01.500>",
      "<00:01.5>",
      "<c>",
      "</c>",
      "<c.colorE5E5E5>",
      "<i>",
      "< ",
      "<",
      ">",
      "<1",
      "&amp;",
      "&am",
      "p;",
      "&nbsp;",
      " ",
      "  ",
      "word",
      "x",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), fc.boolean(), (pieces, timestamps) => {
        const line = readCueLine(pieces.join(""), timestamps);
        expect(line.text).toBe(collapseWhitespace(line.spans.map((span) => span.text).join("")));
      }),
      { numRuns: 3000 },
    );
  });
});
