/** `wordclip accounts`: create accounts, list them and move them between plans. */

import type { Account } from "../access/store/interface.js";
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
import { type Command, flag, requiredOption, stringOption } from "./command.js";

function accountJson(account: Account) {
  return { id: account.id, name: account.name, plan: account.plan, createdAt: isoTime(account.createdAtMs) };
}

const create: Command = {
  name: "accounts create",
  summary: "create an account on a plan and print its id",
  options: {
    plan: { type: "string", valueName: "NAME", description: "the account's plan (see: wordclip plans list)" },
    name: { type: "string", valueName: "TEXT", description: "a label, such as the customer's name" },
    ...JSON_OPTION,
  },
  details: [
    "Prints only the new account id, so a script can keep it:",
    '  ACCOUNT=$(wordclip accounts create --plan trial --name "Acme Lingo")',
    "  wordclip keys create --account $ACCOUNT --name production",
  ].join("\n"),
  async run(args, io) {
    noPositionals(args);
    const plan = requiredOption(args, "plan");
    const name = stringOption(args, "name");
    return withAccessStore(io, "accounts create", async (store) => {
      const account = await store.createAccount({ plan, ...(name === undefined ? {} : { name }) });
      if (flag(args, "json")) printJson(io, accountJson(account));
      else {
        io.out(account.id);
        io.err(`created account ${account.id} on plan ${account.plan}`);
      }
      return 0;
    });
  },
};

const list: Command = {
  name: "accounts list",
  summary: "list the accounts, oldest first",
  options: { ...JSON_OPTION },
  async run(args, io) {
    noPositionals(args);
    return withAccessStore(io, "accounts list", async (store) => {
      const accounts = await store.listAccounts();
      if (flag(args, "json")) printJson(io, accounts.map(accountJson));
      else if (accounts.length === 0)
        io.err("no accounts yet; create one with: wordclip accounts create --plan trial");
      else {
        io.out(
          table(
            ["ACCOUNT", "PLAN", "CREATED", "NAME"],
            accounts.map((a) => [a.id, a.plan, shortTime(a.createdAtMs), a.name]),
          ),
        );
      }
      return 0;
    });
  },
};

const setPlan: Command = {
  name: "accounts set-plan",
  summary: "move an account to another plan",
  positionals: ["ACCOUNT_ID"],
  options: {
    plan: { type: "string", valueName: "NAME", description: "the new plan" },
    ...JSON_OPTION,
  },
  details: [
    "Takes effect on running servers within 2 seconds. The month's usage is kept: on a plan with a",
    "higher monthly limit, an account whose quota was spent is admitted again at once.",
  ].join("\n"),
  async run(args, io) {
    const accountId = onePositional(args, "ACCOUNT_ID");
    const plan = requiredOption(args, "plan");
    return withAccessStore(io, "accounts set-plan", async (store) => {
      const before = await store.findAccount(accountId);
      const account = await store.setAccountPlan(accountId, plan);
      if (flag(args, "json")) printJson(io, accountJson(account));
      else io.out(`account ${account.id}: plan ${before?.plan ?? "?"} → ${account.plan}`);
      return 0;
    });
  },
};

export const commands: Command[] = [create, list, setPlan];
