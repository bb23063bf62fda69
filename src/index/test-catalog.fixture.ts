/** Small in-memory catalogues for the index's unit tests. */
import { WordCatalog, type WordRowDb } from "./word-catalog.js";

export interface TestWord {
  word: string;
  level?: number;
  /** Parts of speech (default: a noun). */
  pos?: string[];
  clips?: number;
  forms?: string[];
  variants?: string[];
  meanings?: Record<string, string>;
  frequency?: number;
  estimated?: boolean;
}

export function testCatalog(words: readonly TestWord[], language = "en"): WordCatalog {
  const rows: WordRowDb[] = words.map((w, i) => ({
    word_id: 100 + i,
    word: w.word,
    norm: w.word.toLowerCase(),
    level: w.level ?? 0,
    pos: JSON.stringify(w.pos ?? ["noun"]),
    variants: JSON.stringify(w.variants ?? []),
    meanings: JSON.stringify(w.meanings ?? { en: `meaning of ${w.word}` }),
    clip_count: w.clips ?? 0,
    clips_by_level: JSON.stringify([w.clips ?? 0, 0, 0, 0, 0, 0]),
    level_source: w.estimated === true ? 1 : 0,
    frequency: w.frequency ?? 0,
  }));
  const spellings = words.flatMap((w, i) => [
    { norm: w.word.toLowerCase(), word_id: 100 + i, kind: 0 },
    ...(w.variants ?? []).map((v) => ({ norm: v, word_id: 100 + i, kind: 1 })),
    ...(w.forms ?? []).map((f) => ({ norm: f, word_id: 100 + i, kind: 2 })),
  ]);
  return new WordCatalog(language, rows, spellings);
}
