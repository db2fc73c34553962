// Normalisation, declared once per contract element: every entry of the hand table names an
// element of its bundle and says why; every element the contracts mark (date-time, secret) gets
// its rule from the contract; references keep one value one reference; secrets are scrubbed.
import { AREAS, findOperation, operationsOf } from '@platform-contracts/contracts';
import { describe, expect, it } from 'vitest';
import { valueAt } from '../../packages/contracts/src/refs.ts';
import { UNPROVOKED } from '../../scripts/lib/parity/coverage.ts';
import { derivedRule, HAND_TABLE, PATH_TABLE, ruleOf } from '../../scripts/lib/parity/normalisation.ts';
import { References } from '../../scripts/lib/parity/normalise.ts';
import { assertNoSecret, scrub } from '../../scripts/lib/parity/secrets.ts';
import { loadBundle } from '../support/openapi.ts';

describe.each(HAND_TABLE.map((entry) => [`${entry.area} ${entry.pointer}`, entry] as const))('hand table: %s', (_name, entry) => {
  it('names an element of the bundle and says why', () => {
    expect(valueAt(loadBundle(entry.area), entry.pointer)).toBeTypeOf('object');
    expect(entry.rule.reason).toMatch(/\w{4,}.*\w{4,}/);
  });
});

it.each(PATH_TABLE.map((entry) => [`${entry.operationId} ${entry.path}`, entry] as const))('path table: %s names an operation and says why', (_name, entry) => {
  expect(findOperation(entry.operationId)).toBeDefined();
  expect(entry.rule.reason).toMatch(/\w{4,}.*\w{4,}/);
});

/** Every property of every component schema with the given trait, found independently of the rules. */
function marked(trait: (schema: Record<string, unknown>) => boolean): [string, string][] {
  return AREAS.flatMap((area) =>
    Object.entries<Record<string, any>>(loadBundle(area).components?.schemas ?? {}).flatMap(([name, schema]) =>
      Object.entries<Record<string, unknown>>(schema.properties ?? {})
        .filter(([, property]) => trait(property))
        .map(([property]): [string, string] => [area, `#/components/schemas/${name}/properties/${property}`]),
    ),
  );
}

it.each(marked((p) => p.format === 'date-time'))('%s %s (format: date-time) becomes <DateTime>', (area, pointer) => {
  const rule = ruleOf(area, { pointer, node: valueAt(loadBundle(area), pointer) });
  expect(rule).toMatchObject({ kind: 'shape', name: 'DateTime' });
  if (rule?.kind === 'shape') expect([rule.test('2026-12-01T10:00:00Z'), rule.test('yesterday')]).toEqual([true, false]);
});

it.each(marked((p) => p['x-sensitive'] === true || p.format === 'password'))('%s %s (secret) becomes a secret reference', (area, pointer) => {
  expect(derivedRule(area, { pointer, node: valueAt(loadBundle(area), pointer) })).toMatchObject({ kind: 'reference', secret: true });
});

describe('references', () => {
  it('give one value one reference, numbered per kind in order of appearance', () => {
    const refs = new References();
    expect([refs.refer('CollectionGuid', 'a'), refs.refer('VideoGuid', 'b'), refs.refer('CollectionGuid', 'c'), refs.refer('CollectionGuid', 'a')]).toEqual([
      '<CollectionGuid:1>',
      '<VideoGuid:1>',
      '<CollectionGuid:2>',
      '<CollectionGuid:1>',
    ]);
    expect(refs.fill('/x/<CollectionGuid:2>/<Unknown:1>')).toBe('/x/c/<Unknown:1>');
  });
});

describe('secrets', () => {
  const secrets = ['key-1234567', 'tok-abcdefgh'];
  it.each([
    ['a secret inside a text', 'Bearer tok-abcdefgh', 'Bearer <Secret>'],
    ['a secret as a key', { 'key-1234567': 1 }, { '<Secret>': 1 }],
    ['a JWT', 'x eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln y', 'x <Jwt> y'],
    ['a signed URL', 'https://cdn.example/a.jpg?token=zzz&x=1&signature=yyy', 'https://cdn.example/a.jpg?token=<Secret>&x=1&signature=<Secret>'],
  ])('scrubs %s', (_name, value, expected) => {
    expect(scrub(value, secrets)).toEqual(expected);
  });

  it('refuses a text that still holds one, without quoting it', () => {
    expect(() => assertNoSecret('{"a":"key-1234567"}', secrets, 'the cassette')).toThrow(
      /^the cassette would hold a secret \(11 characters\); nothing was written$/,
    );
    expect(() => assertNoSecret('{"a":"<Secret>"}', secrets, 'the cassette')).not.toThrow();
  });
});

it.each(UNPROVOKED.map((u) => [`${u.operationId ?? 'every operation'} ${u.status}`, u] as const))(
  'coverage exclusion %s names a documented status and says why',
  (_name, u) => {
    const operations = u.operationId ? [findOperation(u.operationId)!] : AREAS.flatMap((area) => operationsOf(area));
    expect(operations.some((operation) => operation?.responses[u.status] !== undefined)).toBe(true);
    expect(u.reason).toMatch(/\w{4,}.*\w{4,}/);
  },
);
