// Random UUIDs (engine/uuid.ts) as node:crypto's randomUUID makes them: version 4, RFC 9562's
// variant, lower-case hex with dashes; none repeated, across batches of random bytes; every hex
// digit of the random part in use.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { randomUuid } from '../../../packages/mock/src/engine/uuid.ts';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomUuid', () => {
  it("has randomUUID's form, and repeats none across three batches of random bytes", () => {
    expect(randomUUID()).toMatch(V4);
    const made = Array.from({ length: 3 * 128 + 5 }, () => randomUuid());
    for (const uuid of made) expect(uuid).toMatch(V4);
    expect(new Set(made).size).toBe(made.length);
    // The random part varies: each of its positions takes many values, every hex digit shows up.
    const digits = new Set(made.join('').replace(/-/g, ''));
    expect(digits.size).toBe(16);
    for (const position of [0, 9, 15, 20, 35]) expect(new Set(made.map((uuid) => uuid[position])).size).toBeGreaterThan(8);
  });
});
