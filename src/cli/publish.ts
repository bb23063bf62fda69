/**
 * `wordclip publish`: puts a snapshot where a server reads it, the safe way. The file is copied beside the
 * served one, flushed to disk, verified against its seal, and renamed into place in one step, so a server
 * never sees half a file: it notices the new file and swaps to it without dropping a request.
 */
import { closeSync, copyFileSync, fsyncSync, openSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "../config.js";
import { rememberVerified, verifySnapshotFileSync } from "../snapshot/checksum.js";
import { SnapshotError } from "../snapshot/schema.js";
import { type Command, type CommandIo, type ParsedArgs, stringOption, UsageError } from "./command.js";

function flushed(file: string): void {
  const fd = openSync(file, "r+");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Copies `source` to `target` by way of a file beside `target`; returns the bytes published. */
export function publishSnapshot(source: string, target: string): number {
  verifySnapshotFileSync(source);
  const draft = `${target}.publish-${process.pid}`;
  try {
    copyFileSync(source, draft);
    flushed(draft);
    // The copy is what will be served: verified again after it reached the target's disk.
    const seal = verifySnapshotFileSync(draft);
    renameSync(draft, target);
    rememberVerified(target, seal);
  } catch (error) {
    rmSync(draft, { force: true });
    throw error;
  }
  return statSync(target).size;
}

async function run(args: ParsedArgs, io: CommandIo): Promise<number> {
  const source = args.positionals[0];
  if (source === undefined) throw new UsageError("name the snapshot to publish: wordclip publish <snapshot>");
  const option = stringOption(args, "to");
  const target = option === undefined || option === "" ? loadConfig().indexPath : path.resolve(option);
  if (path.resolve(source) === target) {
    throw new UsageError(`${source} is already the served snapshot; publish a new file to it`);
  }
  try {
    const bytes = publishSnapshot(path.resolve(source), target);
    io.out(`published ${source} to ${target} (${(bytes / 1_000_000).toFixed(1)} MB, checksum verified)`);
    io.out("a running server swaps to it within its check interval (5 s), or at once on SIGHUP");
    return 0;
  } catch (error) {
    if (!(error instanceof SnapshotError)) throw error;
    io.err(`wordclip publish: ${error.message}`);
    return 1;
  }
}

export const commands: Command[] = [
  {
    name: "publish",
    summary: "put a snapshot in place for a running server: copy beside, verify, rename",
    positionals: ["snapshot"],
    options: {
      to: {
        type: "string",
        description:
          "the served snapshot to replace (default: WORDCLIP_INDEX, or the data folder's index.sqlite)",
        valueName: "file",
      },
    },
    details: [
      "Never copy over the served file with cp: a server reading it would see half a file.",
      "example: wordclip publish build/index.sqlite --to /srv/wordclip/index.sqlite",
    ].join("\n"),
    run,
  },
];
