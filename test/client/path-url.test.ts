// A direct call's URL (packages/client/src/internal/path-url.ts) is the URL openapi-fetch's
// createFinalURL builds, for every path template and parameter value: a table of cases, each
// compared with createFinalURL, and a fast-check property (seeded) over templates and values with
// characters that need encoding. Common calls take the fast path (createFinalURL not called); the
// rest falls back to createFinalURL. The property fails on planted bugs in the builder's source.
import path from 'node:path';
import { build } from 'esbuild';
import fc from 'fast-check';
import type { QuerySerializer } from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { createDefaultQuerySerializer, createPathUrl, KEPT_PATHS } from '../../packages/client/src/internal/path-url.ts';

const { createFinalURL, createQuerySerializer, defaultPathSerializer } = await import('openapi-fetch');

type Params = { path?: Record<string, unknown>; query?: Record<string, unknown> };
type Builder = typeof createPathUrl;
const BASE = 'http://127.0.0.1:4010';

/** What a call gives: its URL, or the error's class and message (both builders must throw alike). */
function outcome(build: () => string) {
  try {
    return { url: build() };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}
const expected = (baseUrl: string, template: string, params: Params, querySerializer: QuerySerializer<unknown>) =>
  outcome(() => createFinalURL(template, { baseUrl, params, querySerializer, pathSerializer: defaultPathSerializer }));
const actual = (builder: Builder, baseUrl: string, template: string, params: Params, querySerializer: QuerySerializer<unknown>) =>
  outcome(() => builder(baseUrl, querySerializer)(template, params));

/** A query serializer of a caller's own that starts its answer with `?` (createFinalURL drops it). */
const leading = (query: Record<string, unknown>) => (Object.keys(query).length ? `?${new URLSearchParams(query as Record<string, string>)}` : '?');
const ONE = '/library/{libraryId}/collections/{collectionId}';
// [name, base URL, template, params, whether it takes the fast path]
const CASES: [string, string, string, Params, boolean][] = [
  ['no path parameters', BASE, '/shield/shield-zones', { query: { page: 1, perPage: 10 } }, true],
  ['path parameters given, none in the template', BASE, '/storagezone', { path: { id: 1 } }, true],
  ['two parameters and a query', BASE, ONE, { path: { libraryId: 42, collectionId: 'c-1' }, query: { search: 'a b&c' } }, true],
  ['a string needing encoding', BASE, ONE, { path: { libraryId: 1, collectionId: 'a/b?c#d e%f&g=h+i' } }, true],
  ['replacement patterns of String#replace', BASE, ONE, { path: { libraryId: "$&$'$`$$$1", collectionId: '$<n>' } }, true],
  ['braces in a value', BASE, ONE, { path: { libraryId: '{collectionId}', collectionId: 'x' } }, true],
  ['characters beyond ASCII and astral ones', BASE, ONE, { path: { libraryId: 'ü€', collectionId: '😀\u0000' } }, true],
  ['numbers, booleans and bigints', BASE, '/a/{n}/{f}/{b}/{g}/{z}', { path: { n: -0, f: 1.5e-7, b: true, g: 12345678901234567890n, z: Number.NaN } }, true],
  ['the empty string', BASE, ONE, { path: { libraryId: '', collectionId: 'x' } }, true],
  ['a missing, an undefined and a null value stay as written', BASE, '/a/{x}/{y}/{z}', { path: { y: undefined, z: null } }, true],
  ['the same name twice', BASE, '/a/{id}/b/{id}', { path: { id: 'x y' } }, true],
  ['a name read from the prototype (a function)', BASE, '/a/{toString}', { path: {} }, true],
  ['a lone surrogate throws as encodeURIComponent does', BASE, ONE, { path: { libraryId: '\uD800', collectionId: 'x' } }, true],
  ['a symbol throws as encodeURIComponent does', BASE, ONE, { path: { libraryId: Symbol('s'), collectionId: 'x' } }, true],
  ['unbalanced braces in the template', BASE, '/a/{b/{c}/}d{', { path: { c: 'x' } }, true],
  ['an empty query', BASE, '/a', { query: {} }, true],
  ['a query with arrays, objects and nulls', BASE, '/a', { query: { a: [1, 2], o: { k: 'v' }, n: null, u: undefined } }, true],
  ['an array value', BASE, ONE, { path: { libraryId: [1, 2], collectionId: 'x' } }, false],
  ['an object value', BASE, ONE, { path: { libraryId: { a: 1, b: 'c d' }, collectionId: 'x' } }, false],
  ['a label template', BASE, '/a/{.x}', { path: { x: 'v w' } }, false],
  ['a matrix template', BASE, '/a/{;x}', { path: { x: 'v w' } }, false],
  ['an exploded template', BASE, '/a/{x*}', { path: { x: ['v', 'w'] } }, false],
  ['a base URL with a template of its own', 'http://{host}/api', '/a/{x}', { path: { x: 1, host: 'h' } }, false],
];

describe('a direct call URL', () => {
  it.each(CASES)('%s: as createFinalURL builds it', async (_name, baseUrl, template, params, fast) => {
    const querySerializer = createQuerySerializer();
    expect(actual(createPathUrl, baseUrl, template, params, querySerializer)).toEqual(expected(baseUrl, template, params, querySerializer));
    const counted = await load();
    const before = slowCalls();
    expect(actual(counted, baseUrl, template, params, querySerializer)).toEqual(expected(baseUrl, template, params, querySerializer));
    expect(slowCalls() - before).toBe(fast ? 0 : 1);
  });

  it('is the same for a query serializer that answers with a leading ?', () => {
    for (const query of [{}, { a: '1' }])
      expect(actual(createPathUrl, BASE, '/a/{x}', { path: { x: 1 }, query }, leading)).toEqual(expected(BASE, '/a/{x}', { path: { x: 1 }, query }, leading));
  });

  it('keeps at most KEPT_PATHS templates and builds the same URL past them', () => {
    const urlOf = createPathUrl(BASE, createQuerySerializer());
    for (let i = 0; i < KEPT_PATHS + 20; i++) urlOf(`/p${i}/{x}`, { path: { x: i } });
    expect(urlOf('/late/{x}', { path: { x: 'a b' } })).toBe(`${BASE}/late/a%20b`);
    expect(urlOf('/late/{x}', { path: { x: 'c' } })).toBe(`${BASE}/late/c`);
  });

  it('is the same for any template and values (fast-check property)', () => {
    expect(counterexample(createPathUrl)).toBeUndefined();
  });

  // Each mutant changes one thing in path-url.ts; the property must find it.
  it.each([
    ['encodeURI instead of encodeURIComponent', ['encodeURIComponent(value as string)', 'encodeURI(value as string)']],
    ['an undefined value written as "undefined"', ['if (value == null)', 'if (value === null)']],
    ['an array or object sent as its string', ["typeof value !== 'object'", "typeof value !== 'undefined'"]],
    ['a label or matrix template taken as simple', ['/^[.;]|\\*$/', '/\\*$/']],
    ['a leading ? of the query kept', ["if (search[0] === '?') search = search.slice(1);", '']],
  ] as const)('the property finds a planted bug: %s', async (_name, [from, to]) => {
    expect(await counterexample(await load(from, to))).toBeDefined();
  });
});

const HERE = path.dirname(new URL(import.meta.url).pathname);
const SOURCE = path.resolve(HERE, '../../packages/client/src/internal/path-url.ts');

const COUNTER = '__pathUrlSlowCalls';
const slowCalls = () => ((globalThis as Record<string, unknown>)[COUNTER] as number | undefined) ?? 0;
/** openapi-fetch as path-url.ts sees it in `load()`: its createFinalURL counts its calls. */
const COUNTING = `import * as real from 'openapi-fetch';
export * from 'openapi-fetch';
export const createFinalURL = (...args) => ((globalThis.${COUNTER} = (globalThis.${COUNTER} ?? 0) + 1), real.createFinalURL(...args));`;

type PathUrlModule = { createPathUrl: Builder; createDefaultQuerySerializer: typeof createDefaultQuerySerializer };
const loaded = new Map<string, PathUrlModule>();
/** path-url.ts's createPathUrl, with one change if given, bundled with an openapi-fetch whose createFinalURL counts its calls (`loadModule`). */
const load = async (from = '', to = ''): Promise<Builder> => (await loadModule(from, to)).createPathUrl;
/** path-url.ts, with one change if given, bundled (esbuild) with an openapi-fetch whose createFinalURL counts its calls, and loaded. */
async function loadModule(from = '', to = ''): Promise<PathUrlModule> {
  const key = `${from}\0${to}`;
  if (loaded.has(key)) return loaded.get(key)!;
  const { readFile } = await import('node:fs/promises');
  const source = await readFile(SOURCE, 'utf8');
  expect(source).toContain(from);
  const result = await build({
    stdin: { contents: source.replace(from, to), resolveDir: path.dirname(SOURCE), loader: 'ts' },
    plugins: [
      {
        name: 'counting',
        setup(plugin) {
          plugin.onResolve({ filter: /^openapi-fetch$/ }, (args) => (args.importer === '<stdin>' ? { path: 'counting', namespace: 'counting' } : undefined));
          plugin.onLoad({ filter: /.*/, namespace: 'counting' }, () => ({ contents: COUNTING, resolveDir: path.dirname(SOURCE), loader: 'js' }));
        },
      },
    ],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'silent',
  });
  const module = await import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0]!.contents).toString('base64')}`);
  loaded.set(key, module as PathUrlModule);
  return module as PathUrlModule;
}

const tricky = fc.constantFrom(...'aZ09-._~!$&\'()*+,;=:@%/?#" <>`{}[]|\\^\t\né€'.split(''), '😀', '$&', "$'", '$`', '$$', '%20', '{x}');
const text = fc.array(tricky, { maxLength: 6 }).map((parts) => parts.join(''));
/** Any value a caller may put in a path or query parameter, arrays of up to `arrayLength` texts. */
const anyValue = (arrayLength: number) =>
  fc.oneof(
    text,
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.bigInt(),
    fc.constantFrom(null, undefined),
    fc.array(text, { maxLength: arrayLength }),
    fc.dictionary(fc.constantFrom('a', 'b c'), text, { maxKeys: 2 }),
  );
