/** Plans: how many requests an account may make a minute (per key) and a month (per account). */
import { AccessError } from "../errors.js";
import { checkLabel } from "./labels.js";

export interface Plan {
  /** Lower-case identifier: `trial`, `starter`, or an operator's own (`partner-2025`). */
  name: string;
  /** Requests a minute, counted per key in a window aligned to the clock. */
  perMinute: number;
  /** Requests a calendar month (UTC), counted per account across all its keys. */
  perMonth: number;
  /** Who the plan is for, shown in `wordclip plans list`. */
  description: string;
}

/** High enough for an internal or benchmark plan that must never be limited. */
export const MAX_PER_MINUTE = 1_000_000_000;
export const MAX_PER_MONTH = 1_000_000_000_000;

/**
 * Seeded on the access store's first open. `trial` is fixed by the API contract; the paid plans' limits
 * are unpublished there, so these are starting values that operators change with `wordclip plans set`.
 * `demo` is what `serve --demo` gives the key it creates: generous, so a person trying the demo site is
 * not stopped after twenty requests.
 */
export const DEFAULT_PLANS: readonly Plan[] = [
  { name: "trial", perMinute: 60, perMonth: 20, description: "Self-serve, free" },
  { name: "starter", perMinute: 300, perMonth: 100_000, description: "A single app or site in production" },
  {
    name: "growth",
    perMinute: 1_200,
    perMonth: 2_000_000,
    description: "Higher volume, several products under one account",
  },
  { name: "demo", perMinute: 600, perMonth: 1_000_000, description: "The demo site of a local server" },
];

const PLAN_NAME = /^[a-z][a-z0-9_-]{0,31}$/;

export function checkPlanName(name: string): string {
  if (!PLAN_NAME.test(name)) {
    throw new AccessError(
      "invalid_request",
      `plan name must be 1 to 32 lower-case letters, digits, "-" or "_", starting with a letter, got "${name}"`,
    );
  }
  return name;
}

export function checkLimit(field: "perMinute" | "perMonth", value: number): number {
  const max = field === "perMinute" ? MAX_PER_MINUTE : MAX_PER_MONTH;
  if (!Number.isSafeInteger(value) || value < 1 || value > max) {
    throw new AccessError("invalid_request", `${field} must be an integer from 1 to ${max}, got ${value}`);
  }
  return value;
}

export function checkDescription(text: string): string {
  return checkLabel("plan description", text, 200);
}

/** Changes `plans set` may make; a new plan needs both limits. */
export interface PlanChange {
  perMinute?: number;
  perMonth?: number;
  description?: string;
}

/** The plan after `change`, validated; `current` is undefined when the plan is new. */
export function applyPlanChange(name: string, current: Plan | undefined, change: PlanChange): Plan {
  checkPlanName(name);
  const perMinute = change.perMinute ?? current?.perMinute;
  const perMonth = change.perMonth ?? current?.perMonth;
  if (perMinute === undefined || perMonth === undefined) {
    throw new AccessError(
      "invalid_request",
      `plan "${name}" does not exist yet; a new plan needs both perMinute and perMonth`,
    );
  }
  return {
    name,
    perMinute: checkLimit("perMinute", perMinute),
    perMonth: checkLimit("perMonth", perMonth),
    description: checkDescription(change.description ?? current?.description ?? ""),
  };
}
