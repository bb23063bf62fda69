import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { damerauLevenshtein } from "./edit-distance.js";
import { TypoQuery, typoDistance } from "./typo-distance.js";

describe("typoDistance", () => {
  it("is zero for equal words and counts a plain edit as one", () => {
    expect(typoDistance("receive", "receive")).toBe(0);
    expect(typoDistance("cat", "cap")).toBe(1);
    expect(typoDistance("cant", "cat")).toBe(1);
  });

  it("charges three eighths of an edit for the likeliest slips, half for a vowel", () => {
    expect(typoDistance("recieve", "receive")).toBe(0.375); // swapped neighbours
    expect(typoDistance("neccessary", "necessary")).toBe(0.375); // doubled letter
    expect(typoDistance("ocasion", "occasion")).toBe(0.375); // undoubled letter
    expect(typoDistance("seperate", "separate")).toBe(0.5); // vowel for vowel
  });

  it("charges five eighths for a vowel of the first syllable of the word meant, mostly stressed and heard", () => {
    expect(typoDistance("sapirate", "separate")).toBe(0.625 + 0.5);
    expect(typoDistance("beed", "bead")).toBe(0.625); // a vowel of the first run of vowels
    expect(typoDistance("abeut", "about")).toBe(0.5); // the first syllable is the a
    expect(typoDistance("bead", "beed")).toBe(0.625);
  });

  it("charges three eighths of an edit for a consonant by ear, half for two letters of one sound", () => {
    expect(typoDistance("pleace", "please")).toBe(0.375); // a soft c for s
    expect(typoDistance("kat", "cat")).toBe(0.375); // k for a hard c
    expect(typoDistance("kwick", "quick")).toBe(0.5); // kw for qu
    expect(typoDistance("relaks", "relax")).toBe(0.5); // ks for x
    expect(typoDistance("exit", "eksit")).toBe(0.5); // x for ks
    expect(typoDistance("nashon", "nation")).toBe(0.5); // sh for the ti of -tion
    expect(typoDistance("speshal", "special")).toBe(0.5); // sh for the ci of -cial
    expect(typoDistance("ash", "ati")).toBe(2); // not where no vowel follows the i
    expect(typoDistance("fone", "phone")).toBe(0.5); // f for ph
    expect(typoDistance("telephone", "telefone")).toBe(0.5); // ph for f
    expect(typoDistance("wich", "which")).toBe(0.375); // a silent h left out
    expect(typoDistance("gost", "ghost")).toBe(0.375);
    expect(typoDistance("intens", "intense")).toBe(0.375); // a silent final e left out
    expect(typoDistance("definate", "definit")).toBe(0.875); // an e added, and a vowel for another
  });

  it("charges three eighths of an edit for other silent letters left out or added (ck, kn, gn, wr, tch, dge, ps, mb, sc)", () => {
    expect(typoDistance("trak", "track")).toBe(0.375);
    expect(typoDistance("nife", "knife")).toBe(0.375);
    expect(typoDistance("desine", "design")).toBe(0.75); // a g left out, an e added at the end
    expect(typoDistance("forein", "foreign")).toBe(0.375);
    expect(typoDistance("rite", "write")).toBe(0.375);
    expect(typoDistance("wach", "watch")).toBe(0.375);
    expect(typoDistance("juge", "judge")).toBe(0.375);
    expect(typoDistance("sychology", "psychology")).toBe(0.375);
    expect(typoDistance("lam", "lamb")).toBe(0.375);
    expect(typoDistance("sience", "science")).toBe(0.375);
    expect(typoDistance("knife", "nife")).toBe(0.375); // added as cheaply
  });

  it("charges half an edit for a letter left out, a whole one for a letter added", () => {
    expect(typoDistance("warnig", "warning")).toBe(0.5);
    expect(typoDistance("warning", "warnig")).toBe(1);
    expect(typoDistance("brak", "break")).toBe(0.5);
    // So the word with the letter left out ranks before one a neighbouring key away.
    expect(typoDistance("warnig", "warning")).toBeLessThan(typoDistance("warnig", "warnih"));
  });

  it("keeps a whole edit for an h or an e added elsewhere", () => {
    expect(typoDistance("there", "tere")).toBe(1); // th is heard
    expect(typoDistance("steak", "stak")).toBe(1); // an inner e, beside no key of its own
    expect(typoDistance("nekesary", "necesary")).toBe(1); // k for a soft c
    expect(typoDistance("sat", "cat")).toBe(1); // s for a hard c
  });

  it("charges three quarters for a neighbouring key", () => {
    expect(typoDistance("hwllo", "hello")).toBe(0.75);
  });

  it("charges three quarters for a key pressed with its neighbour, a whole edit for a letter added elsewhere", () => {
    expect(typoDistance("huorse", "horse")).toBe(0.75); // u beside the h it neighbours
    expect(typoDistance("crdate", "crate")).toBe(0.75); // d beside the r it neighbours
    expect(typoDistance("break", "brak")).toBe(0.75); // e beside r
    expect(typoDistance("hoarse", "horse")).toBe(1); // a neighbours neither o nor r
    // Left out, the same letter costs half an edit as any other.
    expect(typoDistance("horse", "huorse")).toBe(0.5);
  });

  it("charges three eighths for an e added before a final y, half for ie written for it and back", () => {
    expect(typoDistance("completley", "completely")).toBe(0.375); // the e of the ending moved
    expect(typoDistance("terribley", "terribly")).toBe(0.375);
    expect(typoDistance("entrie", "entry")).toBe(0.5);
    expect(typoDistance("happy", "happie")).toBe(0.5);
    expect(typoDistance("ladey", "lady")).toBe(0.375);
    expect(typoDistance("yeah", "yah")).toBe(1); // not before a final y
  });

  it("ranks the word a typist meant above another one plain edit away", () => {
    expect(typoDistance("recieve", "receive")).toBeLessThan(typoDistance("recieve", "relieve"));
  });

  // Few letters, so that doubles, ph, silent h and final e come up often.
  const word = fc.stringMatching(/^[acefhikpqsz]{0,9}$/);

  it("never exceeds Damerau-Levenshtein nor falls below a quarter of it (ph for f, ks for x, kw for qu, sh for ti are two edits at half)", () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        const typo = typoDistance(a, b);
        const plain = damerauLevenshtein(a, b);
        expect(typo).toBeLessThanOrEqual(plain);
        expect(typo).toBeGreaterThanOrEqual(plain / 4);
      }),
    );
  });

  it("is symmetric but for the letters left out, which cost less than letters added", () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        const there = typoDistance(a, b);
        const back = typoDistance(b, a);
        const plain = damerauLevenshtein(a, b);
        // Each letter left out one way is one added the other way: at most half an edit apart per edit.
        expect(Math.abs(there - back)).toBeLessThanOrEqual(plain / 2);
        // One letter for another costs the same both ways, unless a silent letter typed and the letter
        // meant left out (3/8 + 4/8: `he` for `hq`, `ch` for `cx`) undercut the substitution one way.
        if (a.length === b.length && plain <= 1) expect(Math.abs(there - back)).toBeLessThanOrEqual(1 / 8);
      }),
    );
  });

  it("gives the exact distance under a cap whenever it is within the cap", () => {
    fc.assert(
      fc.property(word, word, fc.constantFrom(0.5, 1, 1.5, 2, 3), (a, b, max) => {
        const exact = typoDistance(a, b);
        const capped = typoDistance(a, b, max);
        if (exact <= max) expect(capped).toBe(exact);
        else expect(capped).toBeGreaterThan(max);
      }),
      { numRuns: 500 },
    );
  });

  it("gives the same distance from a query prepared once as from the two words, to many candidates", () => {
    const anyWord = fc.oneof(word, fc.string({ unit: "grapheme", maxLength: 10 }));
    fc.assert(
      fc.property(
        anyWord,
        fc.array(fc.tuple(anyWord, fc.constantFrom(Number.POSITIVE_INFINITY, 1, 2, 3)), { maxLength: 8 }),
        (typed, candidates) => {
          const query = new TypoQuery(typed);
          for (const [candidate, max] of candidates) {
            expect(query.distance(candidate, max)).toBe(typoDistance(typed, candidate, max));
          }
          expect(query.distance(typed)).toBe(0);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("gives up early with a value above max", () => {
    expect(typoDistance("abcdefgh", "zyxwvuts", 2)).toBeGreaterThan(2);
    expect(typoDistance("abc", "abp", 2)).toBe(1);
  });
});
