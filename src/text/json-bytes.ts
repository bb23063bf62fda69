/**
 * JSON text written as UTF-8 bytes into one growing buffer: an answer spliced from parts that are already
 * JSON (the snapshot keeps its strings JSON-encoded, as UTF-8) is copied byte for byte, with no string
 * built and none encoded again when it is sent.
 */

/** Up to this many bytes `bytes` copies in a loop; above, natively (a call costs about as much as 30 bytes looped). */
const SHORT_LOOP = 24;

/**
 * Up to this many bytes `from` copies four bytes a step through DataViews; above, natively. On Node 20 a
 * native copy of part of a buffer builds a typed array first (about 80 ns a call, whatever the length);
 * the four-byte loop copies 160 bytes in about 50 ns.
 */
const SHORT_COPY = 256;

/** Up to this many characters `text` writes an ASCII text byte by byte; above, natively. */
const SHORT_TEXT = 32;

/** Up to this many bytes a constant piece is copied byte by byte; above, with `set` (about 20 ns a call). */
const SHORT_PIECE = 8;

/** A character JSON.stringify escapes; any surrogate, paired or not, sends a string there (a pair is rare in answers). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what JSON escapes.
const NEEDS_ESCAPE = /[\u0000-\u001f"\\\ud800-\udfff]/;

function viewOf(buf: Buffer): DataView {
  return new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
}

/**
 * A buffer that answers are copied from often (a snapshot's string heap), with the DataView `JsonBytes`
 * copies it through, made once.
 */
export class ByteSource {
  readonly buf: Buffer;
  readonly view: DataView;

  constructor(buf: Buffer) {
    this.buf = buf;
    this.view = viewOf(buf);
  }
}

/** A constant piece of JSON text, encoded once, for `JsonBytes.raw`. */
export function jsonPiece(text: string): Buffer {
  return Buffer.from(text, "utf8");
}

/** The buffer `JsonBytes.reused()` writes into, kept between answers (see there). */
let scratch: Buffer | undefined;

export class JsonBytes {
  #buf: Buffer;
  /** A view of `#buf` for `from`, made when first needed (an answer may copy from no byte source). */
  #view: DataView | undefined;
  #len = 0;

  constructor(capacity = 16 * 1024, buf: Buffer = Buffer.allocUnsafe(capacity)) {
    this.#buf = buf;
  }

  /**
   * A writer into one buffer kept for the process, so an answer allocates only the copy `done()` returns:
   * fewer large allocations, fewer collections. For an answer written from start to `done()` without
   * another `reused()` writer in between (all of it synchronous).
   */
  static reused(): JsonBytes {
    const writer = new JsonBytes(0, scratch ?? Buffer.allocUnsafe(64 * 1024));
    scratch = writer.#buf;
    return writer;
  }

  get length(): number {
    return this.#len;
  }

