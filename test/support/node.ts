/**
 * `wordclip serve` as a separate process, as an operator runs it: started with an environment and
 * arguments, ready when `/readyz` answers 200 (ready or degraded), stopped by SIGTERM, or killed with
 * SIGKILL to test what a crash leaves behind.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { BIN, cliEnv } from "./cli.js";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface NodeProcess {
  url: string;
  port: number;
  pid: number;
  /** What the process printed so far (the last 20 MB of each stream). */
  output(): { stdout: string; stderr: string };
  /** SIGTERM, then waits for the exit; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: no drain, no lease given back. */
  kill9(): Promise<void>;
}

export interface NodeOptions {
  env: Record<string, string>;
  args?: string[];
  /** Default: a free port. */
  port?: number;
  readyTimeoutMs?: number;
}

/** The last `maxChars` characters of a stream, kept as chunks (joined only when read). */
function tail(maxChars: number) {
  const chunks: string[] = [];
  let length = 0;
  return {
    add: (chunk: string): void => {
      chunks.push(chunk);
      length += chunk.length;
      while (length > maxChars && chunks.length > 1) length -= chunks.shift()?.length ?? 0;
    },
    text: (): string => chunks.join(""),
  };
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

export async function startNode(options: NodeOptions): Promise<NodeProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(
    process.execPath,
    [BIN, "serve", "--host", "127.0.0.1", "--port", String(port), ...(options.args ?? [])],
    {
      env: cliEnv({ WORDCLIP_LOG_LEVEL: "warn", ...options.env }),
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const stdout = tail(20_000_000);
  const stderr = tail(20_000_000);
  child.stdout?.setEncoding("utf8").on("data", stdout.add);
  child.stderr?.setEncoding("utf8").on("data", stderr.add);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `wordclip serve exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${stderr.text()}${stdout.text()}`,
      );
    }
    try {
      const response = await fetch(`${url}/readyz`);
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(
        `wordclip serve was not ready within the time given:\n${stderr.text()}${stdout.text()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    port,
    pid: child.pid as number,
    output: () => ({ stdout: stdout.text(), stderr: stderr.text() }),
    async stop() {
      const done = exited(child);
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      const code = await done;
      clearTimeout(timer);
      return code;
    },
    async kill9() {
      const done = exited(child);
      child.kill("SIGKILL");
      await done;
    },
  };
}

export interface Answer {
  status: number;
  /** The error code of an error answer, "" otherwise. */
  code: string;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: bodies of several endpoints' shapes, checked by the tests.
  body: any;
}

/** One GET with a key; a connection that fails (the node was killed) is status 0. */
export async function get(url: string, secret: string | undefined): Promise<Answer> {
  try {
    const response = await fetch(
      url,
      secret === undefined ? {} : { headers: { authorization: `Bearer ${secret}` } },
    );
    const text = await response.text();
    const body = text.startsWith("{") ? JSON.parse(text) : text;
    return { status: response.status, code: body?.error?.code ?? "", headers: response.headers, body };
  } catch (error) {
    return {
      status: 0,
      code: String((error as Error).cause ?? error),
      headers: new Headers(),
      body: undefined,
    };
  }
}

/** How many answers had each status (and error code): `{ "200": 500, "429 quota_exceeded": 500 }`. */
export function tally(answers: readonly Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const label =
      answer.code === "" || answer.status === 0 ? String(answer.status) : `${answer.status} ${answer.code}`;
    counts[label] = (counts[label] ?? 0) + 1;
  }
  return counts;
}
