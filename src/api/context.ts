/** What every route is given: the snapshot being served, the cursor codec, and the access gate. */
import type { Gate } from "../access/gate/gate.js";
import type { SnapshotSource } from "../index/holder.js";
import type { CursorCodec } from "./cursor.js";
import type { ResponseCache } from "./response-cache.js";

export interface ApiContext {
  snapshots: SnapshotSource;
  cursors: CursorCodec;
  /** Undefined when access checks are off (benchmarks only). */
  gate: Gate | undefined;
  /** Undefined when answers are not kept in memory. */
  responses?: ResponseCache | undefined;
}
