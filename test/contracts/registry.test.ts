// @platform-contracts/contracts' generated registry and operation table: fresh, complete, and built the
// way the contracts say (checked against the bundles read independently, and against fixtures).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AREAS, OPERATIONS, findOperation, operationsOf, type Operation } from '@platform-contracts/contracts';
import { generateRegistry, staleGenerated } from '../../scripts/generate.ts';
import { GENERATED_DIR, ROOT } from '../../scripts/lib/paths.ts';
import { areaNameProblem, operationRows } from '../../scripts/lib/registry.ts';
import { listAreas, loadBundle, operationsOf as bundleOperationsOf, type Json } from '../support/openapi.ts';

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

  it('staleGenerated names a tampered file and a missing one', async () => {
    const copy = path.join(scratch, 'generated');
    cpSync(GENERATED_DIR, copy, { recursive: true });
    expect(await staleGenerated(['video'], copy)).toEqual([]);
    writeFileSync(path.join(copy, 'operations.ts'), '// edited by hand\n');
    unlinkSync(path.join(copy, 'video.ts'));
    expect((await staleGenerated(['video'], copy)).map((file) => path.basename(file)).sort()).toEqual(['operations.ts', 'video.ts']);
  });
});

describe('OPERATIONS', () => {
  const fromBundles = AREAS.flatMap((area) => bundleOperationsOf(area));

  it('has one row per operation of every bundle, and nothing else', () => {
    const key = (o: { area: string; method: string; path: string; operationId: string }) => `${o.area} ${o.method.toUpperCase()} ${o.path} ${o.operationId}`;
    expect(OPERATIONS.map(key).sort()).toEqual(fromBundles.map(key).sort());
  });

  it('has operationIds unique across areas', () => {
    const ids = OPERATIONS.map((o) => o.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it.each(fromBundles.map((o) => [o.operationId, o] as const))('%s: its statuses, request media types, security and x- fields are the bundle’s', (_id, entry) => {
    const row = findOperation(entry.operationId)!;
    const document = loadBundle(entry.area);
    const deref = (value: Json) => (value?.$ref ? value.$ref.slice(2).split('/').map((p: string) => p.replace(/~1/g, '/').replace(/~0/g, '~')).reduce((n: Json, k: string) => n?.[k], document) : value);
    expect(Object.keys(row.responses)).toEqual(Object.keys(entry.operation.responses));
    expect(row.requestMediaTypes).toEqual(Object.keys(deref(entry.operation.requestBody)?.content ?? {}));
    expect(row.security).toEqual((entry.operation.security ?? document.security ?? []).map((r: Json) => Object.keys(r)));
    expect(Object.keys(row.extensions)).toEqual(Object.keys(entry.operation).filter((k) => k.startsWith('x-')));
    const declared = [...(document.paths[entry.path].parameters ?? []), ...(entry.operation.parameters ?? [])].map(deref);
    for (const parameter of row.parameters) expect(declared).toContainEqual(expect.objectContaining({ name: parameter.name, in: parameter.in }));
    for (const parameter of row.parameters.filter((p) => p.in === 'path')) expect(entry.path).toContain(`{${parameter.name}}`);
  });
});

describe('findOperation and operationsOf', () => {
  it.each(AREAS.map((area) => [area]))('operationsOf(%s) is exactly the area’s rows', (area) => {
    const rows = operationsOf(area);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.area === area)).toBe(true);
    expect(rows.length).toBe(OPERATIONS.filter((row) => row.area === area).length);
  });

  it('finds an operation by id and answers undefined for an unknown one', () => {
    const first = OPERATIONS[0] as Operation;
    expect(findOperation(first.operationId)).toBe(first);
    expect(findOperation('noSuchOperation')).toBeUndefined();
  });
});

describe('operationRows', () => {
  const document: Json = {
    openapi: '3.1.0',
    security: [{ RootKey: [] }],
    paths: {
      '/things/{id}': {
        parameters: [
          { $ref: '#/components/parameters/Id' },
          { name: 'X-Trace', in: 'header', required: false },
        ],
        get: {
          operationId: 'getThing',
          'x-assumed': 'from the live service',
          parameters: [{ name: 'X-Trace', in: 'header', required: true }, { name: 'expand', in: 'query' }],
          responses: { '200': { $ref: '#/components/responses/Thing' }, '404': { description: 'No body.' } },
        },
        put: {
          operationId: 'putThing',
          security: [],
          requestBody: { $ref: '#/components/requestBodies/Thing' },
          responses: { '204': { description: 'Done.' } },
        },
        delete: {
          operationId: 'deleteThing',
          security: [{ A: [], B: ['scope'] }, { C: [] }],
          requestBody: { content: { 'text/plain': {} } },
          responses: { default: { description: 'x', content: { 'application/problem+json': {} } } },
        },
      },
    },
    components: {
      parameters: { Id: { name: 'id', in: 'path', required: true } },
      responses: { Thing: { description: 'A thing.', content: { 'application/json': {}, 'text/json': {} } } },
      requestBodies: { Thing: { required: true, content: { 'application/json': {} } } },
    },
  };
  const rows = Object.fromEntries(operationRows('video', document).map((row) => [row.operationId, row]));

  it.each([
    ['path item parameters first, $refs followed, an operation parameter replacing the path item’s', 'getThing', 'parameters', [
      { name: 'id', in: 'path', required: true },
      { name: 'X-Trace', in: 'header', required: true },
      { name: 'expand', in: 'query', required: false },
    ]],
    ['responses by status, $refs followed, a body-less answer with no media types', 'getThing', 'responses', { '200': ['application/json', 'text/json'], '404': [] }],
    ['only the x- fields', 'getThing', 'extensions', { 'x-assumed': 'from the live service' }],
    ['the document’s security when the operation states none', 'getThing', 'security', [['RootKey']]],
    ['no security when the operation says []', 'putThing', 'security', []],
    ['alternatives, each with every scheme it needs', 'deleteThing', 'security', [['A', 'B'], ['C']]],
    ['request media types through a $ref', 'putThing', 'requestMediaTypes', ['application/json']],
    ['a required request body through a $ref', 'putThing', 'requestBodyRequired', true],
    ['an optional request body', 'deleteThing', 'requestBodyRequired', false],
    ['no request body', 'getThing', 'requestMediaTypes', []],
  ] as const)('%s', (_name, operationId, field, expected) => {
    expect(rows[operationId]![field]).toEqual(expected);
  });

  it('keeps the method, path and area', () => {
    expect(['getThing', 'putThing', 'deleteThing'].map((id) => [rows[id]!.area, rows[id]!.method, rows[id]!.path])).toEqual([
      ['video', 'get', '/things/{id}'],
      ['video', 'put', '/things/{id}'],
      ['video', 'delete', '/things/{id}'],
    ]);
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
    ['an unknown area', ['--check', 'nope'], 1, /^error: unknown area nope; the areas are containers, /],
    ['--check on the committed files', ['--check', 'dns'], 0, /^generated files are up to date\n$/],
  ] as const)('%s', (_name, args, status, output) => {
    const result = run(...args);
    expect(result.status).toBe(status);
    expect(result.stdout + result.stderr).toMatch(output);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
