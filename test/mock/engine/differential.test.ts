// Prism is the reference for what is valid. Generated traffic (valid and invalid requests for
// every operation, a fixed seed) goes through the mock's compiled path and through Prism's own
// validation; both must take the same accept/reject decision and name the same violated
// locations (Prism writes parameter names in lower case; the mock as declared).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { AREA_BEHAVIOURS } from '../../../packages/mock/src/areas/index.ts';
import { createEngine, type Engine } from '../../../packages/mock/src/engine/engine.ts';
import { createClock } from '../../../packages/mock/src/engine/namespaces.ts';
import { entryOf, parametersOf } from '../../support/allowed-values.ts';
import { type Json, listAreas, loadBundle, type Operation, operationsOf, resolveRef } from '../../support/openapi.ts';

const SEED = Number(process.env.FAST_CHECK_SEED ?? 20261123);
const REQUESTS_PER_OPERATION = Number(process.env.DIFFERENTIAL_RUNS ?? 300);

let engine: Engine;
beforeAll(async () => {
  const documents = new Map(listAreas().map((area) => [area, loadBundle(area)]));
  engine = await createEngine({
    areas: [...AREA_BEHAVIOURS] as never,
    documents,
    areaOptions: {},
    clock: createClock(),
    sleep: async () => {},
    maxNamespaces: 10,
  });
});

interface Generated {
  rawPath: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: unknown;
  /** What was done to make it (for a failure's report). */
  how: string;
}

const ODD_TEXT = ['', 'abc', '-1', '0', '1', '1.5', '2147483648', '9223372036854775807', 'true', 'x y', 'a'.repeat(300), '%', 'null'];
const WRONG_VALUES: unknown[] = [null, 0, -1, 1.5, 'x', '', [], {}, true, 'a'.repeat(1000), 99999999999];

/** A value the schema accepts: its example, default, enum or const, else one built by type. */
function sample(document: Json, schema: Json | undefined, depth = 0): unknown {
  const s = resolveRef(document, schema) ?? {};
  if (s.const !== undefined) return s.const;
  if (s.examples?.length) return s.examples[0];
  if (s.example !== undefined) return s.example;
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return s.enum.find((v: unknown) => v !== null) ?? s.enum[0];
  if (s.oneOf ?? s.anyOf) return sample(document, (s.oneOf ?? s.anyOf)[0], depth + 1);
  if (s.allOf) return Object.assign({}, ...s.allOf.map((part: Json) => sample(document, part, depth + 1)));
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  switch (type) {
    case 'integer':
      return Math.max(s.minimum ?? 1, Math.min(s.maximum ?? 1, 1));
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string':
      return s.format === 'uuid'
        ? '00000000-0000-4000-8000-000000000000'
        : s.format === 'date-time'
          ? '2026-01-01T00:00:00Z'
          : 'x'.repeat(Math.max(1, s.minLength ?? 1));
    case 'array':
      return depth > 4 ? [] : Array.from({ length: s.minItems ?? 0 }, () => sample(document, s.items, depth + 1));
    case 'object': {
      if (depth > 4) return {};
      const value: Json = {};
      for (const name of s.required ?? []) value[name] = sample(document, s.properties?.[name], depth + 1);
      return value;
    }
    default:
      return {};
  }
}

/** Every path to a value inside a JSON value: [['a'], ['a', 0], ...]. */
function pathsIn(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((item, i) => pathsIn(item, [...prefix, i]))];
  if (typeof value === 'object' && value !== null) return [prefix, ...Object.entries(value).flatMap(([key, item]) => pathsIn(item, [...prefix, key]))];
  return [prefix];
}

