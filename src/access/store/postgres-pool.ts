/**
 * The PostgreSQL connection pool of one process, with every wait bounded: a connection that cannot be
 * made in time, a statement that runs too long and a reply that never comes each fail, and a failure
 * that means "the database does not answer" becomes `AccessError` `unavailable`, never a hang.
 */
import pg from "pg";
import { AccessError } from "../errors.js";
import { type AccessLog, createOutage, type Outage, SILENT_LOG } from "../log.js";

/** SQLSTATEs of a connection the server refuses as configured: no such database, role or password. */
const REFUSED_CONNECTION = new Set(["3D000", "28000", "28P01"]);

export interface PostgresPoolOptions {
  /** `postgresql://user:password@host:5432/database`. */
  url: string;
  /** Connections this process keeps at most. */
  poolMax?: number;
  /** How long making a connection may take. */
  connectTimeoutMs?: number;
  /** How long a call waits for a free connection when every one is busy. */
  acquireTimeoutMs?: number;
  /** How long the server lets a statement run; the client gives up on a reply a second later. */
  statementTimeoutMs?: number;
  /** A schema to use instead of `public` (tests give each their own). */
  schema?: string;
  log?: AccessLog;
}

export const DEFAULT_POOL_MAX = 10;
export const DEFAULT_CONNECT_TIMEOUT_MS = 2_000;
export const DEFAULT_ACQUIRE_TIMEOUT_MS = 5_000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 2_000;
/**
 * Once the database has failed to answer, statements fail at once without trying, except one a second:
 * an outage costs callers no waiting, and the database no storm of connection attempts when it returns.
 */
export const RETRY_WHILE_DOWN_MS = 1_000;

/** BIGINT columns (times in milliseconds, counts) as numbers: every value the store writes is below 2^53. */
const INT8_OID = 20;
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8_OID && format !== "binary"
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as "text")) as pg.CustomTypesConfig["getTypeParser"],
};

/** The database a URL points at, for messages: host, port and name, never the user or password. */
export function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `postgresql://${parsed.host}${parsed.pathname}`;
  } catch {
    return "postgresql://(an unreadable URL)";
  }
}

/** Node's network failures: the server is not there, or the connection broke. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

/** node-postgres's failures of a connection, which carry no code. */
const CONNECTION_MESSAGES = [
  "Connection terminated",
  "timeout expired",
  "Client has encountered a connection error",
  "Client was closed and is not queryable",
];

/**
 * Whether `error` says the database cannot be reached: a network failure, a connection problem (SQLSTATE
 * class 08), a server shutting down or not yet accepting connections (57P01–57P03), a connection that
 * could not be made in time or broke. These trip the outage: one warning, and calls fail at once but for
 * one a second until the database answers again.
 */
export function isPostgresDown(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (NETWORK_CODES.has(code) || code.startsWith("08")) return true;
    if (["57P01", "57P02", "57P03"].includes(code)) return true;
  }
  return CONNECTION_MESSAGES.some((text) => error.message.includes(text));
}

/**
 * Whether `error` means the store did not answer in time, as opposed to a statement it refused: the
 * database is down (above), a statement ran past its timeout (57014), a reply never came, or the server
 * has no connection left (53300). The caller is told `unavailable` (a 503 to retry); only `isPostgresDown`
 * failures count as an outage, since a slow moment is not one.
 */
export function isPostgresUnavailable(error: unknown): boolean {
  if (isPostgresDown(error)) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (code === "57014" || code === "53300") return true;
  return error.message.includes("Query read timeout");
}

export interface PostgresPool {
  /** The database, for messages, without credentials. */
  readonly where: string;
  readonly outage: Outage;
  query<R extends pg.QueryResultRow>(text: string, values?: readonly unknown[]): Promise<R[]>;
  /** Runs `body` in a transaction on one connection; rolls back when it throws. */
  transaction<T>(body: (client: pg.PoolClient) => Promise<T>): Promise<T>;
  /** One connection, for work that is not a transaction of the store (migrations). */
  withClient<T>(body: (client: pg.PoolClient) => Promise<T>): Promise<T>;
  end(): Promise<void>;
}