const value = anyValue(3);
const name = fc.constantFrom('x', 'y', 'id', 'libraryId', '.x', ';y', 'x*', '.id*');
const template = fc
  .array(fc.tuple(fc.constantFrom('/', '/a/', '-', '', '/b.c/', '?'), name), { maxLength: 4 })
  .chain((parts) => fc.constantFrom('', '/end', '/').map((tail) => parts.map(([literal, n]) => `${literal}{${n}}`).join('') + tail));
const params = fc.record(
  {
    path: fc.dictionary(fc.constantFrom('x', 'y', 'id', 'libraryId'), value, { maxKeys: 4 }),
    query: fc.dictionary(fc.constantFrom('page', 'q', 'tags'), fc.oneof(text, fc.integer(), fc.array(text, { maxLength: 2 })), { maxKeys: 2 }),
  },
  { requiredKeys: [] },
);

/** The first case where `builder` and createFinalURL differ, or undefined. */
function counterexample(builder: Builder) {
  const serializers = [createQuerySerializer(), leading as QuerySerializer<unknown>];
  const result = fc.check(
    fc.property(
      fc.constantFrom(BASE, 'https://api.example.test/v1', 'http://{host}'),
      template,
      params,
      fc.constantFrom(...serializers),
      (baseUrl, path, given, querySerializer) => {
        const fromBuilder = actual(builder, baseUrl, path, given, querySerializer);
        const fromOpenapiFetch = expected(baseUrl, path, given, querySerializer);
        return JSON.stringify(fromBuilder) === JSON.stringify(fromOpenapiFetch);
      },
    ),
    { seed: 58, numRuns: 3000 },
  );
  return result.failed ? result.counterexample : undefined;
}

