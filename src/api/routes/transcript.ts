/** GET /clips/{clipId}/transcript: the caption cues in order, and the timed catalogue words behind the index. */
import Type from "typebox";
import { levelAt } from "../../domain.js";
import type { ClipRecord } from "../../index/clips.js";
import type { Snapshot } from "../../index/snapshot.js";
import { perCatalog, type WordEntry } from "../../index/word-catalog.js";
import { forEachSpokenWord, writeCuesJson } from "../../snapshot/transcript-blob.js";
import { JsonBytes, jsonPiece } from "../../text/json-bytes.js";
import { KeptPieces } from "../../text/kept-pieces.js";
import type { App } from "../app-type.js";
import type { ApiContext } from "../context.js";
import { ErrorEnvelope } from "../errors.js";
import { type DirectRoute, directRoute } from "../http/direct-routes.js";
import { LevelEnum } from "../schemas.js";
import { ClipPath, findClip } from "./clip.js";

const Response = Type.Object({
  clipId: Type.String({ format: "uuid" }),
  videoId: Type.String(),
  language: Type.String(),
  source: Type.String({ enum: ["auto-captions"], description: "Where the transcript comes from." }),
  wordTimes: Type.String({
    enum: ["exact", "interpolated"],
    description:
      "exact: the captions carry per-word times; interpolated: spread over each cue (captions without word times).",
  }),
  cues: Type.Array(
    Type.Object({
      idx: Type.Integer({ description: "Position in the transcript; stable." }),
      t0: Type.Number({ description: "Start, seconds." }),
      t1: Type.Number({ description: "End, seconds." }),
      text: Type.String({
        description: "Automatic captions: occasional wrong words are expected; >> marks a speaker change.",
      }),
    }),
  ),
  words: Type.Optional(
    Type.Array(
      Type.Object({
        wordId: Type.Integer(),
        word: Type.String({ description: "The catalogue word." }),
        level: LevelEnum,
        tStart: Type.Number({ description: "Seconds from the start of the clip." }),
        form: Type.Optional(Type.String({ description: "The form spoken, when it differs from the word." })),
      }),
      { description: "Every catalogue-word token spoken, in order. Absent when words=false." },
    ),
  ),
});

/** Bytes of the arena each catalogue's word prefixes are kept in, at most: the whole English catalogue's take 1.4 MB. */
const PREFIX_ARENA_BYTES = 4 * 1024 * 1024;

/**
 * Each catalogue's word prefixes (a word's fields in the words array up to its start), kept by word id as
 * words are written: one copy from one place a word spoken.
 */
const prefixesOf = perCatalog(() => new KeptPieces(PREFIX_ARENA_BYTES));

const WORD_ID = jsonPiece('{"wordId":');
const WORD = jsonPiece(',"word":');
const LEVEL = jsonPiece(',"level":"');
const T_START = jsonPiece('","tStart":');

/** A word's fields in the words array up to its start (its time follows). */
function writeWordPrefix(out: JsonBytes, entry: WordEntry): void {
  out.raw(WORD_ID).number(entry.wordId).raw(WORD).string(entry.word);
  out.raw(LEVEL).text(levelAt(entry.level)).raw(T_START);
}

const CLIP_ID = jsonPiece('{"clipId":');
const VIDEO_ID = jsonPiece(',"videoId":');
const LANGUAGE = jsonPiece(',"language":');
const EXACT_CUES = jsonPiece(',"source":"auto-captions","wordTimes":"exact","cues":');
const INTERPOLATED_CUES = jsonPiece(',"source":"auto-captions","wordTimes":"interpolated","cues":');
const WORDS = jsonPiece(',"words":[');
const COMMA = jsonPiece(",");
const FORM = jsonPiece(',"form":');
const WORD_END = jsonPiece("}");
const ANSWER_END = jsonPiece("]}");
const NO_WORDS_END = jsonPiece(',"words":[]}');
const CLOSE = jsonPiece("}");
const NO_CUES = jsonPiece("[]");

