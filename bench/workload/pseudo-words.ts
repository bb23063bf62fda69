/**
 * Pronounceable made-up words (`brandolit`, `shemat`), deterministic from a seed, to grow a catalogue to a
 * size no real word list in the project reaches: the lookup structures only see strings, so made-up
 * words of realistic length and letter mix load them as real ones would.
 */
import { SeededRandom } from "../random.js";

const ONSETS =
  "b c d f g h j k l m n p r s t v w y z bl br ch cl cr dr fl fr gl gr pl pr sh sk sl sm sn sp st str sw th tr wh".split(
    " ",
  );
const VOWELS = "a e i o u a e i o ai ea ee oo ou ie".split(" ");
const CODAS = ["", "", "", "n", "r", "s", "t", "l", "m", "nd", "st", "ng", "ck", "rt", "nt", "x"];

function pseudoWord(random: SeededRandom): string {
  const syllables = random.pick([1, 2, 2, 2, 3, 3, 3, 4]);
  let word = "";
  for (let s = 0; s < syllables; s++) {
    word += random.pick(ONSETS) + random.pick(VOWELS);
    if (s === syllables - 1 || random.next() < 0.3) word += random.pick(CODAS);
  }
  return word;
}

/** `count` distinct made-up words of 4 to 14 letters, none of them in `avoid`. */
export function pseudoWords(count: number, seed: string, avoid: ReadonlySet<string>): string[] {
  const random = new SeededRandom(seed, "pseudo-words");
  const out = new Set<string>();
  let attempts = 0;
  while (out.size < count) {
    if (++attempts > count * 50) throw new Error(`pseudoWords: cannot make ${count} distinct words`);
    const word = pseudoWord(random);
    if (word.length < 4 || word.length > 14 || avoid.has(word) || out.has(word)) continue;
    out.add(word);
  }
  return [...out];
}
