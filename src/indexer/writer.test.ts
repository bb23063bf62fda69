/**
 * The snapshot writer: a temporary file renamed into place when complete, stamped with the schema version
 * the reader checks on open; statistics for every catalogue language, topic and level.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { freshDir, openSnapshotDb, writeCatalogue } from "../../test/support/build-inputs.js";
import { parseCaptions } from "../captions/parse.js";
import { compileCatalogue } from "../catalogue/compile.js";
import { readCatalogueDir } from "../catalogue/read.js";
import { LEVELS, TOPICS } from "../domain.js";
import { packNearSpellings } from "../index/catalogue-lookups.js";
import { verifySnapshotFileSync } from "../snapshot/checksum.js";
import { openSnapshotFile } from "../snapshot/open.js";
import { RECENT_KEY_CLIPS, SNAPSHOT_SCHEMA_VERSION, SnapshotError } from "../snapshot/schema.js";
import { assignWordIds } from "./catalogue-ids.js";
import type { ClipMeta } from "./clip-meta.js";
import { TokenDictionary } from "./clip-tokens.js";
import { clipIdOf } from "./ids.js";
import { mergeWords } from "./posting-merge.js";
import { type ProcessedClip, processClip } from "./process-clip.js";
import { SpokenMatcher } from "./spoken-matcher.js";
import { encodeTokens } from "./token-batch.js";
import { hydrateLanguages } from "./worker-data.js";
import { SnapshotWriter } from "./writer.js";

const [english] = assignWordIds(
  [compileCatalogue(readCatalogueDir(writeCatalogue(freshDir("catalogue"))).get("en")?.entries ?? [], "en")],
  undefined,
);
if (!english) throw new Error("no English catalogue");
const index = hydrateLanguages({ en: english.serialized }).get("en");
const BUILT_AT = "2026-04-03T00:00:00.000Z";

function clip(videoId: string, text = "We run to the park for an ice cream."): ProcessedClip {
  const meta: ClipMeta & { language: string } = {
    videoId,
    title: `Clip ${videoId}`,
    durationS: 10,
    channelId: "UC1",
    channelName: "Channel",
    publishedDay: 20_000,
    categories: [],
    tags: [],
    language: "en",
    generated: false,
  };
  const vtt = `WEBVTT\n\n00:00:00.000 --> 00:00:04.000\n${text}\n`;
  if (!index) throw new Error("no English index");
  // A dictionary of its own: the clip can go to any writer (a dictionary's clips all go to one).
  const serialized = english?.serialized;
  if (!serialized) throw new Error("no English catalogue");
  const matcher = new SpokenMatcher(serialized.spellings, serialized.norms, new TokenDictionary());
  return processClip(meta, parseCaptions(vtt, "vtt"), "vtt", { ...index, matcher });
}

function write(out: string, clips: ProcessedClip[], builtAt = BUILT_AT, languages = ["en"]): string {
  const writer = new SnapshotWriter(out);
  clips.forEach((c, i) => {
    writer.addClip(
      c,
      { clipNo: i + 1, clipId: clipIdOf(c.meta.videoId), indexedAt: builtAt },
      english?.wordIds as Int32Array,
    );
  });
  return writer.finish(english?.rows ?? [], languages, builtAt, {}).buildId;
}

/** A folder with a finished snapshot in it, and its bytes. */
function previous(): { dir: string; out: string; bytes: Buffer } {
  const dir = freshDir("writer");
  const out = path.join(dir, "index.sqlite");
  write(out, [clip("old1")]);
  return { dir, out, bytes: readFileSync(out) };
}

