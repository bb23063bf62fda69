/** `wordclip keys`: create API keys, list them (never the secret), disable and rotate them. */

import { formatDurationMs, parseDurationMs } from "../access/store/duration.js";
import { type CreatedKey, type KeyRecord, keyStatus } from "../access/store/interface.js";
import {
  isoTime,
  JSON_OPTION,
  noPositionals,
  onePositional,
  printJson,
  shortTime,
  table,
  withAccessStore,
} from "./access-support.js";
import { type Command, flag, requiredOption, stringOption, UsageError } from "./command.js";

const DEFAULT_GRACE = "24h";

const NOT_SHOWN_AGAIN = "This is the only time the key is shown: store it now, it cannot be shown again.";

function keyJson(key: KeyRecord, nowMs: number) {
  return {
    id: key.id,
    accountId: key.accountId,
    prefix: key.prefix,
    name: key.name,
    status: keyStatus(key, nowMs),
    createdAt: isoTime(key.createdAtMs),
    disabledAt: isoTime(key.disabledAtMs),
    expiresAt: isoTime(key.expiresAtMs),
    replacedBy: key.replacedBy ?? null,
  };
}

function createdJson({ key, secret }: CreatedKey) {
  return { key: secret, id: key.id, accountId: key.accountId, prefix: key.prefix, name: key.name };
}

/** `rotating` also says until when, so an operator sees how long the old key has left. */
function statusText(key: KeyRecord, nowMs: number): string {
  const status = keyStatus(key, nowMs);
  return status === "rotating" && key.expiresAtMs !== undefined
    ? `rotating until ${shortTime(key.expiresAtMs)}`
    : status;
}

const create: Command = {
  name: "keys create",
  summary: "create an API key for an account and print it, once",
  options: {
    account: { type: "string", valueName: "ID", description: "the account the key draws on" },
    name: {
      type: "string",
      valueName: "ENV",
      description: "what the key is for, such as production or staging",
      default: "default",
    },
    ...JSON_OPTION,
  },
  details: [
    "Prints only the key on standard output (the note goes to standard error), so a script can keep it:",
    "  KEY=$(wordclip keys create --account acc_… --name staging)",
    "The key is stored as a hash: it cannot be shown again. Every key of an account shares its quota.",
  ].join("\n"),
  async run(args, io) {
    noPositionals(args);
    const accountId = requiredOption(args, "account");
    const name = stringOption(args, "name") ?? "default";
    return withAccessStore(io, "keys create", async (store) => {
      const created = await store.createKey({ accountId, name });
      if (flag(args, "json")) printJson(io, { ...createdJson(created), note: NOT_SHOWN_AGAIN });
      else {
        io.out(created.secret);
        io.err(
          `created key ${created.key.id} ("${created.key.name}") for account ${accountId}. ${NOT_SHOWN_AGAIN}`,
        );
      }
      return 0;
    });
  },
};

const list: Command = {
  name: "keys list",
  summary: "list keys: id, prefix, name and status, never the key itself",
  options: {
    account: { type: "string", valueName: "ID", description: "only this account's keys" },
    ...JSON_OPTION,
  },
  async run(args, io) {
    noPositionals(args);
    const accountId = stringOption(args, "account");
    return withAccessStore(io, "keys list", async (store) => {
      if (accountId !== undefined && !(await store.findAccount(accountId))) {
        io.err(`wordclip keys list: no account with id "${accountId}"`);
        return 1;
      }
      const keys = await store.listKeys(accountId === undefined ? {} : { accountId });
      const nowMs = Date.now();
      if (flag(args, "json"))
        printJson(
          io,
          keys.map((k) => keyJson(k, nowMs)),
        );
      else if (keys.length === 0) io.err("no keys yet; create one with: wordclip keys create --account <ID>");
      else {
        io.out(
          table(
            ["KEY", "PREFIX", "ACCOUNT", "NAME", "CREATED", "STATUS"],
            keys.map((k) => [
              k.id,
              `${k.prefix}…`,
              k.accountId,
              k.name,
              shortTime(k.createdAtMs),
              statusText(k, nowMs),
            ]),
          ),
        );
      }
      return 0;
    });
  },
};

const disable: Command = {
  name: "keys disable",
  summary: "refuse a key from now on",
  positionals: ["KEY_ID"],
  options: { ...JSON_OPTION },
  details: "Running servers refuse the key within 2 seconds. There is no undo: create a new key instead.",
  async run(args, io) {
    const keyId = onePositional(args, "KEY_ID");
    return withAccessStore(io, "keys disable", async (store) => {
      const key = await store.disableKey(keyId);
      if (flag(args, "json")) printJson(io, keyJson(key, Date.now()));
      else
        io.out(`key ${key.id} (${key.prefix}…) disabled since ${shortTime(key.disabledAtMs ?? Date.now())}`);
      return 0;
    });
  },
};

const rotate: Command = {
  name: "keys rotate",
  summary: "replace a key: a new key now, the old one refused after a grace period",
  positionals: ["KEY_ID"],
  options: {
    grace: {
      type: "string",
      valueName: "DURATION",
      description: "how long the old key keeps working: 30m, 24h, 7d, or 0m for not at all",
      default: DEFAULT_GRACE,
    },
    ...JSON_OPTION,
  },
  details: [
    "The new key has the same account and name. Deploy it, then let the grace period run out;",
    "to cut the old key off early, disable it. Prints only the new key on standard output.",
  ].join("\n"),
  async run(args, io) {
    const keyId = onePositional(args, "KEY_ID");
    const graceText = stringOption(args, "grace") ?? DEFAULT_GRACE;
    let graceMs: number;
    try {
      graceMs = parseDurationMs(graceText);
    } catch (error) {
      throw new UsageError(`--grace: ${(error as Error).message}`);
    }
    return withAccessStore(io, "keys rotate", async (store) => {
      const { created, previous } = await store.rotateKey(keyId, graceMs);
      const until = shortTime(previous.expiresAtMs ?? Date.now());
      if (flag(args, "json")) {
        printJson(io, {
          ...createdJson(created),
          note: NOT_SHOWN_AGAIN,
          previous: keyJson(previous, Date.now()),
        });
      } else {
        io.out(created.secret);
        io.err(
          `created key ${created.key.id} to replace ${previous.id}, which keeps working for ${formatDurationMs(graceMs)} (until ${until}). ${NOT_SHOWN_AGAIN}`,
        );
      }
      return 0;
    });
  },
};

export const commands: Command[] = [create, list, disable, rotate];
