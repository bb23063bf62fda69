import { describe, expect, it } from "vitest";
import { cleanDefinition, cleanTranslations } from "./cefr-meanings.js";

describe("cleanDefinition", () => {
  it.each([
    ["  forsake, leave behind ", "forsake, leave behind"],
    [
      "something that is lost or surrendered as a penalty;",
      "something that is lost or surrendered as a penalty",
    ],
    ["most_recently", "most recently"],
    [
      'deliver a sharp blow or push :"He knocked the glass clear across the room"',
      "deliver a sharp blow or push",
    ],
    ['move with force, "He pushed the table into a corner"', "move with force"],
    [
      'keep in a certain state, position, or activity; e.g., "keep clean"',
      "keep in a certain state, position, or activity",
    ],
    [
      'a local branch where postal services are available"',
      "a local branch where postal services are available",
    ],
    [
      "(usually followed by `to') having the necessary means",
      "(usually followed by 'to') having the necessary means",
    ],
    ["", ""],
  ])("cleans %j to %j", (raw, clean) => {
    expect(cleanDefinition(raw)).toBe(clean);
  });

  it("keeps quotes that belong to the definition", () => {
    const behalf =
      'as the agent of or on someone\'s part (usually expressed as "on behalf of" rather than "in behalf of")';
    expect(cleanDefinition(behalf)).toBe(behalf);
  });
});

describe("cleanTranslations", () => {
  it("keeps the first three translations as given, trimmed, each once", () => {
    expect(cleanTranslations("perro; can; frankfurt; pancho")).toBe("perro; can; frankfurt");
    expect(cleanTranslations(" vaca ;vaca; bruja;  ; vaquita")).toBe("vaca; bruja; vaquita");
    expect(cleanTranslations("ＣＤプレーヤー")).toBe("ＣＤプレーヤー");
  });

  it("gives the empty string for an empty cell", () => {
    expect(cleanTranslations("")).toBe("");
    expect(cleanTranslations(" ; ")).toBe("");
  });
});
