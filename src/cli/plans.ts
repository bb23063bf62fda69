/** `wordclip plans`: list the plans and define or change one (requests a minute and a month). */

import { MAX_PER_MINUTE, MAX_PER_MONTH, type Plan, type PlanChange } from "../access/store/plans.js";
import {
  count,
  JSON_OPTION,
  noPositionals,
  onePositional,
  printJson,
  table,
  withAccessStore,
} from "./access-support.js";
import { type Command, flag, integerOption, stringOption, UsageError } from "./command.js";

function planRows(plans: Plan[]): string {
  return table(
    ["PLAN", "PER MINUTE", "PER MONTH", "DESCRIPTION"],
    plans.map((p) => [p.name, count(p.perMinute), count(p.perMonth), p.description]),
    new Set([1, 2]),
  );
}

const list: Command = {
  name: "plans list",
  summary: "list the plans and their limits",
  options: { ...JSON_OPTION },
  async run(args, io) {
    noPositionals(args);
    return withAccessStore(io, "plans list", async (store) => {
      const plans = await store.listPlans();
      if (flag(args, "json")) printJson(io, plans);
      else io.out(planRows(plans));
      return 0;
    });
  },
};

const set: Command = {
  name: "plans set",
  summary: "define a plan, or change an existing plan's limits",
  positionals: ["NAME"],
  options: {
    "per-minute": {
      type: "string",
      valueName: "N",
      description: "requests a minute, counted per key",
    },
    "per-month": {
      type: "string",
      valueName: "N",
      description: "requests a calendar month (UTC), counted per account",
    },
    description: { type: "string", valueName: "TEXT", description: "who the plan is for" },
    ...JSON_OPTION,
  },
  details: [
    "A new plan needs both --per-minute and --per-month; for an existing plan, give what changes.",
    "Running servers apply the change within 2 seconds. An account whose quota is spent is admitted",
    "again as soon as its plan's monthly limit is above what it has used this month.",
    "",
    "examples:",
    "  wordclip plans set starter --per-month 250000",
    '  wordclip plans set partner --per-minute 600 --per-month 5000000 --description "Partner apps"',
  ].join("\n"),
  async run(args, io) {
    const name = onePositional(args, "NAME");
    const perMinute = integerOption(args, "per-minute", 1, MAX_PER_MINUTE);
    const perMonth = integerOption(args, "per-month", 1, MAX_PER_MONTH);
    const description = stringOption(args, "description");
    const change: PlanChange = {
      ...(perMinute === undefined ? {} : { perMinute }),
      ...(perMonth === undefined ? {} : { perMonth }),
      ...(description === undefined ? {} : { description }),
    };
    if (Object.keys(change).length === 0) {
      throw new UsageError("nothing to set: give --per-minute, --per-month or --description");
    }
    return withAccessStore(io, "plans set", async (store) => {
      const existed = (await store.findPlan(name)) !== undefined;
      if (!existed && (perMinute === undefined || perMonth === undefined)) {
        throw new UsageError(
          `plan "${name}" does not exist yet; a new plan needs both --per-minute and --per-month`,
        );
      }
      const plan = await store.setPlan(name, change);
      if (flag(args, "json")) printJson(io, plan);
      else {
        io.out(planRows([plan]));
        io.err(`${existed ? "changed" : "created"} plan ${plan.name}`);
      }
      return 0;
    });
  },
};

export const commands: Command[] = [list, set];
