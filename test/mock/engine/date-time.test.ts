// The date-time format's quick decision (packages/mock/src/engine/date-time.ts) against
// ajv-formats' own check, which it stands in front of: the same verdict for every text, a table
// of edge cases (accepted and refused) and generated texts (fast-check, fixed seed); and the
// common form, toISOString's, decided without calling ajv-formats' check at all.

import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DateTimeFormat, fasterDateTime, isCanonicalDateTime, isoTime } from '../../../packages/mock/src/engine/date-time.ts';

const require = createRequire(import.meta.url);
const { fullFormats } = require('ajv-formats/dist/formats.js') as { fullFormats: Record<string, DateTimeFormat> };
const original = fullFormats['date-time']!;
const faster = fasterDateTime(original);

/** Texts and whether RFC 3339 (ajv-formats, full mode) takes them. */
const CASES: [string, boolean][] = [
  ['2030-01-01T00:00:00.000Z', true],
  ['2030-01-01T00:00:00Z', true],
  ['2030-12-31T23:59:59.999999999Z', true],
  ['2024-02-29T12:00:00Z', true],
  ['2000-02-29T12:00:00Z', true],
  ['1900-02-29T12:00:00Z', false],
  ['2023-02-29T12:00:00Z', false],
  ['2030-04-31T00:00:00Z', false],
  ['2030-13-01T00:00:00Z', false],
  ['2030-00-01T00:00:00Z', false],
  ['2030-01-00T00:00:00Z', false],
  ['2030-01-01T24:00:00Z', false],
  ['2030-01-01T00:60:00Z', false],
  ['2030-01-01T00:00:60Z', false],
  ['2030-12-31T23:59:60Z', true], // a leap second: ajv-formats decides it
  ['2030-01-01T00:00:00.Z', false],
  ['2030-01-01T00:00:00.1Z', true],
  ['2030-01-01t00:00:00z', true], // lower case: ajv-formats decides it
  ['2030-01-01 00:00:00Z', true], // a space for the T
  ['2030-01-01T00:00:00+02:00', true],
  ['2030-01-01T00:00:00', false], // no offset
  ['2030-01-01T00:00:00.000Zx', false],
  ['2030-1-01T00:00:00Z', false],
  ['２０３０-01-01T00:00:00Z', false], // digits that are not ASCII
  ['', false],
];

describe('the date-time format decides as ajv-formats does', () => {
  it.each(CASES)('%s: %s', (text, valid) => {
    expect(original.validate(text)).toBe(valid);
    expect(faster.validate(text)).toBe(valid);
    if (isCanonicalDateTime(text)) expect(valid).toBe(true);
  });

  it('whatever text it found valid before: each case after each valid one', () => {
    const check = fasterDateTime(original);
    for (const [before, valid] of CASES) {
      if (!valid) continue;
      for (const [text, expected] of CASES) {
        expect(check.validate(before)).toBe(true);
        expect([check.validate(text), check.validate(text)], `${text} twice after ${before}`).toEqual([expected, expected]);
      }
    }
  });

  it('on generated texts: dates written by toISOString, and texts of date-time characters', () => {
    const iso = fc.date({ min: new Date(-62_000_000_000_000), max: new Date(250_000_000_000_000), noInvalidDate: true }).map((date) => date.toISOString());
    const near = fc.stringMatching(/^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt ][0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{0,4})?([Zz]|[+-][0-9]{2}:?[0-9]{2})?$/);
    const loose = fc.string({ unit: fc.constantFrom(...'0123456789-:.TZtz+ '), minLength: 18, maxLength: 28 });
    fc.assert(
      fc.property(fc.oneof(iso, near, loose), (text) => {
        expect(faster.validate(text)).toBe(original.validate(text));
        if (isCanonicalDateTime(text)) expect(original.validate(text)).toBe(true);
      }),
      { seed: 58, numRuns: 2000 },
    );
  });

  it("decides toISOString's form without ajv-formats' check, and hands it every other text", () => {
    let calls = 0;
    const counted = fasterDateTime({ validate: (text) => (calls++, original.validate(text)), compare: original.compare });
    for (const time of [0, Date.UTC(2030, 0, 1), Date.UTC(2024, 1, 29, 23, 59, 59, 999)]) expect(counted.validate(new Date(time).toISOString())).toBe(true);
    expect(calls).toBe(0);
    expect(counted.validate('2030-01-01T00:00:00+02:00')).toBe(true);
    expect(counted.validate('2030-02-30T00:00:00Z')).toBe(false);
    expect(calls).toBe(2);
  });

  it('writes a time as toISOString does: times in one second (its text held), whole or not, in every year', () => {
    const time = fc.oneof(
      fc.integer({ min: Date.UTC(2030, 0, 1), max: Date.UTC(2030, 0, 1, 0, 0, 3) }),
      fc.integer({ min: -8.64e15, max: 8.64e15 }),
      fc.double({ min: -1e13, max: 1e13, noNaN: true }),
    );
    fc.assert(
      fc.property(fc.array(time, { minLength: 1, maxLength: 20 }), (times) => {
        for (const ms of times) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
      }),
      { seed: 58, numRuns: 300 },
    );
    expect(() => isoTime(Number.NaN)).toThrow(RangeError);
  });
});
