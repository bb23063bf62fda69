/** `@wordclip/client`: a typed client of the wordclip v1 API, on `fetch` alone. */
export { type CachedAnswer, type EtagCache, MemoryEtagCache } from "./cache.js";
export { type ClientOptions, DEFAULT_TIMEOUT_MS, WordclipClient } from "./client.js";
export {
  ConnectionError,
  QuotaExceededError,
  type RateLimit,
  TimeoutError,
  WordclipError,
} from "./errors.js";
export {
  DEFAULT_RETRY_POLICY,
  isRetryable,
  parseRetryAfter,
  type RetryPolicy,
  retryDelayMs,
} from "./retry.js";
export type { CallOptions, Clock, RetryEvent } from "./transport.js";
export type * from "./types.js";
