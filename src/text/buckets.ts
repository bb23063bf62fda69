/** Counting-sort offsets, shared by the in-memory indexes that group values into fixed buckets. */

/**
 * Where each bucket starts when the values are laid out bucket by bucket: `starts[b]` is the number of
 * values in buckets before `b`, and `starts[buckets]` is the number of values.
 */
export function bucketStarts(
  values: Iterable<number>,
  bucketOf: (value: number) => number,
  buckets: number,
): Uint32Array {
  const starts = new Uint32Array(buckets + 1);
  for (const value of values) {
    const next = bucketOf(value) + 1;
    starts[next] = (starts[next] as number) + 1;
  }
  for (let b = 1; b <= buckets; b++) starts[b] = (starts[b] as number) + (starts[b - 1] as number);
  return starts;
}
