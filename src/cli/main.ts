#!/usr/bin/env node
/**
 * The `wordclip` command: finds the subcommand, parses its options, runs it, and maps failures to one line
 * and an exit code: 0 done, 1 the command could not do its work (a record, a file or a store), 2 called
 * wrongly, 78 a setting that cannot be used (a variable's value, an address or a port).
 */
import { readFileSync, realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { AccessError } from "../access/errors.js";
import { ConfigError, loadConfig } from "../config.js";
import { SnapshotError } from "../snapshot/schema.js";
import {
  type Command,
  type CommandIo,
  helpText,
  type ParsedArgs,
  parseCommandArgs,
  stringOption,
  UsageError,
} from "./command.js";

/** Exit codes (docs/deploy.md lists them). */
export const EXIT = { done: 0, failed: 1, usage: 2, config: 78 } as const;

/** Each module exports `commands`; loaded on demand so `serve` never pays for the builder's imports. */
const MODULES: Record<string, () => Promise<{ commands: Command[] }>> = {
  build: () => import("./build.js"),
  catalogue: () => import("./catalogue.js"),
  "demo-corpus": () => import("./demo-corpus.js"),
  inspect: () => import("./inspect.js"),
  publish: () => import("./publish.js"),
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
  publish: "put a snapshot in place for a running server: copy beside, verify, rename",
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
    "usage: wordclip <command> [options]     wordclip <command> --help     wordclip --version",
    "",
    "commands:",
    ...rows,
    "",
    "Every command reads WORDCLIP_DATA_DIR (default ./.wordclip) for the snapshot and the access store;",
    "with WORDCLIP_DATABASE_URL set, the access commands use that PostgreSQL database instead.",
  ].join("\n");
}

const HELP = new Set(["--help", "-h", "help"]);
const VERSION = new Set(["--version", "-v", "version"]);

/** The version in package.json, found from the sources (tests) or from the build (dist/). */
export function packageVersion(): string {
  for (const up of ["../../package.json", "../../../package.json"]) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(up, import.meta.url), "utf8")) as Record<string, unknown>;
      if (pkg.name === "wordclip" && typeof pkg.version === "string") return pkg.version;
    } catch {
      // Not this folder: try the next one up.
    }
  }
  return "unknown";
}

/** The help of a command with subcommands (`keys`, `accounts`, ...): each subcommand and what it does. */
function groupHelp(group: string, commands: Command[]): string {
  const width = Math.max(...commands.map((c) => c.name.length)) + 2;
  return [
    `wordclip ${group}: ${SUMMARIES[group] ?? ""}`,
    "",
    `usage: wordclip ${group} <subcommand> [options]     wordclip ${group} <subcommand> --help`,
    "",
    "subcommands:",
    ...commands.map((c) => `  wordclip ${c.name.padEnd(width)}${c.summary}`),
  ].join("\n");
}

/** The command `argv` names and its arguments, or the exit code once help or an error is printed. */
async function findCommand(
  argv: string[],
  io: CommandIo,
): Promise<{ command: Command; args: string[] } | number> {
  const [group, ...rest] = argv;
  if (group === undefined) {
    io.err(topHelp());
    return EXIT.usage;
  }
  if (HELP.has(group)) {
    // `wordclip help keys create` is `wordclip keys create --help`.
    if (rest[0] === undefined || HELP.has(rest[0])) {
      io.out(topHelp());
      return EXIT.done;
    }
    return findCommand([...rest, "--help"], io);
  }
  if (VERSION.has(group)) {
    io.out(`wordclip ${packageVersion()}`);
    return EXIT.done;
  }
  const load = MODULES[group];
  if (!load) {
    io.err(`wordclip: unknown command "${group}"\n\n${topHelp()}`);
    return EXIT.usage;
  }
  const { commands } = await load();
  const single = commands.find((c) => c.name === group);
  if (single) {
    const bareHelp = rest.length === 1 && rest[0] === "help" && (single.positionals ?? []).length === 0;
    return bareHelp ? showHelp(single, io) : { command: single, args: rest };
  }
  const [sub, ...args] = rest;
  if (sub === undefined || sub === "--help" || sub === "-h" || sub === "help") {
    // `wordclip keys help create` is `wordclip keys create --help`.
    const named =
      sub === "help" && args[0] !== undefined
        ? commands.find((c) => c.name === `${group} ${args[0]}`)
        : undefined;
    if (named) return showHelp(named, io);
    if (sub === undefined) {
      io.err(groupHelp(group, commands));
      return EXIT.usage;
    }
    io.out(groupHelp(group, commands));
    return EXIT.done;
  }
  const command = commands.find((c) => c.name === `${group} ${sub}`);
  if (!command) {
    io.err(`wordclip ${group}: unknown subcommand "${sub}"\n\n${groupHelp(group, commands)}`);
    return EXIT.usage;
  }
  return { command, args };
}

function showHelp(command: Command, io: CommandIo): number {
  io.out(helpText(command));
  return EXIT.done;
}

