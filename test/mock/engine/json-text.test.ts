// JSON text a part of the mock already wrote for a value (engine/json-text.ts) is kept on the value
// itself, out of sight: no copy carries it (a copy may change), nothing that reads the value sees
// it (JSON, validators, structuredClone, postMessage), and no weak-map entry is made per answer
// (each was a young key every collection traced). A value that takes no property keeps its text too.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonBytes, knownJsonLength, knownJsonText, withJsonText } from '../../../packages/mock/src/engine/json-text.ts';

afterEach(() => vi.restoreAllMocks());

describe('a value with its JSON text', () => {
  it('keeps it without a weak-map entry: a thousand answers, no WeakMap.set', () => {
    const set = vi.spyOn(WeakMap.prototype, 'set');
    const bodies = Array.from({ length: 1000 }, (_, answer) => withJsonText({ baton: null, results: [answer] }, `{"baton":null,"results":[${answer}]}`));
    const entries = set.mock.calls.length;
    set.mockRestore();
    expect(entries).toBe(0);
    bodies.forEach((body, answer) => expect(knownJsonText(body)).toBe(`{"baton":null,"results":[${answer}]}`));
  });

  it('is seen by nothing that reads the value, and carried by no copy', () => {
    const text = '{"type":"ok","response":{"type":"close"}}';
    const value = withJsonText({ type: 'ok', response: { type: 'close' } }, text);
    expect(JSON.stringify(value)).toBe(text);
    expect(Object.keys(value)).toEqual(['type', 'response']);
    expect(Object.getOwnPropertySymbols(value).every((symbol) => !Object.getOwnPropertyDescriptor(value, symbol)!.enumerable)).toBe(true);
    for (const copy of [{ ...value }, Object.assign({}, value), structuredClone(value)]) {
      expect(copy).toEqual(value);
      expect(knownJsonText(copy)).toBeUndefined();
    }
    const { type: _type, ...rest } = value;
    expect(knownJsonText(rest)).toBeUndefined();
  });

  it('is given again, as bytes too, and replaced by a later one', () => {
    const value = withJsonText({ a: 1 }, '{"a":1}');
    const bytes = jsonBytes(['{"a":', '1}']);
    withJsonText(value, bytes);
    expect(knownJsonText(value)).toBe(bytes);
    expect(new TextDecoder().decode(bytes)).toBe('{"a":1}');
  });

  it('is kept for a value that takes no property (frozen, sealed, not extensible)', () => {
    for (const value of [Object.freeze({ a: 1 }), Object.seal({ a: 1 }), Object.preventExtensions({ a: 1 })]) {
      expect(withJsonText(value, '{"a":1}')).toBe(value);
      expect(knownJsonText(value)).toBe('{"a":1}');
    }
  });

  it('carries its length in UTF-8 bytes where its writer gave one, only for the text it was given with', () => {
    const text = '{"a":"é"}';
    const value = withJsonText({ a: 'é' }, text, 10);
    expect(knownJsonLength(value, text)).toBe(10);
    expect(knownJsonLength(value, '{"a":"e"}')).toBeUndefined();
    expect(knownJsonLength({ ...value }, text)).toBeUndefined();
    // Given again without one: the length given before is not taken for the new text.
    withJsonText(value, '{"a":"e"}');
    expect(knownJsonLength(value, '{"a":"e"}')).toBeUndefined();
    expect(knownJsonLength(withJsonText({ a: 1 }, '{"a":1}'), '{"a":1}')).toBeUndefined();
    expect(knownJsonLength(withJsonText({ a: 1 }, jsonBytes(['{"a":1}']), 7), '{"a":1}')).toBeUndefined();
    for (const other of [null, undefined, 'text', 1]) expect(knownJsonLength(other, text)).toBeUndefined();
  });

  it('is none for a value given none, and for what is not an object', () => {
    for (const value of [{ a: 1 }, [1], null, undefined, 'text', 1]) expect(knownJsonText(value)).toBeUndefined();
  });
});