function mutate(body: unknown, path: (string | number)[], kind: number, replacement: unknown): unknown {
  if (path.length === 0) return kind === 0 ? undefined : replacement;
  const copy = structuredClone(body) as Json;
  const parent = path.slice(0, -1).reduce<Json>((node, key) => node[key], copy);
  const last = path.at(-1)!;
  if (kind === 0 && !Array.isArray(parent)) delete parent[last];
  else if (kind === 1 && typeof parent === 'object' && !Array.isArray(parent)) parent[`unknown${String(last)}`] = replacement;
  else parent[last] = replacement;
  return copy;
}

function requestBodyOf(entry: Operation) {
  const document = loadBundle(entry.area);
  const body = resolveRef(document, entry.source.requestBody);
  const [type, media] = Object.entries((body?.content ?? {}) as Record<string, Json>)[0] ?? [];
  if (!type) return undefined;
  const examples = Object.values((media.examples ?? {}) as Record<string, Json>).map((e) => resolveRef(document, e).value);
  if (media.example !== undefined) examples.push(media.example);
  if (examples.length === 0) examples.push(sample(document, media.schema));
  return { type, examples, required: body.required === true };
}

function generator(entry: Operation): fc.Arbitrary<Generated> {
  const document = loadBundle(entry.area);
  const parameters = parametersOf(entryOf(entry));
  const valueIn = (p: Json) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(sample(document, p.schema)).map((v) => (Array.isArray(v) ? v.join(',') : String(v))) },
      { weight: 2, arbitrary: fc.constantFrom(...ODD_TEXT) },
      { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
    );
  const path = fc.tuple(...parameters.filter((p) => p.in === 'path').map((p) => valueIn(p).map((v) => [p.name, v] as const)), fc.constant(undefined));
  const query = fc.tuple(
    ...parameters.filter((p) => p.in === 'query').map((p) => fc.option(valueIn(p), { nil: undefined, freq: 2 }).map((v) => [p.name, v] as const)),
    fc.constant(undefined),
  );
  const security = (entry.source.security ?? document.security ?? [])[0] ?? {};
  const credentials: Record<string, string> = {};
  for (const name of Object.keys(security)) {
    const scheme = document.components.securitySchemes[name];
    if (scheme.type === 'apiKey') credentials[scheme.name] = 'differential-key';
    else credentials.Authorization = 'Bearer differential-token';
  }
  const headers = fc.oneof({ weight: 12, arbitrary: fc.constant(credentials) }, { weight: 1, arbitrary: fc.constant({}) });
  const requestBody = requestBodyOf(entry);
  const body = requestBody
    ? fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom(...requestBody.examples).map((value) => ({ value, how: 'an example' })) },
        {
          weight: 6,
          arbitrary: fc
            .constantFrom(...requestBody.examples)
            .chain((example) =>
              fc.tuple(fc.constant(example), fc.constantFrom(...pathsIn(example)), fc.integer({ min: 0, max: 2 }), fc.constantFrom(...WRONG_VALUES)),
            )
            .map(([example, at, kind, replacement]) => ({
              value: mutate(example, at, kind, replacement),
              how: `${['removed', 'added beside', 'replaced'][kind]} ${at.join('.') || '(root)'} ${kind ? JSON.stringify(replacement) : ''}`,
            })),
        },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((value) => ({ value, how: 'any JSON' })) },
      )
    : fc.constant({ value: undefined, how: 'no body' });
  return fc.record({ path, query, headers, body }).map(({ path, query, headers, body }) => {
    const params = Object.fromEntries(path.filter((p): p is readonly [string, string] => p !== undefined));
    const rawPath = entry.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? 'x'));
    const queryValues = Object.fromEntries(query.filter((q): q is readonly [string, string] => q !== undefined && q[1] !== undefined));
    const sent: Record<string, string> = { ...headers };
    if (requestBody && body.value !== undefined) sent['content-type'] = requestBody.type;
    return {
      rawPath,
      query: queryValues,
      headers: Object.fromEntries(Object.entries(sent).map(([k, v]) => [k.toLowerCase(), v])),
      body: body.value,
      how: body.how,
    };
  });
}

