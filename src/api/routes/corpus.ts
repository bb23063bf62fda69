/** GET /corpus: what the index holds now, per clip language. Public: it can back a status page. */
import Type from "typebox";
import type { App } from "../app-type.js";
import type { ApiContext } from "../context.js";
import { ErrorEnvelope } from "../errors.js";

const Response = Type.Object({
  languages: Type.Array(
    Type.Object({
      language: Type.String(),
      clips: Type.Integer(),
      channels: Type.Integer(),
      words: Type.Integer({ description: "Catalogue size for the language." }),
      wordsCovered: Type.Integer({ description: "Words with at least one clip." }),
      coverage: Type.Number({ description: "wordsCovered divided by words." }),
    }),
  ),
  updatedAt: Type.String({ format: "date-time", description: "When the index was built." }),
});

export function registerCorpus(app: App, ctx: ApiContext): void {
  app.get(
    "/corpus",
    {
      config: { access: "public", cache: "snapshot" },
      schema: {
        summary: "Corpus size and coverage",
        description: "No key is needed; unauthenticated callers receive the same numbers.",
        tags: ["corpus"],
        security: [],
        response: { 200: Response, 400: ErrorEnvelope, 429: ErrorEnvelope },
      },
    },
    async () => {
      const snapshot = ctx.snapshots.current();
      return { languages: snapshot.corpus, updatedAt: snapshot.builtAt };
    },
  );
}
