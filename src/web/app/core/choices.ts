/**
 * The search's choices as the address bar keeps them (`/?q=run&level=A1,A2&gloss=es`), with the clip
 * shown past the first (`&clip=3`), and the labels shown.
 */
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

/** The clip shown, counted from 0: `clip=3` is the third; anything but a whole number from 1 is the first. */
export function readClip(search: string): number {
  const value = new URLSearchParams(search).get("clip") ?? "";
  return /^[1-9]\d{0,5}$/.test(value) ? Number(value) - 1 : 0;
}

/** `clipIndex` counts from 0, and only a clip past the first is written. */
export function writeChoices(choices: Choices, clipIndex = 0): string {
  const params = new URLSearchParams();
  if (choices.q !== "") params.set("q", choices.q);
  if (choices.levels.length > 0) params.set("level", choices.levels.join(","));
  if (choices.gloss !== "en") params.set("gloss", choices.gloss);
  if (clipIndex > 0) params.set("clip", String(clipIndex + 1));
  const search = params.toString();
  return search === "" ? "" : `?${search}`;
}

export { GLOSSES, LEVELS };

/** "3 of 268". */
export function positionText(index: number, total: number): string {
  return `${index + 1} of ${total}`;
}
