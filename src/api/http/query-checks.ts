/**
 * Checks of the raw request that the schemas cannot make, run before validation: a credential in the query
 * string, query parameters a route does not take, numbers written as anything but plain decimal digits
 * (`1e309`, `Infinity`, `0x10` and 400-digit numbers would otherwise be coerced past the page cap), and
 * control characters in path or query values.
 */
import { ApiError } from "../errors.js";
import { shown } from "./shown.js";

/** Query parameter names that carry a credential in other APIs; never accepted, never logged in full. */
export const CREDENTIAL_PARAMS: ReadonlySet<string> = new Set([
  "key",
  "api_key",
  "apikey",
  "api-key",
  "apiKey",
  "access_token",
  "token",
  "auth",
  "authorization",
]);

/** Plain decimal integers of at most 15 digits: exactly representable, never Infinity. */
const PLAIN_INTEGER = /^-?[0-9]{1,15}$/;
const PLAIN_NUMBER = /^-?[0-9]{1,15}(\.[0-9]{1,15})?$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds.
const CONTROL = /[\u0000-\u001f\u007f]/;

interface PropertySchema {
  type?: string;
  anyOf?: PropertySchema[];
}

interface QuerySchema {
  properties?: Record<string, PropertySchema>;
}

function typeOf(schema: PropertySchema): string | undefined {
  return schema.type ?? schema.anyOf?.find((part) => part.type !== undefined)?.type;
}

/** 400 when a credential is sent in the query string: it belongs in the Authorization header. */
export function credentialInQuery(query: Record<string, unknown>): ApiError | undefined {
  for (const name of Object.keys(query)) {
    if (CREDENTIAL_PARAMS.has(name)) {
      return new ApiError(
        "invalid_request",
        `query parameter ${name} is not accepted: send the API key in the header Authorization: Bearer <API key>, never in a URL (URLs end up in logs and browser history)`,
      );
    }
  }
  return undefined;
}

/** The first problem with a route's raw query, or undefined. */
export function queryProblem(
  query: Record<string, unknown>,
  schema: QuerySchema | undefined,
): ApiError | undefined {
  const properties = schema?.properties ?? {};
  const accepted = Object.keys(properties);
  for (const [name, value] of Object.entries(query)) {
    // Own properties only: `constructor` or `__proto__` is no parameter of any route.
    const property = Object.hasOwn(properties, name) ? properties[name] : undefined;
    if (property === undefined) {
      const list = accepted.length === 0 ? "this endpoint takes none" : `accepted: ${accepted.join(", ")}`;
      return new ApiError("invalid_request", `unknown query parameter ${shown(name)}; ${list}`);
    }
    for (const one of Array.isArray(value) ? value : [value]) {
      if (typeof one !== "string") continue;
      if (CONTROL.test(one)) {
        return new ApiError(
          "invalid_request",
          `${name} must not contain control characters, got ${shown(one)}`,
        );
      }
      const type = typeOf(property);
      if (type === "integer" && !PLAIN_INTEGER.test(one)) {
        return new ApiError(
          "invalid_request",
          `${name} must be written as a whole number in decimal digits, got ${shown(one)}`,
        );
      }
      if (type === "number" && !PLAIN_NUMBER.test(one)) {
        return new ApiError(
          "invalid_request",
          `${name} must be written as a decimal number, got ${shown(one)}`,
        );
      }
    }
  }
  return undefined;
}

/** 400 when a path parameter holds a control character (`/v1/words/run%00/clips`). */
export function pathProblem(params: Record<string, unknown>): ApiError | undefined {
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === "string" && CONTROL.test(value)) {
      return new ApiError(
        "invalid_request",
        `${name} must not contain control characters, got ${shown(value)}`,
      );
    }
  }
  return undefined;
}
