// Answers written from a template (engine/json-template.ts): the text the engine sends is the
// object's own JSON, whatever the base and the set fields hold; and the object is still validated,
// so that a template's answer that breaks the contract gets the 500 as any other (a mutation test:
// fields planted wrong through the template, each caught).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EngineAnswer } from '../../../packages/mock/src/engine/answer.ts';
import type { AnsweredCall } from '../../../packages/mock/src/engine/answering.ts';
import { defineArea } from '../../../packages/mock/src/engine/area.ts';
import { jsonTemplate, templatedText } from '../../../packages/mock/src/engine/json-template.ts';
import { fieldValidations } from '../../../packages/mock/src/engine/property-validation.ts';
import { smallContract } from '../../support/small-contract.ts';
import { oneAreaEngine } from './one-area-engine.ts';

describe('jsonTemplate', () => {
  it("gives each answer its JSON.stringify text, in the base's key order", () => {
    const field = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string({ unit: 'binary' }), fc.double(), fc.constant(undefined));
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 12 }),
        fc.array(field, { minLength: 1, maxLength: 8 }),
        (base, values) => {
          const keys = Object.keys(base);
          const names = keys.filter((_, i) => i % 2 === 0);
          const make = jsonTemplate(base as Record<string, unknown>, names);
          const fields = Object.fromEntries(names.map((name, i) => [name, values[i % values.length]]));
          const value = make(fields);
          expect(Object.keys(value)).toEqual(keys);
          const text = templatedText(value);
          // A field JSON leaves out (undefined) leaves the text to the engine; any other's text is the object's JSON.
          if (names.some((name) => fields[name] === undefined)) expect(text).toBeUndefined();
          else expect(text).toBe(JSON.stringify(value));
        },
      ),
      { numRuns: 100 },
    );
  });

  it("keeps its base apart from what it was given and from its answers' nested values", () => {
    const base = { id: 0, tags: ['a'], nested: { list: [1] } };
    const make = jsonTemplate(base, ['id']);
    base.tags.push('changed after');
    const answer = make({ id: 7 });
    expect(templatedText(answer)).toBe('{"id":7,"tags":["a"],"nested":{"list":[1]}}');
    expect(() => (answer.tags as string[]).push('x')).toThrow(TypeError);
    expect(() => jsonTemplate(base, ['missing' as never])).toThrow(/not a key/);
    // Only the answer made last has its text here: an earlier one is written by the engine, as any other.
    const next = make({ id: 8 });
    expect([templatedText(answer), templatedText(next)]).toEqual([undefined, '{"id":8,"tags":["a"],"nested":{"list":[1]}}']);
  });

  it('makes the object a spread makes: own keys in order, the prototype kept, a key `__proto__` an own key', () => {
    for (const text of ['{"__proto__":{"polluted":true},"id":0,"b":[1]}', '{"1":"one","id":0,"name":"n","0":null}', '{"id":0,"gone":null}']) {
      const base = JSON.parse(text) as Record<string, unknown>;
      const make = jsonTemplate(base, ['id']);
      for (const id of [7, undefined]) {
        const answer = make({ id });
        const spread = { ...base, id };
        expect(Object.getPrototypeOf(answer)).toBe(Object.prototype);
        expect(Object.keys(answer)).toEqual(Object.keys(spread));
        expect(Object.entries(answer)).toEqual(Object.entries(spread));
        expect(JSON.stringify(answer)).toBe(JSON.stringify(spread));
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }
    }
  });
});

const document = smallContract(
  'Parcels',
  {
    '/parcels/{case}': {
      post: {
        operationId: 'sendParcel',
        parameters: [{ name: 'case', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'Sent', content: { 'application/json': { schema: { $ref: '#/components/schemas/Parcel' } } } } },
      },
    },
  },
  {
    Parcel: {
      type: 'object',
      required: ['id', 'label', 'sentAt', 'sizes'],
      additionalProperties: false,
      properties: {
        id: { type: 'integer' },
        label: { type: 'string', minLength: 1 },
        sentAt: { type: 'string', format: 'date-time' },
        sizes: { type: 'array', items: { type: 'integer' } },
      },
    },
  },
);

/** The fields each case sets through the template: right, or wrong in a way only the contract sees. */
const PLANTED: Record<string, { id: unknown; label: unknown; sentAt: unknown }> = {
  right: { id: 1, label: 'box "A"', sentAt: '2030-01-01T00:00:00.000Z' },
  'a field of the wrong type': { id: 'one', label: 'box', sentAt: '2030-01-01T00:00:00.000Z' },
  'a string under its minLength': { id: 1, label: '', sentAt: '2030-01-01T00:00:00.000Z' },
  'a date-time that is not one': { id: 1, label: 'box', sentAt: '2030-02-30T25:00:00Z' },
  'a required field set to nothing': { id: 1, label: 'box', sentAt: null },
};

/** A base whose fields are all valid, and one whose constant `sizes` (never set per answer) breaks the contract. */
const VALID_BASE = { id: 0, label: 'x', sentAt: 'x', sizes: [1, 2] };
const BROKEN_BASE = { id: 0, label: 'x', sentAt: 'x', sizes: ['one', 2] };

type Parcel = typeof VALID_BASE;
/** What a handler answers with, made by the template from the case's fields (the default), or otherwise. */
type Answering = (parcel: (fields: Pick<Parcel, 'id' | 'label' | 'sentAt'>) => Parcel, planted: string) => unknown;

