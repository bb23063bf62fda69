/** The compiled `wordclip` the CLI tests run: rebuilt first when a source is newer than its output. */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { BIN, ROOT } from "./cli.js";

function sources(dir = path.join(ROOT, "src")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    const built = entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts");
    return built && !entry.name.endsWith("contract.ts") && !entry.name.endsWith(".fixture.ts") ? [file] : [];
  });
}

function isBuilt(): boolean {
  return sources().every((source) => {
    const output = path.join(ROOT, "dist", path.relative(ROOT, source).replace(/\.ts$/, ".js"));
    return existsSync(output) && statSync(output).mtimeMs >= statSync(source).mtimeMs;
  });
}

export function ensureCliBuilt(): void {
  if (!isBuilt()) {
    const tsc = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");
    spawnSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], { cwd: ROOT, stdio: "ignore" });
  }
  if (!existsSync(BIN)) throw new Error(`the build did not produce ${BIN}; run npm run build to see why`);
}
