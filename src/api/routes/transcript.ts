/** GET /clips/{clipId}/transcript: the caption cues in order, and the timed catalogue words behind the index. */
import Type from "typebox";
import { levelAt } from "../../domain.js";
import { clipTranscript } from "../../index/transcript.js";
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
    async (request) => {
      const clip = findClip(ctx, request.params.clipId);
      const view = clipTranscript(ctx.snapshots.current(), clip, request.query.words);
      return {
        clipId: clip.clipId,
        videoId: clip.videoId,
        language: clip.language,
        source: "auto-captions",
        wordTimes: clip.wordTimes,
        cues: view.cues.map((c) => ({ idx: c.idx, t0: seconds(c.t0Ms), t1: seconds(c.t1Ms), text: c.text })),
        ...(view.words === undefined
          ? {}
          : {
              words: view.words.map((w) => ({
                wordId: w.entry.wordId,
                word: w.entry.word,
                level: levelAt(w.entry.level),
                tStart: seconds(w.tStartMs),
                ...(w.form === w.entry.norm ? {} : { form: w.form }),
              })),
            }),
      };
    },
  );
}
