/**
 * The tuning run of the near-spelling ranking, apart from the figures the benchmark reports: ours on a
 * generated set drawn with another seed than the benchmark's and on both halves of the real misspellings
 * (GNU Aspell beside, where installed), with every miss listed (the real set's reporting half only with
 * --report, so that no choice is made on it). Run after a bench run has built its snapshot:
 *
 *   node dist/bench/spelling/tune.js bench/out/snapshot-5000.sqlite [count] [seed] [--report] > misses.txt
 *
 * A second seed checks that a change found on the first holds on other misspellings. The benchmark's own
 * set is the seed `<bench seed>-spelling` (`wordclip-bench-1-spelling`); `npm run bench -- --seed X`
 * draws `X-spelling`.
 */
import { Snapshot } from "../../src/index/snapshot.js";
import { runAspell } from "../peer/aspell.js";
import { developmentSet } from "../workload/dev-set.js";
import { englishWordCheck } from "../workload/english-words.js";
import { isCatalogueSpelling } from "../workload/words.js";
import { realMisspellings } from "./real-set.js";
import { ourAnswers, score, toCatalogueWords } from "./section.js";

const TUNING_SEED = "tuning-spelling";

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const pair = (s: { top1: number; top5: number }) => `${pct(s.top1)}/${pct(s.top5)}`;

function main(): void {
  const args = process.argv.slice(2);
  const report = args.includes("--report");
  const [snapshotPath, countText, seed = TUNING_SEED] = args.filter((a) => a !== "--report");
  if (snapshotPath === undefined) {
    throw new Error("usage: tune.js <snapshot.sqlite> [count] [seed] [--report]");
  }
  const snapshot = new Snapshot(snapshotPath);
  const index = snapshot.language("en");
  if (index === undefined) throw new Error("the snapshot has no English catalogue");
  const isEnglish = englishWordCheck();
  const generated = developmentSet(
    index.catalog.words.map((w) => ({ word: w.norm, frequency: w.frequency })),
    {
      seed,
      count: Number(countText ?? 3000),
      isWord: (t) => isCatalogueSpelling(index, t) || isEnglish(t),
    },
  );
  const real = realMisspellings(index.catalog).filter((m) => report || m.half === "tune");
  const started = performance.now();
  const ourGenerated = generated.map((m) => ourAnswers(index, m.typo));
  const ourReal = real.map((m) => ourAnswers(index, m.typo));
  const took = performance.now() - started;
  const byLength = (answers: readonly string[][]) =>
    [
      ["4-5 letters", (n: number) => n <= 5],
      ["6-7", (n: number) => n >= 6 && n <= 7],
      ["8+", (n: number) => n >= 8],
    ]
      .map(
        ([name, keep]) =>
          `${name} ${pair(score(generated, answers, (m) => (keep as (n: number) => boolean)(m.intended.length)))}`,
      )
      .join(", ");
  const halves = (answers: readonly string[][]) =>
    (["tune", "report"] as const)
      .filter((half) => report || half === "tune")
      .map((half) => `${half} half ${pair(score(real, answers, (m) => m.half === half))}`)
      .join(", ");
  console.log(
    `ours: generated ${generated.length} (seed ${seed}) ${pair(score(generated, ourGenerated))} (${byLength(ourGenerated)}); real ${halves(ourReal)}; ${((took * 1000) / (generated.length + real.length)).toFixed(1)} µs a lookup`,
  );
  const aspell = runAspell([...generated, ...real].map((m) => m.typo));
  if ("problem" in aspell) console.log(`GNU Aspell NOT RUN: ${aspell.problem}`);
  else {
    const theirs = aspell.suggestions.map((s) => toCatalogueWords(index.catalog, s));
    const theirGenerated = theirs.slice(0, generated.length);
    const theirReal = theirs.slice(generated.length);
    console.log(
      `${aspell.version}: generated ${pair(score(generated, theirGenerated))} (${byLength(theirGenerated)}); real ${halves(theirReal)}`,
    );
  }
  generated.forEach((m, i) => {
    const answers = ourGenerated[i] ?? [];
    if (answers[0] !== m.intended) console.log(`G ${m.kind}\t${m.typo}\t${m.intended}\t${answers.join(" ")}`);
  });
  real.forEach((m, i) => {
    const answers = ourReal[i] ?? [];
    if (!m.intended.includes(answers[0] ?? "")) {
      console.log(`R ${m.half}\t${m.typo}\t${m.intended.join("/")}\t${answers.join(" ")}`);
    }
  });
  snapshot.close();
}

main();
