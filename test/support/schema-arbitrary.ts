// fast-check arbitraries of the values a JSON Schema of a bundle allows, built from the schema
// alone: enums, consts, bounds (int64 across its whole range, as bigint beyond 2^53), lengths,
// patterns (fc.stringMatching), formats, nullable types, arrays, objects and unions. Used by the
// property-based traffic (test/mock/engine/traffic.test.ts); whether a value is really valid is judged
// afterwards by an independent validator, so a union that matches two branches is no problem.
import fc from 'fast-check';
import type { Json } from '../../scripts/lib/openapi.ts';
import { deref } from './allowed-values.ts';

const INT64: [bigint, bigint] = [-(2n ** 63n), 2n ** 63n - 1n];
const INT32: [bigint, bigint] = [-(2n ** 31n), 2n ** 31n - 1n];
const exact = (n: bigint): number | bigint => (n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n);

export interface ArbitraryOptions {
  /** Properties never generated (values only the server hands out, such as a baton). */
  skip?: ReadonlySet<string>;
}

/** Below this depth a recursive schema (a batch condition of batch conditions) stops: null, which the judge then finds invalid. */
const MAX_DEPTH = 8;

export function arbitraryOf(document: Json, raw: Json, options: ArbitraryOptions = {}, depth = 0): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  const schema = deref(document, raw) ?? {};
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const branches = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(branches)) return fc.oneof(...branches.map((branch: Json) => arbitraryOf(document, branch, options, depth + 1)));
  if (Array.isArray(schema.allOf)) return arbitraryOf(document, Object.assign({}, ...schema.allOf.map((part: Json) => deref(document, part))), options, depth);
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : schema.properties ? ['object'] : ['string'];
  const arbitraries = types.map((type) => ofType(document, schema, type, options, depth));
  return arbitraries.length === 1 ? arbitraries[0]! : fc.oneof(...arbitraries);
}

function ofType(document: Json, schema: Json, type: string, options: ArbitraryOptions, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const [low, high] = schema.format === 'int32' ? INT32 : INT64;
      const min = schema.minimum !== undefined ? BigInt(Math.ceil(schema.minimum)) : low;
      const max = schema.maximum !== undefined ? BigInt(Math.floor(schema.maximum)) : high;
      const edges = [min, max, min + 1n, max - 1n].filter((n) => n >= min && n <= max);
      return fc
        .oneof(
          fc.constantFrom(...edges),
          fc.bigInt({ min, max }),
          fc.bigInt({ min: min > 0n ? min : 0n, max: max < 100n ? max : 100n }).filter((n) => n <= max),
        )
        .map(exact);
    }
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: schema.minimum ?? -1e300, max: schema.maximum ?? 1e300 });
    case 'string':
      return stringOf(schema);
    case 'array': {
      const item = arbitraryOf(document, schema.items ?? {}, options, depth + 1);
      const constraints = { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, depth > 3 ? (schema.minItems ?? 0) : 3) };
      return schema.uniqueItems
        ? fc.uniqueArray(item, { ...constraints, selector: (value) => JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? String(v) : v)) })
        : fc.array(item, constraints);
    }
    case 'object': {
      const required = new Set<string>(schema.required ?? []);
      const properties = Object.entries<Json>(schema.properties ?? {}).filter(([name]) => !options.skip?.has(name) && (required.has(name) || depth <= 4));
      if (properties.length === 0) return fc.constant({});
      const record = Object.fromEntries(properties.map(([name, property]) => [name, arbitraryOf(document, property, options, depth + 1)]));
      return fc.record(record, { requiredKeys: properties.map(([name]) => name).filter((name) => required.has(name)) });
    }
    default:
      return fc.constant(null);
  }
}

function stringOf(schema: Json): fc.Arbitrary<string> {
  const known = [schema.example, schema.default, ...(schema.examples ?? [])].filter((value) => typeof value === 'string');
  if (schema.format === 'date-time')
    return fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }).map((date) => date.toISOString());
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format && known.length > 0) return fc.constantFrom(...known);
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, Math.max(minLength, 40));
  if (schema.pattern) {
    const text = fc.stringMatching(new RegExp(schema.pattern)).filter((value) => value.length >= minLength && value.length <= (schema.maxLength ?? Infinity));
    return known.length > 0 ? fc.oneof(fc.constantFrom(...known), text) : text;
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}
