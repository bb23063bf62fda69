/** Edge cases of matching, routing and caching: misspellings of forms, URLs the router refuses, answers never cached. */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, expectRateHeaders, percentEncode } from "./support/api-checks.js";
import { startTestServer, type TestServer } from "./support/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("near spellings", () => {
  it("answers recieve with receive, matchType fuzzy", async () => {
    const response = await server.api("/v1/words/recieve/clips?limit=1", { key: server.keys.generous });
    expect(response.status, response.text).toBe(200);
    expect(response.body, response.text).toMatchObject({ matchedWord: "receive", matchType: "fuzzy" });
  });

  it.each(["chidlren", "childern"])(
    "answers %s, a misspelling of children, with child, matchType fuzzy",
    async (word) => {
      const response = await server.api(`/v1/words/${word}/clips?limit=100`, { key: server.keys.generous });
      expect(response.status, response.text).toBe(200);
      expect(response.body, response.text).toMatchObject({ matchedWord: "child", matchType: "fuzzy" });
      const kids = response.body.clips.find((c: { videoId: string }) => c.videoId === "wctest-kids-02");
      expect(kids?.occurrences[0], response.text).toMatchObject({ form: "children" });
    },
  );
});

describe("path parameters the router refuses", () => {
  it("answers a word longer than 200 characters with 400 invalid_request in the envelope", async () => {
    const response = await server.api(`/v1/words/${"a".repeat(201)}/clips`, { key: server.keys.generous });
    expectError(response, 400, "invalid_request");
    expectRateHeaders(response, response.text);
  });

  it("answers a clip id longer than 200 characters with 400 invalid_request in the envelope", async () => {
    const response = await server.api(`/v1/clips/${"a".repeat(201)}/transcript`, {
      key: server.keys.generous,
    });
    expectError(response, 400, "invalid_request");
  });

  it.each(["%E0%A4%A", "%ED%A0%80", "%C0%AF", "%zz", "%"])(
    "answers the word %s (bad percent-encoding) with 400 invalid_request in the envelope",
    async (word) => {
      const response = await server.api(`/v1/words/${word}/clips`, { key: server.keys.generous });
      expectError(response, 400, "invalid_request");
      expectRateHeaders(response, response.text);
    },
  );

  it("answers every path parameter with 200, 400 or 404 in the envelope", async () => {
    const segment = fc.oneof(
      fc.string({ minLength: 1, maxLength: 400, unit: "grapheme" }).map(percentEncode),
      fc
        .array(fc.constantFrom("%", "%zz", "%E0%A4%A", "%ED%A0%80", "a", "%20"), {
          minLength: 1,
          maxLength: 5,
        })
        .map((p) => p.join("")),
    );
    await fc.assert(
      fc.asyncProperty(
        segment,
        fc.constantFrom("/v1/words/%s/clips", "/v1/clips/%s", "/v1/clips/%s/transcript"),
        async (s, template) => {
          const url = template.replace("%s", s);
          const response = await server.api(url, { key: server.keys.generous });
          const what = `${url.slice(0, 200)} → ${response.status} ${response.text.slice(0, 200)}`;
          expect([200, 400, 404], what).toContain(response.status);
          if (response.status !== 200) expect(response.body.error?.code, what).toEqual(expect.any(String));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("answers that are never the same twice", () => {
  it("does not answer order=random with 304 Not Modified", async () => {
    const response = await server.api("/v1/words/run/clips?order=random&limit=2", {
      key: server.keys.generous,
      headers: { "if-none-match": "*" },
    });
    expect(response.status, JSON.stringify(Object.fromEntries(response.headers))).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("does not answer a feed without a seed with 304 Not Modified", async () => {
    const response = await server.api("/v1/feed?limit=2", {
      key: server.keys.generous,
      headers: { "if-none-match": "*" },
    });
    expect(response.status, JSON.stringify(Object.fromEntries(response.headers))).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});

describe("conditional requests for URLs that have no answer", () => {
  // The ETag is the snapshot's and the URL's: matching it says nothing about whether the URL has an
  // answer, so a 304 is only ever given for a 200.
  it.each([
    ["/v1/clips/no-such-clip", 404],
    ["/v1/clips/no-such-clip/transcript", 404],
    ["/v1/words/xqzzv/clips", 404],
    ["/v1/words/run/clips?language=zz", 404],
    ["/v1/words/run/clips?cursor=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", 400],
    ["/v1/words?q=re&cursor=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", 400],
    ["/v1/feed?seed=a&cursor=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", 400],
  ])("answers %s with If-None-Match: * as without it (%i)", async (url, status) => {
    const response = await server.api(url, { key: server.keys.generous, headers: { "if-none-match": "*" } });
    expect(response.status, response.text).toBe(status);
    expect(response.body.error?.code, response.text).toEqual(expect.any(String));
    expect(response.headers.get("etag")).toBeNull();
  });

  it("answers a URL's 200 with 304 for its ETag, before and after the answer is cached", async () => {
    const url = "/v1/words/run/clips?limit=3&level=A1,A2,B1";
    for (let i = 0; i < 2; i++) {
      const response = await server.api(url, {
        key: server.keys.generous,
        headers: { "if-none-match": "*" },
      });
      expect(response.status, response.text).toBe(304);
      expect(response.text).toBe("");
      expect(response.headers.get("etag")).toMatch(/^W\/"/);
      expect(response.headers.get("content-type")).toBeNull();
    }
    const plain = await server.api(url, { key: server.keys.generous });
    expect(plain.status).toBe(200);
    const etag = plain.headers.get("etag") as string;
    const again = await server.api(url, { key: server.keys.generous, headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    const other = await server.api(url, { key: server.keys.generous, headers: { "if-none-match": 'W/"x"' } });
    expect(other.status).toBe(200);
    expect(other.text).toBe(plain.text);
  });
});
