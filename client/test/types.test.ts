/** The client's types are generated from the server's schemas: this fails when a generated file is stale. */
import { describe, expect, it } from "vitest";
import { ENDPOINT_NAMES, generateTypes, serverDocument } from "../scripts/generate-types.js";

describe("client types", () => {
  it("match what the generator writes from the server's current schemas (regenerate with -u)", async () => {
    const generated = await generateTypes();
    await expect(generated.resources).toMatchFileSnapshot("../src/resources.ts");
    await expect(generated.endpoints).toMatchFileSnapshot("../src/endpoints.ts");
  });

  it("name every endpoint of the server's reference, and only those", async () => {
    const document = await serverDocument();
    expect(Object.keys(document.paths).sort()).toEqual(Object.keys(ENDPOINT_NAMES).sort());
  });
});
