/**
 * `GET /usage`: the calling key's quota state. Needs a key but is counted by neither the minute window nor
 * the period quota, so a client can poll it to decide whether to keep sending.
 */
import Type, { type Static } from "typebox";
import { isAccessError } from "../../access/errors.js";
import type { UsageReport } from "../../access/gate/gate.js";
import type { App } from "../app-type.js";
import type { ApiContext } from "../context.js";
import { ApiError, ErrorEnvelope } from "../errors.js";

export const UsageResponse = Type.Object(
  {
    key: Type.Object({
      id: Type.String({ description: "The key's public id (`key_…`), as operators and logs refer to it." }),
      prefix: Type.String({ description: "The first characters of the secret, to recognise the key." }),
    }),
    accountId: Type.String({ description: "The account the key belongs to; the quota is the account's." }),
    plan: Type.Object({
      name: Type.String({ description: "The account's plan: trial, starter, growth, or an operator's own." }),
      perMinute: Type.Integer({ description: "Requests a minute the plan allows, counted per key." }),
      perMonth: Type.Integer({
        description: "Requests a calendar month (UTC) the plan allows, per account.",
      }),
    }),
    quota: Type.Object(
      {
        limit: Type.Integer({ description: "Requests allowed in the period." }),
        used: Type.Integer({ description: "Requests counted in the period, by all keys of the account." }),
        remaining: Type.Integer({ description: "Requests left in the period, never below 0." }),
        periodStart: Type.String({
          format: "date-time",
          description: "First moment of the period, ISO 8601.",
        }),
        periodEnd: Type.String({
          format: "date-time",
          description: "First moment of the next period, when the quota resets, ISO 8601.",
        }),
      },
      { description: "The account's quota for the current calendar month (UTC), shared by all its keys." },
    ),
    window: Type.Object(
      {
        limit: Type.Integer({ description: "Requests allowed in the window (X-RateLimit-Limit)." }),
        remaining: Type.Integer({ description: "Requests left in the window (X-RateLimit-Remaining)." }),
        resetAtS: Type.Integer({
          description: "Unix seconds when the window rolls over (X-RateLimit-Reset).",
        }),
      },
      { description: "This key's minute window of the rate limit." },
    ),
  },
  { description: "Quota state of the calling key. Reading it counts against neither limit." },
);
export type UsageResponse = Static<typeof UsageResponse>;

export function toUsageResponse(report: UsageReport): UsageResponse {
  return {
    key: { id: report.keyId, prefix: report.keyPrefix },
    accountId: report.accountId,
    plan: report.plan,
    quota: report.quota,
    window: {
      limit: report.window.limit,
      remaining: report.window.remaining,
      resetAtS: report.window.resetAtS,
    },
  };
}

export function registerUsage(app: App, ctx: ApiContext): void {
  app.get(
    "/usage",
    {
      config: { access: "usage", cache: "no-store" },
      schema: {
        operationId: "getUsage",
        summary: "Quota state of the calling key",
        description:
          "The plan, the account's quota for the current month and this key's minute window. " +
          "Reading it counts against neither the minute rate limit nor the quota, and it is never refused with 429.",
        tags: ["usage"],
        response: {
          200: UsageResponse,
          400: ErrorEnvelope,
          401: { ...ErrorEnvelope, description: "invalid_key: the key is missing, unknown or disabled." },
        },
      },
    },
    async (request) => {
      const gate = ctx.gate;
      if (gate === undefined) {
        throw new ApiError(
          "not_found",
          "access checks are disabled on this server (WORDCLIP_ACCESS=off): there are no keys and no quota to report",
        );
      }
      const keyId = request.keyId;
      // The access hook admits /usage only with a valid key; this guards a route registered without it.
      if (keyId === undefined) throw new ApiError("invalid_key", "GET /usage needs an API key");
      try {
        return toUsageResponse(await gate.usage(keyId));
      } catch (error) {
        // The key was deleted between admission and this read.
        if (isAccessError(error, "not_found"))
          throw new ApiError("invalid_key", `key ${keyId} no longer exists`);
        throw error;
      }
    },
  );
}
