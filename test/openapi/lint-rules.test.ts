// The house rules in .spectral.yaml, each shown to fire on a bad document and to stay quiet
// on a good one. All fixtures are linted in one Spectral run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { ROOT } from '../../scripts/lib/paths.ts';
import type { Json } from '../support/openapi.ts';

function area(
  operationId = 'getThing',
  properties: Record<string, Json> = { title: { type: 'string' } },
  schemaName = 'Thing',
  casing: string | null = 'camel',
): Json {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Fixture',
      version: '1.0.0',
      description: 'Fixture.',
      contact: { name: 'Team', url: 'https://example.org' },
      ...(casing && { 'x-property-casing': { style: casing } }),
    },
    servers: [{ url: 'https://api.example.org' }],
    tags: [{ name: 'Things', description: 'Things.' }],
    security: [{ Key: [] }],
    paths: {
      [`/${schemaName.toLowerCase()}s/{id}`]: {
        get: {
          operationId,
          tags: ['Things'],
          summary: 'Get a thing',
          description: 'Returns a thing.',
          security: [{ Key: [] }],
          parameters: [{ name: 'id', in: 'path', required: true, description: 'ID.', schema: { type: 'string' } }],
          responses: {
            '200': { description: 'The thing.', content: { 'application/json': { schema: { $ref: `#/components/schemas/${schemaName}` } } } },
            '404': { description: 'Not found.' },
          },
        },
      },
    },
    components: {
      securitySchemes: { Key: { type: 'apiKey', in: 'header', name: 'Key' } },
      schemas: { [schemaName]: { type: 'object', description: 'A thing.', properties } },
    },
  };
}

const operationOf = (document: Json) => Object.values(document.paths)[0] as Json;
/** The area's document, changed by `change`. */
const changed = (change: (document: Json) => void, document = area()) => (change(document), document);
const thing = (document: Json) => document.components.schemas.Thing;
const answer = (document: Json) => operationOf(document).get.responses['200'].content['application/json'];

