import { execFile, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAccessStore } from "../src/access/factory.js";
import { createGate } from "../src/access/gate/gate.js";
import { createMemoryRateWindow } from "../src/access/window/memory.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BIN = path.join(ROOT, "dist/src/cli/main.js");

/** The sources the access commands run from; the build is redone when one is newer than its output. */
function sourcesOfAccessCommands(): string[] {
  const access = readdirSync(path.join(ROOT, "src/access"), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && isBuiltSource(f))
    .map((f) => `src/access/${f}`);
  const cli = ["main", "command", "plans", "accounts", "keys", "usage"].map((f) => `src/cli/${f}.ts`);
  return [...access, ...cli, "src/config.ts"];
}

/** What the build compiles: contract suites and fixtures are for tests only. */
function isBuiltSource(file: string): boolean {
  return !file.endsWith("contract.ts") && !file.endsWith(".fixture.ts");
}

function isBuilt(): boolean {
  return sourcesOfAccessCommands().every((source) => {
    const output = path.join(ROOT, "dist", source.replace(/\.ts$/, ".js"));
    return existsSync(output) && statSync(output).mtimeMs >= statSync(path.join(ROOT, source)).mtimeMs;
  });
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const folders: string[] = [];

function dataDir(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "wordclip-cli-access-"));
  folders.push(folder);
  // A folder that does not exist yet: the commands create it.
  return path.join(folder, "data");
}

function wordclip(dir: string, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...process.env, WORDCLIP_DATA_DIR: dir } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Runs a command that must succeed; a failure shows what the command printed. */
async function ok(dir: string, ...args: string[]): Promise<Run> {
  const run = await wordclip(dir, ...args);
  if (run.code !== 0)
    throw new Error(`wordclip ${args.join(" ")} exited ${run.code}:\n${run.stderr}${run.stdout}`);
  return run;
}

async function json<T>(dir: string, ...args: string[]): Promise<T> {
  return JSON.parse((await ok(dir, ...args, "--json")).stdout) as T;
}

async function accountWithKey(dir: string, plan = "trial") {
  const accountId = (await ok(dir, "accounts", "create", "--plan", plan)).stdout.trim();
  const secret = (
    await ok(dir, "keys", "create", "--account", accountId, "--name", "production")
  ).stdout.trim();
  const [key] = await json<{ id: string }[]>(dir, "keys", "list", "--account", accountId);
  if (!key) throw new Error(`no key listed for ${accountId}`);
  return { accountId, secret, keyId: key.id };
}

/** Admits one keyed request through the gate over the data folder's store, at `nowMs`. */
async function admitWith(dir: string, secret: string, nowMs = Date.now()) {
  const store = await openAccessStore({ accessDbPath: path.join(dir, "access.sqlite") });
  try {
    const gate = createGate({ store, window: createMemoryRateWindow(), now: () => nowMs });
    return await gate.admit({
      authorization: `Bearer ${secret}`,
      clientAddress: "127.0.0.1",
      endpoint: "keyed",
    });
  } finally {
    await store.close();
  }
}

