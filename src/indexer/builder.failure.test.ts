/**
 * A build that fails or is aborted leaves the previous snapshot byte for byte as it was and no temporary
 * file behind; a `--from` that is not a snapshot of this schema version is refused before anything is written.
 */
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { freshDir, infoFields, json3, writeCatalogue, writeClip } from "../../test/support/build-inputs.js";
import { SNAPSHOT_SCHEMA_VERSION, SnapshotError } from "../snapshot/schema.js";
import { type BuildOptions, buildSnapshot } from "./builder.js";
import { SourceError } from "./sources.js";

/** More clips than one batch of jobs holds, so a build reports progress before it is done. */
const CLIPS = 80;

let catalogueDir: string;
let clipsDir: string;

/** A folder holding a finished snapshot and its report, and what it holds now. */
interface Previous {
  dir: string;
  out: string;
  bytes: Buffer;
  files: string[];
}

async function previousBuild(): Promise<Previous> {
  const dir = freshDir("out");
  const out = path.join(dir, "index.sqlite");
  await buildSnapshot({ catalogueDir, clipSources: [clipsDir], outPath: out, workers: 0 });
  return { dir, out, bytes: readFileSync(out), files: readdirSync(dir).sort() };
}

function expectUntouched(previous: Previous): void {
  expect(readdirSync(previous.dir).sort()).toEqual(previous.files);
  expect(readFileSync(previous.out).equals(previous.bytes)).toBe(true);
}

function options(previous: Previous, extra: Partial<BuildOptions> = {}): BuildOptions {
  return { catalogueDir, clipSources: [clipsDir], outPath: previous.out, workers: 0, ...extra };
}

beforeAll(() => {
  catalogueDir = writeCatalogue(freshDir("catalogue"));
  clipsDir = freshDir("clips");
  for (let i = 0; i < CLIPS; i++) {
    const id = `clip${String(i).padStart(3, "0")}`;
    writeClip(clipsDir, id, {
      "en.json3": json3([`Clip ${i}: we run to the park.`, "The children eat ice cream."]),
    });
  }
});

describe("a build that does not finish", () => {
  it("rejects when aborted midway, leaving the previous snapshot and no temporary file", async () => {
    const previous = await previousBuild();
    const controller = new AbortController();
    const seen: number[] = [];
    const build = buildSnapshot(
      options(previous, {
        signal: controller.signal,
        onProgress: (p) => {
          seen.push(p.done);
          controller.abort();
        },
      }),
    );
    await expect(build).rejects.toThrow(/aborted/);
    expect(controller.signal.aborted).toBe(true);
    expect(Math.max(...seen)).toBeLessThan(CLIPS);
    expectUntouched(previous);
  });

  it("rejects when aborted while carrying clips over from the previous snapshot", async () => {
    const previous = await previousBuild();
    const controller = new AbortController();
    const build = buildSnapshot(
      options(previous, {
        clipSources: [freshDir("empty")],
        fromPath: previous.out,
        signal: controller.signal,
        onProgress: (p) => {
          if (p.phase === "carried-over") controller.abort();
        },
      }),
    );
    await expect(build).rejects.toThrow(/aborted/);
    expectUntouched(previous);
  });

  it("rejects when aborted before it starts, writing nothing", async () => {
    const previous = await previousBuild();
    await expect(buildSnapshot(options(previous, { signal: AbortSignal.abort() }))).rejects.toThrow(
      /aborted/,
    );
    expectUntouched(previous);
  });

  it("rejects with the error that stopped it, leaving the previous snapshot and no temporary file", async () => {
    const previous = await previousBuild();
    const failing = buildSnapshot(
      options(previous, {
        onProgress: () => {
          throw new Error("disk full");
        },
      }),
    );
    await expect(failing).rejects.toThrow("disk full");
    expectUntouched(previous);
  });

  it("refuses a clip source that does not exist, naming it, before writing anything", async () => {
    const previous = await previousBuild();
    const missing = path.join(previous.dir, "no-such-folder");
    const build = buildSnapshot(options(previous, { clipSources: [clipsDir, missing] }));
    await expect(build).rejects.toThrow(SourceError);
    await expect(buildSnapshot(options(previous, { clipSources: [missing] }))).rejects.toThrow(
      `clip source ${missing} does not exist`,
    );
    expectUntouched(previous);
  });

  it("refuses a catalogue folder that cannot be read, naming it", async () => {
    const previous = await previousBuild();
    const missing = path.join(previous.dir, "no-catalogue");
    await expect(buildSnapshot(options(previous, { catalogueDir: missing }))).rejects.toThrow(
      `cannot read catalogue folder ${missing}`,
    );
    expectUntouched(previous);
  });
});

describe("--from a file that is not a snapshot of this version", () => {
  it("is refused with a message naming both schema versions", async () => {
    const previous = await previousBuild();
    const older = path.join(freshDir("older"), "old.sqlite");
    copyFileSync(previous.out, older);
    const db = new Database(older);
    db.pragma(`user_version = ${SNAPSHOT_SCHEMA_VERSION + 1}`);
    db.close();
    const build = buildSnapshot(options(previous, { fromPath: older }));
    await expect(build).rejects.toThrow(SnapshotError);
    await expect(buildSnapshot(options(previous, { fromPath: older }))).rejects.toThrow(
      `${older} has snapshot schema version ${SNAPSHOT_SCHEMA_VERSION + 1}; this wordclip reads version ${SNAPSHOT_SCHEMA_VERSION}`,
    );
    expectUntouched(previous);
  });

  it("is refused when it is not a snapshot at all", async () => {
    const previous = await previousBuild();
    const text = path.join(freshDir("text"), "notes.sqlite");
    writeFileSync(text, "these are not the droids you are looking for\n".repeat(100));
    await expect(buildSnapshot(options(previous, { fromPath: text }))).rejects.toThrow(
      `${text} cannot be opened as a snapshot`,
    );
    const empty = path.join(freshDir("empty"), "empty.sqlite");
    new Database(empty).close();
    await expect(buildSnapshot(options(previous, { fromPath: empty }))).rejects.toThrow(
      `${empty} is not a wordclip snapshot (no schema version)`,
    );
    const missing = path.join(previous.dir, "missing.sqlite");
    await expect(buildSnapshot(options(previous, { fromPath: missing }))).rejects.toThrow(
      `no snapshot at ${missing}`,
    );
    expectUntouched(previous);
  });
});

describe("a build that finishes", () => {
  it("replaces the snapshot and its report in place and leaves no temporary file", async () => {
    const previous = await previousBuild();
    const late = freshDir("late");
    writeClip(late, "zz-late", { "en.json3": json3(["A late clip about a van."]) }, infoFields("zz-late"));
    const { report } = await buildSnapshot(options(previous, { clipSources: [clipsDir, late] }));
    expect(report.clips.total).toBe(CLIPS + 1);
    expect(readdirSync(previous.dir).sort()).toEqual(previous.files);
    expect(readFileSync(previous.out).equals(previous.bytes)).toBe(false);
  });
});
