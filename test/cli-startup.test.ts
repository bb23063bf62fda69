/**
 * Start-ups that cannot succeed, as an operator meets them: a damaged snapshot, a damaged, truncated or
 * newer access store, an address or a port that cannot be used. Each ends with one line on standard error
 * naming what is wrong and what to do, no stack trace, and the documented exit code.
 */
import { execFile } from "node:child_process";
import {
  closeSync,
  copyFileSync,
  mkdirSync,
  openSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { createServer, type Server } from "node:net";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccessError } from "../src/access/errors.js";
import { describeFailure, EXIT } from "../src/cli/main.js";
import { ConfigError } from "../src/config.js";
import { BIN, type CliRun, cliEnv } from "./support/cli.js";
import { ensureCliBuilt } from "./support/cli-build.js";
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from "./support/postgres.js";
import { buildTestSnapshot, processScratchDir, type TestSnapshot } from "./support/snapshot.js";

const serverUrl = testDatabaseUrl("the start-up tests on PostgreSQL");

let snapshot: TestSnapshot;
let count = 0;

beforeAll(async () => {
  ensureCliBuilt();
  snapshot = await buildTestSnapshot(path.join(processScratchDir(), "startup"), { generatedClips: 0 });
}, 120_000);

/** A new data folder holding a copy of the test snapshot. */
function dataDir(): string {
  const dir = path.join(processScratchDir(), `data-${++count}`);
  mkdirSync(dir, { recursive: true });
  copyFileSync(snapshot.path, path.join(dir, "index.sqlite"));
  return dir;
}

