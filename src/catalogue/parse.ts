/** Parses the text of one catalogue file (`<language>.jsonl`): good lines become entries, bad ones problems. */
import Type, { type Static } from "typebox";
import { Compile } from "typebox/compile";
import { Value } from "typebox/value";
import { GLOSSES, LEVELS } from "../domain.js";
import type { CatalogueEntry, CatalogueProblem } from "./entry.js";

// `\S`: a string of spaces is as empty as "" once trimmed.
const Text = Type.String({ pattern: "\\S" });
const TextList = Type.Array(Text);

/** One catalogue line: the single definition of the format that `docs/catalogue-format.md` describes. */
export const CatalogueLineSchema = Type.Object(
  {
    word: Text,
    level: Type.Union(LEVELS.map((level) => Type.Literal(level))),
    pos: TextList,
    variants: Type.Optional(TextList),
    meanings: Type.Object(Object.fromEntries(GLOSSES.map((gloss) => [gloss, Type.Optional(Text)])), {
      additionalProperties: false,
    }),
    forms: Type.Optional(TextList),
    levelSource: Type.Optional(Type.Union([Type.Literal("cefr"), Type.Literal("estimated")])),
    frequency: Type.Optional(Type.Number({ minimum: 0 })),
  },
  { additionalProperties: false },
);

type CatalogueLine = Static<typeof CatalogueLineSchema>;

/**
 * The schema compiled to a checker, on first use: 25,500 lines are checked in about 20 ms, where
 * `Value.Check` took 450 to 600 ms, every build paying it before any clip is read.
 */
const compileLineChecker = () => Compile(CatalogueLineSchema);
let lineChecker: ReturnType<typeof compileLineChecker> | undefined;

const FIELDS = ["word", "level", "pos", "variants", "meanings", "forms", "levelSource", "frequency"] as const;
type Field = (typeof FIELDS)[number];

// Said once per field whatever the schema's own wording, so an operator reads the rule, not the keyword.
const FIELD_RULES: Record<Field, string> = {
  word: "must be a non-empty string",
  level: `must be one of ${LEVELS.join(", ")}`,
  pos: "must be an array of non-empty strings",
  variants: "must be an array of non-empty strings",
  meanings: "must be an object of non-empty strings keyed by gloss language",
  forms: "must be an array of non-empty strings",
  levelSource: 'must be "cefr" or "estimated"',
  frequency: "must be a number of 0 or more",
};

export interface ParsedCatalogue {
  entries: CatalogueEntry[];
  problems: CatalogueProblem[];
}

/** `file` names the file in problems. Blank lines are skipped; a byte order mark and CRLF endings are fine. */
export function parseCatalogueText(text: string, file: string): ParsedCatalogue {
  const entries: CatalogueEntry[] = [];
  const problems: CatalogueProblem[] = [];
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] ?? "";
    if (raw.trim() === "") continue;
    const line = i + 1;
    const result = parseLine(raw);
    if (typeof result === "string") problems.push({ file, line, message: result });
    else entries.push({ ...result, line });
  }
  return { entries, problems };
}

/** An entry, or what is wrong with the line. */
function parseLine(raw: string): Omit<CatalogueEntry, "line"> | string {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return `invalid JSON: ${(error as Error).message}`;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return `a line must be one JSON object, got ${preview(value)}`;
  }
  lineChecker ??= compileLineChecker();
  if (!lineChecker.Check(value)) return describe(value as Record<string, unknown>);
  return toEntry(value);
}

function toEntry(line: CatalogueLine): Omit<CatalogueEntry, "line"> {
  const meanings: CatalogueEntry["meanings"] = {};
  for (const gloss of GLOSSES) {
    const meaning = line.meanings[gloss];
    if (meaning !== undefined) meanings[gloss] = meaning.trim();
  }
  return {
    word: line.word.trim(),
    level: line.level,
    pos: line.pos.map((p) => p.trim()),
    variants: (line.variants ?? []).map((v) => v.trim()),
    meanings,
    forms: (line.forms ?? []).map((f) => f.trim()),
    ...(line.levelSource === undefined ? {} : { levelSource: line.levelSource }),
    ...(line.frequency === undefined ? {} : { frequency: line.frequency }),
  };
}

/** Every field that is wrong, in the order of the format, each with its rule and the value found. */
function describe(value: Record<string, unknown>): string {
  const messages: string[] = [];
  const unknown = Object.keys(value).filter((key) => !(FIELDS as readonly string[]).includes(key));
  if (unknown.length > 0) {
    messages.push(`unknown field ${unknown.map((k) => `"${k}"`).join(", ")} (fields: ${FIELDS.join(", ")})`);
  }
  const wrong = new Set(
    Value.Errors(CatalogueLineSchema, value)
      .map((error) => error.instancePath.split("/")[1] ?? "")
      .filter((field) => field !== ""),
  );
  for (const field of FIELDS) {
    if (!(field in value)) {
      if (field === "word" || field === "level" || field === "pos" || field === "meanings") {
        messages.push(`missing field "${field}"`);
      }
      continue;
    }
    if (!wrong.has(field)) continue;
    messages.push(fieldMessage(field, value[field]));
  }
  return messages.join("; ");
}

function fieldMessage(field: Field, found: unknown): string {
  if (field === "word" && typeof found === "string") return "empty word";
  if (field === "level" && typeof found === "string") {
    return `unknown level ${JSON.stringify(found)} (one of ${LEVELS.join(", ")})`;
  }
  if (field === "meanings" && typeof found === "object" && found !== null && !Array.isArray(found)) {
    const unknown = Object.keys(found).filter((key) => !(GLOSSES as readonly string[]).includes(key));
    if (unknown.length > 0) {
      return `unknown gloss language ${unknown.map((k) => `"${k}"`).join(", ")} in "meanings" (one of ${GLOSSES.join(", ")})`;
    }
  }
  return `"${field}" ${FIELD_RULES[field]}, got ${preview(found)}`;
}

function preview(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}
