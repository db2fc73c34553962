// `pnpm check:breaking` words each change as a reader would: optional or required as the contract
// says, a rename as a rename, and it ends with the next step.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { nextSteps } from '../../scripts/check-breaking.ts';
import { describeChanges, findBreakingChanges } from '../../scripts/lib/breaking.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function base(): Json {
  const body = { type: 'object', required: ['name'], properties: { name: { type: 'string' }, note: { type: 'string' } } };
  return {
    openapi: '3.1.0',
    info: { title: 'Fixture', version: '1.4.2' },
    paths: {
      '/things/{id}': {
        get: {
          operationId: 'getThing',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
            { name: 'expand', in: 'query', required: false, schema: { type: 'boolean' } },
          ],
          responses: { '200': { description: 'ok' } },
        },
        put: { operationId: 'putThing', requestBody: { content: { 'application/json': { schema: body } } }, responses: { '200': { description: 'ok' } } },
      },
      '/things': { get: { operationId: 'listThings', responses: { '200': { description: 'ok' } } } },
    },
  };
}
const get = (d: Json) => d.paths['/things/{id}'].get;
const bodyProps = (d: Json) => d.paths['/things/{id}'].put.requestBody.content['application/json'].schema.properties;

const CASES: [string, (d: Json) => void, string][] = [
  ['a removed optional parameter', (d) => get(d).parameters.pop(), 'removed optional query parameter `expand`'],
  ['a removed required parameter', (d) => get(d).parameters.shift(), 'removed required path parameter `id`'],
  ['a renamed optional parameter', (d) => (get(d).parameters[1].name = 'expanded'), 'renamed optional query parameter `expand` to `expanded`'],
  ['a parameter made required', (d) => (get(d).parameters[1].required = true), 'parameter `expand` made required (was optional)'],
  ['a new required parameter', (d) => get(d).parameters.push({ name: 'mode', in: 'query', required: true, schema: { type: 'string' } }), 'new required query parameter `mode`'],
  ['a renamed request property', (d) => ((bodyProps(d).label = bodyProps(d).note), delete bodyProps(d).note), 'renamed property `note` to `label` in Request Body content (application/json)'],
  ['a renamed path', (d) => ((d.paths['/items'] = d.paths['/things']), delete d.paths['/things']), 'moved operation GET /things (listThings) to GET /items (renamed path)'],
  ['a removed operation', (d) => delete d.paths['/things'], 'removed operation GET /things (listThings)'],
];

describe('breaking-change wording', () => {
  it.each(CASES)('words %s', (_name, change, expected) => {
    const after = base();
    change(after);
    expect(findBreakingChanges(base(), after).map((c) => c.description)).toEqual([expected]);
  });

  it('never calls an optional parameter required', () => {
    const after = base();
    get(after).parameters.push({ name: 'fields', in: 'query', required: false, schema: { type: 'string' } });
    expect(findBreakingChanges(base(), after)).toEqual([]);
    expect(describeChanges(base(), after).map((c) => c.description)).toEqual(['new optional query parameter `fields`']);
  });

  it('ends with the next step: the next major version and pnpm release', () => {
    const openapiDir = mkdtempSync(path.join(tmpdir(), 'breaking-'));
    try {
      mkdirSync(path.join(openapiDir, 'things', 'released'), { recursive: true });
      writeFileSync(path.join(openapiDir, 'things', 'released', '1.4.2.yaml'), stringify(base()));
      const text = nextSteps(openapiDir, ['things']);
      expect(text).toMatch(/undo the change/);
      expect(text).toMatch(/things, meant to break: raise info\.version in .*things\/openapi\.yaml to 2\.0\.0, then run `pnpm release`/);
    } finally {
      rmSync(openapiDir, { recursive: true, force: true });
    }
  });
});
