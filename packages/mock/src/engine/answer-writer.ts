// An answer's JSON written by a writer compiled from its schema, which checks the value as it
// writes it: one pass where the engine wrote the body with JSON.stringify and then walked it again
// with ajv. A writer vouches only for what it checks exactly as the mock's ajv does (the keywords
// below; a schema with any other keyword gets no writer), and gives up (undefined) on anything
// else: a value that breaks the schema, a number that is not finite, a bigint, an object with a
// prototype or toJSON of its own. The engine then writes and validates the answer as before, so
// a violation is always reported by ajv, in its words. The text is JSON.stringify's, byte for byte:
// the value's own key order. test/mock/engine/answer-writer.test.ts holds the writer to ajv and to
// JSON.stringify on valid and mutated answers.
import { createRequire } from 'node:module';
import { resolveRef, type Schema } from '@platform-contracts/contracts';
import { formatCheck } from './validation.ts';

const require = createRequire(import.meta.url);
/** ajv's own count of a string's characters (code points), which minLength and maxLength compare with. */
const ucs2length = (require('ajv/dist/runtime/ucs2length.js') as { default: (text: string) => number }).default;

/** A value's JSON text when it is valid for the schema (and plain JSON), else undefined. */
export type AnswerWriter = (value: unknown) => string | undefined;

/** Keywords that do not change what is valid (ajv ignores them, or only notes them). */
const ANNOTATIONS = new Set([
  'title',
  'description',
  'example',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'default',
  'externalDocs',
  'xml',
  '$comment',
  'contentEncoding',
  'contentMediaType',
]);
/** Keywords a writer checks itself. */
const CHECKED = new Set([
  'type',
  'enum',
  'const',
  'format',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'oneOf',
  'anyOf',
  '$ref',
]);

/** How many answers writers wrote (and so checked) in this process; tests count them. */
let written = 0;
export const answersWritten = () => written;

/** Gives up on a schema no writer is made for. */
class Unsupported extends Error {}

/**
 * The writer of a schema within its document (for `$ref`), or undefined when the schema uses a
 * keyword no writer checks. The writer is JavaScript generated from the schema (as ajv makes its
 * validators): one function per schema, each call site calling one function (V8 inlines them),
 * each property's `"name":` written once, at compile time.
 */
