/** Strings written back to back as UTF-8 into a buffer laid out beforehand: their lengths first, then the bytes. */

/**
 * Strings to write back to back as UTF-8: each one's bytes and their sum. ASCII text is written in one
 * piece; other text string by string, as a lone surrogate at the end of one string must not pair with one
 * at the start of the next.
 */
export class Utf8Run {
  readonly strings: readonly string[];
  readonly ascii: string | undefined;
  readonly lengths: ArrayLike<number>;
  readonly bytes: number;

  constructor(strings: readonly string[]) {
    this.strings = strings;
    const joined = strings.join("");
    if (Buffer.byteLength(joined, "utf8") === joined.length) {
      this.ascii = joined;
      this.lengths = strings.map((text) => text.length);
      this.bytes = joined.length;
    } else {
      this.ascii = undefined;
      const lengths = strings.map((text) => Buffer.byteLength(text, "utf8"));
      this.lengths = lengths;
      this.bytes = lengths.reduce((sum, n) => sum + n, 0);
    }
  }

  writeTo(out: Buffer, at: number): void {
    if (this.ascii !== undefined) {
      out.write(this.ascii, at, this.bytes, "latin1");
      return;
    }
    let to = at;
    this.strings.forEach((text, i) => {
      to += out.write(text, to, this.lengths[i] as number, "utf8");
    });
  }
}
