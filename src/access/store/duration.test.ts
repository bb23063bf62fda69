import { describe, expect, it } from "vitest";
import { isAccessError } from "../errors.js";
import { checkGraceMs, formatDurationMs, parseDurationMs } from "./duration.js";

describe("parseDurationMs", () => {
  it("reads seconds, minutes, hours and days", () => {
    expect(parseDurationMs("45s")).toBe(45_000);
    expect(parseDurationMs("30m")).toBe(1_800_000);
    expect(parseDurationMs("24h")).toBe(86_400_000);
    expect(parseDurationMs("7d")).toBe(604_800_000);
    expect(parseDurationMs("0m")).toBe(0);
  });

  it("refuses anything else, quoting the value", () => {
    for (const text of ["", "24", "1.5h", "-1h", "3w", "h", "1 h"]) {
      expect(() => parseDurationMs(text)).toThrow(`got "${text}"`);
    }
  });

  it("refuses more than a year", () => {
    expect(parseDurationMs("365d")).toBe(365 * 86_400_000);
    expect(() => parseDurationMs("366d")).toThrow('at most 365d, got "366d"');
  });
});

describe("formatDurationMs", () => {
  it("uses the largest unit that divides the duration exactly", () => {
    expect(formatDurationMs(86_400_000)).toBe("1d");
    expect(formatDurationMs(5_400_000)).toBe("90m");
    expect(formatDurationMs(3_600_000 * 36)).toBe("36h");
    expect(formatDurationMs(1_500)).toBe("2s");
    expect(formatDurationMs(0)).toBe("0s");
  });
});

describe("checkGraceMs", () => {
  it("accepts whole milliseconds from 0 to a year and refuses the rest as invalid_request", () => {
    expect(checkGraceMs(0)).toBe(0);
    for (const bad of [-1, 0.5, 366 * 86_400_000, Number.NaN]) {
      let caught: unknown;
      try {
        checkGraceMs(bad);
      } catch (error) {
        caught = error;
      }
      expect(isAccessError(caught, "invalid_request")).toBe(true);
      expect((caught as Error).message).toContain(`got ${bad}`);
    }
  });
});