export function compileAnswerWriter(schema: Schema, document: unknown): AnswerWriter | undefined {
  const unit = new Unit(document);
  let root: number;
  try {
    root = unit.node(schema);
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
  const write = new Function('H', `'use strict';\n${unit.sources.join('\n')}\nreturn w${root};`)(unit.helpers) as AnswerWriter;
  return (value) => {
    const text = write(value);
    if (text !== undefined) written++;
    return text;
  };
}

/** Any JSON value (an empty schema): JSON.stringify's text, undefined where it writes none or throws (a bigint). */
const anyJson: AnswerWriter = (value) => {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
};

const TYPES = new Set(['null', 'boolean', 'string', 'number', 'integer', 'object', 'array']);
const isPrimitive = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** The functions generated for one schema and what they reach (H: formats, patterns, enums, ajv's length). */
class Unit {
  sources: string[] = [];
  helpers: { length: (text: string) => number; json: AnswerWriter; proto: object; checks: unknown[] } = {
    length: ucs2length,
    json: anyJson,
    proto: Object.prototype,
    checks: [],
  };
  private made = new Map<unknown, number>();
  constructor(private document: unknown) {}

  private helper(value: unknown): string {
    this.helpers.checks.push(value);
    return `H.checks[${this.helpers.checks.length - 1}]`;
  }

  /** The number of the function `w<n>` that writes (and checks) a value for this schema. */
  node(schema: unknown): number {
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      if (schema !== true) throw new Unsupported();
    }
    const known = this.made.get(schema);
    if (known !== undefined) return known;
    const id = this.made.size;
    this.made.set(schema, id);
    if (schema === true) {
      this.sources.push(`function w${id}(x) { return H.json(x); }`);
      return id;
    }
    const s = schema as Record<string, unknown>;
    for (const keyword of Object.keys(s)) if (!CHECKED.has(keyword) && !ANNOTATIONS.has(keyword) && !keyword.startsWith('x-')) throw new Unsupported();
    if (s.$ref !== undefined) {
      if (Object.keys(s).some((keyword) => CHECKED.has(keyword) && keyword !== '$ref') || typeof s.$ref !== 'string' || !s.$ref.startsWith('#/'))
        throw new Unsupported();
      const target = this.node(resolveRef(this.document, s));
      this.sources.push(`function w${id}(x) { return w${target}(x); }`);
      return id;
    }
    this.sources.push(this.compiled(id, s));
    return id;
  }

  private compiled(id: number, s: Record<string, unknown>): string {
    const types = s.type === undefined ? undefined : new Set(Array.isArray(s.type) ? (s.type as unknown[]) : [s.type]);
    if (types && [...types].some((type) => !TYPES.has(type as string))) throw new Unsupported();
    const allows = (type: string) => types === undefined || types.has(type);
    const bound = (name: string) => {
      const value = s[name];
      if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value))) throw new Unsupported();
      return value as number | undefined;
    };
    const lines: string[] = [];
    if (s.enum !== undefined) {
      if (!(Array.isArray(s.enum) && s.enum.every(isPrimitive))) throw new Unsupported();
      lines.push(`if (!${this.helper(new Set(s.enum))}.has(x)) return undefined;`);
    }
    if (Object.hasOwn(s, 'const')) {
      if (!isPrimitive(s.const)) throw new Unsupported();
      lines.push(`if (x !== ${JSON.stringify(s.const)}) return undefined;`);
    }
    let format: { type: string; check: unknown } | undefined;
    if (s.format !== undefined) {
      format = typeof s.format === 'string' ? formatCheck(s.format) : undefined;
      if (!format) throw new Unsupported();
    }
    const formatLine = (type: string) => (format?.type === type ? `if (!${this.helper(format.check)}(x)) return undefined;` : '');

    const string: string[] = [];
    const [minLength, maxLength] = [bound('minLength'), bound('maxLength')];
    if (minLength !== undefined || maxLength !== undefined) {
      string.push('const n = H.length(x);');
      if (minLength !== undefined) string.push(`if (n < ${minLength}) return undefined;`);
      if (maxLength !== undefined) string.push(`if (n > ${maxLength}) return undefined;`);
    }
    if (s.pattern !== undefined) {
      if (typeof s.pattern !== 'string') throw new Unsupported();
      // ajv's regular expressions are unicode ones (its option unicodeRegExp).
      string.push(`if (!${this.helper(new RegExp(s.pattern, 'u'))}.test(x)) return undefined;`);
    }
    string.push(formatLine('string'), 'return JSON.stringify(x);');

    const number: string[] = [];
    if (allows('number')) number.push('if (!Number.isFinite(x)) return undefined;');
    else number.push('if (!Number.isInteger(x)) return undefined;');
    for (const [name, op] of [
      ['minimum', '<'],
      ['maximum', '>'],
      ['exclusiveMinimum', '<='],
      ['exclusiveMaximum', '>='],
    ] as const) {
      const value = bound(name);
      if (value !== undefined) number.push(`if (x ${op} ${value}) return undefined;`);
    }
    number.push(formatLine('number'), 'return String(x);');

    const array: string[] = [];
    const [minItems, maxItems] = [bound('minItems'), bound('maxItems')];
    if (minItems !== undefined) array.push(`if (x.length < ${minItems}) return undefined;`);
    if (maxItems !== undefined) array.push(`if (x.length > ${maxItems}) return undefined;`);
    if (s.items !== undefined && (typeof s.items !== 'object' || Array.isArray(s.items))) throw new Unsupported();
    const item = s.items === undefined ? 'H.json' : `w${this.node(s.items)}`;
    array.push(
      "let t = '[';",
      'for (let i = 0; i < x.length; i++) {',
      `  const v = x[i] === undefined ? undefined : ${item}(x[i]);`,
      '  if (v === undefined) return undefined;',
      "  t += i === 0 ? v : ',' + v;",
      '}',
      "return t + ']';",
    );

    const own = [
      `function o${id}(x) {`,
      ...lines,
      'switch (typeof x) {',
      `case 'string': {${allows('string') ? string.join('\n') : 'return undefined;'}}`,
      `case 'number': {${allows('number') || allows('integer') ? number.join('\n') : 'return undefined;'}}`,
      `case 'boolean': return ${allows('boolean') ? "x ? 'true' : 'false'" : 'undefined'};`,
      "case 'object':",
      `  if (x === null) return ${allows('null') ? "'null'" : 'undefined'};`,
      `  if (Array.isArray(x)) {${allows('array') ? array.join('\n') : 'return undefined;'}}`,
      `  ${allows('object') ? this.object(s) : 'return undefined;'}`,
      '}',
      'return undefined;',
      '}',
    ].join('\n');

    const oneOf = this.branches(s, 'oneOf');
    const anyOf = this.branches(s, 'anyOf');
    const combined: string[] = [`function w${id}(x) {`, `const t = o${id}(x);`, 'if (t === undefined) return undefined;'];
    if (anyOf) combined.push(`if (${anyOf.map((n) => `w${n}(x) === undefined`).join(' && ')}) return undefined;`);
    if (oneOf) combined.push(`if ((${oneOf.map((n) => `(w${n}(x) === undefined ? 0 : 1)`).join(' + ')}) !== 1) return undefined;`);
    combined.push('return t;', '}');
    return `${own}\n${combined.join('\n')}`;
  }

  private branches(s: Record<string, unknown>, name: 'oneOf' | 'anyOf'): number[] | undefined {
    const list = s[name];
    if (list === undefined) return undefined;
    if (!Array.isArray(list) || list.length === 0) throw new Unsupported();
    return list.map((branch) => this.node(branch));
  }

  /** An object's own keys in their order (JSON.stringify's), each value by its property's writer; none but plain objects. */
  private object(s: Record<string, unknown>): string {
    const properties = s.properties ?? {};
    if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) throw new Unsupported();
    const required = s.required ?? [];
    if (!Array.isArray(required) || !required.every((name) => typeof name === 'string')) throw new Unsupported();
    const additional = s.additionalProperties;
    if (additional !== undefined && typeof additional !== 'boolean') throw new Unsupported();
    const cases = Object.entries(properties).map(
      ([name, schema]) =>
        `case ${JSON.stringify(name)}: if (y === undefined) continue; v = w${this.node(schema)}(y); k = ${JSON.stringify(`${JSON.stringify(name)}:`)}; break;`,
    );
    return [
      '{',
      'const p = Object.getPrototypeOf(x);',
      "if ((p !== H.proto && p !== null) || typeof x.toJSON === 'function') return undefined;",
      "let t = '{';",
      'for (const name in x) {',
      '  const y = x[name];',
      '  let v, k;',
      '  switch (name) {',
      ...cases,
      `  default: ${additional === false ? 'return undefined;' : "if (y === undefined) continue; v = H.json(y); k = JSON.stringify(name) + ':';"}`,
      '  }',
      '  if (v === undefined) return undefined;',
      "  t += t.length === 1 ? k + v : ',' + k + v;",
      '}',
      ...(required as string[]).map((name) => `if (x[${JSON.stringify(name)}] === undefined) return undefined;`),
      "return t + '}';",
      '}',
    ].join('\n');
  }
}
