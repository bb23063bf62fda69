/**
 * Child process entry: the bare baseline. A Fastify server with no schemas, hooks or index, answering
 * each request path with the status, the contract's headers (ETag, Cache-Control, X-RateLimit-*) and the
 * body our server gave for it, from a Map filled at start-up: the same bytes, computed by nothing.
 * It costs what any Fastify server answering these requests must cost: the ratio to it is our overhead.
 */
import { readFileSync } from "node:fs";
import Fastify from "fastify";

interface RecordedResponse {
  status: number;
  body: Buffer;
  headers: Record<string, string>;
}

const [responsesFile] = process.argv.slice(2);
if (responsesFile === undefined) {
  process.stderr.write("bench bare server: usage: bare-child.js <responses.json>\n");
  process.exit(2);
}
const recorded = JSON.parse(readFileSync(responsesFile, "utf8")) as Array<
  [string, number, string, Record<string, string>]
>;
const responses = new Map<string, RecordedResponse>(
  recorded.map(([url, status, body, headers]) => [url, { status, body: Buffer.from(body), headers }]),
);

/**
 * CPU work done for every request before it is answered, in microseconds (`WORDCLIP_BENCH_WORK_US`, none
 * by default): the serving section's budget calibration (`budget.ts`). The work is a fixed number of steps
 * of an integer loop, sized by timing it alone at start-up. Under load it costs more than that (several
 * times more on a loaded two-core machine), so the section reads what it did cost from the server's CPU
 * counters and uses that, not this figure.
 */
const workUs = Number(process.env.WORDCLIP_BENCH_WORK_US ?? "0");
if (!(Number.isFinite(workUs) && workUs >= 0)) {
  process.stderr.write(`bench bare server: WORDCLIP_BENCH_WORK_US must be a number ≥ 0, not "${workUs}"\n`);
  process.exit(2);
}
let workSink = 1;
function work(steps: number): void {
  let x = workSink;
  for (let i = 0; i < steps; i++) x = (Math.imul(x, 1103515245) + 12345) | 0;
  workSink = x;
}
/** Steps of `work` a microsecond: the fastest of seven timed runs, after a warm-up. */
function stepsPerUs(): number {
  const steps = 2_000_000;
  work(steps);
  let bestMs = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 7; run++) {
    const startMs = performance.now();
    work(steps);
    bestMs = Math.min(bestMs, performance.now() - startMs);
  }
  return steps / (bestMs * 1000);
}
const workSteps = workUs > 0 ? Math.round(workUs * stepsPerUs()) : 0;

const app = Fastify({ logger: false });
app.get("/readyz", async () => ({ status: "ready" }));
app.get("/*", (request, reply) => {
  if (workSteps > 0) work(workSteps);
  const found = responses.get(request.url);
  if (found === undefined)
    return reply.code(404).send({ error: { code: "not_found", message: request.url } });
  return reply
    .code(found.status)
    .headers(found.headers)
    .type("application/json; charset=utf-8")
    .send(found.body);
});
await app.listen({
  host: process.env.WORDCLIP_HOST ?? "127.0.0.1",
  port: Number(process.env.WORDCLIP_PORT ?? 0),
});
const stop = (): void => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
