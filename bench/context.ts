/**
 * What sections share, made once on first use: the corpus, its snapshot, the snapshot opened in this
 * process, and the running servers with their recorded workloads. Cleanups run when the run ends.
 */
import { type LanguageIndex, Snapshot } from "../src/index/snapshot.js";
import { type Corpus, ensureCorpus } from "./corpus/demo-corpus.js";
import { type BuiltSnapshot, ensureCorpusSnapshot } from "./corpus/snapshot.js";
import type { BenchOptions } from "./options.js";
import type { Progress } from "./progress.js";
import type { ResultSink } from "./report/results.js";

export class BenchContext {
  readonly options: BenchOptions;
  readonly progress: Progress;
  readonly results: ResultSink;
  readonly #memo = new Map<string, Promise<unknown>>();
  readonly #cleanups: Array<() => Promise<void> | void> = [];
  #snapshot: BuiltSnapshot | undefined;

  constructor(options: BenchOptions, progress: Progress, results: ResultSink) {
    this.options = options;
    this.progress = progress;
    this.results = results;
  }

  /** `make()` once per name; later calls get the same promise. */
  once<T>(name: string, make: () => Promise<T>): Promise<T> {
    let found = this.#memo.get(name) as Promise<T> | undefined;
    if (found === undefined) {
      found = make();
      this.#memo.set(name, found);
    }
    return found;
  }

  onCleanup(cleanup: () => Promise<void> | void): void {
    this.#cleanups.push(cleanup);
  }

  corpus(): Promise<Corpus> {
    return this.once("corpus", () =>
      ensureCorpus(this.options.outDir, this.options.clips, this.options.seed, this.progress),
    );
  }

  /** The build section sets the snapshot it built; other sections reuse it or an earlier one. */
  setSnapshot(snapshot: BuiltSnapshot): void {
    this.#snapshot = snapshot;
  }

  async snapshot(): Promise<BuiltSnapshot> {
    if (this.#snapshot !== undefined) return this.#snapshot;
    return this.once("snapshot", async () => {
      this.#snapshot = await ensureCorpusSnapshot(this.options.outDir, await this.corpus(), this.progress);
      return this.#snapshot;
    });
  }

  /** The main snapshot's English index, opened in this process (for workloads and in-process timing). */
  index(): Promise<LanguageIndex> {
    return this.once("index", async () => {
      const snapshot = new Snapshot((await this.snapshot()).path);
      this.onCleanup(() => snapshot.close());
      const index = snapshot.language("en");
      if (index === undefined) throw new Error("bench: the snapshot has no English catalogue");
      return index;
    });
  }

  async cleanup(): Promise<void> {
    for (const cleanup of this.#cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        this.progress.line(`cleanup failed: ${(error as Error).message}`);
      }
    }
    this.#cleanups.length = 0;
  }
}
