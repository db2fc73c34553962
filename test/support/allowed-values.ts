// Values a contract allows, read from the schema alone (never from the mock): for each schema
// its edge values (enum members, const, bounds, the int64 and int32 extremes, lengths, null),
// and for each operation a request the contract's own examples make. Shared by the walker
// (test/mock/engine/contract-allowed.test.ts) and the property-based traffic.
import { stringify } from 'lossless-json';
import { escapePointerToken, HTTP_METHODS, type Json, type Operation, resolveRef } from '../../scripts/lib/openapi.ts';
import { listAreas, loadBundle } from './openapi.ts';

/** Follows local $refs to the object they point at. */
export const deref = (document: Json, value: Json): Json => (value === undefined ? undefined : resolveRef(document, value));

/** An operation of a bundle as written there (its raw object), for the tests that read its schemas and examples. */
export interface OperationEntry {
  area: string;
  path: string;
  method: string;
  operationId: string;
  operation: Json;
}

/** Every operation of an area's bundle. */
export function operationEntries(area: string): OperationEntry[] {
  const document = loadBundle(area);
  return Object.entries<Json>(document.paths ?? {}).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => ({ area, path, method, operationId: item[method].operationId, operation: item[method] })),
  );
}

/** The entry of an operation of the resolved model (its `source`, the operation as written). */
export const entryOf = (operation: Operation): OperationEntry => ({
  area: operation.area,
  path: operation.path,
  method: operation.method,
  operationId: operation.operationId,
  operation: operation.source,
});

/**
 * An operation's parameters, $refs followed, each with where it is in the bundle (its `$ref`, or
 * its place in the operation's or the path item's list): its own, then its path's that it does not
 * declare again (an operation declares a path's parameter again for examples of its own names).
 */
export function locatedParametersOf(entry: OperationEntry): { parameter: Json; pointer: string }[] {
  const document = loadBundle(entry.area);
  const at = `#/paths/${escapePointerToken(entry.path)}`;
  const locate = (list: Json[] | undefined, base: string) =>
    (list ?? []).map((raw: Json, index: number) => ({
      parameter: deref(document, raw),
      pointer: (raw.$ref as string | undefined) ?? `${base}/parameters/${index}`,
    }));
  const own = locate(entry.operation.parameters, `${at}/${entry.method}`);
  const inherited = locate(deref(document, document.paths[entry.path]).parameters, at).filter(
    ({ parameter }) => !own.some((o) => o.parameter.name === parameter.name && o.parameter.in === parameter.in),
  );
  return [...own, ...inherited];
}

/** An operation's parameters, $refs followed, as `locatedParametersOf` pairs them. */
export const parametersOf = (entry: OperationEntry): Json[] => locatedParametersOf(entry).map(({ parameter }) => parameter);

/** Every operation of every area. */
export const allOperationEntries = (): OperationEntry[] => listAreas().flatMap((area) => operationEntries(area));

/**
 * Fields whose values only the server hands out: the contract allows any string there and says
 * that one it did not give out answers 400 (a baton continues a stream the server opened).
 * Tests that send allowed values never make one up.
 */
export const SERVER_ISSUED = new Set(['baton']);

export const INT64_MAX = 2n ** 63n - 1n;
export const INT64_MIN = -(2n ** 63n);
const INT32_MAX = 2 ** 31 - 1;
const INT32_MIN = -(2 ** 31);

/** A JSON text of the value, with bigints written as exact integers. */
export const exactJson = (value: unknown): string => stringify(value) ?? '';

const typesOf = (schema: Json): string[] => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

/** Edge values of a schema (bigints for integers beyond 2^53), deduplicated; [] when it cannot tell (objects, unions). */
export function edgeValues(document: Json, raw: Json): unknown[] {
  const schema = deref(document, raw) ?? {};
  if ('const' in schema) return [schema.const];
  if (Array.isArray(schema.enum)) return [...schema.enum];
  const values: unknown[] = [];
  for (const type of typesOf(schema)) {
    if (type === 'null') values.push(null);
    if (type === 'boolean') values.push(true, false);
    if (type === 'integer') values.push(...integerEdges(schema));
    if (type === 'number') values.push(...numberEdges(schema));
    if (type === 'string') values.push(...stringEdges(schema));
    if (type === 'array' && schema.items) {
      const items = edgeValues(document, schema.items);
      if ((schema.minItems ?? 0) === 0) values.push([]);
      const count = Math.max(1, schema.minItems ?? 1);
      if (schema.uniqueItems) {
        if (items.length >= count) values.push(items.slice(0, count), items.slice(-count));
      } else {
        for (const item of items.slice(0, 4)) values.push(Array.from({ length: count }, () => item));
      }
    }
  }
  if ('default' in schema) values.push(schema.default);
  if ('example' in schema) values.push(schema.example);
  return dedupe(values);
}

