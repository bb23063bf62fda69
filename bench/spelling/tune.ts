/**
 * The tuning run of the near-spelling ranking, apart from the figures the benchmark reports: ours on a
 * generated set drawn with another seed than the benchmark's and on the `tune` half of the real
 * misspellings, with every miss listed. Run after a bench run has built its snapshot:
 *
 *   node dist/bench/spelling/tune.js bench/out/snapshot-5000.sqlite [count] [seed] > misses.txt
 *
 * A second seed checks that a change found on the first holds on other misspellings.
 */
import { Snapshot } from "../../src/index/snapshot.js";
import { developmentSet } from "../workload/dev-set.js";
import { englishWordCheck } from "../workload/english-words.js";
import { isCatalogueSpelling } from "../workload/words.js";
import { realMisspellings } from "./real-set.js";
import { ourAnswers, score } from "./section.js";

const TUNING_SEED = "tuning-spelling";

function main(): void {
  const [snapshotPath, countText, seed = TUNING_SEED] = process.argv.slice(2);
  if (snapshotPath === undefined) throw new Error("usage: tune.js <snapshot.sqlite> [count] [seed]");
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
  const real = realMisspellings(index.catalog).filter((m) => m.half === "tune");
  const started = performance.now();
  const ourGenerated = generated.map((m) => ourAnswers(index, m.typo));
  const ourReal = real.map((m) => ourAnswers(index, m.typo));
  const took = performance.now() - started;
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const g = score(generated, ourGenerated);
  const r = score(real, ourReal);
  const short = score(generated, ourGenerated, (m) => m.intended.length <= 5);
  console.log(
    `generated ${generated.length}: ${pct(g.top1)}/${pct(g.top5)} (4-5 letters ${pct(short.top1)}/${pct(short.top5)}); real tune half ${real.length}: ${pct(r.top1)}/${pct(r.top5)}; ${((took * 1000) / (generated.length + real.length)).toFixed(1)} µs a lookup`,
  );
  generated.forEach((m, i) => {
    const answers = ourGenerated[i] ?? [];
    if (answers[0] !== m.intended) console.log(`G ${m.kind}\t${m.typo}\t${m.intended}\t${answers.join(" ")}`);
  });
  real.forEach((m, i) => {
    const answers = ourReal[i] ?? [];
    if (!m.intended.includes(answers[0] ?? "")) {
      console.log(`R\t${m.typo}\t${m.intended.join("/")}\t${answers.join(" ")}`);
    }
  });
  snapshot.close();
}

main();
