// The breaking-change gate on pairs of before/after contracts: each breaking kind is caught with
// its location, and non-breaking changes pass.
import { describe, expect, it } from 'vitest';
import { findBreakingChanges } from '../../scripts/lib/breaking.ts';
import type { Json } from '../support/openapi.ts';

function base(): Json {
  const thing = {
    type: 'object',
    additionalProperties: false,
    required: ['name'],
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 50 },
      size: { type: 'integer', minimum: 0, maximum: 100 },
      colour: { type: 'string', enum: ['red', 'green'] },
      note: { type: ['string', 'null'] },
    },
  };
  return {
    openapi: '3.1.0',
    info: { title: 'Fixture', version: '1.0.0' },
    paths: {
      '/things/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        get: {
          operationId: 'getThing',
          parameters: [{ name: 'expand', in: 'query', required: false, schema: { type: 'boolean' } }],
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
            '404': { description: 'not found' },
          },
        },
        put: {
          operationId: 'putThing',
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/ThingInput' } }, 'text/json': { schema: { $ref: '#/components/schemas/ThingInput' } } } },
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } }, '400': { description: 'bad' } },
        },
      },
      '/things': {
        get: { operationId: 'listThings', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } } } } } },
      },
    },
    components: { schemas: { Thing: thing, ThingInput: structuredClone(thing) } },
  };
}

type Change = (d: Json) => void;
const thing = (d: Json) => d.components.schemas.Thing;
/** The request body's schema, separate from the response's, so that a change touches one side. */
const input = (d: Json) => d.components.schemas.ThingInput;
const item = (d: Json) => d.paths['/things/{id}'];

const BREAKING: [string, Change, RegExp][] = [
  ['a removed path', (d) => delete d.paths['/things'], /^paths\.\/things(\.|$)/],
  ['a renamed path', (d) => ((d.paths['/items'] = d.paths['/things']), delete d.paths['/things']), /^paths\.\/things(\.|$)/],
  ['a removed operation', (d) => delete item(d).put, /^paths\.\/things\/\{id\}\.put$/],
  ['a removed query parameter', (d) => (item(d).get.parameters = []), /get\.parameters/],
  ['a renamed query parameter', (d) => (item(d).get.parameters[0].name = 'expanded'), /get\.parameters/],
  ['a parameter made required', (d) => (item(d).get.parameters[0].required = true), /get\.parameters/],
  ['a new required query parameter', (d) => item(d).get.parameters.push({ name: 'mode', in: 'query', required: true, schema: { type: 'string' } }), /get\.parameters/],
  ['a path parameter type narrowed', (d) => (item(d).parameters[0].schema = { type: 'integer', minimum: 10 }), /parameters/],
  ['a removed response property', (d) => delete thing(d).properties.size, /get\.responses\.200.*size/],
  ['a renamed request property', (d) => ((input(d).properties.label = input(d).properties.note), delete input(d).properties.note), /put\.requestBody.*note/],
  ['a new required request field', (d) => input(d).required.push('size'), /put\.requestBody.*required/],
  ['a narrowed type', (d) => (input(d).properties.note = { type: 'string' }), /put\.requestBody.*note/],
  ['a narrowed enum', (d) => (input(d).properties.colour.enum = ['red']), /put\.requestBody.*colour/],
  ['a narrowed maximum length', (d) => (input(d).properties.name.maxLength = 20), /put\.requestBody.*maxLength/],
  ['a raised minimum', (d) => (input(d).properties.size.minimum = 5), /put\.requestBody.*minimum/],
  ['a removed response code', (d) => delete item(d).get.responses['404'], /get\.responses\.404/],
  ['a removed request media type', (d) => delete item(d).put.requestBody.content['text/json'], /put\.requestBody\.content\.text\/json/],
  ['a removed response media type', (d) => (item(d).get.responses['200'].content = { 'application/xml': item(d).get.responses['200'].content['application/json'] }), /get\.responses\.200\.content/],
];

const NON_BREAKING: [string, Change][] = [
  ['no change', () => {}],
  ['an added optional request property', (d) => (input(d).properties.weight = { type: 'number' })],
  ['an added operation', (d) => (item(d).delete = { operationId: 'deleteThing', responses: { '204': { description: 'gone' } } })],
  ['an added optional query parameter', (d) => item(d).get.parameters.push({ name: 'fields', in: 'query', required: false, schema: { type: 'string' } })],
  ['a widened request enum', (d) => input(d).properties.colour.enum.push('blue')],
  ['a widened request maximum length', (d) => (input(d).properties.name.maxLength = 80)],
  ['a lowered request minimum', (d) => (input(d).properties.size.minimum = -5)],
  ['an added response code', (d) => (item(d).get.responses['500'] = { description: 'error' })],
  ['a changed description', (d) => (item(d).get.description = 'Returns one thing.')],
  ['a new version number', (d) => (d.info.version = '1.1.0')],
];

describe('findBreakingChanges', () => {
  it.each(BREAKING)('catches %s', (_name, change, location) => {
    const after = base();
    change(after);
    const found = findBreakingChanges(base(), after);
    expect(found.length, 'no breaking change found').toBeGreaterThan(0);
    expect(found.map((c) => c.location).some((l) => location.test(l)), JSON.stringify(found, null, 1)).toBe(true);
  });

  it.each(NON_BREAKING)('lets %s pass', (_name, change) => {
    const after = base();
    change(after);
    expect(findBreakingChanges(base(), after)).toEqual([]);
  });
});
