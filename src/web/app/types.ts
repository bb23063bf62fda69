/**
 * The API's answers as the app reads them: the SDK's types, which are generated from the server's own
 * schemas (and checked against them by the SDK's tests), under the names the app uses.
 */
import type {
  ClipWithOccurrences,
  CorpusResponse,
  FeedClip,
  FeedResponse,
  PhraseClipsResponse,
  TopicsResponse,
  TranscriptResponse,
  Word,
  WordClipsResponse,
  WordsResponse,
} from "../../../client/src/types.js";

export type WordRecord = Word;
export type ClipRecord = ClipWithOccurrences;
export type FeedClipRecord = FeedClip;
/** What the player needs of a clip: a word result or a feed item. */
export type AnyClip = FeedClip & { occurrences?: ClipWithOccurrences["occurrences"] };

export type WordsPage = WordsResponse;
export type WordClipsPage = WordClipsResponse;
export type PhraseClipsPage = PhraseClipsResponse;
export type Transcript = TranscriptResponse;
export type Cue = TranscriptResponse["cues"][number];
export type TimedWord = NonNullable<TranscriptResponse["words"]>[number];
export type FeedPage = FeedResponse;
export type Corpus = CorpusResponse;
export type CorpusLanguage = CorpusResponse["languages"][number];
export type TopicsAnswer = TopicsResponse;
