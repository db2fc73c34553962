// The answer writer (engine/answer-writer.ts) against the slow path it stands in for: the mock's
// ajv (validateResponse) and JSON.stringify. On every documented JSON answer of every contract
// (its examples) and on mutations of them (fast-check, fixed seed: a field removed, replaced by a
// value of each kind, one added, a string or number nudged), a writer gives text only for a
// body ajv finds valid, and then JSON.stringify's text, byte for byte; for every body ajv refuses
// it gives none. The table of schemas below pins the keywords one by one, accepted and refused.
import { AREAS, readBundle } from '@platform-contracts/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileAnswerWriter } from '../../../packages/mock/src/engine/answer-writer.ts';
import { compileContract } from '../../../packages/mock/src/engine/contract.ts';

/** Every documented JSON answer with a schema and examples, with its writer and ajv's verdict. */
const answers = AREAS.flatMap((area) => {
  const document = readBundle(area as never) as never;
  return compileContract(area, document).flatMap((operation) =>
    [...operation.responses.values()]
      .filter((response) => /^\d{3}$/.test(response.status))
      .flatMap((response) =>
        response.contents
          .filter((media) => /json/.test(media.type) && media.schema !== undefined)
          .map((media) => ({
            name: `${operation.operationId} ${response.status} ${media.type}`,
            examples: [media.example, ...Object.values(media.examples)].filter((example) => example !== undefined),
            write: compileAnswerWriter(media.schema!, document),
            valid: (body: unknown) => operation.validateResponse(Number(response.status), media.type, body).length === 0,
          })),
      ),
  );
}).filter((answer) => answer.write !== undefined && answer.examples.length > 0);

/** The writer agrees with the slow path on a body: text (JSON.stringify's) exactly when ajv finds it valid. */
function agrees(answer: (typeof answers)[number], body: unknown) {
  const text = answer.write!(body);
  if (answer.valid(body)) expect(text, answer.name).toBe(JSON.stringify(body));
  else expect(text, answer.name).toBeUndefined();
  return text !== undefined;
}

const KINDS: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 31,
  -(2 ** 63) * 2,
  '',
  'x',
  '2030-02-30T25:00:00Z',
  '2030-01-01T00:00:00.000Z',
  [],
  [1],
  {},
  { a: 1 },
];

/** A copy of a value with one thing changed at a path chosen by the picks. */
function mutated(value: unknown, picks: number[], kind: unknown, how: number): unknown {
  const copy = structuredClone(value);
  let node = copy as Record<string, unknown> | unknown[];
  for (const pick of picks) {
    if (typeof node !== 'object' || node === null) break;
    const keys = Object.keys(node);
    if (keys.length === 0) break;
    const key = keys[pick % keys.length]!;
    const child = (node as Record<string, unknown>)[key];
    if (typeof child === 'object' && child !== null && pick % 3 !== 0) {
      node = child as Record<string, unknown>;
      continue;
    }
    if (how === 0) delete (node as Record<string, unknown>)[key];
    else if (how === 1) (node as Record<string, unknown>)[key] = kind;
    else if (how === 2 && !Array.isArray(node)) (node as Record<string, unknown>).unlisted = kind;
    else if (typeof child === 'string') (node as Record<string, unknown>)[key] = `${child}\u00e9"`.slice(how % 2);
    else if (typeof child === 'number') (node as Record<string, unknown>)[key] = child + (how % 2 ? 0.5 : -(2 ** 40));
    else (node as Record<string, unknown>)[key] = kind;
    return copy;
  }
  return copy;
}

