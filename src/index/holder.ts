/**
 * The snapshot being served, swapped for a new one without dropping a request: the build renames a new
 * file into place, the holder notices (file identity polled every few seconds, and on SIGHUP), verifies
 * the new file's checksum against its seal, opens it, swaps the reference, and closes the old one after a
 * grace period. A file that fails verification or cannot be opened never replaces one that can be served.
 */
import { statSync } from "node:fs";
import { verifySnapshotFile, verifySnapshotFileSync } from "../snapshot/checksum.js";
import { Snapshot, type SnapshotOptions } from "./snapshot.js";

/** What the holder reports; Fastify's (pino) logger fits. */
export interface HolderLog {
  info(details: object, message: string): void;
  warn?(details: object, message: string): void;
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
  /** How a snapshot is opened (the block cache's memory); ignored when `open` is given. */
  snapshot?: SnapshotOptions;
  /** Opens a snapshot file; tests pass one that counts or fails. */
  open?: (path: string) => Snapshot;
  /** Checks a file against its seal before it is served (default: the whole file's checksum). */
  verify?: { sync(path: string): void; async(path: string): Promise<void> };
}

const CHECKSUM_VERIFY = {
  sync: (path: string) => void verifySnapshotFileSync(path, { remember: true }),
  async: async (path: string) => void (await verifySnapshotFile(path, { remember: true })),
};

export const DEFAULT_CHECK_EVERY_MS = 5_000;
export const DEFAULT_GRACE_MS = 10_000;

/**
 * `unchanged`: same file (or one still changing). `swapped`: a new file is served. `failed`: a new file
 * failed verification or could not be opened.
 */
export type CheckOutcome = "unchanged" | "swapped" | "failed";

/**
 * Device, inode, modification time and size: a file renamed into place has a new inode, and a file
 * rewritten in place (not what the build does, but an operator might copy over it) a new mtime.
 */
function identityOf(path: string): string | undefined {
  return statIdentity(path)?.full;
}

/**
 * The identity of the file to open first, verified: a missing file is named as such by the opener; a
 * present one is verified before SQLite reads it.
 */
function verifiedIdentity(options: SnapshotHolderOptions): string | undefined {
  const identity = identityOf(options.path);
  if (identity !== undefined) (options.verify ?? CHECKSUM_VERIFY).sync(options.path);
  return identity;
}

/** The file's identity, and the part that stays the same when it is written in place (device, inode). */
function statIdentity(path: string): { full: string; inode: string } | undefined {
  try {
    const stat = statSync(path, { bigint: true });
    const inode = `${stat.dev}:${stat.ino}`;
    return { full: `${inode}:${stat.mtimeNs}:${stat.size}`, inode };
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
  readonly #verify: NonNullable<SnapshotHolderOptions["verify"]>;
  #checking: Promise<CheckOutcome> | undefined;
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

  /**
   * Verifies and opens the snapshot at `options.path`; throws `SnapshotError` when it is missing, damaged
   * or not a snapshot.
   */
  constructor(options: SnapshotHolderOptions, opened?: { identity: string | undefined; snapshot: Snapshot }) {
    this.path = options.path;
    this.#open = options.open ?? ((path) => new Snapshot(path, options.snapshot));
    this.#verify = options.verify ?? CHECKSUM_VERIFY;
    this.#checkEveryMs = options.checkEveryMs ?? DEFAULT_CHECK_EVERY_MS;
    this.#graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
    if (opened !== undefined) {
      this.#identity = opened.identity;
      this.#current = opened.snapshot;
      return;
    }
    this.#identity = verifiedIdentity(options);
    this.#current = this.#open(this.path);
  }

  /**
   * As the constructor, with the first snapshot opened by `Snapshot.open` (its largest values read on a
   * worker thread while the catalogue is read) unless `options.open` says how to open one.
   */
  static async open(options: SnapshotHolderOptions): Promise<SnapshotHolder> {
    if (options.open !== undefined) return new SnapshotHolder(options);
    const identity = verifiedIdentity(options);
    return new SnapshotHolder(options, {
      identity,
      snapshot: await Snapshot.open(options.path, options.snapshot),
    });
  }

  current(): Snapshot {
    return this.#current;
  }

  /** Starts polling the file's identity and listening for SIGHUP; swaps and failures go to `log`. */
  watch(log: HolderLog): void {
    if (this.#closed || this.#timer !== undefined || this.#onSignal !== undefined) return;
    this.#log = log;
    if (this.#checkEveryMs > 0) {
      this.#timer = setInterval(() => void this.check("poll"), this.#checkEveryMs);
      // Polling alone never keeps the process alive.
      this.#timer.unref();
    }
    this.#onSignal = () => {
      void this.check("signal");
    };
    process.on("SIGHUP", this.#onSignal);
  }

  /**
   * Compares the file's identity with the one being served and swaps to the file when it differs and
   * verifies. A file that failed is retried on `signal` (an operator asking for it) but not on `poll`
   * until it changes again. Checks do not overlap: a check asked for during one shares its outcome.
   */
  check(reason: "poll" | "signal" = "signal"): Promise<CheckOutcome> {
    if (this.#closed) return Promise.resolve("unchanged");
    this.#checking ??= this.#check(reason).finally(() => {
      this.#checking = undefined;
    });
    return this.#checking;
  }

  async #check(reason: "poll" | "signal"): Promise<CheckOutcome> {
    const found = statIdentity(this.path);
    // A missing file (deleted, or a copy not yet in place) leaves the served snapshot as it is.
    if (found === undefined || found.full === this.#identity) return "unchanged";
    const identity = found.full;
    if (reason === "poll" && identity === this.#failedIdentity) return "unchanged";
    if (this.#identity?.startsWith(`${found.inode}:`)) {
      this.#log?.error(
        { path: this.path, servedBuildId: this.#current.buildId },
        'the served snapshot file is being written in place (copied over, not renamed into place): answers that read it may fail until it is whole again. Publish snapshots with "wordclip publish", which copies beside the file and renames it into place',
      );
    }
    let next: Snapshot;
    try {
      // Verified and opened before anything changes: a file that cannot be served never replaces one that can.
      await this.#verify.async(this.path);
      if (this.#closed) return "unchanged";
      // Still being written while it was read: the next check looks again.
      if (identityOf(this.path) !== identity) return "unchanged";
      next = this.#open(this.path);
    } catch (error) {
      this.#failedIdentity = identity;
      this.#log?.error(
        { err: error, path: this.path, servedBuildId: this.#current.buildId },
        "a new snapshot file failed verification or could not be opened; still serving the previous one",
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
