/**
 * `wordclip access copy`: copies an access store into another, typically the embedded SQLite file into
 * PostgreSQL when a deployment grows past one node. Plans, accounts and keys (their hashes: every key
 * keeps working) and the current month's usage; idempotent, so it can be run again before the switch.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { isAccessError } from "../access/errors.js";
import { type AccessConfig, openAccessStore } from "../access/factory.js";
import { periodAt } from "../access/gate/period.js";
import type { AccessStore } from "../access/store/interface.js";
import { describePostgresUrl } from "../access/store/postgres-pool.js";
import { loadConfig } from "../config.js";
import { count, JSON_OPTION, noPositionals, printJson } from "./access-support.js";
import { type Command, flag, requiredOption, stringOption, UsageError } from "./command.js";

const POSTGRES_URL = /^postgres(ql)?:\/\//;

/** A store named on the command line: a postgresql:// URL, or the path of a SQLite access store file. */
interface StoreRef {
  config: AccessConfig;
  /** For messages, without a password. */
  shown: string;
}

function storeRef(value: string, redis: Pick<AccessConfig, "redisUrl" | "redisPrefix">): StoreRef {
  if (POSTGRES_URL.test(value)) {
    return { config: { accessDbPath: "", databaseUrl: value, ...redis }, shown: describePostgresUrl(value) };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    throw new UsageError(
      `expected a postgresql:// URL or the path of a SQLite file, got "${value.split("@").pop()}"`,
    );
  }
  const file = path.resolve(value);
  return { config: { accessDbPath: file }, shown: file };
}

const copy: Command = {
  name: "access copy",
  summary: "copy plans, accounts, keys and this month's usage into another access store",
  options: {
    to: {
      type: "string",
      valueName: "URL|FILE",
      description: "the store to copy into: a postgresql:// URL, or the path of a SQLite file",
    },
    from: {
      type: "string",
      valueName: "URL|FILE",
      description: "the store to copy from (default: <WORDCLIP_DATA_DIR>/access.sqlite)",
    },
    ...JSON_OPTION,
  },
  details: [
    "Keys are copied by the SHA-256 of their secret, so every key keeps working; disabled and rotated keys",
    "keep their state. The current month's usage (UTC) is copied too; a count already higher in the target",
    "is kept, so running the command again copies nothing twice. Plans and accounts take the source's values.",
    "The target's schema is created or upgraded first. Stop the servers of the source (or accept that",
    "requests served between the copy and the switch are counted only in the source).",
    "",
    "example: wordclip access copy --to postgresql://wordclip@db:5432/wordclip",
  ].join("\n"),
  async run(args, io) {
    noPositionals(args);
    const config = loadConfig();
    const to = storeRef(requiredOption(args, "to"), {
      redisUrl: config.redisUrl,
      redisPrefix: config.redisPrefix,
    });
    const fromValue = stringOption(args, "from");
    const from: StoreRef =
      fromValue === undefined
        ? { config: { accessDbPath: config.accessDbPath }, shown: config.accessDbPath }
        : storeRef(fromValue, {});
    if (from.config.databaseUrl === undefined && !existsSync(from.config.accessDbPath)) {
      io.err(`wordclip access copy: there is no access store at ${from.config.accessDbPath}`);
      return 1;
    }
    if (from.shown === to.shown) throw new UsageError(`--from and --to are the same store: ${to.shown}`);
    const period = periodAt(Date.now()).id;
    let source: AccessStore | undefined;
    let target: AccessStore | undefined;
    try {
      source = await openAccessStore(from.config);
      target = await openAccessStore(to.config);
      const records = await source.exportRecords([period]);
      await target.importRecords(records);
      const summary = {
        from: from.shown,
        to: to.shown,
        period,
        plans: records.plans.length,
        accounts: records.accounts.length,
        keys: records.keys.length,
        usage: records.usage.length,
      };
      if (flag(args, "json")) printJson(io, summary);
      else {
        io.out(
          `copied ${count(summary.plans)} plans, ${count(summary.accounts)} accounts, ${count(summary.keys)} keys ` +
            `and the ${period} usage of ${count(summary.usage)} accounts from ${from.shown} to ${to.shown}`,
        );
      }
      return 0;
    } catch (error) {
      if (!isAccessError(error)) throw error;
      io.err(`wordclip access copy: ${error.message}`);
      return 1;
    } finally {
      await source?.close();
      await target?.close();
    }
  },
};

export const commands: Command[] = [copy];