describe('the answer writer against ajv and JSON.stringify', () => {
  it('has writers for the answers the bench sends (a created video, the shield zones) and most others', () => {
    const names = answers.map((answer) => answer.name);
    expect(names).toContain('createVideo 200 application/json');
    expect(names).toContain('listShieldZones 200 application/json');
    expect(answers.length).toBeGreaterThan(30);
  });

  it('writes every example as JSON.stringify does, when ajv finds it valid', () => {
    let written = 0;
    for (const answer of answers) for (const example of answer.examples) if (agrees(answer, example)) written++;
    expect(written).toBeGreaterThan(30);
  });

  it('vouches for no mutation ajv refuses, and writes those it accepts as JSON.stringify does', () => {
    let refused = 0;
    fc.assert(
      fc.property(
        fc.nat(answers.length - 1),
        fc.nat(),
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...KINDS),
        fc.nat(4),
        (which, example, picks, kind, how) => {
          const answer = answers[which]!;
          const body = mutated(answer.examples[example % answer.examples.length], picks, kind, how);
          if (!agrees(answer, body)) refused++;
        },
      ),
      { seed: 58, numRuns: 3000 },
    );
    // Most mutations break the contract: each was refused by the writer and by ajv alike.
    expect(refused).toBeGreaterThan(1000);
  });
});

/** One keyword at a time: values a writer accepts and refuses, as ajv does. */
const KEYWORDS: { schema: object; accepted: unknown[]; refused: unknown[] }[] = [
  { schema: { type: 'integer', format: 'int32' }, accepted: [0, -(2 ** 31), 2 ** 31 - 1], refused: [1.5, 2 ** 31, '1', null, Number.NaN] },
  { schema: { type: 'number', minimum: 0, exclusiveMaximum: 10 }, accepted: [0, 9.5], refused: [-0.1, 10, Number.POSITIVE_INFINITY] },
  { schema: { type: ['string', 'null'], minLength: 2, maxLength: 3 }, accepted: [null, 'ab', '😀😀', 'abc'], refused: ['a', 'abcd', 1] },
  { schema: { type: 'string', pattern: '^[a-z]+$' }, accepted: ['abc'], refused: ['ABC', ''] },
  {
    schema: { type: 'string', format: 'date-time' },
    accepted: ['2030-01-01T00:00:00.000Z', '2030-01-01T00:00:00+02:00'],
    refused: ['2030-02-30T00:00:00Z', 'now'],
  },
  { schema: { enum: [1, 'a', null] }, accepted: [1, 'a', null], refused: [2, 'b', true] },
  { schema: { const: 'x' }, accepted: ['x'], refused: ['y'] },
  { schema: { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: 2 }, accepted: [[1], [1, 2]], refused: [[], [1, 2, 3], [1.5], [undefined]] },
  {
    schema: { type: 'object', required: ['a'], additionalProperties: false, properties: { a: { type: 'integer' }, b: { type: 'string' } } },
    accepted: [{ a: 1 }, { b: 'x', a: 2 }, { a: 1, b: undefined }],
    refused: [{}, { a: 1, c: 1 }, { a: 1, c: undefined }, { a: undefined }, new (class Thing {})(), { a: 1, toJSON: () => ({}) }, { a: 10n }],
  },
  {
    schema: { type: 'object', properties: { a: { type: 'integer' } } },
    accepted: [{ a: 1, other: [1, { x: null }] }],
    refused: [{ a: 'x' }, { a: 1, big: 10n }],
  },
  { schema: { oneOf: [{ type: 'integer' }, { type: 'number' }] }, accepted: [1.5], refused: [1, 'x'] },
  { schema: { anyOf: [{ type: 'integer' }, { type: 'string' }] }, accepted: [1, 'x'], refused: [1.5] },
];

describe('each keyword a writer checks', () => {
  const document = { openapi: '3.1.0', paths: {}, components: { schemas: {} } };
  it.each(KEYWORDS.map((row) => [JSON.stringify(row.schema), row] as const))('%s', (_, { schema, accepted, refused }) => {
    const write = compileAnswerWriter(schema as never, document)!;
    expect(write).toBeTypeOf('function');
    for (const value of accepted) expect(write(value), String(value)).toBe(JSON.stringify(value));
    for (const value of refused) expect(write(value), String(value)).toBeUndefined();
  });

  it('makes no writer for a schema with a keyword it does not check (allOf, uniqueItems, a discriminator)', () => {
    for (const schema of [
      { allOf: [{ type: 'object' }] },
      { type: 'array', uniqueItems: true },
      { oneOf: [{}], discriminator: { propertyName: 'k' } },
      { nullable: true },
    ])
      expect(compileAnswerWriter(schema as never, {})).toBeUndefined();
  });
});
