/** A gate over an in-memory store, a memory window and a hand-moved clock, for the gate's tests. */

import { AccessError } from "../errors.js";
import type { AccessStore } from "../store/interface.js";
import { openSqliteAccessStore } from "../store/sqlite.js";
import { createMemoryRateWindow } from "../window/memory.js";
import { createGate, type Gate, type GateOptions } from "./gate.js";

/** 2025-03-15T12:00:00Z: the start of a minute in the middle of a month. */
export const T0_MS = Date.UTC(2025, 2, 15, 12);

export interface GateFixture {
  clock: { nowMs: number };
  store: AccessStore;
  /** How many times the gate asked the store for a key by its hash. */
  keyLookups: () => number;
  /** While true, every call the gate makes to the store fails as a store that does not answer. */
  setStoreDown(down: boolean): void;
  gate: Gate;
  /** A new account on `plan` with one key; returns the `Authorization` header value for it. */
  account(plan?: string): Promise<{ accountId: string; keyId: string; secret: string; header: string }>;
  /** Another key of an existing account. */
  key(accountId: string): Promise<{ keyId: string; secret: string; header: string }>;
}

export function gateFixture(
  options: Partial<Pick<GateOptions, "anonymousPerMinute" | "degradation">> = {},
): GateFixture {
  const clock = { nowMs: T0_MS };
  const store = openSqliteAccessStore({ path: ":memory:", now: () => clock.nowMs });
  let lookups = 0;
  let down = false;
  const counted = new Proxy(store, {
    get(target, property) {
      if (down && property !== "close") {
        return () =>
          Promise.reject(new AccessError("unavailable", "the access store (test) does not answer"));
      }
      if (property === "findKeyByHash") {
        return (hash: string) => {
          lookups++;
          return target.findKeyByHash(hash);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const gate = createGate({
    store: counted,
    window: createMemoryRateWindow(),
    now: () => clock.nowMs,
    ...options,
  });
  async function key(accountId: string) {
    const { key: record, secret } = await store.createKey({ accountId });
    return { keyId: record.id, secret, header: `Bearer ${secret}` };
  }
  return {
    clock,
    store,
    keyLookups: () => lookups,
    setStoreDown(next) {
      down = next;
    },
    gate,
    key,
    async account(plan = "trial") {
      const account = await store.createAccount({ plan });
      return { accountId: account.id, ...(await key(account.id)) };
    },
  };
}
