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

const app = Fastify({ logger: false });
app.get("/readyz", async () => ({ status: "ready" }));
app.get("/*", (request, reply) => {
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
