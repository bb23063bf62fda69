/** Worker thread entry: parses and indexes batches of clip jobs with the catalogue it was started with. */
import { parentPort, workerData } from "node:worker_threads";
import { loadJob } from "./load-job.js";
import { deflatePacked, type PackedHeaps } from "./pool.js";
import type { SourceJob } from "./sources.js";
import { hydrateLanguages, type SerializedLanguages } from "./worker-data.js";

const languages = hydrateLanguages(workerData as SerializedLanguages);

parentPort?.on(
  "message",
  ({ id, jobs, deflate }: { id: number; jobs?: SourceJob[]; deflate?: PackedHeaps }) => {
    if (deflate !== undefined) {
      try {
        const deflated = deflatePacked(deflate);
        parentPort?.postMessage({ id, deflated }, [
          deflated.data.buffer as ArrayBuffer,
          deflated.ends.buffer as ArrayBuffer,
        ]);
      } catch (error) {
        parentPort?.postMessage({ id, error: (error as Error).stack ?? String(error) });
      }
      return;
    }
    try {
      const results = (jobs ?? []).map((job) => loadJob(job, languages));
      // Hand the clips' arrays over instead of copying them.
      const transfer: ArrayBuffer[] = [];
      for (const result of results) {
        if (!result.ok) continue;
        transfer.push(
          result.clip.transcript.buffer as ArrayBuffer,
          result.clip.postings.buffer as ArrayBuffer,
          result.clip.occurrences.buffer as ArrayBuffer,
          result.clip.occurrenceBytes.buffer as ArrayBuffer,
          result.clip.tokens.ids.buffer as ArrayBuffer,
          result.clip.tokens.counts.buffer as ArrayBuffer,
          result.clip.tokens.ends.buffer as ArrayBuffer,
          result.clip.tokens.positions.buffer as ArrayBuffer,
        );
      }
      parentPort?.postMessage({ id, results }, transfer);
    } catch (error) {
      parentPort?.postMessage({ id, error: (error as Error).stack ?? String(error) });
    }
  },
);
