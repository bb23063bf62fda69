/** Byte arrays packed back to back into one buffer, to hand to another thread in one transfer. */

/** Heaps back to back, and where each ends: one buffer to hand to a thread. */
export interface PackedHeaps {
  data: Uint8Array;
  ends: Uint32Array;
}

export function packHeaps(heaps: readonly Uint8Array[]): PackedHeaps {
  const ends = new Uint32Array(heaps.length);
  let bytes = 0;
  heaps.forEach((heap, i) => {
    bytes += heap.length;
    ends[i] = bytes;
  });
  const data = new Uint8Array(bytes);
  heaps.forEach((heap, i) => {
    data.set(heap, (ends[i] as number) - heap.length);
  });
  return { data, ends };
}
