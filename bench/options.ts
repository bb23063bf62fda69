/** Command-line options of `npm run bench`: which sections, how long, where the output goes. */
import path from "node:path";
import { parseArgs } from "node:util";
import { defaultOutDir } from "./paths.js";

export const SECTIONS = [
  "build",
  "serving",
  "realistic",
  "access",
  "inprocess",
  "memory",
  "peer",
  "spelling",
  "scale",
  "soak",
  "phrase",
] as const;
export type SectionName = (typeof SECTIONS)[number];

export interface BenchOptions {
  quick: boolean;
  sections: readonly SectionName[];
  million: boolean;
  outDir: string;
  seed: string;
  /** Clips of the main corpus: 100,000, or 5,000 with --quick. */
  clips: number;
  /** Clips of the memory and start-up corpus (full mode only). */
  millionClips: number;
  /** Connections of every load run. */
  connections: number;
  /** Seconds of each measured load run, and of the warm-up before it. */
  durationS: number;
  warmupS: number;
  /** Load runs of each side, alternating ours and the other; the best of each side is kept. */
  rounds: number;
  /** Timed calls of each in-process operation (after as many warm-up calls). */
  iterations: number;
  /** Misspellings for the fuzzy comparison with PostgreSQL. */
  misspellings: number;
}

export const DEFAULT_SEED = "wordclip-bench-1";

export const USAGE = `usage: npm run bench -- [options]

  --quick              5,000 clips, 3 s load runs, no 1,000,000-clip corpus (under 3 minutes)
  --only <a,b,...>     sections to run: ${SECTIONS.join(", ")}
  --no-million         skip the 1,000,000-clip corpus of the memory and start-up section
  --out <dir>          corpora, snapshots and results (default bench/out)
  --seed <text>        seed of the corpus and the workloads (default ${DEFAULT_SEED})
  --help               this text`;

/** Thrown for a bad option; the message names it. */
export class OptionsError extends Error {
  override name = "OptionsError";
}

function parseSections(value: string | undefined): SectionName[] {
  if (value === undefined) return [...SECTIONS];
  const names = value
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  for (const name of names) {
    if (!(SECTIONS as readonly string[]).includes(name)) {
      throw new OptionsError(`--only: unknown section "${name}"; the sections are ${SECTIONS.join(", ")}`);
    }
  }
  if (names.length === 0) throw new OptionsError("--only needs at least one section");
  return SECTIONS.filter((s) => names.includes(s));
}

/**
 * Undefined when --help was asked for. `npm run bench --quick` (without `--`) hands `--quick` to npm,
 * which passes it on only as the environment variable `npm_config_quick`: it counts as `--quick` too.
 */
export function parseOptions(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): BenchOptions | undefined {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        quick: { type: "boolean", default: false },
        only: { type: "string" },
        "no-million": { type: "boolean", default: false },
        out: { type: "string" },
        seed: { type: "string" },
        help: { type: "boolean", default: false },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new OptionsError((error as Error).message);
  }
  const v = parsed.values;
  if (v.help === true) return undefined;
  const quick = v.quick === true || env.npm_config_quick === "true";
  const seed = typeof v.seed === "string" ? v.seed : DEFAULT_SEED;
  if (seed === "") throw new OptionsError("--seed must not be empty");
  return {
    quick,
    sections: parseSections(typeof v.only === "string" ? v.only : undefined),
    million: !quick && v["no-million"] !== true,
    outDir: path.resolve(typeof v.out === "string" ? v.out : defaultOutDir()),
    seed,
    clips: quick ? 5_000 : 100_000,
    millionClips: 1_000_000,
    connections: 10,
    durationS: quick ? 3 : 10,
    warmupS: quick ? 1 : 2,
    rounds: quick ? 1 : 2,
    iterations: quick ? 5_000 : 20_000,
    misspellings: quick ? 1_000 : 3_000,
  };
}
