/**
 * The snapshot being served, swapped for a new one without dropping a request: the build renames a new
 * file into place, the holder notices (file identity polled every few seconds, and on SIGHUP), opens the
 * new file first, swaps the reference, and closes the old one after a grace period.
 */
import { statSync } from "node:fs";
import { Snapshot } from "./snapshot.js";

/** What the holder reports; Fastify's (pino) logger fits. */
export interface HolderLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface SnapshotHolderOptions {
  path: string;
  /** How often `watch` compares the file's identity with the one being served; 0 polls never. */
  checkEveryMs?: number;
  /**
   * How long a replaced snapshot stays open: a request that took the old snapshot before the swap may
   * still be reading from it (handlers can await between reads).
   */
  graceMs?: number;
  /** Opens a snapshot file; tests pass one that counts or fails. */
  open?: (path: string) => Snapshot;
}

export const DEFAULT_CHECK_EVERY_MS = 5_000;
export const DEFAULT_GRACE_MS = 10_000;

/** `unchanged`: same file. `swapped`: a new file is served. `failed`: a new file could not be opened. */
export type CheckOutcome = "unchanged" | "swapped" | "failed";

/**
 * Device, inode, modification time and size: a file renamed into place has a new inode, and a file
 * rewritten in place (not what the build does, but an operator might copy over it) a new mtime.
 */
function identityOf(path: string): string | undefined {
  try {
    const stat = statSync(path, { bigint: true });
    return `${stat.dev}:${stat.ino}:${stat.mtimeNs}:${stat.size}`;
  } catch {
    return undefined;
  }
}

export interface SnapshotSource {
  /** The snapshot to answer this request from; it may be swapped for a newer one between requests. */
  current(): Snapshot;
}

export class SnapshotHolder implements SnapshotSource {
  readonly path: string;
  readonly #open: (path: string) => Snapshot;
  readonly #checkEveryMs: number;
  readonly #graceMs: number;
  #current: Snapshot;
  #identity: string | undefined;
  /** The identity of a file that failed to open, so polling does not retry (and log) it every tick. */
  #failedIdentity: string | undefined;
  readonly #retiring = new Map<Snapshot, NodeJS.Timeout>();
  #timer: NodeJS.Timeout | undefined;
  #onSignal: (() => void) | undefined;
  #log: HolderLog | undefined;
  #closed = false;

  /** Opens the snapshot at `options.path`; throws `SnapshotError` when it is missing or not a snapshot. */
  constructor(options: SnapshotHolderOptions) {
    this.path = options.path;
    this.#open = options.open ?? ((path) => new Snapshot(path));
    this.#checkEveryMs = options.checkEveryMs ?? DEFAULT_CHECK_EVERY_MS;
    this.#graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
    this.#identity = identityOf(this.path);
    this.#current = this.#open(this.path);
  }

  current(): Snapshot {
    return this.#current;
  }

  /** Starts polling the file's identity and listening for SIGHUP; swaps and failures go to `log`. */
  watch(log: HolderLog): void {
    if (this.#closed || this.#timer !== undefined || this.#onSignal !== undefined) return;
    this.#log = log;
    if (this.#checkEveryMs > 0) {
      this.#timer = setInterval(() => this.check("poll"), this.#checkEveryMs);
      // Polling alone never keeps the process alive.
      this.#timer.unref();
    }
    this.#onSignal = () => {
      this.check("signal");
    };
    process.on("SIGHUP", this.#onSignal);
  }

  /**
   * Compares the file's identity with the one being served and swaps to the file when it differs. A
   * file that failed to open is retried on `signal` (an operator asking for it) but not on `poll`.
   */
  check(reason: "poll" | "signal" = "signal"): CheckOutcome {
    if (this.#closed) return "unchanged";
    const identity = identityOf(this.path);
    // A missing file (deleted, or a copy not yet in place) leaves the served snapshot as it is.
    if (identity === undefined || identity === this.#identity) return "unchanged";
    if (reason === "poll" && identity === this.#failedIdentity) return "unchanged";
    let next: Snapshot;
    try {
      // Opened before anything changes: a file that cannot be served never replaces one that can.
      next = this.#open(this.path);
    } catch (error) {
      this.#failedIdentity = identity;
      this.#log?.error(
        { err: error, path: this.path, servedBuildId: this.#current.buildId },
        "a new snapshot file could not be opened; still serving the previous one",
      );
      return "failed";
    }
    const previous = this.#current;
    this.#current = next;
    this.#identity = identity;
    this.#failedIdentity = undefined;
    this.#retire(previous);
    this.#log?.info(
      {
        path: this.path,
        buildId: next.buildId,
        builtAt: next.builtAt,
        previousBuildId: previous.buildId,
        reason,
      },
      "serving a new snapshot",
    );
    return "swapped";
  }

  #retire(snapshot: Snapshot): void {
    const timer = setTimeout(() => {
      this.#retiring.delete(snapshot);
      snapshot.close();
    }, this.#graceMs);
    timer.unref();
    this.#retiring.set(snapshot, timer);
  }

  /** Stops watching and closes every snapshot, the one being served included. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#timer !== undefined) clearInterval(this.#timer);
    if (this.#onSignal !== undefined) process.off("SIGHUP", this.#onSignal);
    for (const [snapshot, timer] of this.#retiring) {
      clearTimeout(timer);
      snapshot.close();
    }
    this.#retiring.clear();
    this.#current.close();
  }
}
