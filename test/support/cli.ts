/** The built `wordclip` command run as a child process, for tests of commands and multi-process servers. */
import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** `npm test` builds before it tests; a test run on its own needs `npm run build` first. */
export const BIN = path.join(ROOT, "dist/src/cli/main.js");

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The environment without any `WORDCLIP_*` variable of the test process, plus `env`. */
export function cliEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith("WORDCLIP_")),
  );
  return { ...inherited, ...env };
}

export function runCli(env: Record<string, string>, ...args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { env: cliEnv(env) }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** Runs a command that must succeed; a failure shows what the command printed. */
export async function okCli(env: Record<string, string>, ...args: string[]): Promise<CliRun> {
  const run = await runCli(env, ...args);
  if (run.code !== 0)
    throw new Error(`wordclip ${args.join(" ")} exited ${run.code}:\n${run.stderr}${run.stdout}`);
  return run;
}
