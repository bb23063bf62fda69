import { describe, expect, it } from "vitest";
import { isAccessError } from "../errors.js";
import { applyPlanChange, checkPlanName, DEFAULT_PLANS } from "./plans.js";

function accessErrorOf(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    if (isAccessError(error, "invalid_request")) return error;
    throw error;
  }
  throw new Error("expected an invalid_request AccessError");
}

describe("DEFAULT_PLANS", () => {
  it("has the contract's trial of 60 a minute and 20 a month, and a generous demo plan", () => {
    expect(DEFAULT_PLANS.find((p) => p.name === "trial")).toMatchObject({ perMinute: 60, perMonth: 20 });
    const demo = DEFAULT_PLANS.find((p) => p.name === "demo");
    expect(demo?.perMonth).toBeGreaterThanOrEqual(100_000);
    for (const plan of DEFAULT_PLANS) expect(applyPlanChange(plan.name, plan, {})).toEqual(plan);
  });
});

describe("checkPlanName", () => {
  it("accepts lower-case names with digits, dashes and underscores", () => {
    for (const name of ["trial", "partner-2025", "a", "big_one"]) expect(checkPlanName(name)).toBe(name);
  });

  it("refuses other names, quoting them", () => {
    for (const name of ["", "Trial", "2fast", "has space", "x".repeat(33)]) {
      expect(accessErrorOf(() => checkPlanName(name)).message).toContain(`got "${name}"`);
    }
  });
});

describe("applyPlanChange", () => {
  it("keeps the limits and description that the change leaves out", () => {
    const current = { name: "starter", perMinute: 300, perMonth: 100_000, description: "Apps" };
    expect(applyPlanChange("starter", current, { perMinute: 500 })).toEqual({ ...current, perMinute: 500 });
  });

  it("needs both limits for a new plan", () => {
    expect(accessErrorOf(() => applyPlanChange("fresh", undefined, { perMonth: 10 })).message).toBe(
      'plan "fresh" does not exist yet; a new plan needs both perMinute and perMonth',
    );
  });

  it("refuses limits that are not whole numbers in range, naming the field and value", () => {
    expect(accessErrorOf(() => applyPlanChange("p", undefined, { perMinute: 0, perMonth: 1 })).message).toBe(
      "perMinute must be an integer from 1 to 1000000000, got 0",
    );
    expect(
      accessErrorOf(() => applyPlanChange("p", undefined, { perMinute: 1, perMonth: 2.5 })).message,
    ).toContain("perMonth must be an integer from 1 to");
  });

  it("refuses a description over two lines or too long", () => {
    const change = { perMinute: 1, perMonth: 1 };
    expect(
      accessErrorOf(() => applyPlanChange("p", undefined, { ...change, description: "a\nb" })).message,
    ).toContain("plan description must be at most 200 characters on one line");
    expect(() => applyPlanChange("p", undefined, { ...change, description: "x".repeat(201) })).toThrow();
  });
});
