/**
 * Near-spelling accuracy: how often the word meant is the first answer (top-1) and among the first five
 * (top-5), on a development set of keyboard and by-ear misspellings of frequent catalogue words, for
 * wordclip's fuzzy lookup beside GNU Aspell and PostgreSQL pg_trgm, both restricted to catalogue words;
 * and the share of inflected verb forms of spoken English that resolve to their verb.
 */
import { resolveWord } from "../../src/index/lookup.js";
import type { LanguageIndex } from "../../src/index/snapshot.js";
import type { WordCatalog } from "../../src/index/word-catalog.js";
import { searchKey } from "../../src/text/tokenise.js";
import type { BenchContext } from "../context.js";
import { runAspell } from "../peer/aspell.js";
import { runPgTrgm } from "../peer/pg-trgm.js";
import { psqlProblem } from "../peer/psql.js";
import { formatCount } from "../progress.js";
import { atLeast } from "../targets.js";
import { type DevMisspelling, developmentSet } from "../workload/dev-set.js";
import { englishWordCheck } from "../workload/english-words.js";
import { attestedVerbForms, spokenTokens } from "../workload/verb-forms.js";
import { isCatalogueSpelling } from "../workload/words.js";
import { type RealMisspelling, realMisspellings } from "./real-set.js";

export const SPELLING_TARGETS = { top1: 0.95, top5: 0.985, verbForms: 0.99 } as const;
const DEV_SET_SIZE = { full: 6000, quick: 1500 } as const;
const TOP = 5;

const percent = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** Ours: the match and `didYouMean`, or the guesses of a not-found answer. */
export function ourAnswers(index: LanguageIndex, typo: string): string[] {
  const r = resolveWord(index.catalog, index.fuzzy, typo, "fuzzy");
  const entries = r.found ? [r.entry, ...r.didYouMean] : r.guesses;
  return entries.slice(0, TOP).map((e) => e.norm);
}

/** A peer's suggestions as catalogue words: each spelling or form to its word(s), in order, each once. */
export function toCatalogueWords(catalog: WordCatalog, suggestions: readonly string[]): string[] {
  const out: string[] = [];
  for (const suggestion of suggestions) {
    const refs = [...catalog.spellingsOf(searchKey(suggestion, "en"))].sort((a, b) => a.kind - b.kind);
    for (const ref of refs) {
      const norm = catalog.words[ref.index]?.norm;
      if (norm !== undefined && !out.includes(norm)) out.push(norm);
    }
    if (out.length >= TOP) break;
  }
  return out.slice(0, TOP);
}

interface Scores {
  top1: number;
  top5: number;
}

/** A misspelling and the word meant (or, for a real one, each catalogue word its correction spells). */
interface Scored {
  intended: string | readonly string[];
}

const isMeant = (m: Scored, answer: string | undefined): boolean =>
  answer !== undefined &&
  (typeof m.intended === "string" ? m.intended === answer : m.intended.includes(answer));

export function score<T extends Scored>(
  set: readonly T[],
  answers: readonly string[][],
  keep = (_: T) => true,
): Scores {
  let of = 0;
  let top1 = 0;
  let top5 = 0;
  set.forEach((m, i) => {
    if (!keep(m)) return;
    of++;
    const list = answers[i] ?? [];
    if (isMeant(m, list[0])) top1++;
    if (list.slice(0, TOP).some((a) => isMeant(m, a))) top5++;
  });
  return { top1: of === 0 ? Number.NaN : top1 / of, top5: of === 0 ? Number.NaN : top5 / of };
}

function byKind(
  set: readonly DevMisspelling[],
  answers: readonly string[][],
): Record<string, Scores & { n: number }> {
  const kinds = [...new Set(set.map((m) => m.kind))].sort();
  return Object.fromEntries(
    kinds.map((kind) => [
      kind,
      { n: set.filter((m) => m.kind === kind).length, ...score(set, answers, (m) => m.kind === kind) },
    ]),
  );
}

/** Lengths of the word meant: short words have the most neighbours, so their misspellings are the hardest. */
const LENGTHS: ReadonlyArray<[string, (n: number) => boolean]> = [
  ["4–5 letters", (n) => n <= 5],
  ["6–7", (n) => n >= 6 && n <= 7],
  ["8 or more", (n) => n >= 8],
];

function byLength(
  set: readonly DevMisspelling[],
  answers: readonly string[][],
): Record<string, Scores & { n: number }> {
  return Object.fromEntries(
    LENGTHS.map(([name, keep]) => [
      name,
      {
        n: set.filter((m) => keep(m.intended.length)).length,
        ...score(set, answers, (m) => keep(m.intended.length)),
      },
    ]),
  );
}

