/** GET /clips/{clipId}/transcript: the caption cues in order, and the timed catalogue words behind the index. */
import Type from "typebox";
import { levelAt } from "../../domain.js";
import type { ClipRecord } from "../../index/clips.js";
import type { Snapshot } from "../../index/snapshot.js";
import { clipTranscript } from "../../index/transcript.js";
import type { WordEntry } from "../../index/word-catalog.js";
import type { App } from "../app-type.js";
import type { ApiContext } from "../context.js";
import { ErrorEnvelope } from "../errors.js";
import { seconds } from "../present.js";
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

/** Each catalogue word's fields in the words array, JSON-encoded once per word (and snapshot). */
const wordFields = new WeakMap<WordEntry, string>();

function wordJson(entry: WordEntry): string {
  let json = wordFields.get(entry);
  if (json === undefined) {
    json = `{"wordId":${entry.wordId},"word":${JSON.stringify(entry.word)},"level":"${levelAt(entry.level)}","tStart":`;
    wordFields.set(entry, json);
  }
  return json;
}

/**
 * The answer as JSON text, in the response schema's key order, as its serialiser would write it from the
 * objects.
 */
export function transcriptJson(snapshot: Snapshot, clip: ClipRecord, withWords: boolean): string {
  const view = clipTranscript(snapshot, clip, withWords);
  const cues = view.cues
    .map(
      (c) =>
        `{"idx":${c.idx},"t0":${seconds(c.t0Ms)},"t1":${seconds(c.t1Ms)},"text":${JSON.stringify(c.text)}}`,
    )
    .join(",");
  const words =
    view.words === undefined
      ? ""
      : `,"words":[${view.words
          .map((w) => {
            const form = w.formJson === undefined ? "" : `,"form":${w.formJson}`;
            return `${wordJson(w.entry)}${seconds(w.tStartMs)}${form}}`;
          })
          .join(",")}]`;
  return `{"clipId":${JSON.stringify(clip.clipId)},"videoId":${JSON.stringify(clip.videoId)},"language":${JSON.stringify(clip.language)},"source":"auto-captions","wordTimes":"${clip.wordTimes}","cues":[${cues}]${words}}`;
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
        querystring: Type.Object({
          words: Type.Boolean({
            default: true,
            description: "Include the words array; false returns the cues alone.",
          }),
        }),
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
        .send(transcriptJson(ctx.snapshots.current(), clip, request.query.words) as never);
    },
  );
}
