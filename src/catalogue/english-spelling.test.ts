import { describe, expect, it } from "vitest";
import {
  regularComparison,
  regularGerund,
  regularPast,
  regularPlural,
  regularThirdPerson,
  syllableCount,
} from "./english-spelling.js";

describe("regular English spelling", () => {
  it.each([
    ["dog", "dogs"],
    ["city", "cities"],
    ["day", "days"],
    ["box", "boxes"],
    ["church", "churches"],
    ["dish", "dishes"],
    ["bus", "buses"],
  ])("pluralises %s as %s", (noun, plural) => {
    expect(regularPlural(noun)).toBe(plural);
  });

  it.each([
    ["walk", "walks"],
    ["carry", "carries"],
    ["play", "plays"],
    ["watch", "watches"],
    ["go", "goes"],
    ["ski", "skis"],
  ])("gives %s the third person %s", (verb, third) => {
    expect(regularThirdPerson(verb)).toBe(third);
  });

  it.each([
    ["walk", "walked"],
    ["like", "liked"],
    ["carry", "carried"],
    ["play", "played"],
    ["stop", "stopped"],
    ["quarrel", "quarreled"],
    ["visit", "visited"],
    ["heap", "heaped"],
    ["panic", "panicked"],
    ["quiz", "quizzed"],
    ["fix", "fixed"],
    ["row", "rowed"],
  ])("gives %s the past %s", (verb, past) => {
    expect(regularPast(verb)).toBe(past);
  });

  it.each([
    ["walk", "walking"],
    ["make", "making"],
    ["lie", "lying"],
    ["see", "seeing"],
    ["dye", "dyeing"],
    ["canoe", "canoeing"],
    ["stop", "stopping"],
    ["panic", "panicking"],
    ["open", "opening"],
  ])("gives %s the -ing form %s", (verb, gerund) => {
    expect(regularGerund(verb)).toBe(gerund);
  });

  it.each([
    ["tall", ["taller", "tallest"]],
    ["large", ["larger", "largest"]],
    ["happy", ["happier", "happiest"]],
    ["grey", ["greyer", "greyest"]],
    ["red", ["redder", "reddest"]],
    ["big", ["bigger", "biggest"]],
    ["new", ["newer", "newest"]],
    ["quiet", ["quieter", "quietest"]],
    ["simple", ["simpler", "simplest"]],
  ])("compares %s as %j", (adjective, forms) => {
    expect(regularComparison(adjective)).toEqual(forms);
  });

  it.each([
    ["big", 1],
    ["huge", 1],
    ["free", 1],
    ["happy", 2],
    ["simple", 2],
    ["narrow", 2],
    ["beautiful", 3],
  ])("counts the syllables of %s as %i", (word, count) => {
    expect(syllableCount(word)).toBe(count);
  });
});
