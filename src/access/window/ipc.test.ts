import { describe, expect, it } from "vitest";
import { runRateWindowContract } from "./contract.js";
import { createIpcRateWindow, type IpcChannel, serveRateWindow } from "./ipc.js";
import { createMemoryRateWindow } from "./memory.js";

/**
 * Two ends of an in-process channel that behaves like the cluster's: each message is copied (as
 * serialization would) and delivered in a later turn of the event loop.
 */
function channelPair(): { primary: IpcChannel; worker: IpcChannel; close(): void } {
  const listeners = { primary: new Set<(m: unknown) => void>(), worker: new Set<(m: unknown) => void>() };
  const closers: Array<() => void> = [];
  const end = (self: "primary" | "worker", other: "primary" | "worker"): IpcChannel => ({
    send(message) {
      const copy = structuredClone(message);
      setImmediate(() => {
        for (const listener of listeners[other]) listener(copy);
      });
    },
    onMessage(listener) {
      listeners[self].add(listener);
      return () => listeners[self].delete(listener);
    },
    onClose(listener) {
      closers.push(listener);
    },
  });
  return {
    primary: end("primary", "worker"),
    worker: end("worker", "primary"),
    close: () => {
      for (const closer of closers) closer();
    },
  };
}

runRateWindowContract("the primary's memory, over IPC", async () => {
  const pair = channelPair();
  serveRateWindow(createMemoryRateWindow(), pair.primary);
  return createIpcRateWindow(pair.worker);
});

const MINUTE_START_MS = Date.UTC(2025, 2, 15, 12);

describe("createIpcRateWindow", () => {
  it("counts the hits of several workers in the primary's one window", async () => {
    const primaryWindow = createMemoryRateWindow();
    const workers = Array.from({ length: 3 }, () => {
      const pair = channelPair();
      serveRateWindow(primaryWindow, pair.primary);
      return createIpcRateWindow(pair.worker);
    });
    const hits = await Promise.all(
      Array.from({ length: 300 }, (_, i) => workers[i % 3]?.hit("k", 100, MINUTE_START_MS)),
    );
    expect(hits.filter((h) => h?.admitted)).toHaveLength(100);
    expect(primaryWindow.peekNow("k", 100, MINUTE_START_MS).remaining).toBe(0);
  });

  it("sends the hits of one turn of the event loop as one message", async () => {
    const pair = channelPair();
    const sent: unknown[] = [];
    const counting: IpcChannel = {
      ...pair.worker,
      send(message) {
        sent.push(message);
        pair.worker.send(message);
      },
    };
    serveRateWindow(createMemoryRateWindow(), pair.primary);
    const window = createIpcRateWindow(counting);
    await Promise.all(Array.from({ length: 50 }, () => window.hit("k", 10, MINUTE_START_MS)));
    expect(sent).toHaveLength(1);
  });

  it("fails the questions in flight, and every later one, once the primary is gone", async () => {
    const pair = channelPair();
    const window = createIpcRateWindow(pair.worker);
    const pending = window.hit("k", 1, MINUTE_START_MS);
    pair.close();
    await expect(pending).rejects.toThrow("the primary process that keeps the minute windows is gone");
    await expect(window.peek("k", 1, MINUTE_START_MS)).rejects.toThrow("is gone");
  });
});
