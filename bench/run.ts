/**
 * `npm run bench`: corpus, build, serving, access overhead, in-process latency, memory and start-up,
 * and the PostgreSQL peer, each measured against its baseline in the same run. Prints a table, and
 * writes the results as JSON and as a Markdown table into the output folder.
 */
import { mkdirSync } from "node:fs";
import { runBuildSection } from "./build/section.js";
import { BenchContext } from "./context.js";
import { runInProcessSection } from "./inprocess/section.js";
import { describeMachine, machineIsLoaded, machineLine } from "./machine.js";
import { runMemorySection } from "./memory/section.js";
import { type BenchOptions, OptionsError, parseOptions, type SectionName, USAGE } from "./options.js";
import { runPeerSection } from "./peer/section.js";
import { runPhraseSection } from "./phrase/section.js";
import { createProgress } from "./progress.js";
import { consoleReport } from "./report/console.js";
import { type BenchResults, ResultSink } from "./report/results.js";
import { writeResults } from "./report/write.js";
import { runScaleSection } from "./scale/section.js";
import { runAccessSection } from "./serve/access-section.js";
import { runRealisticSection } from "./serve/realistic-section.js";
import { runServingSection } from "./serve/serving-section.js";
import { runSoakSection } from "./soak/section.js";
import { runSpellingSection } from "./spelling/section.js";

const RUNNERS: Record<SectionName, (ctx: BenchContext) => Promise<void>> = {
  build: runBuildSection,
  serving: runServingSection,
  realistic: runRealisticSection,
  access: runAccessSection,
  inprocess: runInProcessSection,
  memory: runMemorySection,
  peer: runPeerSection,
  spelling: runSpellingSection,
  scale: runScaleSection,
  soak: runSoakSection,
  phrase: runPhraseSection,
};

function settingsOf(options: BenchOptions): Record<string, unknown> {
  const { outDir: _outDir, ...rest } = options;
  return rest;
}

async function main(argv: readonly string[]): Promise<number> {
  let options: BenchOptions | undefined;
  try {
    options = parseOptions(argv, process.env);
  } catch (error) {
    if (!(error instanceof OptionsError)) throw error;
    process.stderr.write(`bench: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (options === undefined) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  mkdirSync(options.outDir, { recursive: true });
  const machine = describeMachine();
  const startedAt = new Date().toISOString();
  const progress = createProgress(options.quick ? 2000 : 5000);
  progress.line(`${options.quick ? "quick" : "full"} run: ${options.sections.join(", ")}`);
  progress.line(`machine: ${machineLine(machine)}`);
  const sink = new ResultSink();
  const ctx = new BenchContext(options, progress, sink);
  let failed = false;
  try {
    for (const section of options.sections) {
      progress.line(`— ${section}`);
      try {
        await RUNNERS[section](ctx);
      } catch (error) {
        failed = true;
        const message = (error as Error).stack ?? String(error);
        progress.line(`${section} FAILED: ${message}`);
        sink.notice(section, `FAILED: ${(error as Error).message}`);
      }
    }
  } finally {
    await ctx.cleanup();
  }
  const results: BenchResults = {
    startedAt,
    finishedAt: new Date().toISOString(),
    command: ["npm run bench", ...(argv.length > 0 ? ["--", ...argv] : [])].join(" "),
    quick: options.quick,
    machine,
    loaded: machineIsLoaded(machine),
    settings: settingsOf(options),
    rows: sink.rows,
    notices: sink.notices,
  };
  process.stdout.write(consoleReport(results));
  const written = writeResults(options.outDir, results);
  process.stdout.write(`\nresults: ${written.jsonPath}\nMarkdown: ${written.markdownPath}\n`);
  return failed ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
