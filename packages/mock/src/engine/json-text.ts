// JSON text a part of the mock already wrote for a value it answers with (a database worker writes
// its results as UTF-8 bytes, handed over between threads without a copy): the answer is sent as
// that text rather than written again. The writer vouches that the text is the value's JSON, as
// JSON.stringify writes it (so it holds no bigint); the value is validated as any other, and must
// not change once its text is given.

/** JSON text: a string, or its UTF-8 bytes. */
export type JsonText = string | Uint8Array<ArrayBuffer>;

/**
 * Where a value keeps its text: a property of its own under a symbol, not enumerable (so neither a
 * copy (spread, Object.assign, structuredClone, postMessage) nor JSON.stringify nor a validator
 * sees it, and a copy that may change carries no text). Not a weak map: each answer's entry was a
 * young key that every collection had to trace (about a sixth of a pipeline's CPU in process).
 */
const TEXT = Symbol('JSON text');
/** The texts of values that take no property (frozen, sealed, not extensible). */
const sealedTexts = new WeakMap<object, JsonText>();
let anySealed = false;
const HELD = { value: undefined as JsonText | undefined, writable: true, configurable: true, enumerable: false };

/** A text's length in UTF-8 bytes, as its writer counted it (under LENGTH beside TEXT, and only for the text it was counted for). */
const LENGTH = Symbol('JSON text length');
interface CountedText {
  text: string;
  bytes: number;
}

/**
 * `value`, with `text` as its JSON from now on; `bytes`: the text's length in UTF-8 bytes, where
 * the writer knows it (a database worker that wrote it knows whether it is all ASCII), so that
 * whoever sends it need not count it again (knownJsonLength).
 */
export function withJsonText<T extends object>(value: T, text: JsonText, bytes?: number): T {
  if (!Object.isExtensible(value)) {
    sealedTexts.set(value, text);
    anySealed = true;
    return value;
  }
  HELD.value = text;
  Object.defineProperty(value, TEXT, HELD);
  if (bytes !== undefined && typeof text === 'string') {
    HELD.value = { text, bytes } satisfies CountedText as never;
    Object.defineProperty(value, LENGTH, HELD);
  }
  HELD.value = undefined;
  return value;
}

/** The UTF-8 length its writer gave with `text` as `value`'s JSON (withJsonText), if it gave one for this very text. */
export function knownJsonLength(value: unknown, text: string): number | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const counted = (value as { [LENGTH]?: CountedText })[LENGTH];
  return counted !== undefined && counted.text === text ? counted.bytes : undefined;
}

/** The JSON text given for `value`, if any. */
export function knownJsonText(value: unknown): JsonText | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const text = (value as { [TEXT]?: JsonText })[TEXT];
  return text === undefined && anySealed ? sealedTexts.get(value) : text;
}

const UTF8 = new TextEncoder();

/** The parts' UTF-8 bytes end to end, in a buffer of their own (which can be handed to another thread). */
export function jsonBytes(parts: readonly JsonText[]): Uint8Array<ArrayBuffer> {
  let size = 0;
  for (const part of parts) size += typeof part === 'string' ? Buffer.byteLength(part) : part.byteLength;
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    if (typeof part === 'string') at += UTF8.encodeInto(part, bytes.subarray(at)).written;
    else {
      bytes.set(part, at);
      at += part.byteLength;
    }
  }
  return bytes;
}
