/** `wordclip usage`: an account's plan and quota for the current calendar month. */

import { readAccountUsage } from "../access/gate/usage.js";
import { count, JSON_OPTION, noPositionals, printJson, withAccessStore } from "./access-support.js";
import { type Command, flag, requiredOption } from "./command.js";

const usage: Command = {
  name: "usage",
  summary: "show an account's plan, used and remaining requests for the current period",
  options: {
    account: { type: "string", valueName: "ID", description: "the account" },
    ...JSON_OPTION,
  },
  details: [
    "The period is the calendar month in UTC; the quota is shared by all the account's keys.",
    "The minute window lives in each server's memory (or in Redis) and is reported by GET /v1/usage, not here.",
  ].join("\n"),
  async run(args, io) {
    noPositionals(args);
    const accountId = requiredOption(args, "account");
    return withAccessStore(io, "usage", async (store) => {
      const report = await readAccountUsage(store, accountId, Date.now());
      if (flag(args, "json")) {
        printJson(io, report);
        return 0;
      }
      const { plan, quota } = report;
      const rows = [
        ["account", accountId],
        ["plan", `${plan.name} (${count(plan.perMinute)} a minute per key, ${count(plan.perMonth)} a month)`],
        ["period", `${quota.periodStart} to ${quota.periodEnd} (UTC)`],
        ["used", count(quota.used)],
        ["remaining", `${count(quota.remaining)} of ${count(quota.limit)}`],
      ];
      for (const [label, value] of rows) io.out(`${(label ?? "").padEnd(10)} ${value}`);
      return 0;
    });
  },
};

export const commands: Command[] = [usage];
