/** GET /topics: every topic of the fixed list with its clip count by CEFR level, for a clip language. */
import Type from "typebox";
import { LEVELS, TOPICS } from "../../domain.js";
import type { App } from "../app-type.js";
import type { ApiContext } from "../context.js";
import { ErrorEnvelope } from "../errors.js";
import { Params } from "../schemas.js";

const Response = Type.Object({
  language: Type.String(),
  topics: Type.Array(
    Type.Object({
      topic: Type.String({ enum: [...TOPICS] }),
      clips: Type.Integer({ description: "Clips carrying the topic in the requested language." }),
      byLevel: Type.Object(Object.fromEntries(LEVELS.map((l) => [l, Type.Optional(Type.Integer())])), {
        description: "Clip count per CEFR level; levels without clips are absent.",
      }),
    }),
  ),
  updatedAt: Type.String({ format: "date-time", description: "When the index was built." }),
});

export function registerTopics(app: App, ctx: ApiContext): void {
  app.get(
    "/topics",
    {
      config: { access: "keyed", cache: "snapshot" },
      schema: {
        summary: "Topics with clip counts by level",
        tags: ["corpus"],
        querystring: Type.Object({ language: Params.language }),
        response: { 200: Response, 400: ErrorEnvelope, 401: ErrorEnvelope, 429: ErrorEnvelope },
      },
    },
    async (request) => {
      const snapshot = ctx.snapshots.current();
      return {
        language: request.query.language,
        topics: snapshot.topics(request.query.language),
        updatedAt: snapshot.builtAt,
      };
    },
  );
}
