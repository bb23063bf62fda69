import { describe, expect, it } from "vitest";
import { runRateWindowContract } from "./contract.js";
import { createMemoryRateWindow } from "./memory.js";

runRateWindowContract("memory", async () => createMemoryRateWindow());

const MINUTE_START_MS = Date.UTC(2025, 2, 15, 12);

describe("createMemoryRateWindow", () => {
  it("drops every subject of a minute once the clock enters the next one", async () => {
    const window = createMemoryRateWindow();
    for (let i = 0; i < 1_000; i++) await window.hit(`addr:10.0.${i >> 8}.${i & 255}`, 60, MINUTE_START_MS);
    expect(window.subjectCount()).toBe(1_000);
    await window.hit("key:a", 60, MINUTE_START_MS + 60_000);
    expect(window.subjectCount()).toBe(1);
  });

  it("counts a hit stamped with an earlier minute against the newest one, never freeing capacity", async () => {
    const window = createMemoryRateWindow();
    await window.hit("k", 1, MINUTE_START_MS + 60_000);
    const late = await window.hit("k", 1, MINUTE_START_MS + 59_000);
    expect(late).toEqual({
      admitted: false,
      limit: 1,
      remaining: 0,
      resetAtS: MINUTE_START_MS / 1_000 + 120,
    });
  });

  it("uses the window length it is given", async () => {
    const window = createMemoryRateWindow({ windowMs: 1_000 });
    expect(await window.hit("k", 1, 1_500)).toEqual({ admitted: true, limit: 1, remaining: 0, resetAtS: 2 });
    expect((await window.hit("k", 1, 2_000)).admitted).toBe(true);
  });
});