// The direct call's query serializer (createDefaultQuerySerializer) writes a query of strings,
// numbers and booleans itself: each query gives what openapi-fetch's createQuerySerializer() gives.
const QUERIES: [string, unknown][] = [
  ['no query', undefined],
  ['an empty query', {}],
  ['numbers, booleans, bigints and strings needing encoding', { page: 1, perPage: -0.5, flag: false, big: 12345678901234567890n, q: 'a b&c=d/é😀', empty: '' }],
  ['null and undefined values skipped, first and last', { a: null, b: 1, c: undefined, d: 'x', e: null }],
  ['an array and an object (openapi-fetch writes them)', { tags: ['a b', 'c'], none: [], filter: { k: 'v w' }, page: 2 }],
  ['names are not encoded', { 'a b': 'c d', 'x[y]': 1 }],
  ['a name from the prototype chain', Object.assign(Object.create({ inherited: 'yes' }), { own: 1 })],
  ['a lone surrogate throws as encodeURIComponent does', { q: '\uD800' }],
  ['a symbol throws', { q: Symbol('s') }],
  ['a string given as the query', 'page=1'],
];

/** The first query where `serializer` and openapi-fetch's own give different answers, or undefined. */
function queryCounterexample(serializer: QuerySerializer<unknown>) {
  const general = createQuerySerializer();
  const queryValue = anyValue(2);
  const result = fc.check(
    fc.property(fc.dictionary(fc.constantFrom('page', 'q', 'tags', 'a b', 'x&y'), queryValue, { maxKeys: 4 }), (query) => {
      return JSON.stringify(outcome(() => serializer(query))) === JSON.stringify(outcome(() => general(query)));
    }),
    { seed: 58, numRuns: 3000 },
  );
  return result.failed ? result.counterexample : undefined;
}

describe("a direct call's query", () => {
  it.each(QUERIES)('%s: as openapi-fetch serializes it', (_name, query) => {
    expect(outcome(() => createDefaultQuerySerializer()(query as {}))).toEqual(outcome(() => createQuerySerializer()(query as {})));
  });

  it('is the same for any query (fast-check property)', () => {
    expect(queryCounterexample(createDefaultQuerySerializer())).toBeUndefined();
  });

  it.each([
    ['encodeURI instead of encodeURIComponent', [`\${name}=\${encodeURIComponent(value as string)}`, `\${name}=\${encodeURI(value as string)}`]],
    ['an undefined value written', ['if (value == null) continue;', 'if (value === null) continue;']],
    ['an object written as its string', ["if (typeof value === 'object') return general(query);", '']],
    ['no & between parameters', [`\${search ? '&' : ''}`, '']],
  ] as const)('the property finds a planted bug: %s', async (_name, [from, to]) => {
    expect(queryCounterexample((await loadModule(from, to)).createDefaultQuerySerializer())).toBeDefined();
  });
});
