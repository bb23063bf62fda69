/**
 * The examples integrators copy: every TypeScript block of the READMEs and the client guide that is a
 * whole program (it imports the package) runs against the real server, with the package resolved to
 * its sources, the example address replaced by the test server's and the key by a test key.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "../../test/support/server.js";

const CLIENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ROOT = path.dirname(CLIENT_DIR);
const DOCUMENTS = ["README.md", "docs/client.md", "client/README.md"];

let server: TestServer;
let scratch: string;

beforeAll(async () => {
  server = await startTestServer();
  scratch = mkdtempSync(path.join(tmpdir(), "wordclip-examples-"));
});

afterAll(async () => {
  await server?.close();
  if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
});

/** The document's TypeScript blocks that import the package. */
function programs(document: string): string[] {
  const text = readFileSync(path.join(ROOT, document), "utf8");
  const blocks = [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] as string);
  return blocks.filter((block) => block.includes('from "@wordclip/client"'));
}

/** Runs one example as its own module and returns what it printed, one string per console.log. */
async function run(source: string, name: string): Promise<string[]> {
  const key = server.keys.generous.secret;
  const program = source
    .replace('from "@wordclip/client"', `from ${JSON.stringify(path.join(CLIENT_DIR, "src", "index.ts"))}`)
    .replaceAll("https://wordclip.example.com/v1", `${server.baseUrl}/v1`)
    .replaceAll("http://127.0.0.1:8080/v1", `${server.baseUrl}/v1`)
    .replaceAll("process.env.WORDCLIP_KEY", JSON.stringify(key))
    .replaceAll('"wc_…"', JSON.stringify(key));
  const file = path.join(scratch, `${name}.ts`);
  writeFileSync(file, program);
  const printed: string[] = [];
  const log = vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    printed.push(args.map(String).join(" "));
  });
  try {
    await import(file);
  } finally {
    log.mockRestore();
  }
  return printed;
}

describe("the documents' examples", () => {
  for (const document of DOCUMENTS) {
    it(`${document}: every program runs and prints what it promises`, async () => {
      const blocks = programs(document);
      expect(blocks.length, `${document} has no program`).toBeGreaterThan(0);
      for (const [i, block] of blocks.entries()) {
        const printed = await run(block, `${document.replace(/\W/g, "-")}-${i}`);
        expect(printed.length, block).toBeGreaterThan(0);
        // An embed address printed by an example is one a player can use: one start, from the answer.
        for (const line of printed) {
          for (const url of line.match(/https:\/\/\S+/g) ?? []) {
            const address = new URL(url);
            expect(address.searchParams.getAll("start").length, line).toBeLessThanOrEqual(1);
          }
        }
      }
    });
  }
});
