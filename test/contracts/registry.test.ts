// @platform-contracts/contracts' generated registry and its resolved model of every operation: fresh,
// complete, and built the way the contracts say (checked against the bundles read independently,
// and against fixtures).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AREAS,
  buildAreaModel,
  ContractModelError,
  findOperation,
  HTTP_METHODS,
  loadContractModel,
  type Operation,
  operationsOf,
  RefError,
  readBundle,
  resolveRef,
} from '@platform-contracts/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { generateRegistry, staleGenerated } from '../../scripts/generate.ts';
import { renderRedoclyConfig } from '../../scripts/lib/generate/redocly-config.ts';
import { areaNameProblem } from '../../scripts/lib/generate/registry.ts';
import { generateWiring } from '../../scripts/lib/generate/wiring.ts';
import { GENERATED_DIR, listAreas, ROOT } from '../../scripts/lib/paths.ts';
import { entryOf, parametersOf } from '../support/allowed-values.ts';

type Json = any;

const scratch = mkdtempSync(path.join(tmpdir(), 'contracts-registry-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('AREAS', () => {
  it('is every folder under openapi/ that holds an openapi.yaml, sorted', () => {
    expect([...AREAS]).toEqual(listAreas());
  });
});

describe('the generated registry files', () => {
  it.each(['areas.ts', 'operations.ts'])('%s matches a fresh generation from the bundles', (name) => {
    const fresh = generateRegistry().get(name);
    expect(fresh).toContain('Do not edit');
    const committed = readFileSync(path.join(GENERATED_DIR, name), 'utf8');
    expect(committed === fresh, `packages/contracts/src/generated/${name} is stale: run pnpm generate`).toBe(true);
  });

  it.each([...generateWiring(AREAS).keys()].map((file) => [file]))('the wiring file %s matches a fresh generation from the registry', (file) => {
    const committed = readFileSync(path.join(ROOT, file), 'utf8');
    expect(committed === generateWiring(AREAS).get(file), `${file} is stale: run pnpm generate`).toBe(true);
  });

  it('derives redocly.yaml’s apis from the areas, keeping the rest of the file', () => {
    const written =
      '# why\nextends:\n  - recommended\napis:\n  old:\n    root: openapi/old/openapi.yaml\n    output: packages/contracts/bundles/old.yaml\nrules:\n  x: warn # kept\n';
    expect(renderRedoclyConfig(['cdn', 'video'], written)).toBe(
      '# why\nextends:\n  - recommended\napis:\n' +
        '  cdn:\n    root: openapi/cdn/openapi.yaml\n    output: packages/contracts/bundles/cdn.yaml\n' +
        '  video:\n    root: openapi/video/openapi.yaml\n    output: packages/contracts/bundles/video.yaml\n' +
        'rules:\n  x: warn # kept\n',
    );
  });

  it('staleGenerated names a wiring file that is stale, edited by hand or missing', async () => {
    const root = path.join(scratch, 'root');
    const files = [...generateWiring(AREAS).keys()];
    for (const file of files) cpSync(path.join(ROOT, file), path.join(root, file));
    expect(await staleGenerated(['dns'], GENERATED_DIR, root)).toEqual([]);
    writeFileSync(path.join(root, 'packages/mock/src/areas/index.ts'), '// edited by hand\n');
    unlinkSync(path.join(root, 'packages/client/src/index.ts'));
    expect((await staleGenerated(['dns'], GENERATED_DIR, root)).sort()).toEqual(['packages/client/src/index.ts', 'packages/mock/src/areas/index.ts']);
  });

  it('staleGenerated names a tampered file and a missing one', async () => {
    const copy = path.join(scratch, 'generated');
    cpSync(GENERATED_DIR, copy, { recursive: true });
    expect(await staleGenerated(['video'], copy)).toEqual([]);
    writeFileSync(path.join(copy, 'operations.ts'), '// edited by hand\n');
    unlinkSync(path.join(copy, 'video.ts'));
    expect((await staleGenerated(['video'], copy)).map((file) => path.basename(file)).sort()).toEqual(['operations.ts', 'video.ts']);
  });
});

