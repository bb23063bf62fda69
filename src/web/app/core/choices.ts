/** The search's choices as the address bar keeps them (`/?q=run&level=A1,A2&gloss=es`), and the labels shown. */
import { GLOSSES, type Gloss, isGloss, isLevel, LEVELS, type Level } from "../../../domain.js";

export interface Choices {
  q: string;
  levels: Level[];
  gloss: Gloss;
}

export const GLOSS_NAMES: Readonly<Record<Gloss, string>> = {
  en: "English",
  es: "Spanish (español)",
  ja: "Japanese (日本語)",
  pt: "Portuguese (português)",
  ru: "Russian (русский)",
  tr: "Turkish (Türkçe)",
  zh: "Chinese (中文)",
};

export function readChoices(search: string): Choices {
  const params = new URLSearchParams(search);
  const levels = (params.get("level") ?? "")
    .split(",")
    .map((l) => l.trim().toUpperCase())
    .filter(isLevel);
  const gloss = params.get("gloss") ?? "en";
  return {
    q: (params.get("q") ?? "").trim(),
    levels: LEVELS.filter((l) => levels.includes(l)),
    gloss: isGloss(gloss) ? gloss : "en",
  };
}

export function writeChoices(choices: Choices): string {
  const params = new URLSearchParams();
  if (choices.q !== "") params.set("q", choices.q);
  if (choices.levels.length > 0) params.set("level", choices.levels.join(","));
  if (choices.gloss !== "en") params.set("gloss", choices.gloss);
  const search = params.toString();
  return search === "" ? "" : `?${search}`;
}

export { GLOSSES, LEVELS };

/** "3 of 268". */
export function positionText(index: number, total: number): string {
  return `${index + 1} of ${total}`;
}
