// Answers an area builds as a constant object with a few fields set per answer (a created video:
// forty fields of the contract's example, six of the request's and the clock's), with their JSON
// text written from a template: the constant fields' text made once, each set field's value
// written by JSON.stringify, in the object's own key order. Writing the whole object again for
// every answer was the largest part of a create's cost (JSON.stringify on V8 11 scans every
// character of every key and value: about 2 µs for a 774-byte video). The engine sends the text
// (answer.ts, `templatedText`), and validates the object: whole for a template's first answer,
// then by the fields it sets (property-validation.ts).
import type { TemplateMade } from './property-validation.ts';

/**
 * The answer a template made last, and its text: the engine checks a handler's answer as soon as
 * the handler returns it, so one slot serves (json-text.ts's WeakMap, which it used then, cost a create
 * more than the template saved on a busy server: its write barrier and ephemeron sweeps). An answer asked for
 * after another was made (a handler that awaited in between) has no text here: the engine writes
 * it, as it writes any other.
 */
let madeValue: object | undefined;
let madeText = '';
let madeBy: TemplateMade | undefined;

/** The JSON text of `value` if it is the answer a template made last. */
export const templatedText = (value: unknown): string | undefined => (value === madeValue ? madeText : undefined);

/** The template that made `value` (and the fields it sets), if `value` is the answer a template made last: the engine validates such an answer by its set fields once one was valid whole (property-validation.ts). */
export const templateOf = (value: unknown): TemplateMade | undefined => (value === madeValue ? madeBy : undefined);

/** A value deep-frozen (the template's text is made once from it: nothing may change it after). */
function deepFrozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) deepFrozen(item);
    Object.freeze(value);
  }
  return value;
}

/** Whether JSON writes a text as it is between quotes: printable ASCII but `"` and `\` (a loop: a regular expression's test went through V8's runtime here). */
function isPlain(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code > 0x7e || code === 0x22 || code === 0x5c) return false;
  }
  return true;
}

/** A field's JSON but a short plain string's (written between two quotes of their own), as JSON.stringify writes it; numbers without its call. */
function jsonOf(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (value === null) return 'null';
  return JSON.stringify(value);
}

/** The fields a template's answer sets: each one given (undefined for none: JSON leaves the key out), no other. */
export type SetFields<T, K extends keyof T> = { [P in K]-?: T[P] | undefined };

/**
 * Makes answers `{ ...base, ...fields }` with their JSON text known. `names` are the fields set
 * per answer, each a key of `base` (so that the object keeps base's key order, which the text
 * follows). `base` is copied and deep-frozen: answers share its nested values, which nothing may
 * change. A field given as undefined (JSON leaves the key out) gets no text: the engine writes it.
 */
export function jsonTemplate<T extends object, K extends keyof T & string>(base: T, names: readonly K[]): (fields: SetFields<T, K>) => T {
  // Nested values frozen; the top level not (a spread of a frozen object takes V8's slow path), and never given out.
  const frozen = structuredClone(base);
  for (const item of Object.values(frozen)) deepFrozen(item);
  const keys = Object.keys(frozen);
  for (const name of names) if (!keys.includes(name)) throw new Error(`jsonTemplate: ${name} is not a key of the base object`);
  // The text around each set field, in key order: pieces[i] precedes the i-th set field, the last closes the object.
  // Each piece joined from its parts (one flat string: a piece grown by `+=` is a rope V8 walks again whenever the answer's text is flattened).
  const order: K[] = [];
  const pieces: string[] = [];
  let parts: string[] = ['{'];
  let first = true;
  for (const key of keys) {
    const set = (names as readonly string[]).includes(key);
    const text = set ? '' : JSON.stringify((frozen as Record<string, unknown>)[key]);
    if (text === undefined) continue; // JSON leaves it out, as it leaves out the copy's
    parts.push(first ? '' : ',', JSON.stringify(key), ':', text);
    first = false;
    if (!set) continue;
    pieces.push(parts.join(''));
    order.push(key as K);
    parts = [];
  }
  parts.push('}');
  pieces.push(parts.join(''));
  /** This template, as the validation of its answers knows it. */
  const made: TemplateMade = { template: {}, names: order, values: new Array(order.length).fill(undefined), checks: undefined };
  // The answer's text is its pieces and fields joined, written into this list (the template's own, filled anew each time): one
  // flat string, where `+=` made a rope of a dozen parts that the door then flattened into a copy (to count its bytes).
  // A short plain string goes in as it is, its quotes those its neighbouring pieces end and start with (each piece made
  // once in its four forms: with or without a quote before and after): a slot a part, 13 for six fields where a quote of
  // its own each made 25 (joining walks each slot: about a third of the join's instructions).
  const quoted = pieces.map((piece) => ['', '"'].flatMap((before) => ['', '"'].map((after) => [before, piece, after].join(''))));
  const texts = pieces.flatMap((piece) => [piece, '']).slice(0, -1);
  const build = literalBuilder<T>(frozen, order);
  const { values } = made;
  return (fields) => {
    // No answer is this template's but the one it makes now (its values are overwritten now).
    madeValue = undefined;
    const value = build(frozen, fields, values);
    /** Whether the field before was written as a plain string (the piece after it then starts with its closing quote). */
    let afterPlain = 0;
    for (let i = 0; i < values.length; i++) {
      const field = values[i];
      // A bigint (JSON.stringify refuses it; the engine writes its digits exactly) or undefined: the engine writes the whole object.
      if (typeof field === 'bigint' || field === undefined) return value;
      const plain = typeof field === 'string' && field.length <= 64 && isPlain(field);
      texts[2 * i] = quoted[i]![afterPlain + (plain ? 1 : 0)]!;
      texts[2 * i + 1] = plain ? field : jsonOf(field);
      afterPlain = plain ? 2 : 0;
    }
    texts[2 * values.length] = quoted[values.length]![afterPlain]!;
    madeValue = value;
    madeText = texts.join('');
    madeBy = made;
    return value;
  };
}

/**
 * A function that makes `{ ...base, ...fields }` as one object literal of the base's keys in
 * order, each read from `fields` where set there, else from `base`, and puts the set fields'
 * values in `values` (in `names`' order: what the text is written from and the validation reads).
 * V8 makes such an object from one boilerplate, and reads each field by its name: the spread
 * copied forty fields and then defined the set ones again through its runtime, and a loop over
 * the names read each through a megamorphic keyed load. Compiled from the keys (JSON-quoted, as a
 * validator is from its schema); the spread where that cannot be: a key `__proto__` (a literal
 * would set the prototype) or a host that refuses code made at run time (a page's CSP).
 */
function literalBuilder<T extends object>(base: T, names: readonly string[]): (base: T, fields: object, values: unknown[]) => T {
  const spread = (from: T, fields: object, values: unknown[]) => {
    for (let i = 0; i < names.length; i++) values[i] = (fields as Record<string, unknown>)[names[i]!];
    return { ...from, ...fields } as T;
  };
  const keys = Object.keys(base);
  if (keys.includes('__proto__')) return spread;
  const quoted = (key: string) => JSON.stringify(key);
  const source = [
    ...names.map((name, i) => `const set${i} = fields[${quoted(name)}];\nvalues[${i}] = set${i};`),
    `return {${keys.map((key) => `${quoted(key)}: ${names.includes(key) ? `set${names.indexOf(key)}` : `base[${quoted(key)}]`}`).join(', ')}};`,
  ].join('\n');
  try {
    return new Function('base', 'fields', 'values', source) as (base: T, fields: object, values: unknown[]) => T;
  } catch {
    return spread;
  }
}