function integerEdges(schema: Json): (number | bigint)[] {
  const [low, high] = schema.format === 'int32' ? [INT32_MIN, INT32_MAX] : [INT64_MIN, INT64_MAX];
  const min =
    schema.minimum !== undefined
      ? BigInt(Math.ceil(schema.minimum))
      : schema.exclusiveMinimum !== undefined
        ? BigInt(Math.floor(schema.exclusiveMinimum)) + 1n
        : BigInt(low);
  const max =
    schema.maximum !== undefined
      ? BigInt(Math.floor(schema.maximum))
      : schema.exclusiveMaximum !== undefined
        ? BigInt(Math.ceil(schema.exclusiveMaximum)) - 1n
        : BigInt(high);
  const inRange = (n: bigint) => n >= min && n <= max;
  return [min, max, 0n, 1n, min + 1n, max - 1n, 2n ** 53n + 1n].filter(inRange).map(exactNumber);
}

const exactNumber = (n: bigint): number | bigint => (n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n);

function numberEdges(schema: Json): number[] {
  const values = [0, 1.5, -1.5, 1e300].filter(
    (n) => (schema.minimum === undefined || n >= schema.minimum) && (schema.maximum === undefined || n <= schema.maximum),
  );
  if (schema.minimum !== undefined) values.push(schema.minimum);
  if (schema.maximum !== undefined) values.push(schema.maximum);
  return values;
}

function stringEdges(schema: Json): string[] {
  // A pattern or a format: only the contract's own example and default are known to match it.
  if (schema.pattern) return [];
  if (schema.format === 'date-time') return ['2030-01-01T00:00:00Z', '1970-01-01T00:00:00.000Z'];
  if (schema.format === 'uuid') return ['00000000-0000-4000-8000-000000000000'];
  if (schema.format) return [];
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 300, 300);
  return [min, max].map((length) => 'x'.repeat(length)).concat(min <= 5 && max >= 5 ? ['Ünï ✓'] : []);
}

function dedupe(values: unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = exactJson(value);
    return !seen.has(key) && seen.add(key);
  });
}

/** Text of a value as a path or query parameter. */
export const parameterText = (value: unknown): string => (typeof value === 'string' ? value : exactJson(value));

/** The first example of a media type, or of a parameter. */
export function firstExample(document: Json, holder: Json): unknown {
  if (holder === undefined) return undefined;
  if ('example' in holder) return holder.example;
  const first = Object.values(holder.examples ?? {})[0];
  return first === undefined ? undefined : deref(document, first).value;
}

/** Every field of a body, as a path into it with its schema, where the example body has the object that holds it. */
export function bodyFields(document: Json, raw: Json, example: unknown, at: (string | number)[] = []): { path: (string | number)[]; schema: Json }[] {
  const schema = deref(document, raw) ?? {};
  if (Array.isArray(example) && schema.items) return example.length > 0 ? bodyFields(document, schema.items, example[0], [...at, 0]) : [];
  if (typeof example !== 'object' || example === null) return [];
  const properties = Object.entries<Json>(schema.properties ?? {});
  return properties.flatMap(([name, property]) => [
    { path: [...at, name], schema: property },
    ...bodyFields(document, property, (example as Json)[name], [...at, name]),
  ]);
}

/**
 * The example body with every optional object field it leaves out filled in with its smallest
 * valid form (its required fields at their first edge value), so that the fields inside it are
 * walked too. Fields whose schema is a union (oneOf, anyOf) are left as the example has them.
 */
export function enriched(document: Json, raw: Json, value: unknown, depth = 0): unknown {
  const schema = deref(document, raw) ?? {};
  if (depth > 6 || schema.oneOf || schema.anyOf) return value;
  if (Array.isArray(value)) return value.map((item) => enriched(document, schema.items ?? {}, item, depth + 1));
  if (typeof value !== 'object' || value === null) return value;
  const copy: Json = { ...value };
  for (const [name, property] of Object.entries<Json>(schema.properties ?? {})) {
    const resolved = deref(document, property) ?? {};
    if (copy[name] === undefined && typesOf(resolved).includes('object') && resolved.properties && !resolved.oneOf && !resolved.anyOf) {
      const smallest = smallestObject(document, resolved, depth + 1);
      if (smallest !== undefined) copy[name] = smallest;
    }
    if (copy[name] !== undefined) copy[name] = enriched(document, property, copy[name], depth + 1);
  }
  return copy;
}

function smallestObject(document: Json, schema: Json, depth: number): Json | undefined {
  if (depth > 6) return undefined;
  const object: Json = {};
  for (const name of schema.required ?? []) {
    const property = deref(document, schema.properties?.[name]) ?? {};
    const value = typesOf(property).includes('object') ? smallestObject(document, property, depth + 1) : edgeValues(document, property)[0];
    if (value === undefined) return undefined;
    object[name] = value;
  }
  return object;
}

/** A copy of the body with one field set. */
export function withField(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body) as Json;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key];
  node[path.at(-1)!] = value;
  return copy;
}
