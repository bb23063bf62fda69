import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseClockMs } from "./clock.js";

describe("parseClockMs", () => {
  it("reads hours, minutes, seconds and milliseconds", () => {
    expect(parseClockMs("00:00:00.240")).toBe(240);
    expect(parseClockMs("01:02:03.456")).toBe(3_723_456);
    expect(parseClockMs("123:00:00.000")).toBe(442_800_000);
  });

  it("reads the short WebVTT form without hours and the SRT comma", () => {
    expect(parseClockMs("04:46.070")).toBe(286_070);
    expect(parseClockMs("00:00:01,500")).toBe(1500);
  });

  it("reads a missing or short fraction as whole or tenths of seconds", () => {
    expect(parseClockMs("00:00:07")).toBe(7000);
    expect(parseClockMs("00:00:07.5")).toBe(7500);
    expect(parseClockMs("00:00:07.05")).toBe(7050);
  });

  it("refuses anything that is not a clock time", () => {
    for (const text of [
      "",
      "12",
      "00:60.000",
      "00:00:60.000",
      "00:00:00.",
      "00:00:00.1234",
      "aa:00.000",
      "00::00.000",
      "00:00:00.2x",
      " 00:00.000",
      "00:000.000",
      "-1:00.000",
      "1:00:00:00.000",
    ]) {
      expect(parseClockMs(text), text).toBeUndefined();
    }
  });

  it("reads as the plain reading (split, regular expression) does, over text near the format", () => {
    const piece = fc.constantFrom(
      "0",
      "00",
      "05",
      "59",
      "60",
      "7",
      "123",
      "1234",
      ":",
      ":",
      ".",
      ",",
      "x",
      " ",
      "-",
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 9 }).map((pieces) => pieces.join("")),
        (text) => {
          expect(parseClockMs(text)).toBe(plainReading(text));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it("reads a part of a line as the same text sliced", () => {
    const clock = fc
      .tuple(fc.nat(200), fc.nat(59), fc.nat(59), fc.nat(999))
      .map(([h, m, s, ms]) => `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}.${ms}`);
    fc.assert(
      fc.property(fc.string({ maxLength: 6 }), clock, fc.string({ maxLength: 6 }), (before, time, after) => {
        const line = `${before}${time}${after}`;
        const start = before.length;
        const end = start + time.length;
        expect(parseClockMs(line, start, end)).toBe(parseClockMs(line.slice(start, end)));
        expect(parseClockMs(line, start, end)).toBe(plainReading(time));
      }),
    );
  });
});

/** The format read the plain way, to hold the allocation-free reading to. */
function plainReading(text: string): number | undefined {
  const match = /^((?:\d+:){1,2})(\d{1,2})(?:[.,](\d{1,3}))?$/.exec(text);
  if (match === null) return undefined;
  const fields = (match[1] as string).split(":").slice(0, -1).map(Number);
  const minutes = fields[fields.length - 1] as number;
  const hours = fields.length === 2 ? (fields[0] as number) : 0;
  const seconds = Number(match[2]);
  if (seconds >= 60 || minutes >= 60) return undefined;
  const fraction = match[3] === undefined ? 0 : Number((match[3] as string).padEnd(3, "0"));
  return ((hours * 60 + minutes) * 60 + seconds) * 1000 + fraction;
}