  /** Room for `bytes` more; returns the buffer to write into. */
  #room(bytes: number): Buffer {
    const need = this.#len + bytes;
    if (need <= this.#buf.length) return this.#buf;
    const grown = Buffer.allocUnsafe(Math.max(need, this.#buf.length * 2));
    this.#buf.copy(grown, 0, 0, this.#len);
    if (scratch === this.#buf) scratch = grown;
    this.#buf = grown;
    this.#view = undefined;
    return grown;
  }

  /** Appends a constant piece (see `jsonPiece`). */
  raw(piece: Buffer): this {
    const n = piece.length;
    const buf = this.#room(n);
    let j = this.#len;
    if (n > SHORT_PIECE) buf.set(piece, j);
    else for (let i = 0; i < n; i++) buf[j++] = piece[i] as number;
    this.#len += n;
    return this;
  }

  /** Appends bytes [start, end) of `from` (UTF-8 that is already JSON). */
  bytes(from: Buffer, start: number, end: number): this {
    const n = end - start;
    const buf = this.#room(n);
    if (n > SHORT_LOOP) from.copy(buf, this.#len, start, end);
    else {
      let j = this.#len;
      for (let i = start; i < end; i++) buf[j++] = from[i] as number;
    }
    this.#len += n;
    return this;
  }

  /** `bytes` from a source copied from often: short ranges four bytes a step. */
  from(source: ByteSource, start: number, end: number): this {
    const n = end - start;
    const buf = this.#room(n);
    let j = this.#len;
    this.#len += n;
    if (n > SHORT_COPY) {
      source.buf.copy(buf, j, start, end);
      return this;
    }
    this.#view ??= viewOf(buf);
    const to = this.#view;
    const view = source.view;
    let i = start;
    for (; i + 4 <= end; i += 4, j += 4) to.setUint32(j, view.getUint32(i));
    for (; i < end; i++) buf[j++] = source.buf[i] as number;
    return this;
  }

  /**
   * Appends text as it is (already JSON, or a part of it), UTF-8 encoded: a short ASCII text byte by
   * byte, anything else natively (a native write costs about 100 ns a call whatever its length).
   */
  text(s: string): this {
    const n = s.length;
    const buf = this.#room(n * 3);
    if (n <= SHORT_TEXT) {
      let j = this.#len;
      for (let i = 0; i < n; i++) {
        const c = s.charCodeAt(i);
        if (c >= 0x80) {
          this.#len += buf.write(s, this.#len, "utf8");
          return this;
        }
        buf[j++] = c;
      }
      this.#len = j;
      return this;
    }
    this.#len += buf.write(s, this.#len, "utf8");
    return this;
  }

  /**
   * Appends a string as a JSON string literal: between quotes as it is when no character needs escaping
   * (as JSON.stringify writes it: control characters, '"', '\\' and lone surrogates are escaped), else
   * through JSON.stringify.
   */
  string(s: string): this {
    if (NEEDS_ESCAPE.test(s)) return this.text(JSON.stringify(s));
    this.#room(s.length * 3 + 2)[this.#len++] = 34; // '"'
    this.text(s);
    this.#buf[this.#len++] = 34;
    return this;
  }

  /** Appends a number as JSON writes it: digits written directly for a non-negative integer. */
  number(n: number): this {
    if (!(Number.isInteger(n) && n >= 0 && n < 2 ** 31)) return this.text(String(n));
    const buf = this.#room(10);
    let digits = 1;
    for (let rest = n; rest >= 10; rest = (rest / 10) | 0) digits++;
    let at = this.#len + digits;
    this.#len = at;
    let rest = n;
    do {
      buf[--at] = 48 + (rest % 10);
      rest = (rest / 10) | 0;
    } while (rest > 0);
    return this;
  }

  /**
   * Appends milliseconds as seconds, as `String(ms / 1000)` prints them: the whole seconds, then when
   * the rest is not zero a point and its three digits without trailing zeros (29400 → 29.4, 5 → 0.005).
   * Below 10^15 every such decimal has at most 15 significant digits, so it is the shortest text that
   * reads back as the same double: the text JavaScript prints. Other values go through `String`.
   */
  seconds(ms: number): this {
    if (!(Number.isInteger(ms) && ms >= 0 && ms < 1e15)) return this.text(String(ms / 1000));
    const rest = ms % 1000;
    this.number((ms - rest) / 1000);
    if (rest === 0) return this;
    const buf = this.#room(4);
    let j = this.#len;
    const tenths = (rest / 100) | 0;
    const hundredths = ((rest / 10) | 0) % 10;
    const thousandths = rest % 10;
    buf[j++] = 46; // "."
    buf[j++] = 48 + tenths;
    if (hundredths !== 0 || thousandths !== 0) buf[j++] = 48 + hundredths;
    if (thousandths !== 0) buf[j++] = 48 + thousandths;
    this.#len = j;
    return this;
  }

  /**
   * Appends the UTF-8 text in bytes [start, end) of `from` as a JSON string literal, as `JSON.stringify`
   * writes it: copied between quotes when no byte needs escaping (JSON escapes only control characters,
   * '"' and '\\'; every other code point is written as it is), else through `JSON.stringify`. The bytes
   * must be valid UTF-8.
   */
  utf8String(from: Buffer, start: number, end: number): this {
    const buf = this.#room(end - start + 2);
    let j = this.#len;
    buf[j++] = 34; // '"'
    for (let i = start; i < end; i++) {
      const b = from[i] as number;
      if (b < 0x20 || b === 0x22 || b === 0x5c) return this.string(from.toString("utf8", start, end));
      buf[j++] = b;
    }
    buf[j++] = 34;
    this.#len = j;
    return this;
  }

  /** Copies the bytes written in [start, end) into `target` at `at`. */
  copyTo(target: Buffer, at: number, start: number, end: number): void {
    this.#buf.copy(target, at, start, end);
  }

  /** The bytes written, in a buffer of their own. */
  done(): Buffer {
    const out = Buffer.allocUnsafe(this.#len);
    this.#buf.copy(out, 0, 0, this.#len);
    return out;
  }

  toString(): string {
    return this.#buf.toString("utf8", 0, this.#len);
  }
}
