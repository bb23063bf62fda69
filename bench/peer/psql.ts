/**
 * PostgreSQL through the `psql` client (no driver is installed): the local database on 127.0.0.1,
 * database `test`, trust authentication. A script goes in on standard input; rows come back
 * tab-separated, unaligned, without headers.
 */
import { spawnSync } from "node:child_process";

export const PSQL_ARGS = [
  "-h",
  "127.0.0.1",
  "-d",
  "test",
  "-X",
  "-q",
  "-A",
  "-t",
  "-F",
  "\t",
  "-v",
  "ON_ERROR_STOP=1",
];

export interface PsqlResult {
  ok: boolean;
  stdout: string;
  /** Why it failed: psql's error output, or why psql could not run. */
  problem: string;
}

export function runPsql(script: string, timeoutMs = 600_000): PsqlResult {
  const run = spawnSync("psql", PSQL_ARGS, {
    input: script,
    encoding: "utf8",
    timeout: timeoutMs,
    maxBuffer: 256 * 2 ** 20,
  });
  if (run.error) return { ok: false, stdout: "", problem: run.error.message };
  if (run.status !== 0)
    return { ok: false, stdout: run.stdout, problem: run.stderr.trim() || `psql exited ${run.status}` };
  return { ok: true, stdout: run.stdout, problem: "" };
}

/** Undefined when the database answers; otherwise why not. */
export function psqlProblem(): string | undefined {
  const result = runPsql("SELECT 1;", 10_000);
  return result.ok ? undefined : result.problem;
}
