import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { periodAt } from "./period.js";

describe("periodAt", () => {
  it("gives the calendar month in UTC, ending at the first moment of the next", () => {
    expect(periodAt(Date.UTC(2025, 2, 15, 12))).toEqual({
      id: "2025-03",
      startMs: Date.UTC(2025, 2, 1),
      endMs: Date.UTC(2025, 3, 1),
    });
  });

  it("rolls December over into January of the next year", () => {
    expect(periodAt(Date.UTC(2025, 11, 31, 23, 59, 59, 999))).toEqual({
      id: "2025-12",
      startMs: Date.UTC(2025, 11, 1),
      endMs: Date.UTC(2026, 0, 1),
    });
    expect(periodAt(Date.UTC(2026, 0, 1)).id).toBe("2026-01");
  });

  it("ignores the local time zone: the last UTC millisecond of February is still February", () => {
    expect(periodAt(Date.UTC(2024, 1, 29, 23, 59, 59, 999)).id).toBe("2024-02");
  });

  it("agrees with a naive reading of the ISO date for any moment", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(2200, 0, 1) }), (nowMs) => {
        const period = periodAt(nowMs);
        const iso = new Date(nowMs).toISOString();
        expect(period.id).toBe(iso.slice(0, 7));
        expect(new Date(period.startMs).toISOString()).toBe(`${iso.slice(0, 7)}-01T00:00:00.000Z`);
        expect(period.startMs).toBeLessThanOrEqual(nowMs);
        expect(nowMs).toBeLessThan(period.endMs);
        expect(periodAt(period.endMs).startMs).toBe(period.endMs);
        expect(periodAt(period.endMs - 1).id).toBe(period.id);
      }),
    );
  });

  it("refuses a time that is not a number of milliseconds", () => {
    expect(() => periodAt(Number.NaN)).toThrow("not a valid time in milliseconds: NaN");
  });
});