export function createPostgresPool(options: PostgresPoolOptions): PostgresPool {
  if (options.schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(options.schema)) {
    throw new RangeError(`schema must be a lower-case SQL identifier, got "${options.schema}"`);
  }
  const where = describePostgresUrl(options.url);
  const log = options.log ?? SILENT_LOG;
  const outage = createOutage(`PostgreSQL (${where})`, log);
  const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const acquireTimeoutMs = options.acquireTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS;
  // The pool's own connection timeout would also bound the wait for a busy pool's free connection, and
  // fail it as if the database were gone; the connection alone is bounded here, the wait below.
  class BoundedClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectTimeoutMs });
    }
  }
  const pool = new pg.Pool({
    Client: BoundedClient,
    connectionString: options.url,
    max: options.poolMax ?? DEFAULT_POOL_MAX,
    connectionTimeoutMillis: 0,
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + 1_000,
    idle_in_transaction_session_timeout: statementTimeoutMs * 5,
    keepAlive: true,
    application_name: "wordclip",
    types,
    ...(options.schema === undefined ? {} : { options: `-c search_path=${options.schema}` }),
  });
  // An idle connection that breaks (the server restarted, a proxy timed it out) is reported here; without
  // a listener it would end the process. The pool drops it; the next statement tells whether there is an outage.
  pool.on("error", (error) => log.info({ err: error }, `an idle connection to ${where} closed`));

  const unavailable = (reason: string): AccessError =>
    new AccessError("unavailable", `the access store (${where}) does not answer: ${reason}`);

  let retryAtMs = 0;
  /** Throws at once while the database is down, but lets one attempt through a second. */
  function guard(): void {
    if (!outage.down) return;
    const nowMs = Date.now();
    if (nowMs < retryAtMs) throw unavailable(outage.reason ?? "it failed a moment ago");
    retryAtMs = nowMs + RETRY_WHILE_DOWN_MS;
  }

  function translate(error: unknown): unknown {
    if (!isPostgresUnavailable(error)) return error;
    if (isPostgresDown(error)) {
      outage.failed(error);
      retryAtMs = Date.now() + RETRY_WHILE_DOWN_MS;
    }
    return unavailable((error as Error).message);
  }

  /** A connection of the pool, waited for at most `acquireTimeoutMs` (all of them may be busy). */
  async function connect(): Promise<pg.PoolClient> {
    guard();
    const acquiring = pool.connect();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        // Handed back as soon as it comes: the caller has gone.
        acquiring.then(
          (client) => client.release(),
          () => undefined,
        );
        reject(
          new AccessError(
            "unavailable",
            `the access store (${where}) is busy: no connection was free within ${acquireTimeoutMs / 1_000} s`,
          ),
        );
      }, acquireTimeoutMs);
    });
    try {
      return await Promise.race([acquiring, late]);
    } catch (error) {
      if (REFUSED_CONNECTION.has(String((error as { code?: unknown }).code))) {
        throw new AccessError(
          "unavailable",
          `the access store (${where}) refuses the connection: ${(error as Error).message}; check the user, the password and the database of WORDCLIP_DATABASE_URL`,
        );
      }
      throw translate(error);
    } finally {
      clearTimeout(timer);
    }
  }

  async function withClient<T>(body: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await connect();
    let failure: unknown;
    // A connection that breaks while in use also emits an error event (its query fails too, and is
    // answered); without a listener the event would end the process.
    const onError = (error: Error): void => {
      failure ??= error;
    };
    client.on("error", onError);
    try {
      const result = await body(client);
      outage.answered();
      return result;
    } catch (error) {
      failure = error;
      throw translate(error);
    } finally {
      client.off("error", onError);
      // A connection that failed is closed rather than handed to the next request.
      client.release(
        failure !== undefined && isPostgresUnavailable(failure) ? (failure as Error) : undefined,
      );
    }
  }

  return {
    where,
    outage,
    async query<R extends pg.QueryResultRow>(text: string, values?: readonly unknown[]) {
      return withClient(async (client) => (await client.query<R>(text, values as unknown[])).rows);
    },
    transaction(body) {
      return withClient(async (client) => {
        await client.query("BEGIN");
        try {
          const result = await body(client);
          await client.query("COMMIT");
          return result;
        } catch (error) {
          await client.query("ROLLBACK").catch(() => undefined);
          throw error;
        }
      });
    },
    withClient,
    end: () => pool.end(),
  };
}
