/**
 * The positional index: its size per clip and per spoken token, what building it costs (the collecting
 * and writing the builder's writing thread does, timed alone over the snapshot's clips), and phrase query
 * latency in process, p50 and p99, for 2- to 5-token phrases of common tokens and of rarer ones, each query
 * read cold (no kept answers) through its first page of 20 clips.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { hydratePhraseHits, resolvePhrase } from "../../src/index/phrase-clips.js";
import { matchPhrase, recentPhrasePage } from "../../src/index/phrase-search.js";
import { Snapshot } from "../../src/index/snapshot.js";
import { type ClipTokens, clipTokens, TokenDictionary } from "../../src/indexer/clip-tokens.js";
import { TokenIndexWriter } from "../../src/indexer/token-index.js";
import { SNAPSHOT_DDL } from "../../src/snapshot/schema.js";
import { decodeTranscript } from "../../src/snapshot/transcript-blob.js";
import { tokeniseWords } from "../../src/text/tokenise.js";
import type { BenchContext } from "../context.js";
import { formatCount } from "../progress.js";
import { SeededRandom } from "../random.js";
import { summariseUs, timeCalls } from "../stats.js";

const PHRASES_PER_KIND = { full: 200, quick: 60 } as const;
/** A token is common when at least this share of clips says it. */
const COMMON_SHARE = 0.2;

const ms = (us: number): string => `${(us / 1000).toFixed(2)} ms`;

/** Every clip's spoken tokens, rebuilt from the stored transcripts, with its order key and level. */
function spokenClips(db: Database.Database): Array<{ key: number; level: number; tokens: string[] }> {
  const rows = db
    .prepare(
      "SELECT c.recent_key, c.level, c.language, c.word_times, t.data FROM clips c JOIN transcripts t USING (clip_no)",
    )
    .raw()
    .all() as Array<[number, number, string, "exact" | "interpolated", Buffer]>;
  return rows.map(([key, level, language, wordTimes, data]) => {
    const words = decodeTranscript(data, wordTimes).words.map((w) => w.token);
    return { key, level, tokens: tokeniseWords(words, language).map((t) => t.norm) };
  });
}

function sizeRow(ctx: BenchContext, db: Database.Database, clips: number, occurrences: number): void {
  const [blocks, bytes] = db
    .prepare("SELECT count(*), sum(length(data)) FROM token_postings")
    .raw()
    .get() as [number, number];
  const [tokens, tokenBytes] = db
    .prepare("SELECT count(*), sum(length(token)) + 24 * count(*) FROM tokens")
    .raw()
    .get() as [number, number];
  const total = bytes + tokenBytes + blocks * 16;
  ctx.results.add({
    section: "phrase",
    measure: "positional index size",
    result: `${formatCount(total / clips)} B a clip · ${(total / occurrences).toFixed(2)} B a spoken token · ${formatCount(tokens)} distinct tokens · ${formatCount(blocks)} blocks`,
    data: { clips, occurrences, tokens, blocks, blockBytes: bytes, approxTotalBytes: total },
  });
}

