// The pieces the rows' JSON writer (json-rows.ts) puts together: each cell kind's JSON prefix as
// 32-bit words, written four bytes a store; the room a cell of a fixed kind takes at most, which
// the writer makes once a row; and a plain text's bytes copied as they are.

/** A cell's JSON prefix: its length, and its bytes as little-endian 32-bit words (zeros past its end). */
export interface Prefix {
  length: number;
  words: Int32Array;
}

/** A cell's prefix, ASCII, as the little-endian 32-bit words of its bytes (zeros past its end): written four bytes a store. */
const ascii = (text: string): Prefix => {
  const bytes = new DataView(new ArrayBuffer(Math.ceil(text.length / 4) * 4));
  for (let index = 0; index < text.length; index++) bytes.setUint8(index, text.charCodeAt(index));
  return { length: text.length, words: Int32Array.from({ length: bytes.byteLength / 4 }, (_, word) => bytes.getInt32(4 * word, true)) };
};
export const NULL = ascii('{"type":"null"}');
export const INTEGER = ascii('{"type":"integer","value":"');
export const FLOAT = ascii('{"type":"float","value":');
export const TEXT = ascii('{"type":"text","value":"');
export const BLOB = ascii('{"type":"blob","base64":"');
export const [COMMA, QUOTE, OPEN, CLOSE, BRACE] = [0x2c, 0x22, 0x5b, 0x5d, 0x7d];
export const [SQLITE_INTEGER, SQLITE_FLOAT, SQLITE_TEXT, SQLITE_BLOB] = [1, 2, 3, 4];
/** How a text cell's UTF-8 is read, by wasm.ts column() and by the writer alike: invalid UTF-8 as U+FFFD, a leading U+FEFF kept (a character of the value, as native libSQL keeps it, not a mark to drop). */
export const TEXT_DECODER = new TextDecoder('utf-8', { ignoreBOM: true });
/**
 * What a cell of a fixed kind takes at most, its comma before it included: an integer's prefix, 20
 * characters and `"}`; a float's prefix and a short decimal (writeShortFloat) or its brace; NULL;
 * and the 4 bytes past a prefix's end that its last word writes over.
 */
export const FIXED_CELL_BYTES = 1 + INTEGER.length + 20 + 2 + 4;
/** ...and a text's, besides its bytes: its prefix, `"}`, and the 4 bytes of its last word. */
export const TEXT_ROOM = TEXT.length + 2 + 4;

/** Writes `prefix` at `at` a word a store (its last word's zeros past its end are written over by what follows); the offset after it. */
export function putWords(view: DataView, at: number, prefix: Prefix): number {
  const { words } = prefix;
  for (let word = 0; word < words.length; word++) view.setInt32(at + 4 * word, words[word]!, true);
  return at + prefix.length;
}

/** Bytes a text cell copies as they are: printable ASCII but `"` and `\`. */
const PLAIN = Uint8Array.from({ length: 256 }, (_, byte) => (byte >= 0x20 && byte <= 0x7e && byte !== 0x22 && byte !== 0x5c ? 1 : 0));

/** A text's UTF-8 bytes copied as they are, and its `"}`, when each is PLAIN: the offset after; -1 otherwise (what was copied is written over). */
export function writePlainText(out: Uint8Array, at: number, heap: Uint8Array, pointer: number, bytes: number): number {
  for (let from = pointer, end = pointer + bytes; from < end; from++) {
    const byte = heap[from]!;
    if (PLAIN[byte] === 0) return -1;
    out[at++] = byte;
  }
  out[at++] = QUOTE;
  out[at++] = BRACE;
  return at;
}
