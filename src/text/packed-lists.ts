/**
 * Lists of integers packed back to back in one array, with where each starts (CSR layout): two arrays
 * however many lists, so they are stored and read back as two typed arrays, not as thousands of small ones.
 */
export interface PackedLists {
  /** List i is `entries[start[i] … start[i + 1])`; one more start than there are lists. */
  start: Int32Array;
  entries: Int32Array;
}

export function packLists(lists: Iterable<readonly number[]>): PackedLists {
  const all = [...lists];
  const start = new Int32Array(all.length + 1);
  all.forEach((list, i) => {
    start[i + 1] = (start[i] as number) + list.length;
  });
  const entries = new Int32Array(start[all.length] as number);
  all.forEach((list, i) => {
    entries.set(list, start[i] as number);
  });
  return { start, entries };
}

/** Each list as a view into the packed entries (nothing copied). */
export function unpackLists({ start, entries }: PackedLists): Int32Array[] {
  const lists: Int32Array[] = new Array(start.length - 1);
  for (let i = 0; i + 1 < start.length; i++) lists[i] = entries.subarray(start[i], start[i + 1]);
  return lists;
}
