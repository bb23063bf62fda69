/**
 * What the HTTP parser refuses on a connection that still has answers to write, end to end over raw sockets:
 * the answers to the valid requests before the refusal go out whole and in order, then the refusal's own
 * answer in the envelope when one can follow them, then the close. Also the requests Node answers without a
 * route (CONNECT, an unknown Expect), which get the envelope too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UUID } from "./support/api-checks.js";
import { type RawAnswer, type RawExchange, rawExchange } from "./support/raw-http.js";
import { startTestServer, type TestServer } from "./support/server.js";

/** Long enough for any answer here; the server closes each of these connections well before it. */
const GIVE_UP_MS = 15_000;

const HEALTHZ = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n";
const HEALTHZ_AND_CLOSE = "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
const CHUNKED_HEAD = "GET /healthz HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n";

let server: TestServer;
let port: number;

beforeAll(async () => {
  server = await startTestServer();
  port = Number(new URL(server.baseUrl).port);
});

afterAll(async () => {
  await server?.close();
});

/** Writes `bytes` at once on a fresh connection and reads until the server closes it. */
function exchange(bytes: string): Promise<RawExchange> {
  return rawExchange(port, [bytes], { waitMs: GIVE_UP_MS });
}

/** Everything the server sent, for assertion messages. */
function shownExchange({ answers, rest, closed }: RawExchange): string {
  const all = answers.map((answer) => `${answer.head}\n\n${answer.body}`).join("\n---\n");
  return `${all}\n--- rest: ${JSON.stringify(rest)}; closed: ${closed}`;
}

function expectHealthy(answer: RawAnswer | undefined): void {
  expect(answer?.status, answer?.body).toBe(200);
  expect(JSON.parse(answer?.body ?? "")).toEqual({ status: "ok" });
}

/** An error answer in the envelope, with the request id (a new UUID unless `requestId`) in the header too. */
function expectEnvelope(
  answer: RawAnswer | undefined,
  status: number,
  code: string,
  requestId?: string,
): void {
  expect(answer?.status, answer?.body).toBe(status);
  const { error } = JSON.parse(answer?.body ?? "");
  expect(error.code, answer?.body).toBe(code);
  expect(typeof error.message).toBe("string");
  if (requestId === undefined) expect(error.requestId).toMatch(UUID);
  else expect(error.requestId).toBe(requestId);
  expect(answer?.head.toLowerCase()).toContain(`\r\nx-request-id: ${error.requestId}`);
}

/** The connection ended after exactly `statuses`, with nothing cut or left over. */
function expectAnswers(exchanged: RawExchange, statuses: readonly number[]): void {
  const what = shownExchange(exchanged);
  expect(
    exchanged.answers.map((answer) => answer.status),
    what,
  ).toEqual(statuses);
  expect(exchanged.rest, what).toBe("");
  expect(exchanged.closed, what).toBe(true);
}

