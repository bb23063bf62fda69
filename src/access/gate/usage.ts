/** An account's quota for the current period, as `GET /usage` and `wordclip usage` report it. */
import { AccessError } from "../errors.js";
import type { AccessStore } from "../store/interface.js";
import { periodAt } from "./period.js";

export interface PlanLimits {
  name: string;
  perMinute: number;
  perMonth: number;
}

export interface QuotaState {
  /** Requests the plan allows in the period. */
  limit: number;
  /** Requests counted in the period; above `limit` only after a change to a smaller plan. */
  used: number;
  /** Requests left in the period, never below 0. */
  remaining: number;
  /** First moment of the period (the calendar month, UTC), ISO 8601. */
  periodStart: string;
  /** First moment of the next period, when the quota resets, ISO 8601. */
  periodEnd: string;
}

export interface AccountUsage {
  accountId: string;
  plan: PlanLimits;
  quota: QuotaState;
}

export function quotaState(limit: number, used: number, nowMs: number): QuotaState {
  const period = periodAt(nowMs);
  return {
    limit,
    used,
    remaining: Math.max(0, limit - used),
    periodStart: new Date(period.startMs).toISOString(),
    periodEnd: new Date(period.endMs).toISOString(),
  };
}

/** Reads without counting. Throws `not_found` when the account (or its plan) does not exist. */
export async function readAccountUsage(
  store: AccessStore,
  accountId: string,
  nowMs: number,
): Promise<AccountUsage> {
  const account = await store.findAccount(accountId);
  if (!account) throw new AccessError("not_found", `no account with id "${accountId}"`);
  const plan = await store.findPlan(account.plan);
  if (!plan)
    throw new AccessError(
      "not_found",
      `account ${accountId} is on plan "${account.plan}", which does not exist`,
    );
  const used = await store.quotaUsed(accountId, periodAt(nowMs).id);
  return {
    accountId,
    plan: { name: plan.name, perMinute: plan.perMinute, perMonth: plan.perMonth },
    quota: quotaState(plan.perMonth, used, nowMs),
  };
}
