/**
 * `GET /healthz` (the process answers) and `GET /readyz` (a snapshot is loaded and the access store
 * answers; `degraded` while a shared service is worked around): for load balancers and orchestrators.
 * Service routes: no key, never cached, and not part of the integrators' reference (the document leaves
 * out every route with `access: "none"`).
 */
import Type from "typebox";
import type { App } from "../app-type.js";
import type { ApiContext } from "../context.js";
import { ApiError, ErrorEnvelope } from "../errors.js";

const Healthy = Type.Object({ status: Type.Literal("ok") });

const Ready = Type.Object({
  status: Type.Union([Type.Literal("ready"), Type.Literal("degraded")], {
    description:
      "degraded: the node answers every request, but works around a shared service (see degraded).",
  }),
  buildId: Type.String({ description: "Build id of the snapshot being served." }),
  builtAt: Type.String({ description: "When the snapshot was built, ISO 8601." }),
  degraded: Type.Optional(
    Type.Array(Type.String(), { description: "What is worked around, and how; present only when degraded." }),
  ),
});

export function registerHealth(app: App, ctx: ApiContext): void {
  const config = { access: "none", cache: "no-store" } as const;

  app.get("/healthz", { config, schema: { response: { 200: Healthy } } }, async () => ({
    status: "ok" as const,
  }));

  app.get("/readyz", { config, schema: { response: { 200: Ready, 503: ErrorEnvelope } } }, async () => {
    let snapshot: ReturnType<ApiContext["snapshots"]["current"]>;
    try {
      snapshot = ctx.snapshots.current();
    } catch (error) {
      throw new ApiError("not_ready", `no snapshot is loaded: ${(error as Error).message}`);
    }
    const readiness = await ctx.gate?.readiness();
    if (readiness?.problem !== undefined) throw new ApiError("not_ready", readiness.problem);
    const ready = { buildId: snapshot.buildId, builtAt: snapshot.builtAt };
    if (readiness === undefined || readiness.degraded.length === 0)
      return { status: "ready" as const, ...ready };
    return { status: "degraded" as const, ...ready, degraded: readiness.degraded };
  });
}
