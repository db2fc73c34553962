// JSON text a part of the mock already wrote for a value it answers with (a database worker writes
// its results as text, which crosses threads faster than objects): the answer is sent as that text
// rather than written again. The writer vouches that the text is the value's JSON, as JSON.stringify
// writes it (so it holds no bigint); the value is validated as any other, and must not change once
// its text is given.
const texts = new WeakMap<object, string>();

/** `value`, with `text` as its JSON from now on. */
export function withJsonText<T extends object>(value: T, text: string): T {
  texts.set(value, text);
  return value;
}

/** The JSON text given for `value`, if any. */
export function knownJsonText(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? texts.get(value) : undefined;
}