/**
 * Locations as both sides can be compared: lower case, one string each, without duplicates.
 * Prism reports a body it takes for missing (and a media type it refuses) without a location;
 * the mock reports it at `body`.
 */
const normalise = (locations: string[][]) => [...new Set(locations.map((location) => (location.length ? location.join('/') : 'body').toLowerCase()))].sort();

/**
 * Where the mock departs from Prism on purpose (issue-documented), each with its reason:
 * - Prism bounds `format: int64` by JavaScript's safe range (it adds `maximum: 2^53 - 1`); the
 *   contract states no such limit, so the mock accepts the whole int64 range.
 * - Prism takes a falsy JSON body (`null`, `0`, `false`, `""`) for no body, and lets it through
 *   when the body is optional; the mock validates it like any other body.
 */
function withoutKnownDepartures(prism: { location: string[]; message: string }[], body: unknown, bodyRequired: boolean) {
  const kept = prism.filter((v) => !/must be [<>]= -?9007199254740991$/.test(v.message));
  const falsyBody = body !== undefined && !body;
  return { kept, prismSkippedBody: falsyBody && !bodyRequired && !kept.some((v) => v.location[0] === 'body' || v.location.length === 0) };
}

function takesInput(entry: Operation): boolean {
  return Boolean(entry.source.requestBody) || parametersOf(entryOf(entry)).length > 0;
}

const operations = listAreas().flatMap((area) => operationsOf(area));

describe('the compiled path agrees with Prism on what is valid', () => {
  it.each(operations.map((entry) => [`${entry.area} ${entry.operationId}`, entry] as const))('%s', async (_name, entry) => {
    const requests = fc.sample(generator(entry), { seed: SEED, numRuns: REQUESTS_PER_OPERATION });
    let accepted = 0;
    let refused = 0;
    for (const generated of requests) {
      const json = generated.headers['content-type']?.includes('json') ?? false;
      const text = generated.body === undefined ? undefined : typeof generated.body === 'string' && !json ? generated.body : JSON.stringify(generated.body);
      const mine = engine.validate({
        method: entry.method.toUpperCase(),
        rawPath: generated.rawPath,
        query: generated.query,
        headers: generated.headers,
        body: text === undefined ? undefined : Buffer.from(text),
      });
      const prism = await engine.prism.validate(entry.area, entry.method.toUpperCase(), entry.path, {
        method: entry.method,
        path: generated.rawPath,
        query: generated.query,
        headers: generated.headers,
        body: json ? generated.body : text,
      });
      const report = `${entry.method.toUpperCase()} ${generated.rawPath}?${new URLSearchParams(generated.query)} body ${generated.how}: ${text?.slice(0, 200)}`;
      const prismRefusedAccess = prism.some((v) => v.code === 401);
      expect(mine.status === 401, `401 decision for ${report}`).toBe(prismRefusedAccess);
      if (prismRefusedAccess) continue;
      const { kept, prismSkippedBody } = withoutKnownDepartures(prism, generated.body, requestBodyOf(entry)?.required ?? false);
      const prismLocations = normalise(kept.map((v) => v.location));
      const myLocations = normalise(mine.violations.map((v) => v.location).filter((location) => !(prismSkippedBody && location[0] === 'body')));
      expect({ refused: myLocations.length > 0, locations: myLocations }, report).toEqual({ refused: prismLocations.length > 0, locations: prismLocations });
      if (myLocations.length > 0) refused++;
      else accepted++;
    }
    // The traffic must exercise both decisions (where the operation takes anything that can be
    // invalid), or the comparison proves little.
    expect(accepted, 'valid requests generated').toBeGreaterThan(REQUESTS_PER_OPERATION / 20);
    if (takesInput(entry)) expect(refused, 'invalid requests generated').toBeGreaterThan(REQUESTS_PER_OPERATION / 20);
  });
});
