/**
 * An object of numbers, strings, lists of them, nested objects and 32-bit typed arrays as one value: the
 * JSON of the object with each typed array replaced by where its bytes are, then the arrays' bytes, each
 * at a multiple of four. Read back, the arrays are views of the value's bytes (copied only when the value
 * itself is not aligned), so a structure of many megabytes is read without parsing it.
 *
 * Layout: u32 (little-endian) length of the JSON, the JSON (UTF-8), zero bytes up to a multiple of four,
 * then the arrays back to back (each a multiple of four bytes long).
 */

type Stored = { $array: "i32" | "u32"; at: number; length: number };

/** True for `{ $array, at, length }`, the JSON that stands for a typed array. */
function isStored(value: unknown): value is Stored {
  return typeof value === "object" && value !== null && "$array" in value && "at" in value;
}

const pad4 = (n: number): number => (n + 3) & ~3;

export function packObject(value: object): Buffer {
  const arrays: Array<Int32Array | Uint32Array> = [];
  let bytes = 0;
  const json = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Int32Array || v instanceof Uint32Array) {
      const stored: Stored = { $array: v instanceof Int32Array ? "i32" : "u32", at: bytes, length: v.length };
      arrays.push(v);
      bytes += v.byteLength;
      return stored;
    }
    if (ArrayBuffer.isView(v)) throw new TypeError("packObject: only Int32Array and Uint32Array are stored");
    return v;
  });
  const head = Buffer.from(json, "utf8");
  const dataAt = pad4(4 + head.length);
  const out = Buffer.alloc(dataAt + bytes);
  out.writeUInt32LE(head.length, 0);
  head.copy(out, 4);
  let at = dataAt;
  for (const array of arrays) {
    out.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), at);
    at += array.byteLength;
  }
  return out;
}

/** The object `packObject` stored; throws on a value that is not one. */
export function unpackObject<T>(value: Uint8Array): T {
  if (value.byteLength < 4) throw new RangeError("unpackObject: the value is too short");
  const view = new DataView(value.buffer, value.byteOffset, value.byteLength);
  const headBytes = view.getUint32(0, true);
  const dataAt = pad4(4 + headBytes);
  if (dataAt > value.byteLength) throw new RangeError("unpackObject: the value is shorter than its header");
  // Views need 4-byte alignment: an unaligned value is copied once.
  const aligned = (value.byteOffset + dataAt) % 4 === 0 ? value : new Uint8Array(value);
  const data = aligned.byteOffset + dataAt;
  const dataBytes = value.byteLength - dataAt;
  const json = Buffer.from(aligned.buffer, aligned.byteOffset + 4, headBytes).toString("utf8");
  return JSON.parse(json, (_key, v: unknown) => {
    if (!isStored(v)) return v;
    const size = v.length * 4;
    if (v.at + size > dataBytes) throw new RangeError("unpackObject: an array runs past the value's end");
    return v.$array === "i32"
      ? new Int32Array(aligned.buffer, data + v.at, v.length)
      : new Uint32Array(aligned.buffer, data + v.at, v.length);
  }) as T;
}
