/** The Fastify instance type every route registers on: TypeBox schemas type the handlers. */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export type CachePolicy = "snapshot" | "no-store";

/** What the gate checks on a route: a key (`keyed`), a key or the address's window (`public`), nothing. */
export type AccessClass = "keyed" | "public" | "usage" | "none";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: AccessClass;
    /** `snapshot`: the answer depends only on the snapshot and the query (ETag, max-age); or decided per request. */
    cache?: CachePolicy | ((request: FastifyRequest) => CachePolicy);
  }
  interface FastifyRequest {
    /** The key the request was admitted under; undefined on public and service routes. */
    keyId?: string;
    /** Where a cacheable answer is kept in the response cache; set when it was not found there. */
    responseKey?: string;
    /** A 304 is due when the handler answers 200: its If-None-Match matched the URL's ETag. */
    notModified?: boolean;
  }
}