describe("SnapshotWriter", () => {
  it("writes to a temporary file beside the target and renames it into place only when finished", () => {
    const { dir, out, bytes } = previous();
    const writer = new SnapshotWriter(out);
    expect(path.dirname(writer.tmpPath)).toBe(dir);
    writer.addClip(
      clip("new1"),
      { clipNo: 1, clipId: clipIdOf("new1"), indexedAt: BUILT_AT },
      english.wordIds,
    );
    expect(existsSync(writer.tmpPath)).toBe(true);
    expect(readFileSync(out).equals(bytes)).toBe(true);
    const record = readFileSync(`${out}.verified`, "utf8");
    writer.finish(english.rows, ["en"], BUILT_AT, {});
    // The snapshot, and the record that it was read in full for its seal (see snapshot/checksum.ts).
    expect(readdirSync(dir)).toEqual(["index.sqlite", "index.sqlite.verified"]);
    expect(readFileSync(`${out}.verified`, "utf8")).not.toBe(record);
    expect(verifySnapshotFileSync(out, { remember: true })).toBe(
      JSON.parse(readFileSync(`${out}.verified`, "utf8")).seal,
    );
    const db = openSnapshotDb(out);
    expect(db.prepare("SELECT video_id FROM clips").pluck().all()).toEqual(["new1"]);
    db.close();
  });

  it("drops the temporary file on abort and leaves the previous snapshot byte for byte", () => {
    const { dir, out, bytes } = previous();
    const writer = new SnapshotWriter(out);
    writer.addClip(
      clip("new1"),
      { clipNo: 1, clipId: clipIdOf("new1"), indexedAt: BUILT_AT },
      english.wordIds,
    );
    writer.abort();
    writer.abort();
    expect(readdirSync(dir)).toEqual(["index.sqlite", "index.sqlite.verified"]);
    expect(readFileSync(out).equals(bytes)).toBe(true);
  });

  it("refuses a clip number the recent order cannot hold, naming it", () => {
    const writer = new SnapshotWriter(path.join(freshDir("writer"), "index.sqlite"));
    try {
      expect(() =>
        writer.addClip(
          clip("v1"),
          { clipNo: RECENT_KEY_CLIPS, clipId: clipIdOf("v1"), indexedAt: BUILT_AT },
          english.wordIds,
        ),
      ).toThrow(new RangeError(`clip number ${RECENT_KEY_CLIPS} exceeds the snapshot's limit`));
    } finally {
      writer.abort();
    }
  });

  it("stamps the schema version, which the reader accepts", () => {
    const { out } = previous();
    const db = openSnapshotFile(out);
    expect(db.pragma("user_version", { simple: true })).toBe(SNAPSHOT_SCHEMA_VERSION);
    db.close();
  });

  it("gives a catalogue language without clips its corpus row and every topic and level, at zero", () => {
    const out = path.join(freshDir("writer"), "index.sqlite");
    write(out, [clip("v1")], BUILT_AT, ["en", "es"]);
    const db = openSnapshotDb(out);
    expect(db.prepare("SELECT * FROM corpus_stats WHERE language = 'es'").get()).toEqual({
      language: "es",
      clips: 0,
      channels: 0,
      words: 0,
      words_covered: 0,
      updated_at: BUILT_AT,
    });
    const topics = db.prepare("SELECT topic, level, clips FROM topic_stats WHERE language = 'es'").all();
    expect(topics).toHaveLength(TOPICS.length * LEVELS.length);
    expect(topics.every((t) => (t as { clips: number }).clips === 0)).toBe(true);
    db.close();
  });

  it("gives the same build id to the same content at the same time, and another otherwise", () => {
    const id = (clips: ProcessedClip[], builtAt = BUILT_AT): string =>
      write(path.join(freshDir("writer"), "index.sqlite"), clips, builtAt);
    const base = id([clip("a"), clip("b")]);
    expect(id([clip("a"), clip("b")])).toBe(base);
    expect(id([clip("a"), clip("b")], "2026-04-04T00:00:00.000Z")).not.toBe(base);
    expect(id([clip("b"), clip("a")])).not.toBe(base);
    expect(id([clip("a"), clip("b", "Children ran.")])).not.toBe(base);
  });

  it("writes the same file when the words' postings are merged, the token blocks encoded and the near-spelling structures built elsewhere", async () => {
    const texts = ["We run to the park for an ice cream.", "Children ran home.", "The cat sat on the mat."];
    // Fresh clips for each writer: a writer puts the word ids into a clip's transcript.
    const clips = (): ProcessedClip[] => Array.from({ length: 60 }, (_, i) => clip(`v${i}`, texts[i % 3]));
    const dir = freshDir("writer");
    const sync = path.join(dir, "sync.sqlite");
    write(sync, clips());
    const async = path.join(dir, "async.sqlite");
    const writer = new SnapshotWriter(async);
    clips().forEach((c, i) => {
      writer.addClip(
        c,
        { clipNo: i + 1, clipId: clipIdOf(c.meta.videoId), indexedAt: BUILT_AT },
        english.wordIds,
      );
    });
    let batches = 0;
    await writer.finishAsync(
      english.rows,
      ["en"],
      BUILT_AT,
      {},
      {
        mergePostings: async (job) => {
          batches++;
          await new Promise((resolve) => setTimeout(resolve, 1));
          return mergeWords(job);
        },
        encodeTokens: async (batch) => {
          batches++;
          await new Promise((resolve) => setTimeout(resolve, 1));
          return encodeTokens(batch);
        },
        packNearSpellings: async (keys, language) => {
          batches++;
          await new Promise((resolve) => setTimeout(resolve, 1));
          // As a worker hands it back: plain bytes, not a Buffer.
          return new Uint8Array(packNearSpellings(keys, language));
        },
      },
    );
    expect(batches).toBeGreaterThan(0);

    expect(readFileSync(async).equals(readFileSync(sync))).toBe(true);
  });
});

describe("openSnapshotFile", () => {
  it("refuses a snapshot of another schema version, naming both versions", () => {
    const { out } = previous();
    const db = new Database(out);
    db.pragma(`user_version = ${SNAPSHOT_SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => openSnapshotFile(out)).toThrow(SnapshotError);
    expect(() => openSnapshotFile(out)).toThrow(
      `${out} has snapshot schema version ${SNAPSHOT_SCHEMA_VERSION + 1}; this wordclip reads version ${SNAPSHOT_SCHEMA_VERSION}. Rebuild it with this version's "wordclip build".`,
    );
  });

  it("refuses an SQLite file without a schema version, a file that is not SQLite, and a missing file", () => {
    const dir = freshDir("open");
    const plain = path.join(dir, "plain.sqlite");
    const db = new Database(plain);
    db.exec("CREATE TABLE t (x)");
    db.close();
    expect(() => openSnapshotFile(plain)).toThrow(`${plain} is not a wordclip snapshot (no schema version)`);
    const text = path.join(dir, "text.sqlite");
    writeFileSync(text, "not a database\n".repeat(200));
    expect(() => openSnapshotFile(text)).toThrow(new RegExp(`^${text} cannot be opened as a snapshot: `));
    const missing = path.join(dir, "missing.sqlite");
    expect(() => openSnapshotFile(missing)).toThrow(
      `no snapshot at ${missing}; build one with "wordclip build"`,
    );
  });
});
