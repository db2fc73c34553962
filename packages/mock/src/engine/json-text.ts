// JSON text a part of the mock already wrote for a value it answers with (a database worker writes
// its results as UTF-8 bytes, handed over between threads without a copy): the answer is sent as
// that text rather than written again. The writer vouches that the text is the value's JSON, as
// JSON.stringify writes it (so it holds no bigint); the value is validated as any other, and must
// not change once its text is given.

/** JSON text: a string, or its UTF-8 bytes. */
export type JsonText = string | Uint8Array<ArrayBuffer>;

const texts = new WeakMap<object, JsonText>();

/** `value`, with `text` as its JSON from now on. */
export function withJsonText<T extends object>(value: T, text: JsonText): T {
  texts.set(value, text);
  return value;
}

/** The JSON text given for `value`, if any. */
export function knownJsonText(value: unknown): JsonText | undefined {
  return typeof value === 'object' && value !== null ? texts.get(value) : undefined;
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