/** `wordclip` with a time limit: a start-up that should fail but serves instead ends the test, not hangs it. */
function wordclip(env: Record<string, string>, ...args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: cliEnv(env), timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** One line, no stack trace. */
function oneLine(run: CliRun): string {
  const lines = run.stderr.trimEnd().split("\n");
  expect(lines, run.stderr).toHaveLength(1);
  expect(run.stderr).not.toMatch(/^\s+at /m);
  return lines[0] as string;
}

function overwrite(file: string, offset: number, bytes: Buffer): void {
  const fd = openSync(file, "r+");
  try {
    writeSync(fd, bytes, 0, bytes.length, offset);
  } finally {
    closeSync(fd);
  }
}

describe("a damaged snapshot", () => {
  it("stops serve with exit 1 and one line naming the file and how to rebuild it", async () => {
    const dir = dataDir();
    const file = path.join(dir, "index.sqlite");
    // The 100-byte header stays valid; what follows is garbage.
    overwrite(file, 100, Buffer.alloc(200_000, 0xab));
    const run = await wordclip({ WORDCLIP_DATA_DIR: dir }, "serve", "--port", "0");
    expect(run.code, run.stderr).toBe(EXIT.failed);
    const line = oneLine(run);
    // serve verifies the file's checksum before SQLite reads it.
    expect(line).toContain(`${file} is damaged or incomplete`);
    expect(line).toContain('"wordclip build"');
  });

  it("stops inspect the same way", async () => {
    const dir = dataDir();
    const file = path.join(dir, "index.sqlite");
    overwrite(file, 100, Buffer.alloc(200_000, 0xab));
    const run = await wordclip({}, "inspect", "--index", file);
    expect(run.code, run.stderr).toBe(EXIT.failed);
    expect(oneLine(run)).toContain(`wordclip inspect: the snapshot ${file} cannot be read`);
  });
});

describe("a damaged or newer access store", () => {
  it("refuses a file of garbage, naming it and what to do, for serve and for the commands", async () => {
    const dir = dataDir();
    const store = path.join(dir, "access.sqlite");
    writeFileSync(store, Buffer.alloc(8192, 0x5a));
    for (const args of [
      ["serve", "--port", "0"],
      ["keys", "list"],
    ]) {
      const run = await wordclip({ WORDCLIP_DATA_DIR: dir }, ...args);
      expect(run.code, run.stderr).toBe(EXIT.failed);
      const line = oneLine(run);
      expect(line).toContain(`the access store ${store} is not an SQLite database`);
      expect(line).toContain("restore it from a backup");
    }
  });

  it("refuses a truncated store, naming it", async () => {
    const dir = dataDir();
    const store = path.join(dir, "access.sqlite");
    const created = await wordclip({ WORDCLIP_DATA_DIR: dir }, "accounts", "create", "--plan", "trial");
    expect(created.code, created.stderr).toBe(0);
    // Closing the last connection folds the WAL into the file: what is left is the file alone.
    truncateSync(store, 6000);
    const run = await wordclip({ WORDCLIP_DATA_DIR: dir }, "serve", "--port", "0");
    expect(run.code, run.stderr).toBe(EXIT.failed);
    expect(oneLine(run)).toContain(`the access store ${store} is damaged`);
  });

  it("refuses a store written by a newer wordclip, naming both versions and what to do", async () => {
    const dir = dataDir();
    const store = path.join(dir, "access.sqlite");
    expect((await wordclip({ WORDCLIP_DATA_DIR: dir }, "plans", "list")).code).toBe(0);
    const db = new Database(store);
    db.pragma("user_version = 99");
    db.close();
    for (const args of [
      ["serve", "--port", "0"],
      ["plans", "list"],
    ]) {
      const run = await wordclip({ WORDCLIP_DATA_DIR: dir }, ...args);
      expect(run.code, run.stderr).toBe(EXIT.failed);
      const line = oneLine(run);
      expect(line).toContain(`${store} is an access store of schema version 99, written by a newer wordclip`);
      expect(line).toContain("run the newer wordclip");
    }
  });
});

describe("a data folder that cannot be created", () => {
  it("names the folder and the variable", async () => {
    const file = path.join(dataDir(), "index.sqlite");
    const run = await wordclip({ WORDCLIP_DATA_DIR: file }, "keys", "list");
    expect(run.code, run.stderr).toBe(EXIT.failed);
    const line = oneLine(run);
    expect(line).toContain(`the folder of the access store ${file} cannot be created`);
    expect(line).toContain("WORDCLIP_DATA_DIR");
  });
});

describe.skipIf(serverUrl === undefined)("a PostgreSQL access store that cannot be used", () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase(serverUrl as string);
  });
  afterAll(() => db.drop());

  it("names a database that does not exist and the variable to fix", async () => {
    const url = new URL(db.url);
    url.pathname = "/wordclip_no_such_database";
    for (const args of [
      ["serve", "--port", "0"],
      ["plans", "list"],
    ]) {
      const run = await wordclip(
        { WORDCLIP_DATA_DIR: dataDir(), WORDCLIP_DATABASE_URL: url.toString() },
        ...args,
      );
      expect(run.code, run.stderr).toBe(EXIT.failed);
      const line = oneLine(run);
      expect(line).toContain('database "wordclip_no_such_database" does not exist');
      expect(line).toContain("WORDCLIP_DATABASE_URL");
    }
  });

  it("refuses a store migrated by a newer wordclip, saying what to do", async () => {
    const env = { WORDCLIP_DATA_DIR: dataDir(), WORDCLIP_DATABASE_URL: db.url };
    expect((await wordclip(env, "migrate")).code).toBe(0);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await client.query("INSERT INTO wordclip_schema (version, description) VALUES (99, 'from the future')");
    } finally {
      await client.end();
    }
    const run = await wordclip(env, "serve", "--port", "0");
    expect(run.code, run.stderr).toBe(EXIT.failed);
    const line = oneLine(run);
    expect(line).toContain("holds an access store of schema version 99, written by a newer wordclip");
    expect(line).toContain("run the newer wordclip");
  });
});

