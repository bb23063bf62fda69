/**
 * What the `plans`, `accounts`, `keys` and `usage` commands share: the store of the configured data
 * folder, access errors turned into exit codes, and the readable tables they print.
 */

import { isAccessError } from "../access/errors.js";
import { openAccessStore } from "../access/factory.js";
import type { AccessLog } from "../access/log.js";
import type { AccessStore } from "../access/store/interface.js";
import { loadConfig } from "../config.js";
import { type CommandIo, type ParsedArgs, UsageError } from "./command.js";

/** The option every access command has. */
export const JSON_OPTION = {
  json: { type: "boolean", description: "print JSON for scripts" },
} as const;

/**
 * Runs `body` on the access store of `WORDCLIP_DATA_DIR`. A bad value is a usage error (exit 2, with the
 * command's help); a missing account, key or plan, or a change the record's state forbids, exits 1.
 */
export async function withAccessStore(
  io: CommandIo,
  commandName: string,
  body: (store: AccessStore) => Promise<number>,
): Promise<number> {
  const store = await openAccessStore(loadConfig(), { log: commandLog(io) });
  try {
    return await body(store);
  } catch (error) {
    if (isAccessError(error, "invalid_request")) throw new UsageError(error.message);
    if (isAccessError(error)) {
      io.err(`wordclip ${commandName}: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await store.close();
  }
}

/** Warnings of the access layer (a change notice that could not be sent) as lines on standard error. */
function commandLog(io: CommandIo): AccessLog {
  return { warn: (_details, message) => io.err(`wordclip: ${message}`), info: () => undefined };
}

/** The single positional argument a command takes, such as a key id. */
export function onePositional(args: ParsedArgs, name: string): string {
  const [value, ...extra] = args.positionals;
  if (value === undefined || value === "") throw new UsageError(`<${name}> is required`);
  if (extra.length > 0) throw new UsageError(`expected one <${name}>, got also "${extra.join(" ")}"`);
  return value;
}

export function noPositionals(args: ParsedArgs): void {
  if (args.positionals.length > 0) {
    throw new UsageError(`unexpected argument "${args.positionals.join(" ")}"`);
  }
}

/** ISO 8601 to the second: what tables show. JSON keeps the milliseconds. */
export function shortTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

export function isoTime(ms: number | undefined): string | null {
  return ms === undefined ? null : new Date(ms).toISOString();
}

/** Numbers with thousands separators, so `1000000` reads as `1,000,000`. */
export function count(n: number): string {
  return n.toLocaleString("en-US");
}

/** Columns padded to their widest cell; numbers are right-aligned when `alignRight` names their column. */
export function table(
  headers: string[],
  rows: string[][],
  alignRight: ReadonlySet<number> = new Set(),
): string {
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...rows.map((row) => (row[i] ?? "").length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (alignRight.has(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  return [line(headers), ...rows.map(line)].join("\n");
}

export function printJson(io: CommandIo, value: unknown): void {
  io.out(JSON.stringify(value, null, 2));
}