/**
 * Writes the answer as JSON in the response schema's key order, as its serialiser would write it from
 * the objects (`clipTranscript`), straight from the stored transcript: the cue texts and the forms spoken
 * are copied as they are stored.
 */
export function writeTranscript(
  out: JsonBytes,
  snapshot: Snapshot,
  clip: ClipRecord,
  withWords: boolean,
): void {
  out.raw(CLIP_ID).string(clip.clipId);
  out.raw(VIDEO_ID).string(clip.videoId);
  out.raw(LANGUAGE).string(clip.language);
  if (clip.wordTimes === "exact") out.raw(EXACT_CUES);
  else if (clip.wordTimes === "interpolated") out.raw(INTERPOLATED_CUES);
  else out.text(`,"source":"auto-captions","wordTimes":"${clip.wordTimes}","cues":`);
  const blob = snapshot.clips.transcript(clip.clipNo);
  if (blob === undefined) out.raw(NO_CUES);
  else writeCuesJson(out, blob);
  if (!withWords) {
    out.raw(CLOSE);
    return;
  }
  const catalog = snapshot.language(clip.language)?.catalog;
  if (catalog === undefined || blob === undefined) {
    out.raw(NO_WORDS_END);
    return;
  }
  out.raw(WORDS);
  const prefixes = prefixesOf(catalog);
  let first = true;
  forEachSpokenWord(blob, (wordId, tStartMs, buf, formStart, formEnd) => {
    const kept = prefixes.has(wordId);
    const entry = kept ? undefined : catalog.byId(wordId);
    if (!kept && entry === undefined) return;
    if (!first) out.raw(COMMA);
    first = false;
    if (entry === undefined) prefixes.copy(out, wordId);
    else {
      const at = out.length;
      writeWordPrefix(out, entry);
      prefixes.keep(out, wordId, at);
    }
    out.seconds(tStartMs);
    if (formEnd > formStart) out.raw(FORM).bytes(buf, formStart, formEnd);
    out.raw(WORD_END);
  });
  out.raw(ANSWER_END);
}

/** The answer as UTF-8 JSON (`writeTranscript`), in a buffer of its own. */
export function transcriptBytes(snapshot: Snapshot, clip: ClipRecord, withWords: boolean): Buffer {
  const out = JsonBytes.reused();
  writeTranscript(out, snapshot, clip, withWords);
  return out.done();
}

/** The answer as JSON text (`transcriptBytes` decoded). */
export function transcriptJson(snapshot: Snapshot, clip: ClipRecord, withWords: boolean): string {
  return transcriptBytes(snapshot, clip, withWords).toString("utf8");
}

const Query = Type.Object({
  words: Type.Boolean({
    default: true,
    description: "Include the words array; false returns the cues alone.",
  }),
});

/** The route for plain requests, answered before the framework (`direct-routes.ts`). */
export function transcriptDirect(ctx: ApiContext, prefix: string): DirectRoute {
  return directRoute({
    path: `${prefix}/clips/:clipId/transcript`,
    params: ClipPath,
    query: Query,
    access: "keyed",
    answer: ({ clipId }, { words }) => transcriptBytes(ctx.snapshots.current(), findClip(ctx, clipId), words),
  });
}

export function registerTranscript(app: App, ctx: ApiContext): void {
  app.get(
    "/clips/:clipId/transcript",
    {
      config: { access: "keyed", cache: "snapshot" },
      schema: {
        summary: "Timed transcript and word timings",
        description: "Cue indexes are stable: a caller can cache a transcript and refer to cues by index.",
        tags: ["clips"],
        params: ClipPath,
        querystring: Query,
        response: {
          200: Response,
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          404: ErrorEnvelope,
          429: ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const clip = findClip(ctx, request.params.clipId);
      // Already JSON: sent as it is (the schema serialiser is for objects).
      return reply
        .type("application/json; charset=utf-8")
        .send(transcriptBytes(ctx.snapshots.current(), clip, request.query.words) as never);
    },
  );
}
