// remembered(): a function of a short text key, its results kept for at most `kept` keys (all
// forgotten when one more comes), a key longer than `longestKey` computed each time; counted calls.
import { describe, expect, it } from 'vitest';
import { remembered } from '../../../packages/mock/src/engine/remembered.ts';

function counted<V>(compute: (key: string) => V) {
  const calls: string[] = [];
  return { calls, compute: (key: string) => (calls.push(key), compute(key)) };
}

describe('remembered', () => {
  it('computes a key once while it is kept, undefined and null included', () => {
    const { calls, compute } = counted((key) => (key === 'none' ? undefined : key === 'null' ? null : key.length));
    const of = remembered(compute, { kept: 8 });
    for (const key of ['abc', 'none', 'null', 'abc', 'none', 'null']) of(key);
    expect(calls).toEqual(['abc', 'none', 'null']);
    expect([of('abc'), of('none'), of('null')]).toEqual([3, undefined, null]);
  });

  it.each([
    { kept: 1, keys: ['a', 'b', 'a'], computed: ['a', 'b', 'a'] },
    { kept: 2, keys: ['a', 'b', 'a'], computed: ['a', 'b'] },
    { kept: 2, keys: ['a', 'b', 'c', 'a', 'b'], computed: ['a', 'b', 'c', 'a', 'b'] }, // full at c: a and b forgotten
    { kept: 2, keys: ['a', 'a', 'b', 'b', 'a', 'c', 'c', 'a'], computed: ['a', 'b', 'c', 'a'] }, // the key asked last, asked again
  ])('keeps at most $kept keys: $keys computes $computed', ({ kept, keys, computed }) => {
    const { calls, compute } = counted((key) => key);
    const of = remembered(compute, { kept });
    for (const key of keys) expect(of(key)).toBe(key);
    expect(calls).toEqual(computed);
  });

  it('computes a key longer than longestKey each time, and keeps the ones at the limit', () => {
    const { calls, compute } = counted((key) => key.length);
    const of = remembered(compute, { kept: 8, longestKey: 3 });
    for (const key of ['abcd', 'abcd', 'abc', 'abc']) of(key);
    expect(calls).toEqual(['abcd', 'abcd', 'abc']);
  });
});
