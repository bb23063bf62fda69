/** What the access layer logs through: a warning when a shared service stops answering, a line when it is back. */

/** The two levels the access layer uses; Fastify's (pino) logger fits. */
export interface AccessLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export const SILENT_LOG: AccessLog = { warn() {}, info() {} };

/**
 * The state of one shared service as this process sees it. A failure after a success logs one warning and
 * a success after a failure one line, so an outage is two log lines, not one per request.
 */
export interface Outage {
  readonly down: boolean;
  /** Why the service is down, as the last failure said; undefined while it answers. */
  readonly reason: string | undefined;
  failed(error: unknown): void;
  answered(): void;
}

export function createOutage(service: string, log: AccessLog): Outage {
  let reason: string | undefined;
  let sinceMs = 0;
  return {
    get down() {
      return reason !== undefined;
    },
    get reason() {
      return reason;
    },
    failed(error) {
      if (reason !== undefined) return;
      reason = (error as Error)?.message || String(error);
      sinceMs = Date.now();
      log.warn({ service, err: error }, `${service} does not answer: ${reason}`);
    },
    answered() {
      if (reason === undefined) return;
      const downMs = Date.now() - sinceMs;
      reason = undefined;
      log.info({ service, downMs }, `${service} answers again after ${Math.round(downMs / 1000)} s`);
    },
  };
}
