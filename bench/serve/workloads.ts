/**
 * The request paths of each served operation, and the responses our server gives them. Lookup paths
 * come from the catalogue; transcript paths from the clips the lookups returned; feed paths from
 * following `nextCursor` under fixed seeds. Every response is recorded, so the bare server can answer
 * the same paths with the same bytes.
 */
import type { LanguageIndex } from "../../src/index/snapshot.js";
import type { Progress } from "../progress.js";
import {
  autocompletePrefixes,
  catalogueMisspellings,
  inflectedForms,
  wordsWithClips,
} from "../workload/words.js";

export const HTTP_OPERATIONS = ["exact", "forms", "fuzzy", "autocomplete", "transcript", "feed"] as const;
export type HttpOperation = (typeof HTTP_OPERATIONS)[number];

export const OPERATION_LABELS: Record<HttpOperation, string> = {
  exact: "exact lookup",
  forms: "inflected-form lookup",
  fuzzy: "fuzzy lookup (misspellings)",
  autocomplete: "autocomplete (1–4 letters)",
  transcript: "transcript",
  feed: "feed page (seed + cursor)",
};

export interface HttpWorkload {
  operation: HttpOperation;
  paths: string[];
  /** Paths dropped: not answered 200, or matched another way than the operation's (a misspelling not placed). */
  dropped: number;
}

/**
 * The response headers the contract adds (caching and rate limit), recorded so that the bare server
 * sends them too: the baseline then answers byte for byte what ours does, headers included.
 */
export const REPLAYED_HEADERS = [
  "etag",
  "cache-control",
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
] as const;

/** [path, status, body, headers] of every recorded response. */
export type RecordedResponses = Array<[string, number, string, Record<string, string>]>;

export interface WorkloadSizes {
  /** Paths per lookup and autocomplete operation, and transcripts. */
  perOperation: number;
  feedSeeds: number;
  feedPages: number;
}

interface Fetched {
  path: string;
  status: number;
  body: string;
  headers: Record<string, string>;
}

export async function fetchAll(baseUrl: string, key: string, paths: readonly string[]): Promise<Fetched[]> {
  const out: Fetched[] = new Array(paths.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < paths.length) {
      const i = next++;
      const path = paths[i] as string;
      const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
      const headers: Record<string, string> = {};
      for (const name of REPLAYED_HEADERS) {
        const value = response.headers.get(name);
        if (value !== null) headers[name] = value;
      }
      out[i] = { path, status: response.status, body: await response.text(), headers };
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return out;
}

const word = (w: string): string => `/v1/words/${encodeURIComponent(w)}/clips`;

/** Builds every workload against our running server, keeping only paths it answered 200. */
export async function recordWorkloads(
  server: { url: string; key: string },
  index: LanguageIndex,
  seed: string,
  sizes: WorkloadSizes,
  progress: Progress,
): Promise<{ workloads: HttpWorkload[]; responses: RecordedResponses }> {
  const responses: RecordedResponses = [];
  const workloads: HttpWorkload[] = [];
  const record = async (operation: HttpOperation, paths: readonly string[]): Promise<Fetched[]> => {
    const fetched = await fetchAll(server.url, server.key, paths);
    const ok = fetched.filter((f) => f.status === 200 && matchTypeAsExpected(operation, f.body));
    for (const f of ok) responses.push([f.path, f.status, f.body, f.headers]);
    workloads.push({ operation, paths: ok.map((f) => f.path), dropped: fetched.length - ok.length });
    progress.line(`serving: recorded ${ok.length} ${OPERATION_LABELS[operation]} responses`);
    return ok;
  };
  const n = sizes.perOperation;
  const exact = await record(
    "exact",
    wordsWithClips(index, seed, n).map((w) => word(w.word)),
  );
  await record("forms", inflectedForms(index, seed, n).map(word));
  await record(
    "fuzzy",
    catalogueMisspellings(index, `${seed}-http`, n).map((m) => word(m.typo)),
  );
  await record(
    "autocomplete",
    autocompletePrefixes(index, seed, n).map((q) => `/v1/words?q=${encodeURIComponent(q)}`),
  );
  const clipIds = new Set<string>();
  for (const f of exact) {
    for (const clip of (JSON.parse(f.body) as { clips: Array<{ clipId: string }> }).clips) {
      if (clipIds.size < n) clipIds.add(clip.clipId);
    }
  }
  await record(
    "transcript",
    [...clipIds].map((id) => `/v1/clips/${id}/transcript`),
  );
  await record("feed", await feedPaths(server, seed, sizes));
  return { workloads, responses };
}

/** A lookup path counts for its operation only when the server matched it that way. */
function matchTypeAsExpected(operation: HttpOperation, body: string): boolean {
  if (operation !== "exact" && operation !== "forms" && operation !== "fuzzy") return true;
  return (JSON.parse(body) as { matchType?: string }).matchType === operation;
}

/** The first `feedPages` pages of `feedSeeds` seeded feeds, found by following nextCursor. */
async function feedPaths(
  server: { url: string; key: string },
  seed: string,
  sizes: WorkloadSizes,
): Promise<string[]> {
  const paths: string[] = [];
  for (let s = 0; s < sizes.feedSeeds; s++) {
    const feedSeed = encodeURIComponent(`${seed}-user-${s}`);
    let path = `/v1/feed?seed=${feedSeed}`;
    for (let page = 0; page < sizes.feedPages; page++) {
      paths.push(path);
      const [fetched] = await fetchAll(server.url, server.key, [path]);
      if (fetched === undefined || fetched.status !== 200) break;
      const next = (JSON.parse(fetched.body) as { nextCursor: string | null }).nextCursor;
      if (next === null) break;
      path = `/v1/feed?seed=${feedSeed}&cursor=${encodeURIComponent(next)}`;
    }
  }
  return paths;
}