async function parcelEngine(base: object = VALID_BASE, answering: Answering = (parcel, planted) => parcel(PLANTED[planted] as never)) {
  const made: unknown[] = [];
  const journal: AnsweredCall[] = [];
  const parcels = (defineArea as (...args: never[]) => (definition: unknown) => unknown)()({
    name: 'parcels',
    setup: () => {
      const parcel = jsonTemplate(base as Parcel, ['id', 'label', 'sentAt']);
      return {
        seed: () => ({}),
        handlers: {
          sendParcel(request: { params: { case: string } }) {
            const body = answering(parcel, decodeURIComponent(request.params.case));
            made.push(body);
            return { status: 200, body };
          },
        },
      };
    },
  });
  const engine = await oneAreaEngine(parcels, document, { onAnswered: (call) => journal.push(call) });
  const send = async (planted: string) =>
    (await engine.answer({
      method: 'POST',
      rawPath: `/parcels/${encodeURIComponent(planted)}`,
      query: {},
      headers: { accesskey: 'k' },
      body: undefined,
    })) as EngineAnswer;
  return { engine, made, journal, send };
}

describe('an answer written from a template is validated as any other (mutation: each planted field caught)', () => {
  it.each(Object.keys(PLANTED))('%s', async (planted) => {
    const { made, send } = await parcelEngine();
    const answer = await send(planted);
    // The handler's body came with its text: the engine sends that text, not one it wrote again.
    expect(made).toHaveLength(1);
    expect(templatedText(made[0])).toBe(JSON.stringify(made[0]));
    if (planted === 'right') {
      expect(answer.status).toBe(200);
      expect(answer.text).toBe('{"id":1,"label":"box \\"A\\"","sentAt":"2030-01-01T00:00:00.000Z","sizes":[1,2]}');
      return;
    }
    expect(answer.status).toBe(500);
    expect(answer.body).toMatchObject({
      title: 'The mock answer breaks the contract',
      detail: 'sendParcel answered 200 with a body the contract does not allow.',
    });
  });
});

const BROKEN = { title: 'The mock answer breaks the contract', detail: 'sendParcel answered 200 with a body the contract does not allow.' };

describe("a template's later answers, validated by the fields they set, are caught as its first (mutation: planted after a valid answer)", () => {
  it.each(Object.keys(PLANTED).filter((planted) => planted !== 'right'))('%s: a 500, its violations in the journal as on the whole check', async (planted) => {
    // What the whole check finds: the planted answer first, on an engine of its own.
    const whole = await parcelEngine();
    expect((await whole.send(planted)).status).toBe(500);
    const { send, journal } = await parcelEngine();
    expect((await send('right')).status).toBe(200);
    const before = fieldValidations();
    const answer = await send(planted);
    // Validated by its set fields (the template's first answer was valid whole), and caught there.
    expect(fieldValidations()).toBe(before + 1);
    expect(answer.status).toBe(500);
    expect(answer.body).toMatchObject(BROKEN);
    expect(journal.map((call) => call.status)).toEqual([200, 500]);
    expect(journal[1]!.answerViolations).toEqual(whole.journal[0]!.answerViolations);
    expect(journal[1]!.answerViolations.length).toBeGreaterThan(0);
    // The next valid answer is sent again, validated by its fields.
    expect((await send('right')).status).toBe(200);
    expect(fieldValidations()).toBe(before + 2);
  });

  it('a required field left out (set to undefined): no text from the template, the answer validated whole and refused, after valid ones as before them', async () => {
    const { send, made, journal } = await parcelEngine();
    PLANTED['a required field left out'] = { id: 1, label: 'box', sentAt: undefined };
    try {
      expect((await send('right')).status).toBe(200);
      const before = fieldValidations();
      const answer = await send('a required field left out');
      expect(templatedText(made[1])).toBeUndefined();
      expect(fieldValidations()).toBe(before);
      expect(answer.body).toMatchObject(BROKEN);
      expect(journal[1]!.answerViolations.map((v) => v.message)).toEqual(["must have required property 'sentAt'"]);
    } finally {
      delete PLANTED['a required field left out'];
    }
  });

  it('validated by the values its text was written from: an answer changed after it was made sends (and is judged by) the text made', async () => {
    const { send } = await parcelEngine(VALID_BASE, (parcel, planted) => {
      const answer = parcel(PLANTED.right as never);
      if (planted === 'changed') answer.label = '';
      return answer;
    });
    expect((await send('right')).status).toBe(200);
    const before = fieldValidations();
    const answer = await send('changed');
    expect(fieldValidations()).toBe(before + 1);
    expect([answer.status, answer.text]).toEqual([200, '{"id":1,"label":"box \\"A\\"","sentAt":"2030-01-01T00:00:00.000Z","sizes":[1,2]}']);
  });

  it('an answer made before the template made another is validated whole, and refused when it breaks the contract', async () => {
    const { send, journal } = await parcelEngine(VALID_BASE, (parcel, planted) => {
      const answer = parcel(PLANTED[planted] as never);
      parcel({ id: 2, label: 'later', sentAt: undefined as never });
      return answer;
    });
    expect((await send('right')).status).toBe(200);
    const before = fieldValidations();
    expect((await send('right')).status).toBe(200);
    expect((await send('a field of the wrong type')).body).toMatchObject(BROKEN);
    expect(fieldValidations()).toBe(before);
    expect(journal[2]!.answerViolations.map((v) => v.location.join('.'))).toEqual(['response.id']);
  });

  it('a field constant for the template that breaks the contract: every answer a 500, none validated by its set fields alone', async () => {
    const { send, journal } = await parcelEngine(BROKEN_BASE);
    const before = fieldValidations();
    for (let i = 0; i < 3; i++) expect((await send('right')).body).toMatchObject(BROKEN);
    expect(fieldValidations()).toBe(before);
    expect(journal.map((call) => call.answerViolations.map((v) => v.location.join('.')))).toEqual(Array(3).fill(['response.sizes.0']));
  });
});
