/**
 * The few Protocol Buffers encodings the ONNX export writes (the wire format
 * of https://protobuf.dev/programming-guides/encoding/): varints, length-
 * delimited fields (strings, bytes, nested messages). A message is the
 * concatenation of its fields; each function returns one field's bytes; a
 * repeated field is the field written once per value (ONNX's schema is
 * proto2, whose repeated scalars are not packed).
 *
 * Why not a library: `protobufjs` (4.1 MB installed, 2 packages; with the
 * ONNX schema of `onnx-proto`, 27 MB, 6 packages) would become a runtime
 * dependency of src/nn for about 50 lines of encoding; the export is checked
 * by loading it in ONNX Runtime (test/nn/onnx.test.ts), which parses it with
 * its own protobuf code.
 */

const utf8 = new TextEncoder();

/** The wire types used here. */
const VARINT = 0;
const LEN = 2;

/**
 * The varint encoding of a non-negative integer (7 bits a byte, low first).
 * @throws RangeError for a negative, fractional or unsafe number (int64 fields here hold sizes and versions).
 */
export function varint(n: number): Uint8Array {
  if (!(Number.isSafeInteger(n) && n >= 0)) throw new RangeError(`protobuf: varint ${n} is not a non-negative safe integer`);
  const out: number[] = [];
  let x = n;
  while (x >= 0x80) {
    out.push((x % 0x80) | 0x80);
    x = Math.floor(x / 0x80);
  }
  out.push(x);
  return Uint8Array.from(out);
}

function tag(field: number, wire: number): Uint8Array {
  return varint(field * 8 + wire);
}

/** Concatenates byte arrays (a message from its fields). */
export function concat(parts: readonly Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}

/** A varint field (int32, int64, enum, bool: non-negative values only). */
export function intField(field: number, n: number): Uint8Array {
  return concat([tag(field, VARINT), varint(n)]);
}

/** A length-delimited field of raw bytes. */
export function bytesField(field: number, bytes: Uint8Array): Uint8Array {
  return concat([tag(field, LEN), varint(bytes.length), bytes]);
}

/** A string field (UTF-8). */
export function stringField(field: number, s: string): Uint8Array {
  return bytesField(field, utf8.encode(s));
}

/** A nested message field, from the message's fields. */
export function messageField(field: number, fields: readonly Uint8Array[]): Uint8Array {
  return bytesField(field, concat(fields));
}