beforeAll(() => {
  if (isBuilt()) return;
  // Type errors elsewhere in the tree do not stop tsc from writing the access commands' output.
  spawnSync(
    process.execPath,
    [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"],
    {
      cwd: ROOT,
      stdio: "ignore",
    },
  );
  if (!isBuilt()) throw new Error(`the build did not produce ${BIN}; run npm run build to see why`);
});

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe("wordclip plans", () => {
  it("lists the seeded plans, trial at 60 a minute and 20 a month, creating the data folder", async () => {
    const dir = dataDir();
    const table = (await ok(dir, "plans", "list")).stdout;
    expect(table).toMatch(/^PLAN\s+PER MINUTE\s+PER MONTH\s+DESCRIPTION$/m);
    expect(table).toMatch(/^trial\s+60\s+20\s+Self-serve, free$/m);
    const plans = await json<{ name: string; perMinute: number; perMonth: number }[]>(dir, "plans", "list");
    expect(plans.map((p) => p.name)).toEqual(["demo", "growth", "starter", "trial"]);
    expect(existsSync(path.join(dir, "access.sqlite"))).toBe(true);
  });

  it("defines a plan, then changes only the limit it is given", async () => {
    const dir = dataDir();
    await ok(dir, "plans", "set", "partner", "--per-minute", "600", "--per-month", "5000000");
    const changed = await json(dir, "plans", "set", "partner", "--per-month", "7000000");
    expect(changed).toEqual({ name: "partner", perMinute: 600, perMonth: 7_000_000, description: "" });
    expect((await ok(dir, "plans", "list")).stdout).toMatch(/^partner\s+600\s+7,000,000$/m);
  });

  it("exits 2 naming a bad limit, a bad name, or a new plan missing a limit", async () => {
    const dir = dataDir();
    const bad = await wordclip(dir, "plans", "set", "trial", "--per-month", "lots");
    expect(bad).toMatchObject({ code: 2, stdout: "" });
    expect(bad.stderr).toContain('--per-month must be an integer from 1 to 1000000000000, got "lots"');
    const name = await wordclip(dir, "plans", "set", "Gold Plan", "--per-minute", "1", "--per-month", "1");
    expect(name.code).toBe(2);
    expect(name.stderr).toContain('got "Gold Plan"');
    const half = await wordclip(dir, "plans", "set", "gold", "--per-minute", "5");
    expect(half.code).toBe(2);
    expect(half.stderr).toContain("needs both --per-minute and --per-month");
    expect((await json<unknown[]>(dir, "plans", "list")).length).toBe(4);
  });
});

describe("wordclip accounts", () => {
  it("creates an account and prints only its id; lists it; moves it to another plan", async () => {
    const dir = dataDir();
    const created = await ok(dir, "accounts", "create", "--plan", "trial", "--name", "Acme Lingo");
    const accountId = created.stdout.trim();
    expect(accountId).toMatch(/^acc_[0-9A-Za-z]{12}$/);
    expect(created.stderr).toContain(`created account ${accountId} on plan trial`);
    expect((await ok(dir, "accounts", "list")).stdout).toMatch(
      new RegExp(`^${accountId}\\s+trial\\s+\\S+\\s+Acme Lingo$`, "m"),
    );
    expect((await ok(dir, "accounts", "set-plan", accountId, "--plan", "growth")).stdout.trim()).toBe(
      `account ${accountId}: plan trial → growth`,
    );
    const accounts = await json<{ id: string; plan: string; name: string }[]>(dir, "accounts", "list");
    expect(accounts).toMatchObject([{ id: accountId, plan: "growth", name: "Acme Lingo" }]);
  });

  it("exits 1 for a plan or account that does not exist, and 2 without --plan", async () => {
    const dir = dataDir();
    const noPlan = await wordclip(dir, "accounts", "create", "--plan", "platinum");
    expect(noPlan).toMatchObject({ code: 1, stdout: "" });
    expect(noPlan.stderr).toContain('no plan named "platinum"');
    const noAccount = await wordclip(dir, "accounts", "set-plan", "acc_missing", "--plan", "trial");
    expect(noAccount.code).toBe(1);
    expect(noAccount.stderr).toContain('no account with id "acc_missing"');
    const missing = await wordclip(dir, "accounts", "create");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--plan is required");
    expect(missing.stderr).toContain("usage: wordclip accounts create");
  });
});

describe("wordclip keys", () => {
  it("prints a new key once with a note, and never lists it or writes it to the store", async () => {
    const dir = dataDir();
    const accountId = (await ok(dir, "accounts", "create", "--plan", "trial")).stdout.trim();
    const created = await ok(dir, "keys", "create", "--account", accountId, "--name", "staging");
    const secret = created.stdout.trim();
    expect(secret).toMatch(/^wc_[0-9A-Za-z]{32}$/);
    expect(created.stderr).toContain("cannot be shown again");
    const listed = await ok(dir, "keys", "list");
    expect(listed.stdout).toMatch(
      new RegExp(`^key_\\w{12}\\s+${secret.slice(0, 9)}…\\s+${accountId}\\s+staging\\s+\\S+\\s+active$`, "m"),
    );
    const listedJson = await ok(dir, "keys", "list", "--account", accountId, "--json");
    for (const output of [listed.stdout, listedJson.stdout]) expect(output).not.toContain(secret);
    expect(readFileSync(path.join(dir, "access.sqlite")).toString("latin1")).not.toContain(secret);
  });

  it("makes a key that the gate admits, and usage then reports the request", async () => {
    const dir = dataDir();
    const { accountId, secret, keyId } = await accountWithKey(dir);
    expect(await admitWith(dir, secret)).toMatchObject({ admitted: true, caller: { keyId, accountId } });
    const table = (await ok(dir, "usage", "--account", accountId)).stdout;
    expect(table).toMatch(/^plan\s+trial \(60 a minute per key, 20 a month\)$/m);
    expect(table).toMatch(/^used\s+1$/m);
    expect(table).toMatch(/^remaining\s+19 of 20$/m);
    const report = await json<{ quota: Record<string, unknown> }>(dir, "usage", "--account", accountId);
    expect(report.quota).toMatchObject({ limit: 20, used: 1, remaining: 19 });
    expect(report.quota.periodStart).toMatch(/^\d{4}-\d{2}-01T00:00:00\.000Z$/);
  });

  it("disables a key so that the gate refuses it; exits 1 for an unknown key and 2 without one", async () => {
    const dir = dataDir();
    const { secret, keyId } = await accountWithKey(dir);
    expect((await ok(dir, "keys", "disable", keyId)).stdout).toContain(
      `key ${keyId} (${secret.slice(0, 9)}…) disabled`,
    );
    expect(await admitWith(dir, secret)).toMatchObject({ admitted: false, code: "invalid_key" });
    expect((await json<{ status: string }[]>(dir, "keys", "list"))[0]?.status).toBe("disabled");
    const unknown = await wordclip(dir, "keys", "disable", "key_missing");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no key with id "key_missing"');
    expect((await wordclip(dir, "keys", "disable")).code).toBe(2);
  });

  it("rotates a key: a new key for the same account and name, the old one working until the grace ends", async () => {
    const dir = dataDir();
    const { accountId, secret, keyId } = await accountWithKey(dir);
    const before = Date.now();
    const rotated = await ok(dir, "keys", "rotate", keyId, "--grace", "30m");
    const newSecret = rotated.stdout.trim();
    expect(newSecret).toMatch(/^wc_[0-9A-Za-z]{32}$/);
    expect(rotated.stderr).toContain("keeps working for 30m");
    const keys = await json<
      { id: string; name: string; status: string; expiresAt: string | null; replacedBy: string | null }[]
    >(dir, "keys", "list", "--account", accountId);
    const [old, fresh] = keys;
    expect(old).toMatchObject({ id: keyId, name: "production", status: "rotating" });
    expect(fresh).toMatchObject({ id: old?.replacedBy, name: "production", status: "active" });
    const expiresAtMs = Date.parse(old?.expiresAt ?? "");
    expect(expiresAtMs - before).toBeGreaterThanOrEqual(30 * 60_000);
    expect(expiresAtMs - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    expect((await ok(dir, "keys", "list")).stdout).toContain("rotating until");
    expect((await admitWith(dir, secret, expiresAtMs - 1)).admitted).toBe(true);
    expect(await admitWith(dir, secret, expiresAtMs)).toMatchObject({ admitted: false, code: "invalid_key" });
    expect((await admitWith(dir, newSecret, expiresAtMs)).admitted).toBe(true);
  });

  it("rotates with a 24h grace by default, refuses a second rotation (1) and a bad grace (2)", async () => {
    const dir = dataDir();
    const { keyId } = await accountWithKey(dir);
    expect((await wordclip(dir, "keys", "rotate", keyId, "--grace", "3w")).code).toBe(2);
    const rotated = await json<{ previous: { expiresAt: string; replacedBy: string } }>(
      dir,
      "keys",
      "rotate",
      keyId,
    );
    const graceMs = Date.parse(rotated.previous.expiresAt) - Date.now();
    expect(graceMs).toBeGreaterThan(23.9 * 3_600_000);
    expect(graceMs).toBeLessThanOrEqual(24 * 3_600_000);
    const again = await wordclip(dir, "keys", "rotate", keyId);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`rotate ${rotated.previous.replacedBy} instead`);
  });

  it("exits 1 when keys list or keys create names an account that does not exist", async () => {
    const dir = dataDir();
    expect((await wordclip(dir, "keys", "list", "--account", "acc_missing")).code).toBe(1);
    const create = await wordclip(dir, "keys", "create", "--account", "acc_missing");
    expect(create).toMatchObject({ code: 1, stdout: "" });
  });
});

describe("wordclip usage and help", () => {
  it("exits 1 for an account that does not exist and 2 without --account", async () => {
    const dir = dataDir();
    expect((await wordclip(dir, "usage", "--account", "acc_missing")).code).toBe(1);
    expect((await wordclip(dir, "usage")).code).toBe(2);
  });

  it("prints each command's help and exits 0", async () => {
    const dir = dataDir();
    const help = await ok(dir, "keys", "rotate", "--help");
    expect(help.stdout).toContain("usage: wordclip keys rotate <KEY_ID> [options]");
    expect(help.stdout).toContain("--grace <DURATION>");
    expect(help.stdout).toContain("(default: 24h)");
    expect((await ok(dir, "usage", "--help")).stdout).toContain("--account <ID>");
  });
});
