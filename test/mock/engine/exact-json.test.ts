// The mock's exact JSON (packages/mock/src/engine/exact-json.ts): int64 extremes round-trip digit for
// digit, validators see each bigint on the right side of the int64 bounds, and nothing in it
// recurses over the depth of the value.
import { exactNumber } from '@platform-contracts/contracts/exact-json';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exactInteger, forValidation, parseExactJson, stringifyExactJson, validationNumber } from '../../../packages/mock/src/engine/exact-json.ts';

const inInt64 = (n: number) => Number.isInteger(n) && n >= -(2 ** 63) && n < 2 ** 63; // the int64 format of contract.ts

describe('exact JSON', () => {
  it.each(['9223372036854775807', '-9223372036854775808', '9007199254740993', '18446744073709551616', '12', '-0.5', '1.5e300'])(
    '%s is written back with the same digits',
    (digits) => {
      const text = `{"n":${digits},"list":[${digits}]}`;
      expect(stringifyExactJson(parseExactJson(text))).toBe(digits === '1.5e300' ? '{"n":1.5e+300,"list":[1.5e+300]}' : text);
    },
  );

  it('reads integers beyond 2^53 as bigint, the others as numbers', () => {
    expect(parseExactJson('[9007199254740993, 9007199254740991, 1.25]')).toEqual([9007199254740993n, 9007199254740991, 1.25]);
  });

  it.each([
    [2n ** 63n - 1n, true],
    [-(2n ** 63n), true],
    [2n ** 63n, false],
    [-(2n ** 63n) - 1n, false],
    [2n ** 64n, false],
  ])('%s is inside int64 for a validator: %s', (value, inside) => {
    expect(inInt64(validationNumber(value))).toBe(inside);
  });

  it('gives validators numbers and leaves a value without bigints as it is', () => {
    const plain = { a: [1, { b: 'x' }] };
    expect(forValidation(plain)).toBe(plain);
    expect(forValidation({ a: [1n, { b: 2n ** 63n - 1n }] })).toEqual({ a: [1, { b: 2 ** 63 - 1024 }] });
  });

  it('takes the last of duplicate keys, as JSON.parse does, with or without a long number', () => {
    expect(parseExactJson('{"a":1,"a":2}')).toEqual(JSON.parse('{"a":1,"a":2}'));
    expect(parseExactJson('{"a":9007199254740993,"a":2}')).toEqual({ a: 2 });
  });

  it('keeps a "__proto__" key an own property', () => {
    const value = forValidation(parseExactJson('{"__proto__":{"polluted":9007199254740993}}')) as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('handles values nested 100000 deep', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const value = parseExactJson(deep);
    expect(forValidation(value)).toBe(value);
    let nested: unknown = 9007199254740993n;
    for (let i = 0; i < 100_000; i++) nested = [nested];
    expect(() => forValidation(nested)).not.toThrow();
  });
});

describe('an integer parameter read exactly', () => {
  it('gives what the exact reading of its trimmed text gives, a short integer without it (table and generated texts)', () => {
    const table = [
      '42',
      '-42',
      '0',
      '-0',
      '007',
      '999999999999999',
      '9999999999999999',
      '9007199254740993',
      '-9223372036854775808',
      ' 42',
      '42 ',
      '',
      '-',
      '4.2',
      '1e3',
      'x',
    ];
    const texts = fc.sample(fc.string({ unit: fc.constantFrom(...'0123456789- .e'), maxLength: 22 }), { seed: 58, numRuns: 500 });
    for (const text of [...table, ...texts])
      expect(Object.is(exactInteger(text), exactNumber(text.trim())) || exactInteger(text) === exactNumber(text.trim()), JSON.stringify(text)).toBe(true);
    expect([exactInteger('9007199254740993'), exactInteger('42')]).toEqual([9007199254740993n, 42]);
  });
});
