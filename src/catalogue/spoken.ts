/** Catalogue words spoken in a timed transcript: the one place that turns caption words into word hits. */
import type { TimedWord } from "../captions/transcript.js";
import { tokeniseWords } from "../text/tokenise.js";
import type { CatalogueMatcher } from "./matcher.js";

export interface SpokenWord {
  /** Index of the catalogue word. */
  word: number;
  /** When the first token of the match is spoken, milliseconds from the start of the clip. */
  tStartMs: number;
  /** The cue that holds that token. */
  cueIdx: number;
  /** The tokens as spoken, joined by one space (`ran`, `ice creams`). */
  form: string;
  /** Number of tokens matched; 1 for a single word. */
  length: number;
  /** Position of the first token in the clip's token stream. */
  token: number;
}

export interface SpokenTranscript {
  /** Every normalised token of the transcript, in order. */
  tokens: string[];
  /** Every catalogue-word hit, in spoken order. */
  hits: SpokenWord[];
}

export function spokenWords(
  words: readonly TimedWord[],
  language: string,
  matcher: CatalogueMatcher,
): SpokenTranscript {
  const wordTokens = tokeniseWords(
    words.map((w) => w.token),
    language,
  );
  const tokens = wordTokens.map((t) => t.norm);
  const hits = matcher.match(tokens).map((hit) => {
    const spoken = words[(wordTokens[hit.start] as { word: number }).word] as TimedWord;
    return {
      word: hit.word,
      tStartMs: spoken.tStartMs,
      cueIdx: spoken.cueIdx,
      form:
        hit.length === 1
          ? (tokens[hit.start] as string)
          : tokens.slice(hit.start, hit.start + hit.length).join(" "),
      length: hit.length,
      token: hit.start,
    };
  });
  return { tokens, hits };
}

/** The first time each catalogue word is spoken: what a posting stores. Keyed by word index. */
export function firstOccurrences(hits: readonly SpokenWord[]): Map<number, SpokenWord> {
  const first = new Map<number, SpokenWord>();
  for (const hit of hits) if (!first.has(hit.word)) first.set(hit.word, hit);
  return first;
}
