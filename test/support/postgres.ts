/**
 * PostgreSQL for tests: the server named by `WORDCLIP_TEST_DATABASE_URL`, a database of its own for each
 * test file (so files run in parallel, beside other users of the server) and a schema of its own for each
 * store a test opens. Without the variable the tests that need it are not run, and a warning says so.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export const TEST_DATABASE_VARIABLE = "WORDCLIP_TEST_DATABASE_URL";

/** The server's URL, or undefined after printing a warning that names the variable and `what` is not run. */
export function testDatabaseUrl(what: string): string | undefined {
  const url = process.env[TEST_DATABASE_VARIABLE];
  if (url === undefined || url === "") {
    console.warn(`WARNING: ${TEST_DATABASE_VARIABLE} is not set: ${what} are NOT RUN (they need PostgreSQL)`);
    return undefined;
  }
  return url;
}

export interface TestDatabase {
  /** The URL of the new database. */
  url: string;
  /** A new, empty schema in it, named for this process. */
  schema(): Promise<string>;
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A database of its own (`wordclip_test_…`), on the server of `serverUrl`. */
export async function createTestDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `wordclip_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(serverUrl, name);
  let schemas = 0;
  return {
    url,
    async schema() {
      const schema = `s${process.pid}_${++schemas}`;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE SCHEMA ${schema}`);
      } finally {
        await client.end();
      }
      return schema;
    },
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
