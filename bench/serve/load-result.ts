/** What a load run is asked for and what it measured, whichever generator ran it. */

export interface LoadSettings {
  connections: number;
  durationS: number;
  /**
   * The server's CPU a request over the run, in microseconds, in user space and in the kernel: set when
   * the server is a child process whose counters can be read.
   */
  serverCpu?: { userUs: number; kernelUs: number } | undefined;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  durationS: number;
  /**
   * The server's CPU a request over the run, in microseconds, in user space and in the kernel: set when
   * the server is a child process whose counters can be read.
   */
  serverCpu?: { userUs: number; kernelUs: number } | undefined;
}
