// Repo-wide checks of every area's bundled contract, and the checks an example-based contract
// tester makes of it (Specmatic 2.55: request and response examples paired by name, parameter
// values by name, int32 bounds written out, oneOf of complete schemas), each request example
// sent to the mock (in process) and answered with its same-named response example's status, the
// answer validated against the contract.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AreaName } from '@platform-contracts/contracts';
import { createMock, type Mock } from '@platform-contracts/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBundle } from '../../scripts/generate.ts';
import { generateTypes } from '../../scripts/lib/generate/area-types.ts';
import { generatedPath, OPENAPI_DIR } from '../../scripts/lib/paths.ts';
import { exactJson, parameterText } from '../support/allowed-values.ts';
import { negativeCases } from '../support/negative-cases.ts';
import { type Json, listAreas, loadBundle, operationsOf, resolveRef, sourceOf, validateAnswer, validateAt } from '../support/openapi.ts';
import { type PairedExample, pairedExamples, pairingProblems, unusedParameterExamples } from '../support/paired-examples.ts';
import { testerCredentials } from '../support/tester-credentials.ts';

const areas = listAreas();

/** Every media type with a schema: request bodies and responses, from the contracts' model (which says where each schema sits). */
function mediaTypes(area: AreaName) {
  return operationsOf(area)
    .flatMap(({ operationId, requestBody, responses }) => [
      ...(requestBody?.content ?? []).map((media) => ({ where: `${operationId} request ${media.type}`, media })),
      ...Object.values(responses).flatMap(({ status, content }) =>
        content.map((media) => ({ where: `${operationId} response ${status} ${media.type}`, media })),
      ),
    ])
    .filter(({ media }) => media.schemaPointer !== undefined);
}

describe.each(areas)('the %s contract', (area) => {
  const document = loadBundle(area);

  it('has a named example for every request body and every response with a body (a 4xx answered only to invalid requests: in its negative cases)', () => {
    const inNegativeCases = new Set(
      negativeCases(area).map(({ operation, response }) => `${operation.operationId} response ${response.status} ${response.headers?.['Content-Type']}`),
    );
    const missing = mediaTypes(area)
      .filter(({ media, where }) => Object.keys(media.examples).length === 0 && !inNegativeCases.has(where))
      .map((m) => m.where);
    expect(missing).toEqual([]);
  });

  it('has examples that validate against their schemas (invalid requests are negative cases, beside the bundle)', () => {
    const failures = mediaTypes(area).flatMap(({ where, media }) =>
      Object.entries(media.examples).flatMap(([name, value]) => {
        if (typeof value === 'string' && (media.schema as Json).type === 'string') return [];
        return validateAt(area, media.schemaPointer!, value).map((error) => `${where} example "${name}": ${error}`);
      }),
    );
    expect(failures).toEqual([]);
  });

  it('has generated types that match the contract', async () => {
    const committed = readFileSync(generatedPath(area), 'utf8');
    expect(committed === (await generateTypes(area, requireBundle(area, 'yaml'))), `${generatedPath(area)} is stale: run pnpm generate`).toBe(true);
  });

  it('uses only x- fields listed in openapi/EXTENSIONS.md', () => {
    const listed = new Set([...readFileSync(path.join(OPENAPI_DIR, 'EXTENSIONS.md'), 'utf8').matchAll(/^\| `(x-[\w-]+)`/gm)].map((m) => m[1]));
    const used = new Set<string>();
    const walk = (node: Json) => {
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key.startsWith('x-')) used.add(key);
        walk(value);
      }
    };
    walk(document);
    expect([...used].filter((field) => !listed.has(field))).toEqual([]);
  });
});

