/**
 * A realistic mix, as shipped: word lookups drawn from a Zipf distribution (the r-th most spoken word of
 * the whole catalogue asked with a weight of 1/r), each with a random level filter (none half the time),
 * a random gloss language (English half the time) and, one time in five, the second page. The list is
 * bounded by the bare server, which holds every distinct answer in memory; a run that gets through it
 * starts it again, and the hit rate below counts those repeats as the server saw them. Ours (response cache on) against the bare server over the same list; the
 * response cache's hit rate is the share of the run's requests that the cache (its LRU policy and byte
 * bound, replayed over the list in order with the recorded body sizes) would answer.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { snapshotEtag } from "../../src/api/caching.js";
import { createResponseCache } from "../../src/api/response-cache.js";
import { loadConfig } from "../../src/config.js";
import { GLOSSES, LEVELS } from "../../src/domain.js";
import type { BenchContext } from "../context.js";
import { formatCount } from "../progress.js";
import { SeededRandom } from "../random.js";
import { startChild } from "./child.js";
import { bestOf, compareServers, loadSummary } from "./compare.js";
import { checkGenerator } from "./generator-check.js";
import { BARE_SCRIPT, keyOf, servingSetup } from "./setup.js";
import { fetchAll, type RecordedResponses } from "./workloads.js";

/** Requests in the list: the bare server holds every distinct answer in memory, which bounds it. */
const REQUESTS = 40_000;

function zipfSampler(n: number, random: SeededRandom): () => number {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let r = 0; r < n; r++) {
    sum += 1 / (r + 1);
    cumulative[r] = sum;
  }
  return () => {
    const x = random.next() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cumulative[mid] as number) < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** Hits of the shipped response cache (its bound and policy) over the first `count` requests of `paths`, cycling. */
function cacheHits(paths: readonly string[], count: number, recorded: Map<string, { body: string }>): number {
  const cache = createResponseCache(loadConfig({}).responseCacheBytes);
  // A build id of the length a build gives one, so that keys and ETags count as the server's do.
  const buildId = "0".repeat(32);
  let hits = 0;
  for (let i = 0; i < count; i++) {
    const path = paths[i % paths.length] as string;
    const key = `${buildId}\0${path}`;
    if (cache.get(key) !== undefined) hits++;
    else
      cache.set(key, {
        body: Buffer.from(recorded.get(path)?.body ?? ""),
        access: "keyed",
        etag: snapshotEtag(buildId, path),
      });
  }
  return hits;
}

export async function runRealisticSection(ctx: BenchContext): Promise<void> {
  const { options, progress } = ctx;
  const setup = await servingSetup(ctx);
  const index = await ctx.index();
  const random = new SeededRandom(options.seed, "realistic");
  const words = index.catalog.words
    .filter((w) => w.clipCount > 0)
    .sort((a, b) => b.frequency - a.frequency || a.wordId - b.wordId);
  const draw = zipfSampler(words.length, random);
  const requests = options.quick ? 20_000 : REQUESTS;
  const firstPages: string[] = [];
  const wantsSecond: boolean[] = [];
  for (let i = 0; i < requests; i++) {
    const word = words[draw()];
    if (word === undefined) continue;
    const query = new URLSearchParams({ match: "strict" });
    if (random.next() < 0.5) {
      const levels = new Set([random.int(0, LEVELS.length - 1), random.int(0, LEVELS.length - 1)]);
      query.set(
        "level",
        [...levels]
          .sort()
          .map((l) => LEVELS[l])
          .join(","),
      );
    }
    if (random.next() < 0.5) query.set("gloss", random.pick(GLOSSES));
    firstPages.push(`/v1/words/${encodeURIComponent(word.word)}/clips?${query}`);
    wantsSecond.push(random.next() < 0.2);
  }
  // Recorded on the server with the cache off, so ours starts the run with an empty response cache.
  const recorder = { url: setup.uncached.child.url, key: keyOf(setup.uncached, "exact") };
  progress.line(`realistic: recording ${formatCount(new Set(firstPages).size)} distinct first pages`);
  const distinctFirst = [...new Set(firstPages)];
  const first = new Map((await fetchAll(recorder.url, recorder.key, distinctFirst)).map((f) => [f.path, f]));
  const paths: string[] = [];
  const seconds = new Map<string, string>();
  firstPages.forEach((page, i) => {
    const fetched = first.get(page);
    if (fetched === undefined || fetched.status !== 200) return;
    const cursor = (JSON.parse(fetched.body) as { nextCursor: string | null }).nextCursor;
    if (wantsSecond[i] === true && cursor !== null) {
      const second = `${page}&cursor=${encodeURIComponent(cursor)}`;
      seconds.set(second, page);
      paths.push(second);
    } else paths.push(page);
  });
  const secondFetched = await fetchAll(recorder.url, recorder.key, [...seconds.keys()]);
  const recorded = new Map([...first.values(), ...secondFetched].map((f) => [f.path, f]));
  const okPaths = paths.filter((p) => recorded.get(p)?.status === 200);
  const responses: RecordedResponses = [...recorded.values()]
    .filter((f) => f.status === 200)
    .map((f) => [f.path, f.status, f.body, f.headers]);
  const responsesFile = path.join(options.outDir, "bare-responses-realistic.json");
  writeFileSync(responsesFile, JSON.stringify(responses));
  // The list in its order, so a run can be replayed against another build of the server.
  writeFileSync(path.join(options.outDir, "realistic-paths.json"), JSON.stringify(okPaths));

  const hits = cacheHits(okPaths, okPaths.length, recorded);
  const distinct = new Set(okPaths).size;

  progress.line("realistic: starting the bare server");
  const bare = await startChild(BARE_SCRIPT, [responsesFile], {});
  try {
    const bearer = { authorization: `Bearer ${keyOf(setup.ours, "exact")}` };
    const exact = setup.workloads.get("exact");
    const connections =
      exact === undefined
        ? options.connections
        : (await checkGenerator(ctx, bare.url, exact.paths, bearer)).connections;
    // One round each, ours first: a second round would find ours' cache warm with the whole list.
    const results = await compareServers(
      [
        { name: "ours", url: setup.ours.child.url, headers: bearer, cpu: setup.ours.child.cpu },
        { name: "bare", url: bare.url, headers: bearer, cpu: bare.cpu },
      ],
      okPaths,
      { ...options, connections, rounds: 1 },
      progress.line,
    );
    const ours = bestOf(results, "ours");
    const bareResult = bestOf(results, "bare");
    const served = Math.min(okPaths.length, Math.round(ours.requests + ours.rps * options.warmupS));
    const hitsInRun = cacheHits(okPaths, served, recorded);
    ctx.results.add({
      section: "realistic",
      measure:
        "realistic mix (Zipf words, random level filters, gloss languages, 20% second pages), response cache as shipped: ours / bare Fastify",
      result: `ours ${loadSummary(ours)}; bare ${loadSummary(bareResult)}; response cache hit rate ${((100 * hitsInRun) / Math.max(1, served)).toFixed(1)}% over the ${formatCount(served)} requests ours served (${((100 * hits) / okPaths.length).toFixed(1)}% over the whole list of ${formatCount(okPaths.length)}, ${formatCount(distinct)} distinct)`,
      ratio: { value: ours.rps / bareResult.rps, label: "req/s ours / bare" },
      data: { paths: okPaths.length, distinct, hits, served, hitsInRun, ours, bare: bareResult },
    });
  } finally {
    await bare.stop();
  }
}
