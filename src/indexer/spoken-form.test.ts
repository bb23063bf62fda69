import { describe, expect, it } from "vitest";
import { tokenise } from "../text/tokenise.js";
import { spokenForm } from "./spoken-form.js";

describe("spokenForm", () => {
  /** The definition: the rest of the cue from the word spoken at `tStartMs`, tokenised whole. */
  function formOfWholeRest(text: string, at: number, norm: string, language: string): string | undefined {
    const tokens = tokenise(text.split(" ").slice(at).join(" "), language);
    const form = tokens.slice(0, norm.split(" ").length).join(" ");
    return form === norm || form === "" ? undefined : form;
  }

  it("gives the form the whole rest of the cue gives, whatever annotations, clitics and marks follow", () => {
    const texts = [
      "The children ran to the park",
      "Ice-Creams and ICE CREAM",
      "we [Music] ran [MUSIC PLAYING] home",
      "we [Music ran] home and [laughter from the crowd goes on] run",
      "we [ran home but no bracket closes",
      "we ［Music］ ran home",
      "you can't won't shouldn't've let's go",
      "— ... , ran !! ice  cream ?",
      "café NAÏVE Straße 学生 が ran",
      "[laughs] ice cream] cream [ a b c d e f g h i j ] run",
      "we\tran\u00a0home ice\u2003cream [ran",
      "Ice\tCreams [Music\u00a0playing] ran",
    ];
    const norms = ["run", "ice cream", "child", "good", "a b c", "cafe"];
    for (const text of texts) {
      const words = text.split(" ");
      const wordMs = Uint32Array.from(words, (_, i) => i * 100);
      for (let at = 0; at < words.length; at++) {
        for (const norm of norms) {
          for (const language of ["en", "fr"]) {
            expect(spokenForm(text, wordMs, at * 100, norm, language), `${text} @${at} ${norm}`).toBe(
              formOfWholeRest(text, at, norm, language),
            );
          }
        }
      }
      expect(spokenForm(text, wordMs, 7, "run", "en")).toBeUndefined();
    }
  });
});
