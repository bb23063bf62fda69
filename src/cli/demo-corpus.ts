/** `wordclip demo-corpus`: writes a generated clip corpus (the demo's, or a benchmark's) as yt-dlp lays one out. */
import {
  DEFAULT_DEMO_CLIPS,
  DEFAULT_DEMO_SEED,
  DemoCorpusError,
  type DemoCorpusSummary,
  generateDemoCorpus,
  MAX_DEMO_CLIPS,
} from "../demo/corpus.js";
import { LEVELS, TOPICS } from "../domain.js";
import {
  type Command,
  type CommandIo,
  flag,
  integerOption,
  type ParsedArgs,
  requiredOption,
  stringOption,
  UsageError,
} from "./command.js";
import { createProgress } from "./progress.js";

const count = (n: number): string => n.toLocaleString("en-US");

function summaryLines(s: DemoCorpusSummary): string[] {
  const megabytes = (s.bytes / 1_000_000).toFixed(1);
  const seconds = (s.elapsedMs / 1000).toFixed(1);
  const joined = (entries: [string, number][]): string =>
    entries.map(([k, n]) => `${k} ${count(n)}`).join(" · ");
  const lines = [
    `wrote ${count(s.clips)} clips (${count(s.files)} files, ${megabytes} MB) to ${s.outDir} in ${seconds} s: ${count(Math.round(s.clipsPerS))} clips/s`,
    `  seed "${s.seed}"${s.subFolders ? "; in sub-folders of 1,000 clips" : ""}`,
    `  captions: ${joined(Object.entries(s.byFormat))}`,
    `  topics: ${joined(TOPICS.map((t) => [t, s.byTopic[t]]))}`,
    `  target levels: ${joined(LEVELS.map((l, i) => [l, s.byTargetLevel[i] ?? 0]))}`,
    `  durations: ${count(s.clipsUnder60S)} of ${count(s.clips)} under 60 s; ${(s.totalDurationS / 3600).toFixed(1)} h in all`,
    '  every clip is marked "wordclip_generated": true and points to no real video',
  ];
  if (s.removedFiles > 0)
    lines.splice(1, 0, `  replaced an earlier corpus there (${count(s.removedFiles)} files removed)`);
  return lines;
}

async function run(args: ParsedArgs, io: CommandIo): Promise<number> {
  const outDir = requiredOption(args, "out");
  const clips = integerOption(args, "clips", 1, MAX_DEMO_CLIPS) ?? DEFAULT_DEMO_CLIPS;
  const seed = stringOption(args, "seed") ?? DEFAULT_DEMO_SEED;
  if (seed === "") throw new UsageError("--seed must not be empty");
  const progress = createProgress(io, "generating", "clips");
  try {
    const summary = await generateDemoCorpus({ outDir, clips, seed, force: flag(args, "force") }, (p) =>
      progress.update(p.done, p.total),
    );
    progress.stop();
    for (const line of summaryLines(summary)) io.out(line);
    return 0;
  } catch (error) {
    progress.stop();
    if (error instanceof DemoCorpusError) {
      io.err(`wordclip demo-corpus: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

export const commands: Command[] = [
  {
    name: "demo-corpus",
    summary: "generate the demo (or benchmark) clip corpus",
    options: {
      out: { type: "string", description: "folder to write the clips to (required)", valueName: "dir" },
      clips: {
        type: "string",
        default: String(DEFAULT_DEMO_CLIPS),
        description: `number of clips, 1 to ${count(MAX_DEMO_CLIPS)}`,
        valueName: "n",
      },
      seed: {
        type: "string",
        default: DEFAULT_DEMO_SEED,
        description: "the same seed writes the same files, byte for byte",
        valueName: "text",
      },
      force: {
        type: "boolean",
        description: "write into a non-empty folder, replacing an earlier generated corpus there",
      },
    },
    details: [
      "Writes <id>.info.json beside <id>.en.vtt (most clips), .en.json3 or .en.srv3, as",
      "yt-dlp --write-info-json --write-auto-subs --skip-download leaves them; past 1,000 clips in",
      "sub-folders 0000/, 0001/ … of 1,000 clips each. Clip ids are demo + 8 digits (never a real",
      "video id); the speech is usage examples from Princeton WordNet 3.0. A larger corpus with the",
      "same seed begins with the same clips as a smaller one. An interrupted run leaves the clips written",
      "so far; run it again with --force.",
      "",
      "example: wordclip demo-corpus --out bench/out/corpus-100k --clips 100000",
    ].join("\n"),
    run,
  },
];
