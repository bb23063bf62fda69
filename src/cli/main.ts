#!/usr/bin/env node
/** The `wordclip` command: finds the subcommand, parses its options, runs it, maps failures to exit codes. */
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ConfigError } from "../config.js";
import { type Command, type CommandIo, helpText, parseCommandArgs, UsageError } from "./command.js";

/** Each module exports `commands`; loaded on demand so `serve` never pays for the builder's imports. */
const MODULES: Record<string, () => Promise<{ commands: Command[] }>> = {
  build: () => import("./build.js"),
  catalogue: () => import("./catalogue.js"),
  "demo-corpus": () => import("./demo-corpus.js"),
  inspect: () => import("./inspect.js"),
  serve: () => import("./serve.js"),
  plans: () => import("./plans.js"),
  accounts: () => import("./accounts.js"),
  keys: () => import("./keys.js"),
  usage: () => import("./usage.js"),
  migrate: () => import("./migrate.js"),
  access: () => import("./access.js"),
};

const SUMMARIES: Record<string, string> = {
  build: "build an index snapshot from a catalogue and clip sources",
  catalogue: "import the shipped English catalogue from its sources",
  "demo-corpus": "generate the demo (or benchmark) clip corpus",
  inspect: "print what a snapshot holds: corpus statistics per language",
  serve: "serve the v1 API over a snapshot",
  plans: "list and define plans (requests per minute and per month)",
  accounts: "create, list and change accounts",
  keys: "create, list, disable and rotate API keys",
  usage: "show an account's quota usage for the current period",
  migrate: "create or upgrade the access store's schema (PostgreSQL or the SQLite file)",
  access: "copy an access store into another (the embedded file into PostgreSQL)",
};

function topHelp(): string {
  const width = Math.max(...Object.keys(SUMMARIES).map((n) => n.length)) + 2;
  const rows = Object.entries(SUMMARIES).map(([name, summary]) => `  ${name.padEnd(width)}${summary}`);
  return [
    "wordclip: short video clips whose automatic captions contain a word",
    "",
    "usage: wordclip <command> [options]     wordclip <command> --help",
    "",
    "commands:",
    ...rows,
    "",
    "Every command reads WORDCLIP_DATA_DIR (default ./.wordclip) for the snapshot and the access store;",
    "with WORDCLIP_DATABASE_URL set, the access commands use that PostgreSQL database instead.",
  ].join("\n");
}

export async function main(argv: string[], io: CommandIo): Promise<number> {
  const [group, ...rest] = argv;
  if (group === undefined || group === "--help" || group === "-h" || group === "help") {
    io.out(topHelp());
    return group === undefined ? 2 : 0;
  }
  const load = MODULES[group];
  if (!load) {
    io.err(`wordclip: unknown command "${group}"\n\n${topHelp()}`);
    return 2;
  }
  const { commands } = await load();
  const sub = rest[0];
  const command =
    commands.find((c) => c.name === `${group} ${sub}`) ?? commands.find((c) => c.name === group);
  if (!command) {
    const names = commands.map((c) => `  wordclip ${c.name.padEnd(22)}${c.summary}`).join("\n");
    const wanted = sub === undefined || sub.startsWith("-") ? "" : ` "${sub}"`;
    io.err(`wordclip ${group}: unknown subcommand${wanted}; one of:\n${names}`);
    return sub === "--help" || sub === "-h" ? 0 : 2;
  }
  const args = command.name.includes(" ") ? rest.slice(1) : rest;
  if (args.includes("--help") || args.includes("-h")) {
    io.out(helpText(command));
    return 0;
  }
  try {
    return await command.run(parseCommandArgs(command, args), io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`wordclip ${command.name}: ${error.message}\n\n${helpText(command)}`);
      return 2;
    }
    if (error instanceof ConfigError) {
      io.err(`wordclip: configuration error: ${error.message}`);
      return 78;
    }
    throw error;
  }
}

function isEntryPoint(): boolean {
  const invoked = process.argv[1];
  if (!invoked) return false;
  try {
    return realpathSync(invoked) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  const io: CommandIo = {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    isTty: Boolean(process.stderr.isTTY),
  };
  main(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`wordclip: ${(error as Error).stack ?? String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
