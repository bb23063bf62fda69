/** The package as integrators get it: no runtime dependency, no Node-only API, a method per endpoint. */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ENDPOINT_NAMES } from "../scripts/generate-types.js";
import { WordclipClient } from "../src/index.js";

const CLIENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ROOT = path.dirname(CLIENT_DIR);

describe("@wordclip/client", () => {
  it("declares no dependencies", () => {
    const pkg = JSON.parse(readFileSync(path.join(CLIENT_DIR, "package.json"), "utf8")) as Record<
      string,
      unknown
    >;
    expect(pkg.name).toBe("@wordclip/client");
    for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
      expect(pkg[field], field).toBeUndefined();
    }
  });

  it("compiles for browsers: DOM and ES types only, no Node types", async () => {
    const tsc = path.join(ROOT, "node_modules/typescript/bin/tsc");
    const run = promisify(execFile)(process.execPath, [
      tsc,
      "--noEmit",
      "-p",
      path.join(CLIENT_DIR, "tsconfig.json"),
    ]);
    await expect(run).resolves.toMatchObject({ stdout: "" });
  });

  it("has a get method for every endpoint of the server's reference", () => {
    const methods = Object.values(ENDPOINT_NAMES).map((name) => `get${name}`);
    for (const method of methods) {
      expect(typeof (WordclipClient.prototype as unknown as Record<string, unknown>)[method], method).toBe(
        "function",
      );
    }
  });
});
