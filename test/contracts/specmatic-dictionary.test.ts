// Specmatic's dictionary (scripts/lib/specmatic/dictionary.ts): every request array with minItems,
// maxItems or uniqueItems, which Specmatic 2.55.1 ignores, listed with every array its schema
// allows, so that the generative run stays within the schema. Ajv is the judge: every listed array
// is valid, and every array of the enum's values it accepts is listed. A bounded array the
// dictionary cannot list is refused with its place named.
import { describe, expect, it } from 'vitest';
import { boundedRequestArrays, MAX_DICTIONARY_VALUES, specmaticDictionary } from '../../scripts/lib/specmatic/dictionary.ts';
import { listAreas, loadBundle, resolveRef, validateAt } from '../support/openapi.ts';

const arrays = listAreas().flatMap((area) => boundedRequestArrays(area));

/** Every array of exactly `length` items drawn from `choices`, repeats included. */
const arraysOf = (choices: unknown[], length: number): unknown[][] =>
  length === 0 ? [[]] : arraysOf(choices, length - 1).flatMap((head) => choices.map((choice) => [...head, choice]));
/** Every array of at most `length` items drawn from `choices`. */
const everyArray = (choices: unknown[], length: number) => Array.from({ length: length + 1 }, (_, size) => arraysOf(choices, size)).flat();

describe('Specmatic dictionary', () => {
  it("lists database's token kinds, the array the generative run sent out of bounds", () => {
    expect(specmaticDictionary(listAreas()).CreateDatabaseTokensRequest?.kinds).toEqual([
      ['full_access'],
      ['read_only'],
      ['full_access', 'read_only'],
      ['read_only', 'full_access'],
    ]);
  });

  it.each(arrays.map((array) => [`${array.area} ${array.schema}.${array.property}`, array] as const))(
    '%s: exactly the arrays its schema allows',
    (_, array) => {
      for (const value of array.values) expect(validateAt(array.area, array.pointer, value), JSON.stringify(value)).toEqual([]);
      const schema = resolveRef(loadBundle(array.area), resolveRef(loadBundle(array.area), { $ref: array.pointer }).items);
      const schemaOf = resolveRef(loadBundle(array.area), { $ref: array.pointer });
      const candidates = everyArray(schema.enum, schemaOf.maxItems + 1);
      const allowed = candidates.filter((candidate) => validateAt(array.area, array.pointer, candidate).length === 0);
      expect(array.values.map((value) => JSON.stringify(value)).sort()).toEqual(allowed.map((value) => JSON.stringify(value)).sort());
    },
  );

  const document = (schemas: Record<string, unknown>, body: unknown) => ({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/things': {
        post: { operationId: 'postThing', requestBody: { content: { 'application/json': { schema: body } } }, responses: { '200': { description: 'ok' } } },
      },
    },
    components: { schemas },
  });
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

  it.each([
    [
      'items that are no enum',
      { Thing: { type: 'object', properties: { tags: { type: 'array', maxItems: 2, items: { type: 'string' } } } } },
      ref('Thing'),
      /Thing\/properties\/tags: .*items that are an enum/,
    ],
    [
      'no maxItems',
      { Thing: { type: 'object', properties: { tags: { type: 'array', minItems: 1, items: { enum: ['a', 'b'] } } } } },
      ref('Thing'),
      /without maxItems/,
    ],
    ['an inline body', {}, { type: 'object', properties: { tags: { type: 'array', maxItems: 1, items: { enum: ['a'] } } } }, /property of a component schema/],
    [
      'a bounded array as the body',
      { Tags: { type: 'array', uniqueItems: true, items: { enum: ['a'] } } },
      ref('Tags'),
      /#\/components\/schemas\/Tags: Specmatic ignores uniqueItems/,
    ],
    [
      'too many arrays',
      { Thing: { type: 'object', properties: { tags: { type: 'array', maxItems: 4, items: { enum: ['a', 'b', 'c'] } } } } },
      ref('Thing'),
      new RegExp(`more than the ${MAX_DICTIONARY_VALUES}`),
    ],
  ])('refuses a bounded array with %s, naming where it is', (_, schemas, body, message) => {
    expect(() => boundedRequestArrays('containers', document(schemas, body))).toThrow(message);
  });

  it('lists a bounded array of enum values under its schema and property, and nothing for an unbounded one', () => {
    const found = boundedRequestArrays(
      'containers',
      document(
        {
          Thing: {
            type: 'object',
            properties: { tags: { type: 'array', maxItems: 1, items: { enum: ['a', 'b'] } }, free: { type: 'array', items: { type: 'string' } } },
          },
        },
        ref('Thing'),
      ),
    );
    expect(found.map(({ schema, property, values }) => ({ schema, property, values }))).toEqual([
      { schema: 'Thing', property: 'tags', values: [[], ['a'], ['b']] },
    ]);
  });
});
