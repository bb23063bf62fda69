/**
 * The fuzzy lookup as PostgreSQL's pg_trgm does it: the catalogue words in a table with a GIN trigram
 * index, and per misspelling `SELECT word FROM t WHERE word % $1 ORDER BY similarity(word, $1) DESC
 * LIMIT 5`, timed inside the server by a PL/pgSQL loop with `clock_timestamp()` (no client round trip,
 * as ours is timed in process). The loop runs once to warm up, then once timed. The table is dropped.
 */
import { runPsql } from "./psql.js";

export interface PgTrgmResult {
  /** Per misspelling, in input order: microseconds, the first answer ("" when none) and the first five. */
  latenciesUs: Float64Array;
  top1: string[];
  top5: string[][];
  version: string;
}

/** A COPY text-format field: backslash, tab and line breaks escaped. */
function copyField(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r");
}

export function pgTrgmScript(table: string, words: readonly string[], typos: readonly string[]): string {
  return `
CREATE EXTENSION IF NOT EXISTS pg_trgm;
DROP TABLE IF EXISTS ${table};
CREATE TABLE ${table} (word text NOT NULL);
COPY ${table} (word) FROM STDIN;
${words.map(copyField).join("\n")}
\\.
CREATE INDEX ON ${table} USING gin (word gin_trgm_ops);
ANALYZE ${table};
CREATE TEMP TABLE typos (id integer PRIMARY KEY, typo text NOT NULL);
COPY typos (id, typo) FROM STDIN;
${typos.map((t, i) => `${i}\t${copyField(t)}`).join("\n")}
\\.
CREATE TEMP TABLE timings (id integer, round integer, us double precision, top text[]);
CREATE FUNCTION pg_temp.run_typos(round_no integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
  t0 timestamptz;
  t1 timestamptz;
  tops text[];
BEGIN
  FOR r IN SELECT id, typo FROM typos ORDER BY id LOOP
    t0 := clock_timestamp();
    SELECT array_agg(word) INTO tops FROM (
      SELECT word FROM ${table} WHERE word % r.typo ORDER BY similarity(word, r.typo) DESC LIMIT 5
    ) best;
    t1 := clock_timestamp();
    INSERT INTO timings VALUES (r.id, round_no, extract(epoch FROM t1 - t0) * 1e6, tops);
  END LOOP;
END $$;
SELECT 'V', current_setting('server_version');
SELECT 'W', pg_temp.run_typos(0);
SELECT 'T', pg_temp.run_typos(1);
SELECT 'R', id, us, coalesce(array_to_string(top, '|'), '') FROM timings WHERE round = 1 ORDER BY id;
DROP TABLE ${table};
`;
}

export function runPgTrgm(
  words: readonly string[],
  typos: readonly string[],
): PgTrgmResult | { problem: string } {
  const table = `wordclip_bench_words_${process.pid}`;
  const result = runPsql(pgTrgmScript(table, words, typos));
  if (!result.ok) {
    runPsql(`DROP TABLE IF EXISTS ${table};`, 30_000);
    return { problem: result.problem };
  }
  const latenciesUs = new Float64Array(typos.length);
  const top1: string[] = new Array(typos.length).fill("");
  const top5: string[][] = typos.map(() => []);
  let version = "";
  let rows = 0;
  for (const line of result.stdout.split("\n")) {
    const fields = line.split("\t");
    if (fields[0] === "V") version = fields[1] ?? "";
    if (fields[0] !== "R") continue;
    const id = Number(fields[1]);
    latenciesUs[id] = Number(fields[2]);
    // No catalogue word holds a `|`.
    const answers = (fields[3] ?? "").split("|").filter((w) => w !== "");
    top5[id] = answers;
    top1[id] = answers[0] ?? "";
    rows++;
  }
  if (rows !== typos.length) return { problem: `expected ${typos.length} timed rows from psql, got ${rows}` };
  return { latenciesUs, top1, top5, version };
}
