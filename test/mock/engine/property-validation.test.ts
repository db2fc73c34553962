// Which answer schemas a template's answers are validated against by their set fields
// (engine/property-validation.ts): generated from its one table of keywords, those that look only
// at the answer's keys or at each property on its own (then a validator per property), and a
// sample of the others (then the whole schema, every time).
import { describe, expect, it } from 'vitest';
import { propertyValidators, SPLITTABLE, setFieldsValid, type TemplateMade } from '../../../packages/mock/src/engine/property-validation.ts';
import { createSchemaCompiler } from '../../../packages/mock/src/engine/validation.ts';

const document = { components: { schemas: { Id: { type: 'integer', description: 'An ID.' } } } };
const compiler = createSchemaCompiler(document.components);
const base = { type: 'object', properties: { id: { $ref: '#/components/schemas/Id' }, name: { type: 'string', description: 'A name.', minLength: 1 } } };
/** A value each splittable keyword may hold (an annotation's or a constraint on the keys). */
const VALUE: Record<string, unknown> = {
  type: 'object',
  properties: base.properties,
  required: ['id'],
  additionalProperties: false,
  minProperties: 1,
  maxProperties: 5,
};
/** Keywords that look at the answer as a whole, or at a property together with another: never split. */
const WHOLE: Record<string, unknown> = {
  allOf: [{ required: ['name'] }],
  anyOf: [{ required: ['name'] }],
  oneOf: [{ required: ['name'] }],
  not: { required: ['other'] },
  if: { required: ['id'] },
  patternProperties: { '^n': { maxLength: 2 } },
  propertyNames: { maxLength: 3 },
  unevaluatedProperties: false,
  dependentSchemas: { id: { required: ['name'] } },
  dependentRequired: { id: ['name'] },
  enum: [{ id: 1 }],
  const: { id: 1 },
};

describe('an answer schema validated by the fields a template sets', () => {
  it.each([...SPLITTABLE])('split beside %s: one validator per property', (keyword) => {
    const properties = propertyValidators({ ...base, [keyword]: VALUE[keyword] ?? 'annotation' } as never, document, compiler);
    expect([...(properties?.keys() ?? [])]).toEqual(['id', 'name']);
    // Each judges its property as the schema does: a $ref followed, an annotation ignored, a constraint kept.
    expect([properties!.get('id')!()(7), properties!.get('id')!()('7'), properties!.get('name')!()('n'), properties!.get('name')!()('')]).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });

  it.each(Object.keys(WHOLE))('whole beside %s', (keyword) => {
    expect(SPLITTABLE.has(keyword)).toBe(false);
    expect(propertyValidators({ ...base, [keyword]: WHOLE[keyword] } as never, document, compiler)).toBeUndefined();
  });

  it('whole for what is not an object schema with properties, a $ref to one split', () => {
    for (const schema of [{ type: 'array', items: base }, { properties: base.properties }, { type: 'object' }, true])
      expect(propertyValidators(schema as never, document, compiler)).toBeUndefined();
    const referenced = { components: { schemas: { Thing: base, Id: document.components.schemas.Id } } };
    expect([...(propertyValidators({ $ref: '#/components/schemas/Thing' }, referenced, createSchemaCompiler(referenced.components))?.keys() ?? [])]).toEqual([
      'id',
      'name',
    ]);
  });
});

describe("a template's set fields checked by validators looked up once", () => {
  /** The schema's property validators, counting how often one is looked up by name. */
  function countedProperties() {
    const properties = propertyValidators(base as never, document, compiler)!;
    let lookups = 0;
    const counted = new Map(properties);
    counted.get = (name: string) => {
      lookups++;
      return properties.get(name);
    };
    return { counted, lookups: () => lookups };
  }

  it('one look-up per set field for a schema, however many answers; again for another schema', () => {
    const made: TemplateMade = { template: {}, names: ['id', 'name'], values: [], checks: undefined };
    const first = countedProperties();
    const verdicts = [
      [1, 'a'],
      ['one', 'a'],
      [2, ''],
      [3, 'b'],
    ].map((values) => {
      made.values = values;
      return setFieldsValid(first.counted, made);
    });
    expect(verdicts).toEqual([true, false, false, true]);
    expect(first.lookups()).toBe(2);
    const second = countedProperties();
    made.values = [1, 'a'];
    expect(setFieldsValid(second.counted, made)).toBe(true);
    expect([first.lookups(), second.lookups()]).toEqual([2, 2]);
  });

  it('a set field the schema does not name is not decided by fields (the answer is validated whole)', () => {
    const made: TemplateMade = { template: {}, names: ['id', 'other'], values: [1, 'x'], checks: undefined };
    expect(setFieldsValid(countedProperties().counted, made)).toBe(false);
  });
});