describe("a pipelined connection keeps the answers it was given", () => {
  it("answers the requests up to a Connection: close in order, ignores the bytes after it, and closes", async () => {
    const exchanged = await exchange(`${HEALTHZ}${HEALTHZ_AND_CLOSE}${HEALTHZ}`);
    expectAnswers(exchanged, [200, 200]);
    expectHealthy(exchanged.answers[0]);
    expectHealthy(exchanged.answers[1]);
    expect(exchanged.answers[1]?.head).toMatch(/\r\nconnection: close/i);
  });

  it("answers an HTTP/1.0 request, ignores a request pipelined after it, and closes", async () => {
    const exchanged = await exchange(`GET /healthz HTTP/1.0\r\n\r\n${HEALTHZ}`);
    expectAnswers(exchanged, [200]);
    expectHealthy(exchanged.answers[0]);
  });

  it.each([
    ["a lower-case method", 400, "get / HTTP/1.1\r\n\r\n"],
    ["headers over 16 KB", 431, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: ${"a".repeat(17_000)}\r\n\r\n`],
  ])(
    "answers two requests in order, then the one the parser refuses (%s) with %i in the envelope, and closes",
    async (_what, status, refused) => {
      const exchanged = await exchange(`${HEALTHZ}${HEALTHZ}${refused}`);
      expectAnswers(exchanged, [200, 200, status]);
      expectHealthy(exchanged.answers[0]);
      expectHealthy(exchanged.answers[1]);
      expectEnvelope(exchanged.answers[2], status, "invalid_request");
      expect(exchanged.answers[2]?.head).toMatch(/\r\nconnection: close/i);
    },
  );
});

describe("a request whose body framing is broken, already handed to a route, is answered in the envelope", () => {
  it.each([
    ["a chunk size that is not hexadecimal", `${CHUNKED_HEAD}\r\nzz\r\n\r\n`],
    [
      "Transfer-Encoding: xchunked",
      "GET /healthz HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n\r\n",
    ],
    [
      "Transfer-Encoding: identity",
      "GET /healthz HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: identity\r\n\r\n",
    ],
    ["a chunk size over 64 bits", `${CHUNKED_HEAD}\r\nffffffffffffffffff\r\n\r\n`],
    ["chunk lines ending in a bare LF", `${CHUNKED_HEAD}\r\n1\nx\n0\n\n`],
  ])("answers %s with 400 and closes", async (_what, request) => {
    const exchanged = await exchange(request);
    expectAnswers(exchanged, [400]);
    expectEnvelope(exchanged.answers[0], 400, "invalid_request");
    expect(exchanged.answers[0]?.head).toMatch(/\r\nconnection: close/i);
  });

  it("answers the request pipelined before it first, then the broken one once, and closes", async () => {
    const exchanged = await exchange(`${HEALTHZ}${CHUNKED_HEAD}X-Request-Id: trace-7\r\n\r\nzz\r\n\r\n`);
    const what = shownExchange(exchanged);
    expect(exchanged.answers, what).toHaveLength(2);
    expect(exchanged.rest, what).toBe("");
    expect(exchanged.closed, what).toBe(true);
    expectHealthy(exchanged.answers[0]);
    // The route may answer the broken request while the first answer is still being written; its answer
    // then stands. Otherwise the broken request gets the envelope in its place.
    const second = exchanged.answers[1];
    if (second?.status === 200) expectHealthy(second);
    else expectEnvelope(second, 400, "invalid_request", "trace-7");
    expect(second?.head).toMatch(/\r\nx-request-id: trace-7\r\n/i);
  });
});

describe("requests Node answers without a route get the envelope", () => {
  it("answers CONNECT with 405 in the envelope, after the answer before it, and closes", async () => {
    const exchanged = await exchange(`${HEALTHZ}CONNECT localhost:80 HTTP/1.1\r\nHost: localhost:80\r\n\r\n`);
    expectAnswers(exchanged, [200, 405]);
    expectHealthy(exchanged.answers[0]);
    expectEnvelope(exchanged.answers[1], 405, "method_not_allowed");
  });

  it("answers CONNECT without a Host header with 405 in the envelope, and closes", async () => {
    const exchanged = await exchange("CONNECT localhost:80 HTTP/1.1\r\n\r\n");
    expectAnswers(exchanged, [405]);
    expectEnvelope(exchanged.answers[0], 405, "method_not_allowed");
  });

  it("answers an Expect other than 100-continue with 417 in the envelope, then the next request", async () => {
    const exchanged = await exchange(
      `GET /healthz HTTP/1.1\r\nHost: x\r\nExpect: foo\r\n\r\n${HEALTHZ_AND_CLOSE}`,
    );
    expectAnswers(exchanged, [417, 200]);
    expectEnvelope(exchanged.answers[0], 417, "invalid_request");
    expect(JSON.parse(exchanged.answers[0]?.body ?? "").error.message).toMatch(/Expect/);
    expectHealthy(exchanged.answers[1]);
  });
});
