/**
 * A shared window (Redis) with a window of this node's own behind it. While the shared one does not
 * answer, every hit goes to the node's window: requests are still limited, per node instead of across
 * nodes, and the readiness check reports the node as degraded. A probe asks the shared window every
 * second and the node returns to it as soon as it answers. The outage is logged once, and once when over.
 */
import type { Outage } from "../log.js";
import type { RateWindow, WindowHit, WindowState } from "./interface.js";
import type { SharedRateWindow } from "./redis.js";

export const PROBE_EVERY_MS = 1_000;

export interface FallbackRateWindow extends RateWindow {
  /** Why hits are counted by this node alone right now; undefined while the shared window is used. */
  degradation(): string | undefined;
}

export interface FallbackRateWindowOptions {
  shared: SharedRateWindow;
  /** The node's own windows: memory, or the primary's over IPC in a cluster worker. */
  fallback: RateWindow;
  /** The shared service's state, also fed by its connection (errors, reconnection). */
  outage: Outage;
  /** Names the shared service in `degradation`. */
  service: string;
  probeEveryMs?: number;
}

export function createFallbackRateWindow(options: FallbackRateWindowOptions): FallbackRateWindow {
  const { shared, fallback, outage } = options;
  let probing = false;
  const probe = setInterval(() => {
    if (!outage.down || probing) return;
    probing = true;
    shared.ping().then(
      () => {
        probing = false;
        outage.answered();
      },
      () => {
        probing = false;
      },
    );
  }, options.probeEveryMs ?? PROBE_EVERY_MS);
  probe.unref();

  async function hit(subject: string, limit: number, nowMs: number): Promise<WindowHit> {
    if (outage.down) return fallback.hit(subject, limit, nowMs);
    try {
      return await shared.hit(subject, limit, nowMs);
    } catch (error) {
      outage.failed(error);
      return fallback.hit(subject, limit, nowMs);
    }
  }

  async function peek(subject: string, limit: number, nowMs: number): Promise<WindowState> {
    if (outage.down) return fallback.peek(subject, limit, nowMs);
    try {
      return await shared.peek(subject, limit, nowMs);
    } catch (error) {
      outage.failed(error);
      return fallback.peek(subject, limit, nowMs);
    }
  }

  return {
    hit,
    peek,
    degradation() {
      if (!outage.down) return undefined;
      return `${options.service} does not answer (${outage.reason}); minute windows are counted by this node alone`;
    },
    async close() {
      clearInterval(probe);
      await fallback.close();
      await shared.close();
    },
  };
}