/** case name -> files of one folder (area name -> document), and the rule expected to fire. */
const CASES: { name: string; files: Record<string, Json>; rule?: string }[] = [
  { name: 'a valid area', files: { video: area() } },
  { name: 'a PascalCase operationId', files: { video: area('GetThing') }, rule: 'operation-id-verb-noun' },
  { name: 'a one-word operationId', files: { video: area('things') }, rule: 'operation-id-verb-noun' },
  { name: 'a snake_case operationId', files: { video: area('get_thing') }, rule: 'operation-id-verb-noun' },
  { name: 'a missing summary', files: { video: ((d) => (delete operationOf(d).get.summary, d))(area()) }, rule: 'operation-summary' },
  { name: 'a missing security', files: { video: ((d) => (delete operationOf(d).get.security, d))(area()) }, rule: 'operation-security' },
  { name: 'no 4xx answer', files: { video: ((d) => (delete operationOf(d).get.responses['404'], d))(area()) }, rule: 'operation-client-error-response' },
  { name: 'PascalCase in a camelCase area', files: { video: area('getThing', { Title: { type: 'string' } }) }, rule: 'property-casing' },
  { name: 'camelCase in a PascalCase area', files: { storage: area('getThing', { title: { type: 'string' } }, 'Thing', 'pascal') }, rule: 'property-casing' },
  { name: 'PascalCase in a PascalCase area passes', files: { dns: area('getThing', { RecordsFailed: { type: 'string' } }, 'Thing', 'pascal') } },
  { name: 'camelCase in a snake_case area', files: { database: area('getThing', { baseUrl: { type: 'string' } }, 'Thing', 'snake') }, rule: 'property-casing' },
  { name: 'snake_case in a snake_case area passes', files: { database: area('getThing', { base_url: { type: 'string' } }, 'Thing', 'snake') } },
  {
    name: 'an area whose contract declares no casing (info.x-property-casing)',
    files: { newarea: area('getThing', undefined, 'Thing', null) },
    rule: 'property-casing',
  },
  {
    name: 'a parameter with a lone example',
    files: { video: changed((d) => (operationOf(d).get.parameters[0].example = 'a')) },
    rule: 'parameter-examples-named',
  },
  { name: 'a parameter with named examples passes', files: { video: changed((d) => (operationOf(d).get.parameters[0].examples = { thing: { value: 'a' } })) } },
  { name: 'an int32 without its bounds', files: { video: area('getThing', { count: { type: 'integer', format: 'int32' } }) }, rule: 'integer-format-bounds' },
  {
    name: 'an int32 with a minimum only',
    files: { video: area('getThing', { count: { type: 'integer', format: 'int32', minimum: 0 } }) },
    rule: 'integer-format-bounds',
  },
  {
    name: 'an int32 with its bounds passes',
    files: { video: area('getThing', { count: { type: 'integer', format: 'int32', minimum: 0, maximum: 2147483647 } }) },
  },
  { name: 'an int32 enumeration passes', files: { video: area('getThing', { kind: { type: 'integer', format: 'int32', enum: [0, 1] } }) } },
  {
    name: 'a oneOf beside properties',
    files: {
      video: changed((d) =>
        Object.assign(thing(d), {
          oneOf: [{ required: ['title'] }, { required: ['name'] }],
          properties: { title: { type: 'string' }, name: { type: 'string' } },
        }),
      ),
    },
    rule: 'composition-of-complete-schemas',
  },
  {
    name: 'a oneOf of complete schemas passes',
    files: {
      video: changed((d) => {
        d.components.schemas.Thing = {
          description: 'A thing.',
          oneOf: [
            { type: 'object', required: ['title'], properties: { title: { type: 'string' } } },
            { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
          ],
        };
      }),
    },
  },
  {
    name: 'an answer example that breaks its schema',
    files: { video: changed((d) => (answer(d).examples = { thing: { value: { title: 7 } } })) },
    rule: 'examples-valid-unless-negative',
  },
  {
    name: 'a request example that breaks its schema, answered 200',
    files: {
      video: changed((d) => {
        answer(d).examples = { thing: { value: { title: 't' } } };
        operationOf(d).get.parameters[0].schema = { type: 'string', minLength: 2 };
        operationOf(d).get.parameters[0].examples = { thing: { value: 'a' } };
      }),
    },
    rule: 'examples-valid-unless-negative',
  },
  {
    name: 'a request example that breaks its schema, answered 404 (a negative example) passes',
    files: {
      video: changed((d) => {
        const get = operationOf(d).get;
        get.parameters[0].schema = { type: 'string', minLength: 2 };
        get.parameters[0].examples = { notFound: { value: 'a' } };
        get.responses['404'] = {
          description: 'Not found.',
          content: { 'application/json': { schema: { type: 'object' }, examples: { notFound: { value: {} } } } },
        };
      }),
    },
  },
  {
    name: 'an operationId used by two areas',
    files: { video: area('getThing', undefined, 'Thing'), shield: area('getThing', undefined, 'Other') },
    rule: 'operation-id-unique-across-areas',
  },
  {
    name: 'a component name used by two areas',
    files: {
      video: area('getThing', undefined, 'Thing'),
      shield: ((d) => ((d.paths = { '/others/{id}': operationOf(area('getOther')) }), d))(area('getOther')),
    },
    rule: 'component-name-unique-across-areas',
  },
];

let workdir = '';
const findings = new Map<string, { code: string; source: string }[]>();

beforeAll(() => {
  workdir = mkdtempSync(path.join(tmpdir(), 'lint-rules-'));
  const files: string[] = [];
  CASES.forEach((testCase, index) => {
    const dir = path.join(workdir, `case${index}`);
    mkdirSync(dir);
    for (const [name, document] of Object.entries(testCase.files)) {
      const file = path.join(dir, `${name}.yaml`);
      writeFileSync(file, stringify(document));
      files.push(file);
    }
  });
  const result = spawnSync(
    path.join(ROOT, 'node_modules/.bin/spectral'),
    ['lint', '-r', path.join(ROOT, '.spectral.yaml'), '-f', 'json', '--quiet', ...files],
    {
      encoding: 'utf8',
    },
  );
  const results = JSON.parse(result.stdout || '[]') as { code: string; source: string }[];
  CASES.forEach((_, index) =>
    findings.set(
      `case${index}`,
      results.filter((r) => r.source.includes(`${path.sep}case${index}${path.sep}`)),
    ),
  );
}, 60_000);

afterAll(() => rmSync(workdir, { recursive: true, force: true }));

const HOUSE_RULES = [
  'operation-id-verb-noun',
  'operation-id-unique-across-areas',
  'component-name-unique-across-areas',
  'operation-summary',
  'operation-security',
  'operation-client-error-response',
  'property-casing',
  'parameter-examples-named',
  'integer-format-bounds',
  'composition-of-complete-schemas',
  'examples-valid-unless-negative',
];

describe('house rules', () => {
  it.each(CASES.map((c, index) => [c.name, c.rule, index] as const))('%s -> %s', (_name, rule, index) => {
    const fired = [
      ...new Set(
        findings
          .get(`case${index}`)!
          .map((r) => r.code)
          .filter((code) => HOUSE_RULES.includes(code)),
      ),
    ];
    expect(fired).toEqual(rule ? [rule] : []);
  });
});
