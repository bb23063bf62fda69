import { describe, expect, it } from "vitest";
import { OptionsError, parseOptions, SECTIONS } from "./options.js";

describe("parseOptions", () => {
  it("runs every section at 100,000 clips with the 1,000,000-clip corpus by default", () => {
    const options = parseOptions([]);
    expect(options?.sections).toEqual(SECTIONS);
    expect(options?.clips).toBe(100_000);
    expect(options?.million).toBe(true);
    expect(options?.durationS).toBe(10);
  });

  it("shrinks the corpus and the load runs with --quick, and leaves the million out", () => {
    const options = parseOptions(["--quick"]);
    expect(options?.clips).toBe(5_000);
    expect(options?.durationS).toBe(3);
    expect(options?.million).toBe(false);
  });

  it("keeps the sections of --only in run order", () => {
    expect(parseOptions(["--only", "peer,build"])?.sections).toEqual(["build", "peer"]);
  });

  it("refuses an unknown section, naming it", () => {
    expect(() => parseOptions(["--only", "build,speed"])).toThrow(/unknown section "speed"/);
  });

  it("refuses an unknown option", () => {
    expect(() => parseOptions(["--fast"])).toThrow(OptionsError);
  });

  it("skips the million with --no-million", () => {
    expect(parseOptions(["--no-million"])?.million).toBe(false);
  });

  it("answers undefined for --help", () => {
    expect(parseOptions(["--help"])).toBeUndefined();
  });

  it("takes npm's npm_config_quick, left by `npm run bench --quick`, for --quick", () => {
    expect(parseOptions([], { npm_config_quick: "true" })?.quick).toBe(true);
    expect(parseOptions([], { npm_config_quick: "true" })?.clips).toBe(5_000);
    expect(parseOptions([], {})?.quick).toBe(false);
  });
});
