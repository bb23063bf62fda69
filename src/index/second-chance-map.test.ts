import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SecondChanceMap } from "./second-chance-map.js";

type Op = { set: number; value: number; bytes: number } | { get: number };

const ops = fc.array(
  fc.oneof(
    fc.record({
      set: fc.integer({ min: 0, max: 15 }),
      value: fc.integer(),
      bytes: fc.integer({ min: 1, max: 40 }),
    }),
    fc.record({ get: fc.integer({ min: 0, max: 15 }) }),
  ),
  { maxLength: 200 },
);

describe("SecondChanceMap", () => {
  it("counts what it holds, stays within its budget and gives back the last value set", () => {
    fc.assert(
      fc.property(ops, (list: Op[]) => {
        const map = new SecondChanceMap<number, number>(100);
        const last = new Map<number, { value: number; bytes: number }>();
        for (const op of list) {
          if ("set" in op) {
            map.set(op.set, op.value, op.bytes);
            last.set(op.set, op);
          } else {
            const got = map.get(op.get);
            if (got !== undefined) expect(got).toBe(last.get(op.get)?.value);
          }
          let held = 0;
          for (let key = 0; key <= 15; key++)
            if (map.has(key)) held += (last.get(key) as { bytes: number }).bytes;
          expect(map.bytes).toBe(held);
          expect(map.bytes <= 100 || map.size === 1).toBe(true);
        }
      }),
    );
  });

  it("keeps an entry asked for between every two entries set, while others come and go", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ key: fc.integer({ min: 1, max: 1000 }), bytes: fc.integer({ min: 1, max: 50 }) }),
          {
            maxLength: 300,
          },
        ),
        (list) => {
          const map = new SecondChanceMap<number, string>(100);
          map.set(0, "hot", 10);
          for (const { key, bytes } of list) {
            expect(map.get(0)).toBe("hot");
            map.set(key, "cold", bytes);
          }
          expect(map.get(0)).toBe("hot");
        },
      ),
    );
  });

  it("lets the oldest entry not asked for go first", () => {
    const map = new SecondChanceMap<string, number>(30);
    map.set("a", 1, 10);
    map.set("b", 2, 10);
    map.set("c", 3, 10);
    map.get("a");
    map.set("d", 4, 10);
    expect(["a", "b", "c", "d"].filter((k) => map.has(k))).toEqual(["a", "c", "d"]);
    map.set("e", 5, 10);
    // "a" went behind "d" when "b" went out; "c" is now the oldest, and not asked for.
    expect(["a", "b", "c", "d", "e"].filter((k) => map.has(k))).toEqual(["a", "d", "e"]);
  });

  it("replaces a key's value and its count", () => {
    const map = new SecondChanceMap<string, number>(100);
    map.set("a", 1, 10);
    map.set("a", 2, 30);
    expect(map.get("a")).toBe(2);
    expect(map.bytes).toBe(30);
    expect(map.size).toBe(1);
  });
});
