/** Chooses the access store and the rate window at start-up: the embedded SQLite file and memory. */
import type { Config } from "../config.js";
import type { AccessStore } from "./store/interface.js";
import { openSqliteAccessStore } from "./store/sqlite.js";
import type { RateWindow } from "./window/interface.js";
import { createMemoryRateWindow } from "./window/memory.js";

/** The store of `config.accessDbPath`, created (with its folder) on first open. */
export function openAccessStore(
  config: Pick<Config, "accessDbPath">,
  options: { now?: () => number } = {},
): AccessStore {
  return openSqliteAccessStore({ path: config.accessDbPath, ...options });
}

/** The minute windows of this process; a shared window is needed once several nodes serve one account. */
export function openRateWindow(): RateWindow {
  return createMemoryRateWindow();
}