/** Each bundle's operations read by hand, independently of the model: method, path and the operation object. */
const fromBundles = AREAS.flatMap((area) => {
  const document: Json = readBundle(area);
  return Object.entries(document.paths as Json).flatMap(([path, item]: [string, Json]) =>
    Object.keys(item)
      .filter((key) => (HTTP_METHODS as readonly string[]).includes(key))
      .map((method) => ({ area, path, method, operationId: item[method].operationId as string, written: item[method], document })),
  );
});

describe('the model of every operation (operationsOf, findOperation)', () => {
  const all = AREAS.flatMap((area) => operationsOf(area));

  it('has one operation per operation of every bundle, and nothing else', () => {
    const key = (o: { area: string; method: string; path: string; operationId: string }) => `${o.area} ${o.method.toUpperCase()} ${o.path} ${o.operationId}`;
    expect(all.map(key).sort()).toEqual(fromBundles.map(key).sort());
  });

  it('has operationIds unique across areas', () => {
    const ids = all.map((o) => o.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it.each(fromBundles.map((o) => [o.operationId, o] as const))(
    '%s: its statuses, request media types, security and x- fields are the bundle’s',
    (_id, entry) => {
      const model = findOperation(entry.operationId)!;
      const { document, written } = entry;
      expect(model.source).toEqual(written);
      expect(Object.keys(model.responses)).toEqual(Object.keys(written.responses));
      expect(model.requestBody?.content.map((m) => m.type) ?? []).toEqual(Object.keys(resolveRef<Json>(document, written.requestBody)?.content ?? {}));
      expect(model.security.map((alternative) => alternative.map((scheme) => scheme.name))).toEqual(
        (written.security ?? document.security ?? []).map((r: Json) => Object.keys(r)),
      );
      expect(Object.keys(model.extensions)).toEqual(Object.keys(written).filter((k) => k.startsWith('x-')));
      // the model pairs a re-declared parameter with its path's as the tests' parametersOf does: one of each
      const declared = parametersOf(entryOf(model)).map((p: Json) => `${p.in}:${p.name}`);
      expect(model.parameters.map((p) => `${p.in}:${p.name}`).sort()).toEqual(declared.sort());
      for (const parameter of model.parameters.filter((p) => p.in === 'path')) expect(entry.path).toContain(`{${parameter.name}}`);
    },
  );

  it.each(AREAS.map((area) => [area]))('operationsOf(%s) is exactly the area’s operations', (area) => {
    const operations = operationsOf(area);
    expect(operations.length).toBeGreaterThan(0);
    expect(operations.every((operation) => operation.area === area)).toBe(true);
    expect(operations.length).toBe(fromBundles.filter((o) => o.area === area).length);
  });

  it('is built once: every reader gets the same objects', () => {
    expect(loadContractModel()).toBe(loadContractModel());
    expect(findOperation(operationsOf('video')[0]!.operationId)).toBe(operationsOf('video')[0]);
    expect(findOperation('noSuchOperation')).toBeUndefined();
  });

  it('names an unknown area', () => {
    expect(() => operationsOf('nope' as never)).toThrow(`unknown area "nope"; the areas are ${AREAS.join(', ')}`);
  });
});

describe('buildAreaModel', () => {
  const document: Json = {
    openapi: '3.1.0',
    security: [{ RootKey: [] }],
    servers: [{ url: 'https://api.example' }],
    paths: {
      '/things/{id}': {
        parameters: [{ $ref: '#/components/parameters/Id' }, { name: 'X-Trace', in: 'header', required: false }],
        get: {
          operationId: 'getThing',
          'x-assumed': 'from the live service',
          parameters: [
            { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string' } },
            { name: 'expand', in: 'query', examples: { one: { $ref: '#/components/examples/Expand' } } },
          ],
          responses: { '200': { $ref: '#/components/responses/Thing' }, '404': { description: 'No body.' } },
        },
        put: {
          operationId: 'putThing',
          security: [],
          servers: [{ url: 'https://put.example' }],
          requestBody: { $ref: '#/components/requestBodies/Thing' },
          responses: { '204': { description: 'Done.' } },
        },
        delete: {
          operationId: 'deleteThing',
          security: [{ A: [], B: ['scope'] }, { C: [] }],
          requestBody: { content: { 'text/plain': { example: 'why' } } },
          responses: { default: { description: 'x', content: { 'application/problem+json': {} } } },
        },
      },
    },
    components: {
      parameters: { Id: { name: 'id', in: 'path', schema: { type: 'integer' }, example: 7 } },
      examples: { Expand: { value: 'owner' } },
      responses: { Thing: { description: 'A thing.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } }, 'text/json': {} } } },
      requestBodies: { Thing: { required: true, content: { 'application/json': { examples: { first: { value: { a: 1 } } } } } } },
      schemas: { Thing: { type: 'object' } },
      securitySchemes: {
        RootKey: { type: 'apiKey', in: 'header', name: 'AccessKey' },
        A: { type: 'http', scheme: 'Bearer' },
        B: { type: 'apiKey', in: 'query', name: 'key' },
        C: { type: 'http', scheme: 'basic' },
      },
    },
  };
  const operations = Object.fromEntries(buildAreaModel('video', document).map((operation) => [operation.operationId, operation]));
  const get = operations.getThing!;
  const put = operations.putThing!;
  const del = operations.deleteThing!;

  it.each([
    [
      'path item parameters first, $refs followed, an operation parameter replacing the path item’s',
      () => get.parameters.map(({ name, in: at, required }) => ({ name, in: at, required })),
      [
        { name: 'id', in: 'path', required: true },
        { name: 'X-Trace', in: 'header', required: true },
        { name: 'expand', in: 'query', required: false },
      ],
    ],
    [
      'parameters with their schemas ({} without one) and examples (named ones through a $ref)',
      () => get.parameters.map((p) => [p.schema, p.example]),
      [
        [{ type: 'integer' }, 7],
        [{ type: 'string' }, undefined],
        [{}, 'owner'],
      ],
    ],
    ['explode as OpenAPI defaults it (form: true, simple: false)', () => get.parameters.map((p) => p.explode), [false, false, true]],
    [
      'responses by status, $refs followed, a body-less answer with no media types',
      () => Object.values(get.responses).map((r) => [r.status, r.content.map((m) => m.type)]),
      [
        ['200', ['application/json', 'text/json']],
        ['404', []],
      ],
    ],
    [
      'a response schema with where it sits (the component a $ref led to)',
      () => get.responses['200']!.content[0]!.schemaPointer,
      '#/components/responses/Thing/content/application~1json/schema',
    ],
    ['a schema kept as written, its $ref unresolved', () => get.responses['200']!.content[0]!.schema, { $ref: '#/components/schemas/Thing' }],
    ['only the x- fields', () => get.extensions, { 'x-assumed': 'from the live service' }],
    [
      'the document’s security when the operation states none, with the scheme’s details',
      () => get.security,
      [[{ name: 'RootKey', type: 'apiKey', in: 'header', keyName: 'AccessKey' }]],
    ],
    ['no security when the operation says []', () => put.security, []],
    [
      'alternatives, each with every scheme it needs',
      () => del.security.map((a) => a.map((s) => `${s.name}:${s.scheme ?? s.in}`)),
      [['A:bearer', 'B:query'], ['C:basic']],
    ],
    [
      'a request body through a $ref, by media type, with its first named example',
      () => put.requestBody,
      { required: true, content: [{ type: 'application/json', examples: { first: { a: 1 } }, example: { a: 1 } }] },
    ],
    ['an optional request body with its example', () => del.requestBody, { required: false, content: [{ type: 'text/plain', examples: {}, example: 'why' }] }],
    ['no request body', () => get.requestBody, undefined],
    ['the operation’s own servers, else the document’s', () => [put.servers[0]!.url, get.servers[0]!.url], ['https://put.example', 'https://api.example']],
    ['where each operation sits', () => [get.pointer, del.pointer], ['#/paths/~1things~1{id}/get', '#/paths/~1things~1{id}/delete']],
  ] as const)('%s', (_name, actual, expected) => {
    expect(actual()).toEqual(expected);
  });

  it('keeps the method, path and area', () => {
    expect([get, put, del].map((o: Operation) => [o.area, o.method, o.path])).toEqual([
      ['video', 'get', '/things/{id}'],
      ['video', 'put', '/things/{id}'],
      ['video', 'delete', '/things/{id}'],
    ]);
  });

  it.each([
    [
      'a $ref that points at nothing',
      { ...document, components: { ...document.components, responses: {} } },
      /^\$ref #\/components\/responses\/Thing points at nothing$/,
    ],
    ['an undefined security scheme', { ...document, components: { ...document.components, securitySchemes: {} } }, /^security scheme RootKey is not defined$/],
    ['a document that is not OpenAPI 3', { swagger: '2.0', paths: {} }, /not an OpenAPI 3 document/],
    ['a document without paths', { openapi: '3.1.0' }, /has no `paths`/],
  ])('refuses %s with a ContractModelError saying what', (_name, broken, message) => {
    expect(() => buildAreaModel('video', broken)).toThrow(ContractModelError);
    expect(() => buildAreaModel('video', broken)).toThrow(message);
  });
});

describe('resolveRef', () => {
  it('follows a chain of local references, and leaves other values alone', () => {
    const document = { components: { schemas: { A: { $ref: '#/components/schemas/B' }, B: { type: 'string' }, 'a/b': { type: 'integer' } } } };
    expect(resolveRef(document, { $ref: '#/components/schemas/A' })).toEqual({ type: 'string' });
    expect(resolveRef(document, { $ref: '#/components/schemas/a~1b' })).toEqual({ type: 'integer' });
    expect(resolveRef(document, { type: 'boolean' })).toEqual({ type: 'boolean' });
    expect(resolveRef(document, undefined)).toBeUndefined();
  });

  it.each([
    ['a cycle', { components: { schemas: { A: { $ref: '#/components/schemas/A' } } } }, '#/components/schemas/A', /more than 20 references/],
    ['a remote reference', {}, 'other.yaml#/X', /only local references/],
    ['a reference to nothing', {}, '#/components/schemas/Gone', /points at nothing/],
  ])('refuses %s with a RefError', (_name, document, ref, message) => {
    expect(() => resolveRef(document, { $ref: ref })).toThrow(RefError);
    expect(() => resolveRef(document, { $ref: ref })).toThrow(message);
  });
});

describe('area names', () => {
  it.each([
    ['video', undefined],
    ['object-storage', undefined],
    ['Video', /not a usable area name/],
    ['my_area', /not a usable area name/],
    ['2fa', /not a usable area name/],
    ['areas', /@platform-contracts\/contracts uses it/],
    ['operations', /@platform-contracts\/contracts uses it/],
    ['index', /@platform-contracts\/contracts uses it/],
    ['bundles', /@platform-contracts\/contracts uses it/],
    ['exact-json', /@platform-contracts\/contracts uses it/],
    ['platform', /@platform-contracts\/client uses it/],
    ['state', /@platform-contracts\/mock uses it/],
  ] as const)('%s', (name, problem) => {
    const found = areaNameProblem(name);
    if (problem) expect(found).toMatch(problem);
    else expect(found).toBeUndefined();
  });
});

describe('pnpm generate', () => {
  const run = (...args: string[]) => spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/generate.ts', ...args], { cwd: ROOT, encoding: 'utf8' });

  it.each([
    ['--help', ['--help'], 0, /^usage: pnpm generate \[area\.\.\.\] \[--check\][\s\S]*areas\.ts[\s\S]*operations\.ts/],
    ['an unknown option', ['--chek'], 1, /^error: unknown option --chek\n/],
    ['an unknown area', ['--check', 'nope'], 1, new RegExp(`^error: unknown area nope; the areas are ${AREAS.join(', ')}\n`)],
    ['--check on the committed files', ['--check', 'dns'], 0, /^generated files are up to date\n$/],
  ] as const)('%s', (_name, args, status, output) => {
    const result = run(...args);
    expect(result.status).toBe(status);
    expect(result.stdout + result.stderr).toMatch(output);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
