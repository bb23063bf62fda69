/**
 * Gives every catalogue word its id: the previous snapshot's id when the word was there before, the next
 * free id otherwise. Words the previous snapshot had and the catalogue dropped are kept, with their stored
 * definition and spellings, so a word id once published never disappears.
 */
import type { CompiledCatalogue } from "../catalogue/compile.js";
import type { MatcherSpelling } from "../catalogue/matcher.js";
import { levelIndex } from "../domain.js";
import type { PreviousSnapshot } from "./previous.js";
import type { WordRow } from "./word-rows.js";
import type { SerializedLanguage } from "./worker-data.js";

export interface LanguageWords {
  language: string;
  /** By word index: what the writer stores. */
  rows: WordRow[];
  /** Word index → word id. */
  wordIds: Int32Array;
  /** The matcher's view, by word index. */
  serialized: SerializedLanguage;
  /** Words carried over from the previous snapshot that the catalogue no longer lists. */
  kept: number;
}

export function assignWordIds(
  catalogues: readonly CompiledCatalogue[],
  previous: PreviousSnapshot | undefined,
): LanguageWords[] {
  let nextId = (previous?.maxWordId ?? 0) + 1;
  const sorted = [...catalogues].sort((a, b) => (a.language < b.language ? -1 : 1));
  return sorted.map((catalogue) => {
    const { language } = catalogue;
    const rows: WordRow[] = catalogue.words.map((w) => {
      const before = previous?.words.get(`${language}\0${w.norm}`);
      return {
        wordId: before?.wordId ?? nextId++,
        language,
        word: w.word,
        norm: w.norm,
        level: levelIndex(w.level),
        pos: w.pos,
        variants: w.variants,
        meanings: w.meanings as Record<string, string>,
        levelSource: w.levelSource === "estimated" ? 1 : 0,
        frequency: w.frequency,
        spellings: [],
      };
    });
    const spellings: MatcherSpelling[] = [];
    for (const s of catalogue.spellings) {
      spellings.push({ norm: s.norm, word: s.word });
      rows[s.word]?.spellings.push([s.norm, s.kind]);
    }
    let kept = 0;
    if (previous) {
      const listed = new Set(catalogue.words.map((w) => w.norm));
      for (const [key, before] of previous.words) {
        const [lang, norm] = key.split("\0") as [string, string];
        if (lang !== language || listed.has(norm)) continue;
        const index = rows.length;
        rows.push({
          wordId: before.wordId,
          language,
          word: before.word,
          norm,
          level: before.level,
          pos: before.pos,
          variants: before.variants,
          meanings: before.meanings,
          levelSource: before.levelSource,
          frequency: before.frequency,
          spellings: before.spellings,
        });
        for (const [spelling] of before.spellings) spellings.push({ norm: spelling, word: index });
        kept++;
      }
    }
    return {
      language,
      rows,
      wordIds: Int32Array.from(rows, (r) => r.wordId),
      serialized: {
        spellings,
        levels: Uint8Array.from(rows, (r) => r.level),
        norms: rows.map((r) => r.norm),
      },
      kept,
    };
  });
}
