/** The frequency list of spoken English (OpenSubtitles 2018): `word count` per line, most frequent first. */

export interface FrequencyList {
  /** Token → occurrences, in the list's order. */
  counts: Map<string, number>;
  /** Occurrences of every token listed. */
  total: number;
}

export function readFrequencyList(text: string): FrequencyList {
  const counts = new Map<string, number>();
  let total = 0;
  for (const line of text.split(/\r?\n/)) {
    const [word = "", count = ""] = line.trim().split(" ");
    const n = Number(count);
    if (word === "" || !Number.isInteger(n) || n <= 0) continue;
    counts.set(word, (counts.get(word) ?? 0) + n);
    total += n;
  }
  return { counts, total };
}
