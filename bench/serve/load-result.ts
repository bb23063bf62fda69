/** What a load run is asked for and what it measured, whichever generator ran it. */

export interface LoadSettings {
  connections: number;
  durationS: number;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  durationS: number;
}
