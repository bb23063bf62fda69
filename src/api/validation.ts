/**
 * Turns a schema validation failure into the message a client can act on: the parameter, the value sent,
 * and what is allowed (`limit must be an integer from 1 to 100, got "abc"`).
 */
import type { FastifySchemaValidationError } from "fastify/types/schema.js";
import { shown } from "./http/shown.js";

interface ParamSchema {
  type?: string;
  enum?: readonly unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  "x-expected"?: string;
  properties?: Record<string, ParamSchema>;
}

export function expected(schema: ParamSchema | undefined): string {
  if (schema === undefined) return "a valid value";
  if (schema["x-expected"]) return schema["x-expected"];
  if (schema.enum) return `one of ${schema.enum.join(", ")}`;
  switch (schema.type) {
    case "integer":
    case "number": {
      const kind = schema.type === "integer" ? "an integer" : "a number";
      if (schema.minimum !== undefined && schema.maximum !== undefined)
        return `${kind} from ${schema.minimum} to ${schema.maximum}`;
      if (schema.minimum !== undefined) return `${kind} of at least ${schema.minimum}`;
      return kind;
    }
    case "boolean":
      return "true or false";
    case "string":
      if (schema.maxLength !== undefined)
        return `a string of ${schema.minLength ?? 0} to ${schema.maxLength} characters`;
      return "a string";
    default:
      return "a valid value";
  }
}

/** The message for the first failing parameter of a request part (`querystring` or `params`). */
export function validationMessage(
  errors: readonly FastifySchemaValidationError[],
  part: string | undefined,
  schema: ParamSchema | undefined,
  input: Record<string, unknown> | undefined,
): string {
  const first = errors[0];
  if (first === undefined) return "the request is not valid";
  const where = part === "params" ? "path parameter" : "query parameter";
  const name =
    first.instancePath.replace(/^\//, "").split("/")[0] ||
    (first.params as { missingProperty?: string }).missingProperty ||
    "";
  if (name === "") return `the ${where}s are not valid: ${first.message ?? ""}`;
  const param = schema?.properties?.[name];
  const raw = input?.[name];
  if (first.keyword === "required") return `${where} ${name} is required; expected ${expected(param)}`;
  const got = Array.isArray(raw) ? `${shown(raw)} (given more than once)` : shown(raw);
  return `${name} must be ${expected(param)}, got ${got}`;
}
