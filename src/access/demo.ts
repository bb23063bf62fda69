/** The account a fresh local server gives its demo site, so `npm start` works without any set-up. */

import type { AccessStore, CreatedKey } from "./store/interface.js";
import { DEFAULT_PLANS } from "./store/plans.js";

export const DEMO_PLAN = "demo";
export const DEMO_ACCOUNT_NAME = "demo";
export const DEMO_KEY_NAME = "demo";

/**
 * Creates a `demo` account on the `demo` plan (generous limits, so a person trying the demo is not
 * stopped after the trial's twenty requests) and a key for it, but only when the store has no accounts
 * at all: a store an operator has started to fill is never given an extra key. Returns the new key (its
 * secret exists only in this return value) or undefined when nothing was created.
 */
export async function ensureDemoAccess(store: AccessStore): Promise<CreatedKey | undefined> {
  if ((await store.countAccounts()) > 0) return undefined;
  if (!(await store.findPlan(DEMO_PLAN))) {
    // Seeded on first open; recreated here only if an older store lacks it.
    const seeded = DEFAULT_PLANS.find((plan) => plan.name === DEMO_PLAN);
    if (seeded) await store.setPlan(DEMO_PLAN, seeded);
  }
  const account = await store.createAccount({ plan: DEMO_PLAN, name: DEMO_ACCOUNT_NAME });
  return store.createKey({ accountId: account.id, name: DEMO_KEY_NAME });
}
