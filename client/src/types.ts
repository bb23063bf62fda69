/**
 * The wordclip v1 API's types: the resources (`resources.ts`) and each endpoint's query and answer
 * (`endpoints.ts`), both generated from the server's schemas.
 */
export type * from "./endpoints.js";
export type * from "./resources.js";
