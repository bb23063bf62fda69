/**
 * `wordclip migrate`: brings the configured access store's schema to this version. For PostgreSQL this is
 * the deployment step (servers also migrate at start, under the same advisory lock, so running it is
 * optional but makes a failed migration fail the deploy, not the first node); for the embedded SQLite
 * file it creates or upgrades the file.
 */
import { isAccessError } from "../access/errors.js";
import { openPostgresAccessStore } from "../access/store/postgres.js";
import { describePostgresUrl } from "../access/store/postgres-pool.js";
import { openSqliteAccessStore } from "../access/store/sqlite.js";
import { ACCESS_SCHEMA_VERSION } from "../access/store/sqlite-schema.js";
import { loadConfig } from "../config.js";
import { noPositionals } from "./access-support.js";
import type { Command, CommandIo } from "./command.js";

async function migratePostgres(url: string, io: CommandIo): Promise<void> {
  const { store, migration } = await openPostgresAccessStore({ url });
  await store.close();
  const where = describePostgresUrl(url);
  if (migration === undefined || migration.from === migration.to) {
    io.out(`${where}: the access store is at schema version ${migration?.to}; nothing to do`);
  } else {
    io.out(`${where}: the access store went from schema version ${migration.from} to ${migration.to}`);
  }
}

const migrate: Command = {
  name: "migrate",
  summary: "create or upgrade the access store's schema (PostgreSQL or the SQLite file)",
  options: {},
  details: [
    "Uses WORDCLIP_DATABASE_URL when it is set, otherwise <WORDCLIP_DATA_DIR>/access.sqlite.",
    "Safe to run on every deploy and from several nodes at once: migrations run in one transaction under",
    "an advisory lock, and a store already at this version is left as it is. A store of a newer schema",
    "(written by a newer wordclip) is refused, exit 1.",
    "",
    "example: WORDCLIP_DATABASE_URL=postgresql://wordclip@db:5432/wordclip wordclip migrate",
  ].join("\n"),
  async run(args, io) {
    noPositionals(args);
    const config = loadConfig();
    try {
      if (config.databaseUrl !== undefined) {
        await migratePostgres(config.databaseUrl, io);
      } else {
        await openSqliteAccessStore({ path: config.accessDbPath }).close();
        io.out(`${config.accessDbPath}: the access store is at schema version ${ACCESS_SCHEMA_VERSION}`);
      }
      return 0;
    } catch (error) {
      if (!isAccessError(error)) throw error;
      io.err(`wordclip migrate: ${error.message}`);
      return 1;
    }
  },
};

export const commands: Command[] = [migrate];