const kindText = (kinds: Record<string, Scores & { n: number }>): string =>
  Object.entries(kinds)
    .map(([kind, s]) => `${kind} ${percent(s.top1)}/${percent(s.top5)}`)
    .join(", ");

export async function runSpellingSection(ctx: BenchContext): Promise<void> {
  const { options, progress } = ctx;
  const index = await ctx.index();
  const isEnglish = englishWordCheck();
  const size = options.quick ? DEV_SET_SIZE.quick : DEV_SET_SIZE.full;
  const set = developmentSet(
    index.catalog.words.map((w) => ({ word: w.norm, frequency: w.frequency })),
    {
      seed: `${options.seed}-spelling`,
      count: size,
      isWord: (t) => isCatalogueSpelling(index, t) || isEnglish(t),
    },
  );
  const typos = set.map((m) => m.typo);
  const groups = (["keyboard", "sound", "both"] as const)
    .map((g) => `${formatCount(set.filter((m) => m.group === g).length)} ${g}`)
    .join(", ");
  progress.line(`spelling: ${formatCount(set.length)} misspellings (${groups})`);

  const ours = typos.map((typo) => ourAnswers(index, typo));
  const ourScores = score(set, ours);
  const ourKinds = byKind(set, ours);
  const misses = set
    .map((m, i) => ({ ...m, answers: ours[i] ?? [] }))
    .filter((m) => m.answers[0] !== m.intended);
  const setText = `${formatCount(set.length)} misspellings of catalogue words (${groups})`;
  ctx.results.add({
    section: "spelling",
    measure: `near spellings, ours: top-1 / top-5 on ${setText}`,
    result: `top-1 ${percent(ourScores.top1)}, top-5 ${percent(ourScores.top5)} (by length of the word meant: ${kindText(byLength(set, ours))}; by kind: ${kindText(ourKinds)})`,
    target: {
      text: `top-1 ≥ ${percent(SPELLING_TARGETS.top1)}, top-5 ≥ ${percent(SPELLING_TARGETS.top5)}`,
      met: ourScores.top1 >= SPELLING_TARGETS.top1 && ourScores.top5 >= SPELLING_TARGETS.top5,
    },
    data: {
      size: set.length,
      ...ourScores,
      byLength: byLength(set, ours),
      byKind: ourKinds,
      misses: misses.slice(0, 200),
    },
  });

  progress.line("spelling: GNU Aspell on the same misspellings");
  const aspell = runAspell(typos);
  if ("problem" in aspell) {
    progress.line(`spelling: GNU Aspell NOT RUN (${aspell.problem})`);
    ctx.results.notice("spelling", `GNU Aspell comparison NOT RUN: ${aspell.problem}`);
  } else {
    const theirs = aspell.suggestions.map((s) => toCatalogueWords(index.catalog, s));
    const s = score(set, theirs);
    ctx.results.add({
      section: "spelling",
      measure:
        "near spellings, GNU Aspell (aspell-en, suggestions restricted to catalogue words): top-1 / top-5",
      result: `top-1 ${percent(s.top1)}, top-5 ${percent(s.top5)} (${aspell.version}; took ${formatCount(aspell.acceptedAsWords)} typos for words; by length: ${kindText(byLength(set, theirs))}; by kind: ${kindText(byKind(set, theirs))})`,
      ratio: { value: ourScores.top1 / s.top1, label: "top-1 ours / Aspell" },
      target: { text: "ours right first more often", met: ourScores.top1 > s.top1 },
      data: {
        version: aspell.version,
        ...s,
        byKind: byKind(set, theirs),
        acceptedAsWords: aspell.acceptedAsWords,
      },
    });
  }

  const pgProblem = psqlProblem();
  if (pgProblem !== undefined) {
    ctx.results.notice("spelling", `pg_trgm comparison NOT RUN: the database did not answer (${pgProblem})`);
  } else {
    progress.line("spelling: pg_trgm on the same misspellings");
    const pg = runPgTrgm(
      index.catalog.words.map((w) => w.norm),
      typos,
    );
    if ("problem" in pg) ctx.results.notice("spelling", `pg_trgm comparison FAILED: ${pg.problem}`);
    else {
      const s = score(set, pg.top5);
      ctx.results.add({
        section: "spelling",
        measure: "near spellings, PostgreSQL pg_trgm (catalogue words, by similarity): top-1 / top-5",
        result: `top-1 ${percent(s.top1)}, top-5 ${percent(s.top5)} (PostgreSQL ${pg.version}; by kind: ${kindText(byKind(set, pg.top5))})`,
        ratio: { value: ourScores.top1 / s.top1, label: "top-1 ours / pg_trgm" },
        target: { text: "ours right first more often", met: ourScores.top1 > s.top1 },
        data: { version: pg.version, ...s, byKind: byKind(set, pg.top5) },
      });
    }
  }

  runRealSet(ctx, index);

  const forms = attestedVerbForms(index, spokenTokens(), isEnglish);
  const wrong = forms.flatMap(({ form, readings }) => {
    const r = resolveWord(index.catalog, index.fuzzy, form, "fuzzy");
    const got = r.found ? r.entry.norm : "(not found)";
    return readings.includes(got) ? [] : [{ form, readings, got }];
  });
  const share = forms.length === 0 ? Number.NaN : 1 - wrong.length / forms.length;
  ctx.results.add({
    section: "spelling",
    measure: "inflected verb forms of spoken English (frequency list) that resolve to their verb",
    result: `${percent(share)} of ${formatCount(forms.length)} forms; wrong: ${wrong
      .slice(0, 12)
      .map((f) => `${f.form}→${f.got} (not ${f.readings.join("/")})`)
      .join(", ")}${wrong.length > 12 ? ", …" : ""}`,
    target: atLeast(share, SPELLING_TARGETS.verbForms, `≥ ${percent(SPELLING_TARGETS.verbForms)}`),
    data: { forms: forms.length, share, wrong },
  });
}

