/**
 * Phrase lookups: a phrase's tokens to the spoken tokens each place may be (the token itself, its forms
 * when asked, a near spelling as a last resort), and a page of matches to clips with the time, cue and
 * text of each occurrence, read back from the transcripts the page reads anyway.
 */
import { decodeTranscript } from "../snapshot/transcript-blob.js";
import { tokeniseWords } from "../text/tokenise.js";
import { type ClipRecord, clipNoOf } from "./clips.js";
import { type MatchMode, resolveWord } from "./lookup.js";
import type { SpokenToken } from "./phrase-index.js";
import type { PhraseHitRef } from "./phrase-search.js";
import type { LanguageIndex, Snapshot } from "./snapshot.js";
import { perCatalog, type WordCatalog } from "./word-catalog.js";

export interface PhraseOccurrence {
  tStartMs: number;
  /** The cue where the phrase starts. */
  cueIdx: number;
  /** The cue's text, or the texts of every cue the phrase spans, joined by a space. */
  text: string;
  /** The tokens spoken, when they differ from the phrase (`gave up` for `give up`). */
  form: string | undefined;
}

export interface PhraseHit {
  clip: ClipRecord;
  occurrences: PhraseOccurrence[];
}

export type PhraseResolution =
  | {
      found: true;
      /** The phrase matched: its tokens, a near spelling in place of a token spoken nowhere. */
      tokens: string[];
      places: SpokenToken[][];
      corrected: boolean;
    }
  | { found: false; missing: string };

/** Single-token spellings of each catalogue word, by word index; built once per catalogue. */
const wordSpellings = perCatalog((catalog) => {
  const map = new Map<number, string[]>();
  for (const norm of catalog.spellingNorms()) {
    if (norm.includes(" ")) continue;
    for (const ref of catalog.spellingsOf(norm)) {
      const list = map.get(ref.index);
      if (list === undefined) map.set(ref.index, [norm]);
      else list.push(norm);
    }
  }
  return map;
});

/** The token and every spelling of each catalogue word it is a spelling of (`made` → make, makes, made…). */
function formsOf(catalog: WordCatalog, token: string): string[] {
  const spellings = wordSpellings(catalog);
  const forms = new Set([token]);
  for (const ref of catalog.spellingsOf(token)) {
    for (const norm of spellings.get(ref.index) ?? []) forms.add(norm);
  }
  return [...forms];
}

export function resolvePhrase(
  snapshot: Snapshot,
  language: string,
  index: LanguageIndex,
  tokens: readonly string[],
  mode: MatchMode,
): PhraseResolution {
  const spoken = snapshot.phrases.index;
  const lookUp = (spellings: readonly string[]): SpokenToken[] =>
    spellings.flatMap((s) => spoken.token(language, s) ?? []);
  const matched: string[] = [];
  const places: SpokenToken[][] = [];
  let corrected = false;
  for (const token of tokens) {
    let place = lookUp(mode === "strict" ? [token] : formsOf(index.catalog, token));
    let as = token;
    if (place.length === 0 && mode === "fuzzy") {
      const near = resolveWord(index.catalog, index.fuzzy, token, "fuzzy");
      if (near.found && !near.entry.norm.includes(" ")) {
        place = lookUp(formsOf(index.catalog, near.entry.norm));
        as = near.entry.norm;
        corrected = place.length > 0;
      }
    }
    if (place.length === 0) return { found: false, missing: token };
    matched.push(as);
    places.push(place);
  }
  return { found: true, tokens: matched, places, corrected };
}

/** The clips of a page with their occurrences: the first of each clip, or every one when `all`. */
export function hydratePhraseHits(
  snapshot: Snapshot,
  language: string,
  phrase: readonly string[],
  refs: readonly PhraseHitRef[],
  all: boolean,
): PhraseHit[] {
  const clipNos = refs.map((ref) => clipNoOf(ref.key));
  const transcripts = snapshot.clips.transcripts(clipNos);
  const clips = new Map(snapshot.clips.clips(clipNos).map((clip) => [clip.clipNo, clip]));
  const key = phrase.join(" ");
  const hits: PhraseHit[] = [];
  for (const ref of refs) {
    const clipNo = clipNoOf(ref.key);
    const clip = clips.get(clipNo);
    const blob = transcripts.get(clipNo);
    if (clip === undefined || blob === undefined) continue;
    const transcript = decodeTranscript(blob, clip.wordTimes);
    const tokens = tokeniseWords(
      transcript.words.map((w) => w.token),
      language,
    );
    const occurrences: PhraseOccurrence[] = [];
    for (const start of all ? ref.starts : ref.starts.subarray(0, 1)) {
      const first = tokens[start];
      const last = tokens[start + phrase.length - 1];
      if (first === undefined || last === undefined) continue;
      const firstWord = transcript.words[first.word];
      const lastWord = transcript.words[last.word];
      if (firstWord === undefined || lastWord === undefined) continue;
      const cues = transcript.cues.slice(firstWord.cueIdx, lastWord.cueIdx + 1);
      const form = tokens
        .slice(start, start + phrase.length)
        .map((t) => t.norm)
        .join(" ");
      occurrences.push({
        tStartMs: firstWord.tStartMs,
        cueIdx: firstWord.cueIdx,
        text: cues.map((cue) => cue.text).join(" "),
        form: form === key ? undefined : form,
      });
    }
    if (occurrences.length > 0) hits.push({ clip, occurrences });
  }
  return hits;
}
