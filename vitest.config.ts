import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts", "bench/**/*.test.ts", "client/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Most test files wait on the servers and commands they start: two files at a time even on two cores
    // (the default, one fewer than the cores, runs them one after another there).
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