/**
 * The real misspellings (LibreOffice's AutoCorrect tables and Lintian's corrections, none of them in
 * codespell's dictionary or Wikipedia's list), ours beside Aspell: the `report` half is the figure, the
 * `tune` half is the one the ranking may be tuned on.
 */
function runRealSet(ctx: BenchContext, index: LanguageIndex): void {
  const real = realMisspellings(index.catalog);
  const halves = (["report", "tune"] as const).map((half) => ({
    half,
    n: real.filter((m) => m.half === half).length,
  }));
  const halfText = halves.map((h) => `${formatCount(h.n)} ${h.half}`).join(", ");
  ctx.progress.line(`spelling: ${formatCount(real.length)} real misspellings (${halfText})`);
  const ours = real.map((m) => ourAnswers(index, m.typo));
  const inHalf = (half: string) => (m: RealMisspelling) => m.half === half;
  const report = score(real, ours, inHalf("report"));
  const tune = score(real, ours, inHalf("tune"));
  const misses = real
    .map((m, i) => ({ typo: m.typo, intended: m.intended, half: m.half, answers: ours[i] ?? [] }))
    .filter((m) => !m.intended.includes(m.answers[0] ?? ""));
  const of = `${formatCount(halves[0]?.n ?? 0)} real misspellings (report half; LibreOffice AutoCorrect and Lintian, none in codespell or Wikipedia's list)`;
  ctx.results.add({
    section: "spelling",
    measure: `near spellings, ours: top-1 / top-5 on ${of}`,
    result: `top-1 ${percent(report.top1)}, top-5 ${percent(report.top5)} (tune half of ${formatCount(halves[1]?.n ?? 0)}: ${percent(tune.top1)}/${percent(tune.top5)}; both halves: ${percent(score(real, ours).top1)}/${percent(score(real, ours).top5)})`,
    target: {
      text: `top-1 ≥ ${percent(SPELLING_TARGETS.top1)}, top-5 ≥ ${percent(SPELLING_TARGETS.top5)}`,
      met: report.top1 >= SPELLING_TARGETS.top1 && report.top5 >= SPELLING_TARGETS.top5,
    },
    data: { size: real.length, report, tune, misses },
  });
  const aspell = runAspell(real.map((m) => m.typo));
  if ("problem" in aspell) {
    ctx.results.notice("spelling", `GNU Aspell on the real misspellings NOT RUN: ${aspell.problem}`);
    return;
  }
  const theirs = aspell.suggestions.map((s) => toCatalogueWords(index.catalog, s));
  const theirReport = score(real, theirs, inHalf("report"));
  const theirTune = score(real, theirs, inHalf("tune"));
  ctx.results.add({
    section: "spelling",
    measure: `near spellings, GNU Aspell (aspell-en, suggestions restricted to catalogue words): top-1 / top-5 on ${of}`,
    result: `top-1 ${percent(theirReport.top1)}, top-5 ${percent(theirReport.top5)} (${aspell.version}; tune half: ${percent(theirTune.top1)}/${percent(theirTune.top5)}; both halves: ${percent(score(real, theirs).top1)}/${percent(score(real, theirs).top5)}; took ${formatCount(aspell.acceptedAsWords)} typos for words)`,
    ratio: { value: report.top1 / theirReport.top1, label: "top-1 ours / Aspell" },
    target: { text: "ours right first more often", met: report.top1 > theirReport.top1 },
    data: { version: aspell.version, report: theirReport, tune: theirTune },
  });
}
