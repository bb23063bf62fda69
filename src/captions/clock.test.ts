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
    ]) {
      expect(parseClockMs(text), text).toBeUndefined();
    }
  });
});
