/** The shape of a `wordclip` subcommand, and the argument parsing every subcommand shares. */
import { type ParseArgsConfig, parseArgs } from "node:util";

export type OptionSpec = NonNullable<ParseArgsConfig["options"]>[string] & {
  description: string;
  valueName?: string;
};

export interface Command {
  /** `build`, `serve`, or a two-word name such as `keys create`. */
  name: string;
  summary: string;
  /** Extra lines of help shown under the options (examples, notes). */
  details?: string;
  options: Record<string, OptionSpec>;
  /** Names of positional arguments, for the usage line. */
  positionals?: string[];
  run(args: ParsedArgs, io: CommandIo): Promise<number>;
}

export interface ParsedArgs {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

export interface CommandIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** True when standard error is a terminal (progress bars are drawn only then). */
  isTty: boolean;
}

/** A mistake in how a command was called: printed with the command's usage, exit code 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

export function parseCommandArgs(command: Command, argv: string[]): ParsedArgs {
  const options: NonNullable<ParseArgsConfig["options"]> = {};
  for (const [name, spec] of Object.entries(command.options)) {
    const { description: _d, valueName: _v, ...rest } = spec;
    options[name] = rest;
  }
  try {
    const parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    return { values: parsed.values as ParsedArgs["values"], positionals: parsed.positionals };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export function helpText(command: Command): string {
  const lines = [`wordclip ${command.name}: ${command.summary}`, ""];
  const positionals = (command.positionals ?? []).map((p) => ` <${p}>`).join("");
  lines.push(`usage: wordclip ${command.name}${positionals} [options]`, "", "options:");
  const rows = Object.entries(command.options).map(([name, spec]) => {
    const short = spec.short ? `-${spec.short}, ` : "    ";
    const value = spec.type === "string" ? ` <${spec.valueName ?? "value"}>` : "";
    const fallback =
      spec.default !== undefined && spec.type === "string" ? ` (default: ${spec.default})` : "";
    return [`  ${short}--${name}${value}`, `${spec.description}${fallback}`] as const;
  });
  rows.push(["      --help", "show this help"]);
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  for (const [left, right] of rows) lines.push(left.padEnd(width) + right);
  if (command.details) lines.push("", command.details);
  return lines.join("\n");
}

export function stringOption(args: ParsedArgs, name: string): string | undefined {
  const value = args.values[name];
  return typeof value === "string" ? value : undefined;
}

export function requiredOption(args: ParsedArgs, name: string): string {
  const value = stringOption(args, name);
  if (value === undefined || value === "") throw new UsageError(`--${name} is required`);
  return value;
}

export function integerOption(args: ParsedArgs, name: string, min: number, max: number): number | undefined {
  const raw = stringOption(args, name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^-?\d+$/.test(raw) || value < min || value > max) {
    throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

export function flag(args: ParsedArgs, name: string): boolean {
  return args.values[name] === true;
}