export async function main(argv: string[], io: CommandIo): Promise<number> {
  const found = await findCommand(argv, io);
  if (typeof found === "number") return found;
  const { command, args } = found;
  if (args.includes("--help") || args.includes("-h")) return showHelp(command, io);
  let parsed: ParsedArgs | undefined;
  try {
    parsed = parseCommandArgs(command, args);
    return await command.run(parsed, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`wordclip ${command.name}: ${error.message}\n\n${helpText(command)}`);
      return EXIT.usage;
    }
    const failure = describeFailure(error, command.name, parsed);
    if (failure === undefined) throw error;
    io.err(failure.message);
    return failure.code;
  }
}

interface Failure {
  message: string;
  code: number;
}

const LISTEN_ADVICE =
  "set WORDCLIP_HOST (or --host) to an address of this machine: 127.0.0.1, or 0.0.0.0 for every interface";

/**
 * A failure a person can fix, as one line naming what is wrong and what to do, with its exit code;
 * undefined for anything else (a fault of wordclip itself, printed with its stack).
 */
export function describeFailure(error: unknown, commandName: string, args?: ParsedArgs): Failure | undefined {
  const prefix = `wordclip ${commandName}:`;
  if (error instanceof ConfigError) {
    return { message: `wordclip: configuration error: ${error.message}`, code: EXIT.config };
  }
  if (error instanceof AccessError || error instanceof SnapshotError) {
    return { message: `${prefix} ${error.message}`, code: EXIT.failed };
  }
  const { code, syscall, address, port, hostname } = error as NodeJS.ErrnoException & {
    address?: string;
    port?: number;
    hostname?: string;
  };
  // A worker of `serve --workers` is refused by its primary's bind.
  if (syscall === "listen" || syscall === "bind" || syscall === "getaddrinfo") {
    const where = port === undefined ? String(address ?? hostname) : `${address}:${port}`;
    const reason =
      code === "EADDRINUSE"
        ? `cannot listen on ${where}: the port is already in use by another program; stop it, or set WORDCLIP_PORT (or --port) to another port (0 picks a free one)`
        : code === "EACCES"
          ? `cannot listen on ${where}: not permitted (ports below 1024 need privileges); set WORDCLIP_PORT (or --port) to a port from 1024`
          : code === "EADDRNOTAVAIL"
            ? `cannot listen on ${where}: not an address of this machine; ${LISTEN_ADVICE}`
            : code === "ENOTFOUND" || code === "EAI_AGAIN"
              ? `cannot listen on "${hostname ?? where}": not an IP address or a known host name; ${LISTEN_ADVICE}`
              : undefined;
    if (reason !== undefined) return { message: `${prefix} ${reason}`, code: EXIT.config };
  }
  if (typeof code === "string" && code.startsWith("SQLITE_")) {
    const file = sqliteFileOf(commandName, args);
    const what = file === undefined ? "an SQLite file it reads" : `the ${file.kind} ${file.path}`;
    const advice =
      file?.kind === "snapshot"
        ? 'rebuild it with "wordclip build", or put back a good copy'
        : "restore it from a backup (docs/access.md)";
    return {
      message: `${prefix} ${what} cannot be read (${(error as Error).message}): ${advice}`,
      code: EXIT.failed,
    };
  }
  return undefined;
}

const SNAPSHOT_COMMANDS = new Set(["serve", "inspect"]);

/**
 * The file an SQLite error of a command comes from: the snapshot the server or `inspect` reads (the
 * access store turns its own errors into sentences naming its file), else the embedded access store.
 */
function sqliteFileOf(
  commandName: string,
  args: ParsedArgs | undefined,
): { kind: "snapshot" | "access store"; path: string } | undefined {
  try {
    if (SNAPSHOT_COMMANDS.has(commandName)) {
      const option = args === undefined ? undefined : stringOption(args, "index");
      return { kind: "snapshot", path: option || loadConfig().indexPath };
    }
    if (commandName === "build") {
      // What a build reads as SQLite is the previous snapshot it carries clips over from.
      const from = args === undefined ? undefined : stringOption(args, "from");
      return from ? { kind: "snapshot", path: from } : undefined;
    }
    if (commandName.startsWith("access ")) return undefined;
    const config = loadConfig();
    return config.databaseUrl === undefined ? { kind: "access store", path: config.accessDbPath } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A reader that stops early (`wordclip inspect | head -8`) closes standard output: the program ends there,
 * quietly and successfully, as other command-line tools do. Standard error closing leaves nowhere to
 * report anything, so it is not reported.
 */
function endQuietlyWhenOutputCloses(): void {
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE" || error.code === "ERR_STREAM_DESTROYED") process.exit(EXIT.done);
    process.stderr.write(`wordclip: cannot write to standard output: ${error.message}\n`);
    process.exit(EXIT.failed);
  });
  process.stderr.on("error", () => undefined);
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
  endQuietlyWhenOutputCloses();
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
