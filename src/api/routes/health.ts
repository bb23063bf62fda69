/**
 * `GET /healthz` (the process answers) and `GET /readyz` (a snapshot is loaded and the access store
 * answers): for load balancers and orchestrators. Service routes: no key, never cached, and not part of
 * the integrators' reference (the document leaves out every route with `access: "none"`).
 */
import Type from "typebox";
import { isAccessError } from "../../access/errors.js";
import type { Gate } from "../../access/gate/gate.js";
import type { App } from "../app-type.js";
import type { ApiContext } from "../context.js";
import { ApiError, ErrorEnvelope } from "../errors.js";

const Healthy = Type.Object({ status: Type.Literal("ok") });

const Ready = Type.Object({
  status: Type.Literal("ready"),
  buildId: Type.String({ description: "Build id of the snapshot being served." }),
  builtAt: Type.String({ description: "When the snapshot was built, ISO 8601." }),
});

/** A key id no store issues (ids are `key_` + base62), so the lookup is a cheap miss. */
const PROBE_KEY_ID = "key_readiness-probe";

/**
 * The gate has no health call of its own: a lookup of a key that cannot exist is a round trip to the
 * store that must come back as "not found". Any other failure means the store does not answer.
 */
async function accessStoreProblem(gate: Gate | undefined): Promise<string | undefined> {
  if (gate === undefined) return undefined;
  try {
    await gate.usage(PROBE_KEY_ID);
    return undefined;
  } catch (error) {
    if (isAccessError(error, "not_found")) return undefined;
    return `the access store does not answer: ${(error as Error).message}`;
  }
}

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
    const problem = await accessStoreProblem(ctx.gate);
    if (problem !== undefined) throw new ApiError("not_ready", problem);
    return { status: "ready" as const, buildId: snapshot.buildId, builtAt: snapshot.builtAt };
  });
}