describe('across areas', () => {
  it('has unique operationIds', () => {
    const ids = areas.flatMap((area) => operationsOf(area).map((op) => op.operationId));
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('has paths that no two areas share', () => {
    const paths = areas.flatMap((area) => Object.keys(loadBundle(area).paths ?? {}));
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });
});

/** Every schema of a bundle, with where it sits: the components' and those written inline, at any depth. */
function schemasOf(document: Json): { at: string; schema: Json }[] {
  const found: { at: string; schema: Json }[] = [];
  const SCHEMA = ['schema', 'items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else'];
  const MAPS = ['properties', 'patternProperties', '$defs'];
  const LISTS = ['oneOf', 'anyOf', 'allOf', 'prefixItems'];
  const walk = (node: Json, at: string, kind: 'schema' | 'map' | 'list' | 'other') => {
    if (!node || typeof node !== 'object') return;
    if (kind === 'schema') found.push({ at, schema: node });
    for (const [key, value] of Object.entries<Json>(node)) {
      const where = `${at}/${key}`;
      if (kind === 'map' || kind === 'list') walk(value, where, 'schema');
      else if (kind === 'schema' && MAPS.includes(key)) walk(value, where, 'map');
      else if (kind === 'schema' && LISTS.includes(key)) walk(value, where, 'list');
      else if (SCHEMA.includes(key) && (kind === 'schema' || key === 'schema')) walk(value, where, 'schema');
      else if (kind === 'other') walk(value, where, where === '#/components/schemas' ? 'map' : 'other');
    }
  };
  walk(document, '#', 'other');
  return found;
}

describe.each(areas)('the %s contract, read by its examples (as Specmatic 2.55 reads them)', (area) => {
  const document = loadBundle(area);
  const operations = operationsOf(area);

  it('pairs every response example with a request example of its name (a value of that name for every required parameter and the body), and every request body example with an answer', () => {
    expect(
      operations.flatMap((operation) =>
        pairingProblems(document, operation).map((problem) => `${problem} (${sourceOf(area, operation.path, operation.method)})`),
      ),
    ).toEqual([]);
  });

  it('has no parameter example that no operation answers', () => {
    expect(unusedParameterExamples(document, operations)).toEqual([]);
  });

  it('has request examples that validate against their schemas, whatever their answer (invalid requests are negative cases, beside the bundle)', () => {
    const failures = operations.flatMap((operation) =>
      pairedExamples(document, operation).flatMap((example) => [
        ...example.parameters.flatMap(({ in: at, name, value }) => {
          const parameter = operation.parameters.find((p) => p.in === at && p.name === name)!;
          const schema = resolveRef(document, parameter.schema);
          return validateSchemaValue(area, schema, value).map((error) => `${operation.operationId} "${example.name}" ${at} ${name}: ${error}`);
        }),
        ...example.bodies.flatMap(({ type, value }) => {
          const media = operation.requestBody!.content.find((m) => m.type === type)!;
          if (!media.schemaPointer || (typeof value === 'string' && resolveRef(document, media.schema)?.type === 'string' && !/json/.test(type))) return [];
          return validateAt(area, media.schemaPointer, value).map((error) => `${operation.operationId} "${example.name}" body ${type}: ${error}`);
        }),
      ]),
    );
    expect(failures).toEqual([]);
  });

  it('writes out the bounds of every int32 (minimum and maximum), which such tools read instead of the format', () => {
    const unbounded = schemasOf(document)
      .filter(({ schema }) => schema.format === 'int32' && !Array.isArray(schema.enum))
      .filter(
        ({ schema }) =>
          !(typeof schema.minimum === 'number' && schema.minimum >= -(2 ** 31) && typeof schema.maximum === 'number' && schema.maximum <= 2 ** 31 - 1),
      )
      .map(({ at }) => at);
    expect(unbounded).toEqual([]);
  });

  it('composes with oneOf and anyOf only complete schemas: no properties beside them', () => {
    const mixed = schemasOf(document)
      .filter(({ schema }) => (schema.oneOf || schema.anyOf) && (schema.properties || schema.required))
      .map(({ at }) => at);
    expect(mixed).toEqual([]);
  });
});

/** A parameter value against its schema (written inline in the operation, so validated on its own). */
function validateSchemaValue(area: string, schema: Json, value: unknown): string[] {
  if (schema?.$ref) return validateAt(area, schema.$ref, value);
  const types = Array.isArray(schema?.type) ? schema.type : [schema?.type];
  if (types.includes('integer') && !(Number.isInteger(value) || typeof value === 'bigint')) return [`${JSON.stringify(value)} is not an integer`];
  if (
    types.includes('integer') &&
    typeof value === 'number' &&
    ((schema.minimum !== undefined && value < schema.minimum) || (schema.maximum !== undefined && value > schema.maximum))
  )
    return [`${value} is out of its bounds`];
  if (types.includes('string') && typeof value !== 'string') return [`${JSON.stringify(value)} is not a string`];
  if (types.includes('boolean') && typeof value !== 'boolean') return [`${JSON.stringify(value)} is not a boolean`];
  if (Array.isArray(schema?.enum) && !schema.enum.includes(value)) return [`${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`];
  return [];
}

describe('each request example, sent to the mock', () => {
  let mock: Mock;
  beforeAll(async () => {
    mock = await createMock();
  });
  afterAll(async () => {
    await mock?.close();
  });

  async function send(example: PairedExample, body?: { type: string; value: unknown }) {
    const { operation } = example;
    const value = (at: string, name: string) => example.parameters.find((p) => p.in === at && p.name === name)?.value;
    const target = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(parameterText(value('path', name))));
    const query = new URLSearchParams(example.parameters.filter((p) => p.in === 'query').map((p) => [p.name, parameterText(p.value)]));
    const headers: Record<string, string> = {
      ...(await testerCredentials(mock, operation, 'paired-example')),
      ...Object.fromEntries(example.parameters.filter((p) => p.in === 'header').map((p) => [p.name, parameterText(p.value)])),
    };
    if (body) headers['content-type'] = body.type.replace('*', 'vnd.example');
    const payload = body === undefined ? undefined : typeof body.value === 'string' ? body.value : exactJson(body.value);
    const url = `http://127.0.0.1:4010${target}${query.size > 0 ? `?${query}` : ''}`;
    const response = await mock.fetch(new Request(url, { method: operation.method.toUpperCase(), headers, body: payload }));
    return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
  }

  const cases = areas.flatMap((area) =>
    operationsOf(area).flatMap((operation) =>
      pairedExamples(loadBundle(area), operation).flatMap((example) =>
        (example.bodies.length > 0 ? example.bodies : [undefined]).map(
          (body) => [`${area} ${operation.operationId} "${example.name}"${body ? ` (${body.type})` : ''}`, example, body] as const,
        ),
      ),
    ),
  );

  it('covers every area', () => {
    expect(areas.filter((area) => !cases.some(([name]) => name.startsWith(`${area} `)))).toEqual([]);
  });

  it.each(cases)('%s: answered with its response example’s status, validated', async (_name, example, body) => {
    const answer = await send(example, body);
    expect(String(answer.status), answer.text).toMatch(new RegExp(`^${example.answer.status.replace(/X/g, '\\d')}$`));
    const type = answer.type.split(';')[0]!.trim();
    const parsed = /json/.test(type) && !/ndjson|x-ndjson/.test(type) ? JSON.parse(answer.text) : answer.text === '' ? undefined : answer.text;
    expect(validateAnswer(example.operation.area, example.operation.operationId, answer.status, parsed, type || example.answer.type)).toEqual([]);
  });
});
