/** GET /clips/{clipId}: one clip's metadata, by the service's UUID or the platform's video id. */
import Type from "typebox";
import type { ClipRecord } from "../../index/clips.js";
import type { App } from "../app-type.js";
import type { ApiContext } from "../context.js";
import { ApiError, ErrorEnvelope } from "../errors.js";
import { presentClipDetail } from "../present.js";
import { ClipDetail, Params } from "../schemas.js";

export const ClipPath = Type.Object({
  clipId: Type.String({
    pattern: "^[A-Za-z0-9_-]{1,64}$",
    description: "The service clip id (UUID) or the video id on the external platform.",
    "x-expected": "a clip UUID or a video id (letters, digits, - and _)",
  }),
});

/** The clip named by the path, or 404 not_found. */
export function findClip(ctx: ApiContext, clipId: string): ClipRecord {
  const clip = ctx.snapshots.current().clips.find(clipId);
  if (clip === undefined) throw new ApiError("not_found", `no clip with id or video id "${clipId}"`);
  return clip;
}

export function registerClip(app: App, ctx: ApiContext): void {
  app.get(
    "/clips/:clipId",
    {
      config: { access: "keyed", cache: "snapshot" },
      schema: {
        summary: "Clip metadata",
        tags: ["clips"],
        params: ClipPath,
        querystring: Type.Object({
          gloss: {
            ...Params.gloss,
            description: "Accepted for symmetry with other endpoints; clip metadata has no meanings.",
          },
        }),
        response: {
          200: ClipDetail,
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          404: ErrorEnvelope,
          429: ErrorEnvelope,
        },
      },
    },
    async (request) => presentClipDetail(findClip(ctx, request.params.clipId)),
  );
}