describe("an address or a port that cannot be used", () => {
  let busy: Server;
  let busyPort: number;

  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
    busyPort = (busy.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

  it("exits 78 naming a host that is not an address", async () => {
    const run = await wordclip(
      { WORDCLIP_DATA_DIR: dataDir(), WORDCLIP_HOST: "999.1.1.1" },
      "serve",
      "--port",
      "0",
    );
    expect(run.code, run.stderr).toBe(EXIT.config);
    const line = oneLine(run);
    expect(line).toContain('"999.1.1.1"');
    expect(line).toContain("WORDCLIP_HOST");
  });

  it("exits 78 naming an address that is not this machine's", async () => {
    // 192.0.2.1 is reserved for documentation: no machine has it.
    const run = await wordclip(
      { WORDCLIP_DATA_DIR: dataDir(), WORDCLIP_HOST: "192.0.2.1" },
      "serve",
      "--port",
      "0",
    );
    expect(run.code, run.stderr).toBe(EXIT.config);
    const line = oneLine(run);
    expect(line).toContain("192.0.2.1");
    expect(line).toContain("not an address of this machine");
  });

  it("exits 78 naming a block cache of no memory and what is allowed", async () => {
    const run = await wordclip({ WORDCLIP_DATA_DIR: dataDir(), WORDCLIP_BLOCK_CACHE_MB: "0" }, "serve");
    expect(run.code, run.stderr).toBe(EXIT.config);
    expect(oneLine(run)).toBe(
      'wordclip: configuration error: WORDCLIP_BLOCK_CACHE_MB="0" is not valid: must be a whole number of megabytes from 1 to 65536 for the posting blocks each open snapshot keeps in memory',
    );
  });

  it("exits 78 naming a port in use and how to choose another", async () => {
    const run = await wordclip({ WORDCLIP_DATA_DIR: dataDir(), WORDCLIP_PORT: String(busyPort) }, "serve");
    expect(run.code, run.stderr).toBe(EXIT.config);
    const line = oneLine(run);
    expect(line).toContain(`127.0.0.1:${busyPort}`);
    expect(line).toContain("already in use");
    expect(line).toContain("WORDCLIP_PORT");
  });
});

describe("describeFailure", () => {
  const errno = (fields: Record<string, unknown>): Error => Object.assign(new Error("boom"), fields);

  it("maps settings to 78, files and stores to 1, and leaves faults of the program alone", () => {
    expect(describeFailure(new ConfigError("WORDCLIP_PORT=x"), "serve")).toEqual({
      message: "wordclip: configuration error: WORDCLIP_PORT=x",
      code: 78,
    });
    expect(describeFailure(new AccessError("store_unusable", "the store is damaged"), "keys list")).toEqual({
      message: "wordclip keys list: the store is damaged",
      code: 1,
    });
    const inUse = describeFailure(
      errno({ code: "EADDRINUSE", syscall: "listen", address: "::", port: 8080 }),
      "serve",
    );
    expect(inUse?.code).toBe(78);
    expect(inUse?.message).toMatch(/^wordclip serve: cannot listen on :::8080: the port is already in use/);
    const notFound = describeFailure(
      errno({ code: "ENOTFOUND", syscall: "getaddrinfo", hostname: "nowhere.invalid" }),
      "serve",
    );
    expect(notFound?.code).toBe(78);
    expect(notFound?.message).toContain('"nowhere.invalid"');
    const damaged = describeFailure(errno({ code: "SQLITE_CORRUPT" }), "inspect", {
      values: { index: "/data/other.sqlite" },
      positionals: [],
    });
    expect(damaged).toEqual({
      message:
        'wordclip inspect: the snapshot /data/other.sqlite cannot be read (boom): rebuild it with "wordclip build", or put back a good copy',
      code: 1,
    });
    expect(describeFailure(new TypeError("x is undefined"), "serve")).toBeUndefined();
    expect(describeFailure(errno({ code: "ENOENT", syscall: "open" }), "serve")).toBeUndefined();
  });
});
