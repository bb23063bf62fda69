/**
 * Notices of changes to keys, accounts and plans, so every node forgets its cached key lookups at once
 * instead of when they expire: where Redis is configured, the store the commands use publishes a notice
 * after each change, and every server subscribes. Without Redis the key cache's time to live (2 s) is
 * the bound.
 */
import { KEY_CACHE_TTL_MS } from "./gate/identify.js";
import type { AccessLog } from "./log.js";
import type { RedisConnection } from "./redis-connection.js";
import type { AccessStore } from "./store/interface.js";

export interface AccessChange {
  kind: "key" | "account" | "plan";
  /** The key id, account id or plan name. */
  id: string;
}

export interface AccessChanges {
  publish(change: AccessChange): Promise<void>;
  /** Calls `listener` for every change published from now on, by any process. */
  subscribe(listener: (change: AccessChange) => void): Promise<void>;
  close(): Promise<void>;
}

/** How long a server's start waits for its subscription before going on without it. */
const SUBSCRIBE_WAIT_MS = 2_000;

/** The channel's name under the deployment's key prefix. */
export function changesChannel(prefix: string): string {
  return `${prefix}access-changes`;
}

function parseChange(message: string): AccessChange | undefined {
  try {
    const value = JSON.parse(message) as Partial<AccessChange>;
    if (
      (value.kind === "key" || value.kind === "account" || value.kind === "plan") &&
      typeof value.id === "string"
    ) {
      return { kind: value.kind, id: value.id };
    }
  } catch {
    // Not a notice of ours.
  }
  return undefined;
}

export function createRedisAccessChanges(connection: RedisConnection, prefix: string): AccessChanges {
  const channel = changesChannel(prefix);
  let subscriber: ReturnType<RedisConnection["duplicate"]> | undefined;
  return {
    async publish(change) {
      await connection.client.publish(channel, JSON.stringify(change));
    },
    async subscribe(listener) {
      subscriber ??= connection.duplicate();
      const client = subscriber;
      const onMessage = (message: string) => {
        const change = parseChange(message);
        if (change !== undefined) listener(change);
      };
      const subscribeNow = () => client.subscribe(channel, onMessage).catch(() => undefined);
      // The client subscribes again after a reconnection only to what it was subscribed to; a subscription
      // asked for while Redis was away (a node started during an outage) failed and is not among them, so
      // it is asked for again whenever the connection is ready (a channel already subscribed costs nothing).
      client.on("ready", subscribeNow);
      if (!client.isOpen) client.connect().catch(() => undefined);
      // Waited for a moment only: while Redis is away the subscription is made when it comes back, and the
      // key cache's time to live covers the gap.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        subscribeNow(),
        new Promise((resolve) => {
          timer = setTimeout(resolve, SUBSCRIBE_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
    },
    async close() {
      subscriber?.destroy();
    },
  };
}

/**
 * `store`, publishing a notice after every change that running servers cache: a key disabled or rotated,
 * an account moved to another plan, a plan's limits changed. A notice that cannot be sent is logged; the
 * change is made all the same, and servers see it within the key cache's time to live.
 */
export function announcingChanges(store: AccessStore, changes: AccessChanges, log: AccessLog): AccessStore {
  const announce = async (change: AccessChange): Promise<void> => {
    try {
      await changes.publish(change);
    } catch (error) {
      log.warn(
        { err: error },
        `the change to ${change.kind} ${change.id} was made, but running servers could not be told at once (${(error as Error).message}); they apply it within ${KEY_CACHE_TTL_MS / 1_000} s`,
      );
    }
  };
  const overrides = {
    async setPlan(...args: Parameters<AccessStore["setPlan"]>) {
      const plan = await store.setPlan(...args);
      await announce({ kind: "plan", id: plan.name });
      return plan;
    },
    async setAccountPlan(...args: Parameters<AccessStore["setAccountPlan"]>) {
      const account = await store.setAccountPlan(...args);
      await announce({ kind: "account", id: account.id });
      return account;
    },
    async disableKey(...args: Parameters<AccessStore["disableKey"]>) {
      const key = await store.disableKey(...args);
      await announce({ kind: "key", id: key.id });
      return key;
    },
    async rotateKey(...args: Parameters<AccessStore["rotateKey"]>) {
      const rotated = await store.rotateKey(...args);
      await announce({ kind: "key", id: rotated.previous.id });
      return rotated;
    },
    async importRecords(...args: Parameters<AccessStore["importRecords"]>) {
      await store.importRecords(...args);
      await announce({ kind: "plan", id: "*" });
    },
    async close() {
      await store.close();
      await changes.close();
    },
  } satisfies Partial<AccessStore>;
  // Every other method is the store's own, called on the store (its private fields live there).
  return new Proxy(store, {
    get(target, property) {
      if (Object.hasOwn(overrides, property)) return overrides[property as keyof typeof overrides];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
