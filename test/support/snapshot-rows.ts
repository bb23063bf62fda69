/**
 * A snapshot's transcripts and postings as plain rows, read through the snapshot reader (the code that
 * serves them), so builder tests check what a client is answered whatever their storage layout.
 */
import { LEVELS } from "../../src/domain.js";
import { clipNoOf } from "../../src/index/clips.js";
import { Snapshot } from "../../src/index/snapshot.js";
import { clipTranscript } from "../../src/index/transcript.js";
import { openSnapshotDb } from "./build-inputs.js";

export interface CueView {
  idx: number;
  t0Ms: number;
  t1Ms: number;
  text: string;
  /** Start of each space-separated word of `text`. */
  wordMs: number[];
}

export interface PostingView {
  wordId: number;
  /** The level the posting is filed under. */
  level: number;
  clipNo: number;
  recentKey: number;
  tMs: number;
  cueIdx: number;
}

/** Word times as the reader hands them: little-endian uint32 bytes or numbers. */
function times(wordMs: Uint8Array | readonly number[]): number[] {
  if (!(wordMs instanceof Uint8Array)) return [...wordMs];
  const bytes = Buffer.from(wordMs.buffer, wordMs.byteOffset, wordMs.byteLength);
  return Array.from({ length: bytes.byteLength >>> 2 }, (_, i) => bytes.readUInt32LE(i * 4));
}

export class SnapshotRows {
  readonly snapshot: Snapshot;

  constructor(readonly file: string) {
    this.snapshot = new Snapshot(file);
  }

  /** The clip's cues with the start of each of their words. */
  cues(clipNo: number): CueView[] {
    const clip = this.snapshot.clips.clip(clipNo);
    if (clip === undefined) throw new Error(`no clip ${clipNo} in ${this.file}`);
    return clipTranscript(this.snapshot, clip, false).cues.map((cue) => {
      const stored = this.snapshot.clips.cue(clipNo, cue.idx);
      if (stored?.text !== cue.text)
        throw new Error(`clip ${clipNo}: cue ${cue.idx} reads differently alone`);
      return { idx: cue.idx, t0Ms: cue.t0Ms, t1Ms: cue.t1Ms, text: cue.text, wordMs: times(stored.wordMs) };
    });
  }

  /** Every posting of every word of the snapshot, level by level, newest first within a level. */
  postings(): PostingView[] {
    const db = openSnapshotDb(this.file);
    const wordIds = db.prepare("SELECT word_id FROM words ORDER BY word_id").pluck().all() as number[];
    db.close();
    const out: PostingView[] = [];
    for (const wordId of wordIds) {
      LEVELS.forEach((_, level) => {
        for (const p of this.snapshot.clips.postings(wordId, [level], undefined, 1_000_000)) {
          out.push({
            wordId,
            level,
            clipNo: clipNoOf(p.recentKey),
            recentKey: p.recentKey,
            tMs: p.tMs,
            cueIdx: p.cueIdx,
          });
        }
      });
    }
    return out;
  }

  close(): void {
    this.snapshot.close();
  }
}
