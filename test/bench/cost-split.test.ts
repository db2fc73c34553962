// The mock bench's cost split (bench/lib/cost-split.ts) as arithmetic: each part is the median of
// the rounds' own differences, so that a round where the whole machine was slow weighs on both
// sides of a difference; a difference of the servers' medians taken apart is not what it prints.
import { describe, expect, it } from 'vitest';
import { SPLIT_PARTS, SPLIT_SERVERS, splitParts } from '../../bench/lib/cost-split.ts';

/** A round's figures from one per server, by name. */
const round = (figures: Record<(typeof SPLIT_SERVERS)[number], number>) => SPLIT_SERVERS.map((name) => figures[name]);

describe('the cost split', () => {
  it('names each part after two servers of the split, the door first among the mock’s own', () => {
    for (const { of, less } of SPLIT_PARTS) {
      expect(SPLIT_SERVERS).toContain(of);
      expect(SPLIT_SERVERS).toContain(less);
    }
    expect(SPLIT_PARTS.map(({ part }) => part)).toEqual([
      'two platform-mock processes',
      'the door',
      "the engine's glue",
      'the checks and entry',
      'reading and writing JSON',
    ]);
  });

  it('takes each part as the median of the rounds’ own differences, with their quartiles', () => {
    // A machine getting busier: every server of round 2 paid 20 µs more, of round 3 40 µs more, and
    // platform-mock's turn of round 2 10 µs more again (a burst of the machine). The door is 1 µs in
    // two rounds of three; the servers' medians taken apart (74 less 63) would make it 11.
    const rounds = [
      round({ 'platform-mock': 44, 'platform-mock again': 42, handle: 43, floor: 41, json: 28, bare: 23 }),
      round({ 'platform-mock': 74, 'platform-mock again': 63, handle: 63, floor: 61, json: 48, bare: 43 }),
      round({ 'platform-mock': 84, 'platform-mock again': 86, handle: 83, floor: 82, json: 68, bare: 63 }),
    ];
    const parts = Object.fromEntries(splitParts(rounds).map((part) => [part.part, part]));
    expect(parts['the door']).toEqual({ part: 'the door', median: 1, low: 1, high: 11 });
    expect(parts["the engine's glue"]).toEqual({ part: "the engine's glue", median: 2, low: 1, high: 2 });
    expect(parts['the checks and entry']).toEqual({ part: 'the checks and entry', median: 13, low: 13, high: 14 });
    expect(parts['reading and writing JSON']).toEqual({ part: 'reading and writing JSON', median: 5, low: 5, high: 5 });
    expect(parts['two platform-mock processes']).toEqual({ part: 'two platform-mock processes', median: 2, low: -2, high: 11 });
  });

  it('keeps a part that changes sign across rounds as measured (no absolute value)', () => {
    const rounds = [-3, 2, -1, 4, 0].map((door) => round({ 'platform-mock': 40 + door, 'platform-mock again': 40, handle: 40, floor: 30, json: 25, bare: 20 }));
    const door = splitParts(rounds).find(({ part }) => part === 'the door')!;
    expect(door).toEqual({ part: 'the door', median: 0, low: -1, high: 2 });
  });
});
