// The journal keeps an entry by field (journal/entry-columns.ts): what it gives back is what was
// recorded, field for field, for an entry of the usual shape (kept in columns, not as the object
// the recorder made, which must die young) and for each rarer field (kept whole).
import { describe, expect, it, vi } from 'vitest';
import type { JournalInput } from '../../../packages/mock/src/journal/entries.ts';
import { clearAt, inputAt, moveEntry, newColumns, storeAt } from '../../../packages/mock/src/journal/entry-columns.ts';
import { createJournal } from '../../../packages/mock/src/journal/journal.ts';

const plain: JournalInput = {
  time: 1_900_000_000_123,
  transport: 'http',
  method: 'POST',
  path: '/library/42/videos',
  query: { page: '2', tag: ['a', 'b'] },
  area: 'video',
  operationId: 'createVideo',
  params: { libraryId: '42' },
  bodyText: '{"title":"Keynote"}',
  contentType: 'application/json',
  omittedBodyBytes: undefined,
  statements: undefined,
  status: 200,
  violations: [],
  fault: undefined,
  error: undefined,
  setup: false,
};

/** One row per rarer field: an entry holding it is kept whole. */
const RARE: [string, Partial<JournalInput>][] = [
  ['violations', { violations: [{ location: ['request', 'body'], message: 'is required' }] }],
  ['statements', { statements: ['SELECT 1'] }],
  ['a fault', { fault: { status: 503 } }],
  ['an error', { error: { message: 'no', code: 'X' } }],
  ['a setup mark', { setup: true }],
  ['an omitted body', { bodyText: undefined, omittedBodyBytes: 20_000 }],
  ['a WebSocket message', { transport: 'websocket', method: 'WS' }],
];

describe('journal entries kept by field', () => {
  it('gives back an entry of the usual shape field for field, not as the object recorded', () => {
    const columns = newColumns(4);
    storeAt(columns, 1, plain, 123);
    const back = inputAt(columns, 1);
    expect(back).toEqual(plain);
    expect(back).not.toBe(plain);
    expect(columns.size[1]).toBe(123);
  });

  it.each(RARE)('keeps an entry with %s whole', (_, change) => {
    const columns = newColumns(2);
    const input = { ...plain, ...change };
    storeAt(columns, 0, input, 1);
    expect(inputAt(columns, 0)).toBe(input);
  });

  // Each row: what the next entry changes from `plain`, and whether it keeps the previous entry's params object (its own otherwise).
  const REPEATS: [string, Partial<JournalInput>, boolean][] = [
    ['the same parameters', { params: { libraryId: '42' } }, true],
    ['another value', { params: { libraryId: '43' } }, false],
    ['one more name', { params: { libraryId: '42', videoId: 'v' } }, false],
    ['one name fewer', { params: {} }, false],
    ['none', { params: undefined }, false],
  ];
  it.each(REPEATS)('gives back a repeated entry as recorded, keeping the previous one’s parameters only when equal: %s', (_, change, shared) => {
    const columns = newColumns(4);
    storeAt(columns, 3, plain, 1);
    const next = { ...plain, path: `${plain.path}`, bodyText: `${plain.bodyText}`, ...change };
    storeAt(columns, 0, next, 1, 3);
    expect(inputAt(columns, 0)).toEqual(next);
    expect(inputAt(columns, 3)).toEqual(plain);
    expect(columns.params[0] === columns.params[3]).toBe(shared);
  });

  it('compares with no previous entry when told none, and with a kept-whole one as with no other', () => {
    const columns = newColumns(2);
    storeAt(columns, 0, { ...plain, statements: ['SELECT 1'] }, 1);
    const next = { ...plain, params: { libraryId: '42' } };
    storeAt(columns, 1, next, 1, 0);
    expect(inputAt(columns, 1)).toEqual(next);
    expect(columns.params[1]).toBe(next.params);
  });

  it('moves entries to larger columns and lets go of a cleared one', () => {
    const [small, large] = [newColumns(2), newColumns(4)];
    const rare = { ...plain, statements: ['SELECT 1'] };
    storeAt(small, 0, plain, 10);
    storeAt(small, 1, rare, 20);
    moveEntry(small, 1, large, 0);
    moveEntry(small, 0, large, 1);
    expect([inputAt(large, 0), inputAt(large, 1)]).toEqual([rare, plain]);
    expect([large.size[0], large.size[1]]).toEqual([20, 10]);
    clearAt(large, 1);
    expect([large.path[1], large.params[1], large.bodyText[1], large.whole[1]]).toEqual([undefined, undefined, undefined, undefined]);
  });

  // New rings are copies of kept empty columns: what one namespace stores never shows in another's, nor in the next ring made.
  it.each([16, 64, 128])('makes rings of %i slots that share nothing', (capacity) => {
    const [first, second] = [newColumns(capacity), newColumns(capacity)];
    storeAt(first, capacity - 1, plain, 7);
    const third = newColumns(capacity);
    for (const ring of [second, third]) {
      expect([ring.time[capacity - 1], ring.status[capacity - 1], ring.size[capacity - 1]]).not.toContain(plain.time);
      expect([ring.status[capacity - 1], ring.size[capacity - 1]]).toEqual([0, 0]);
      for (const column of [ring.method, ring.path, ring.params, ring.whole]) expect(column[capacity - 1]).toBeUndefined();
      expect(ring.path).toHaveLength(capacity);
    }
    expect(inputAt(first, capacity - 1)).toEqual(plain);
  });

  // Counted as the memory outside the heap that ArrayBuffers hold (typed arrays' included): recording into a
  // namespace's first ring synchronously, nothing else allocates any meanwhile (a collection may only free some).
  it('gives each new namespace a first ring that holds no memory outside the heap', () => {
    const journal = createJournal({ maxNamespaces: 3000 });
    const before = process.memoryUsage().arrayBuffers;
    for (let i = 0; i < 2000; i++) journal.record(`key-${i}`, { ...plain });
    const grown = process.memoryUsage().arrayBuffers - before;
    expect(grown).toBeLessThanOrEqual(0);
    expect(journal.list('key-1999')).toEqual([expect.objectContaining({ seq: 1, path: plain.path, body: { title: 'Keynote' } })]);
  });

  // Counted: the iterators the journal's namespace cap makes while new namespaces push the oldest out (one, where each drop made
  // one and walked it past every entry deleted before; engine/oldest-key.ts).
  it('drops the oldest namespace past its cap through one iterator, not one a drop', () => {
    const journal = createJournal({ maxNamespaces: 100 });
    const keys = vi.spyOn(Map.prototype, 'keys');
    try {
      for (let i = 0; i < 600; i++) journal.record(`key-${i}`, { ...plain });
      expect(keys.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      keys.mockRestore();
    }
    expect([journal.counts('key-499').recorded, journal.counts('key-500').recorded]).toEqual([0, 1]);
  });
});
