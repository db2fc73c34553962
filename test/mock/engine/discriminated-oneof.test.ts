// The mock decides on a value with every `oneOf` whose members are objects told apart by a tag (a
// SQL value's `type`) given a discriminator: ajv then checks the one member the tag names instead
// of every member (validation.ts). That must take exactly the decisions of the schema as written.
// For each such schema of every contract, generated values, valid and broken, go through that
// deciding validator, through the mock's validator (which reports a refusal's errors), and
// through ajv on the components as written (every member tried): the same decision.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forValidation } from '../../../packages/mock/src/engine/exact-json.ts';
import { schemaValidator } from '../../../packages/mock/src/engine/schema-validator.ts';
import { createAjv, decidingValidator } from '../../../packages/mock/src/engine/validation.ts';
import { type Json, listAreas, loadBundle } from '../../support/openapi.ts';
import { arbitraryOf } from '../../support/schema-arbitrary.ts';

const SEED = Number(process.env.FAST_CHECK_SEED ?? 20261126);
const RUNS = Number(process.env.DISCRIMINATOR_RUNS ?? 300);
const REF = /^#\/components\/schemas\/([^/]+)$/;

/** The component schemas that are a `oneOf` of objects each with a required property of its own `const` (the ones validation.ts tags). */
function taggedOneOfs(document: Json): string[] {
  const schemas = (document.components?.schemas ?? {}) as Record<string, Json>;
  const member = (node: Json): Json | undefined => {
    const name = REF.exec(node.$ref ?? '')?.[1];
    return name ? schemas[name] : node;
  };
  return Object.entries(schemas)
    .filter(([, schema]) => {
      if (!Array.isArray(schema.oneOf) || schema.discriminator !== undefined) return false;
      const members = (schema.oneOf as Json[]).map(member);
      if (members.some((m) => !m)) return false;
      return Object.keys(members[0]!.properties ?? {}).some((tag) => {
        const tags = members.map((m) => m!.properties?.[tag]?.const);
        return (
          members.every((m, i) => m!.type === 'object' && typeof tags[i] === 'string' && (m!.required ?? []).includes(tag)) &&
          new Set(tags).size === tags.length
        );
      });
    })
    .map(([name]) => name);
}

/** A value with one thing changed at a random place: a property removed or added, a value replaced, a tag swapped. */
function broken(value: unknown, tags: string[]): fc.Arbitrary<unknown> {
  const places: (string | number)[][] = [];
  const walk = (node: unknown, path: (string | number)[]) => {
    places.push(path);
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, [...path, i]));
    else if (typeof node === 'object' && node !== null) for (const [key, item] of Object.entries(node)) walk(item, [...path, key]);
  };
  walk(value, []);
  const replacement = fc.oneof(
    fc.constantFrom<unknown>(null, 0, -1, 1.5, '', 'x', '12', true, [], {}, { type: 'null' }, { type: 'text', value: 1 }, { type: 'integer', value: '1.5' }),
    fc.constantFrom(...tags).map((tag) => ({ type: tag })),
    fc.constantFrom(...tags),
  );
  return fc
    .tuple(fc.constantFrom(...places), fc.constantFrom('replace', 'remove', 'add', 'retag'), replacement, fc.constantFrom(...tags))
    .map(([place, how, other, tag]) => {
      const copy = structuredClone(value) as Record<string | number, unknown>;
      if (place.length === 0) return how === 'replace' ? other : copy;
      const parent = place.slice(0, -1).reduce<Record<string | number, unknown>>((node, key) => node[key] as Record<string | number, unknown>, copy);
      const key = place[place.length - 1]!;
      if (how === 'remove' && !Array.isArray(parent)) delete parent[key];
      else if (how === 'add' && typeof parent[key] === 'object' && parent[key] !== null && !Array.isArray(parent[key]))
        (parent[key] as Json).unexpected = other;
      else if (how === 'retag' && typeof parent[key] === 'object' && parent[key] !== null && 'type' in (parent[key] as Json)) (parent[key] as Json).type = tag;
      else parent[key] = other;
      return copy;
    });
}

describe('a tagged oneOf validated through its discriminator', () => {
  const cases = listAreas().flatMap((area) => {
    const document = loadBundle(area);
    return taggedOneOfs(document).map((name) => ({ area, name, document }));
  });

  it('is found in the contracts (the SQL values, stream results and responses, batch conditions)', () => {
    expect(cases.map(({ name }) => name)).toEqual(expect.arrayContaining(['SqlValue', 'StreamResult', 'StreamResponse', 'BatchCond']));
  });

  it.each(cases.map(({ area, name, document }) => ({ area, name, document, label: `${area} ${name}` })))(
    '$label: the same decision as every member tried, on valid and broken values',
    ({ name, document }) => {
      const ajv = createAjv();
      ajv.addSchema({ $id: `urn:as-written:${name}`, components: document.components }, undefined, undefined, false);
      const asWritten = ajv.compile({ $ref: `urn:as-written:${name}#/components/schemas/${name}` });
      const mock = schemaValidator(document, name);
      const deciding = decidingValidator(document.components, { $ref: `#/components/schemas/${name}` });
      const tags = [
        ...new Set(
          ((document.components.schemas[name] as Json).oneOf as Json[]).map((member) => {
            const schema = member.$ref ? document.components.schemas[REF.exec(member.$ref)![1]!] : member;
            return Object.values<Json>(schema.properties).find((property) => typeof property.const === 'string')?.const as string;
          }),
        ),
      ];
      const valid = arbitraryOf(document, { $ref: `#/components/schemas/${name}` });
      const seen = { accepted: 0, refused: 0 };
      fc.assert(
        fc.property(
          fc.oneof(
            valid,
            valid.chain((value) => broken(value, tags)),
          ),
          (value) => {
            const judged = forValidation(value);
            const expected = asWritten(judged);
            const violations = mock(judged);
            if (expected) seen.accepted++;
            else seen.refused++;
            expect({ decided: deciding(judged), accepted: violations.length === 0, violations }).toMatchObject({ decided: expected, accepted: expected });
          },
        ),
        { seed: SEED, numRuns: RUNS },
      );
      // Both decisions were put to the test.
      expect(seen.accepted).toBeGreaterThan(0);
      expect(seen.refused).toBeGreaterThan(0);
    },
  );
});
