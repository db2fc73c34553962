// How deep a JSON text nests, read with strings passed over by indexOf (issue 47: the character
// loop was 0.7 ms of a 1,000-statement batch's 200 KB body): the same count as reading each
// character, on any text, JSON or not (escapes, unterminated strings, stray brackets), and the same
// stop once past the limit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonTextDepth } from '../../../packages/mock/src/engine/json-depth.ts';

/** The reader as it was: each character in turn, a backslash in a string skipping the next one. */
function depthByCharacter(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest && (deepest = depth) > limit) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

describe('jsonTextDepth', () => {
  it.each([
    ['', 0],
    ['1', 0],
    ['[]', 1],
    ['{"a":[1,{"b":[]}]}', 4],
    ['"[[["', 0],
    ['"\\"[[["', 0],
    ['"\\\\"[[', 2],
    ['"\\\\\\"["[', 1],
    ['["a\\', 1],
    ['["unterminated [[[', 1],
    ['[[]][[[]]]', 3],
    [']]][[', 0],
    ['{"sql":"SELECT \'[\' || \\"x\\""}', 1],
  ])('%j nests %i deep', (text, depth) => {
    expect(jsonTextDepth(text)).toBe(depth);
    expect(depthByCharacter(text)).toBe(depth);
  });

  it('counts as the character reader on any text, and stops where it stops', () => {
    const text = fc.array(fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a', '1', ',', ':'), { maxLength: 60 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 6 }), (sample, limit) => {
        expect(jsonTextDepth(sample)).toBe(depthByCharacter(sample));
        expect(jsonTextDepth(sample, limit)).toBe(depthByCharacter(sample, limit));
      }),
      { numRuns: 2_000 },
    );
  });

  it('counts JSON values as deep as they nest', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const text = JSON.stringify(value);
        expect(jsonTextDepth(text)).toBe(depthByCharacter(text));
      }),
    );
  });
});
