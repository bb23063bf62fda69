/** The feed's seed: one per browser, so a person walks one order of clips and keeps their place in it. */

export const SEED_KEY = "wordclip.feed.seed";

/** 16 random letters and digits. */
export function newSeed(
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  return [...random(new Uint8Array(16))].map((byte) => alphabet[byte % alphabet.length]).join("");
}

/** The kept seed, or a new one kept from now on; a store that refuses (private mode) gives a seed per visit. */
export function feedSeed(store: Pick<Storage, "getItem" | "setItem"> | undefined): string {
  const kept = store?.getItem(SEED_KEY);
  if (kept && /^[A-Za-z0-9]{8,64}$/.test(kept)) return kept;
  const seed = newSeed();
  try {
    store?.setItem(SEED_KEY, seed);
  } catch {
    // Storage full or refused: the order lasts this visit.
  }
  return seed;
}