function buildCostRow(ctx: BenchContext, spoken: ReturnType<typeof spokenClips>): void {
  const dir = mkdtempSync(path.join(os.tmpdir(), "wordclip-phrase-bench-"));
  try {
    const db = new Database(path.join(dir, "index.sqlite"));
    db.pragma("journal_mode = OFF");
    db.pragma("synchronous = OFF");
    db.exec(SNAPSHOT_DDL);
    const writer = new TokenIndexWriter(path.join(dir, "staging"));
    // What the parse workers hand the writing thread: each clip's distinct tokens with their positions.
    const dictionary = new TokenDictionary();
    const prepared = spoken.map((c) => clipTokens(c.tokens, dictionary));
    const t0 = performance.now();
    spoken.forEach((clip, i) => {
      writer.add("en", clip.key, clip.level, prepared[i] as ClipTokens);
    });
    const t1 = performance.now();
    db.exec("BEGIN");
    const blocks = writer.write(db);
    db.exec("COMMIT");
    const t2 = performance.now();
    db.close();
    const perK = ((t2 - t0) / spoken.length) * 1000;
    ctx.results.add({
      section: "phrase",
      measure: "positional index build cost (writing thread)",
      result: `${perK.toFixed(0)} ms per 1,000 clips · collect ${(t1 - t0).toFixed(0)} ms · write ${(t2 - t1).toFixed(0)} ms for ${formatCount(spoken.length)} clips (${formatCount(blocks)} blocks)`,
      data: { clips: spoken.length, collectMs: t1 - t0, writeMs: t2 - t1, msPer1000Clips: perK },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Phrases of `length` tokens as spoken in random clips, kept when `keep` accepts their tokens. */
function samplePhrases(
  spoken: ReturnType<typeof spokenClips>,
  length: number,
  count: number,
  keep: (tokens: readonly string[]) => boolean,
  random: SeededRandom,
): string[][] {
  const out: string[][] = [];
  for (let tries = 0; out.length < count && tries < count * 2000; tries++) {
    const clip = spoken[random.int(0, spoken.length - 1)];
    if (clip === undefined || clip.tokens.length < length) continue;
    const at = random.int(0, clip.tokens.length - length);
    const tokens = clip.tokens.slice(at, at + length);
    if (keep(tokens)) out.push(tokens);
  }
  return out;
}

export async function runPhraseSection(ctx: BenchContext): Promise<void> {
  const built = await ctx.snapshot();
  const db = new Database(built.path, { readonly: true });
  const spoken = spokenClips(db);
  const occurrences = spoken.reduce((n, c) => n + c.tokens.length, 0);
  sizeRow(ctx, db, spoken.length, occurrences);
  const clipsOf = new Map(
    (
      db.prepare("SELECT token, clips FROM tokens WHERE language = 'en'").raw().all() as Array<
        [string, number]
      >
    ).map(([t, n]) => [t, n]),
  );
  db.close();
  buildCostRow(ctx, spoken);

  const snapshot = new Snapshot(built.path);
  ctx.onCleanup(() => snapshot.close());
  const index = snapshot.language("en");
  if (index === undefined) throw new Error("bench: the snapshot has no English catalogue");
  const common = (t: string): boolean => (clipsOf.get(t) ?? 0) >= COMMON_SHARE * spoken.length;
  const random = new SeededRandom("phrase-bench", spoken.length);
  const count = ctx.options.quick ? PHRASES_PER_KIND.quick : PHRASES_PER_KIND.full;
  for (const [kind, keep] of [
    ["common", (tokens: readonly string[]) => tokens.every(common)],
    ["rare", (tokens: readonly string[]) => !tokens.every(common)],
  ] as const) {
    for (const length of [2, 3, 4, 5]) {
      const phrases = samplePhrases(spoken, length, count, keep, random).flatMap((tokens) => {
        const r = resolvePhrase(snapshot, "en", index, tokens, "strict");
        return r.found ? [r] : [];
      });
      if (phrases.length === 0) {
        ctx.results.notice("phrase", `no ${kind} ${length}-token phrases in this corpus`);
        continue;
      }
      const samples = timeCalls(
        phrases,
        (r) => {
          const matches = matchPhrase(snapshot.phrases.index, r.places);
          const page = recentPhrasePage(matches, [], undefined, 20);
          return hydratePhraseHits(snapshot, "en", r.tokens, page.refs, false);
        },
        phrases.length,
        Math.min(10, phrases.length),
      );
      const s = summariseUs(samples);
      ctx.results.add({
        section: "phrase",
        measure: `phrase lookup, ${kind}, ${length} tokens (cold, first page of 20)`,
        result: `p50 ${ms(s.p50Us)} · p99 ${ms(s.p99Us)} · ${s.samples} phrases`,
        data: { ...s },
      });
    }
  }
}
