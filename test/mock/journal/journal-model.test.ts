// The request journal against a model of what it promises (packages/mock/src/journal/journal.ts):
// numbers from 1 per namespace and never reused until a clear, the last maxEntries entries within
// about maxBytes (the oldest dropped first, and counted), the first 100 violating entries kept
// apart, at most maxNamespaces namespaces (the least recently written dropped first), paging by
// `after` and `limit`. The journal keeps no number or size per entry (an entry's seq is its place,
// its size is counted again when it is dropped) and remembers the namespace written last: long runs
// of records (past the compaction of its array), namespaces written in turn and clears in between
// check that this bookkeeping says what the model says. Then the same through the mock, with the
// requests of several namespaces interleaved by fast-check's scheduler (replayable by seed).
import { createMock } from '@platform-contracts/mock';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createJournal, type JournalInput, type JournalQuery } from '../../../packages/mock/src/journal/journal.ts';

const NAMESPACES = ['a', 'b', 'c', 'd'];
/** As the journal counts an entry against maxBytes: its path and body, and 200 for the rest. */
const bytesOf = (input: JournalInput) => 200 + input.path.length + (input.bodyText?.length ?? 0);

type Op =
  | { kind: 'record'; namespace: string; bodyChars: number; violating: boolean; setup: boolean }
  | { kind: 'clear'; namespace?: string }
  | { kind: 'list'; namespace: string; query: JournalQuery };

/** Mostly one namespace, so that it drops enough entries for the journal to compact its array (past 64). */
const namespace = fc.oneof({ weight: 6, arbitrary: fc.constant('a') }, fc.constantFrom(...NAMESPACES));
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 30,
    arbitrary: fc.record({
      kind: fc.constant('record' as const),
      namespace,
      bodyChars: fc.integer({ min: 0, max: 400 }),
      violating: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
      setup: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('clear' as const), namespace: fc.option(fc.constantFrom(...NAMESPACES), { nil: undefined }) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('list' as const),
      namespace,
      query: fc.record(
        { after: fc.nat({ max: 600 }), limit: fc.integer({ min: 1, max: 50 }), violations: fc.boolean(), setup: fc.boolean() },
        { requiredKeys: [] },
      ),
    }),
  },
);

/** The journal's promises, kept the plain way: every entry with its number and size. */
function model(maxEntries: number, maxBytes: number, maxNamespaces: number) {
  interface Kept {
    seq: number;
    input: JournalInput;
  }
  const spaces = new Map<string, { entries: Kept[]; next: number; dropped: number; violations: Kept[]; violationCount: number }>();
  return {
    record(namespace: string, input: JournalInput) {
      let space = spaces.get(namespace);
      spaces.delete(namespace);
      space ??= { entries: [], next: 1, dropped: 0, violations: [], violationCount: 0 };
      spaces.set(namespace, space);
      while (spaces.size > maxNamespaces) spaces.delete(spaces.keys().next().value!);
      const kept = { seq: space.next++, input };
      space.entries.push(kept);
      const total = () => space.entries.reduce((sum, entry) => sum + bytesOf(entry.input), 0);
      while (space.entries.length > maxEntries || (total() > maxBytes && space.entries.length > 1)) space.entries.shift(), space.dropped++;
      if (input.violations.length > 0) {
        space.violationCount++;
        if (space.violations.length < 100) space.violations.push(kept);
      }
      return kept.seq;
    },
    list(namespace: string, query: JournalQuery) {
      const space = spaces.get(namespace);
      if (!space) return [];
      return (query.violations ? space.violations : space.entries)
        .filter((entry) => entry.seq > (query.after ?? 0) && (query.setup || !entry.input.setup))
        .slice(0, query.limit ?? Infinity)
        .map((entry) => [entry.seq, entry.input.path]);
    },
    counts(namespace: string) {
      const space = spaces.get(namespace);
      return { recorded: (space?.next ?? 1) - 1, dropped: space?.dropped ?? 0, violations: space?.violationCount ?? 0 };
    },
    clear(namespace?: string) {
      if (namespace === undefined) spaces.clear();
      else spaces.delete(namespace);
    },
  };
}

describe('the journal keeps what its model keeps', () => {
  it('numbers, drops, pages and forgets as the model does, over long runs and namespaces in turn', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 250, max: 8_000 }),
        fc.integer({ min: 1, max: 3 }),
        fc.array(op, { minLength: 1, maxLength: 500, size: 'max' }),
        (maxEntries, maxBytes, maxNamespaces, ops) => {
          const journal = createJournal({ maxEntries, maxBytes, maxNamespaces });
          const expected = model(maxEntries, maxBytes, maxNamespaces);
          let made = 0;
          for (const step of ops) {
            if (step.kind === 'record') {
              const input: JournalInput = {
                time: made,
                transport: 'http',
                method: 'POST',
                path: `/r/${made++}`,
                query: {},
                bodyText: step.bodyChars > 0 ? 'x'.repeat(step.bodyChars) : undefined,
                status: step.violating ? 400 : 200,
                violations: step.violating ? [{ location: ['request', 'body'], message: 'must be object' }] : [],
                setup: step.setup || undefined,
              };
              expect(journal.record(step.namespace, input)).toBe(expected.record(step.namespace, input));
            } else if (step.kind === 'clear') {
              journal.clear(step.namespace);
              expected.clear(step.namespace);
            } else {
              expect(journal.list(step.namespace, step.query).map((entry) => [entry.seq, entry.path])).toEqual(expected.list(step.namespace, step.query));
            }
          }
          for (const namespace of NAMESPACES) {
            expect(journal.counts(namespace)).toEqual(expected.counts(namespace));
            expect(journal.list(namespace).map((entry) => [entry.seq, entry.path])).toEqual(expected.list(namespace, {}));
            expect(journal.list(namespace, { violations: true, setup: true }).map((entry) => [entry.seq, entry.path])).toEqual(
              expected.list(namespace, { violations: true, setup: true }),
            );
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('starts a namespace afresh after a clear, while it is the namespace written last', () => {
    const journal = createJournal({ maxNamespaces: 4 });
    const input = (path: string): JournalInput => ({ time: 0, transport: 'http', method: 'GET', path, query: {}, status: 200, violations: [] });
    journal.record('a', input('/one'));
    journal.record('a', input('/two'));
    journal.clear('a');
    expect(journal.record('a', input('/three'))).toBe(1);
    expect(journal.list('a').map((entry) => [entry.seq, entry.path])).toEqual([[1, '/three']]);
    journal.clear();
    journal.record('a', input('/four'));
    expect(journal.counts('a')).toEqual({ recorded: 1, dropped: 0, violations: 0 });
  });

  it('drops the namespace written least recently, however many times the last one was written in a row', () => {
    const journal = createJournal({ maxNamespaces: 2 });
    const input = (path: string): JournalInput => ({ time: 0, transport: 'http', method: 'GET', path, query: {}, status: 200, violations: [] });
    journal.record('a', input('/a1'));
    journal.record('b', input('/b1'));
    journal.record('a', input('/a2'));
    journal.record('a', input('/a3'));
    journal.record('c', input('/c1'));
    expect(journal.list('b')).toEqual([]);
    expect(journal.list('a').map((entry) => entry.path)).toEqual(['/a1', '/a2', '/a3']);
  });
});

describe('through the mock, the requests of several namespaces interleaved', () => {
  it('numbers each namespace apart and keeps only its own requests in it, in any interleaving (replayable by seed)', async () => {
    const mock = await createMock({ areas: ['video'], journal: { maxEntries: 6 } });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 2, maxLength: 4 }), async (s, counts) => {
        const keys = counts.map((_, index) => `interleaved-${run}-${index}`);
        run++;
        const sent = keys.map(async (key, index) => {
          for (let i = 0; i < counts[index]!; i++) {
            await s.schedule(Promise.resolve(), `${key} #${i}`);
            const answer = await mock.fetch(`${mock.url}/library/42/videos${i % 3 === 2 ? '?x=1' : ''}`, {
              method: 'POST',
              headers: { AccessKey: key, 'content-type': 'application/json' },
              body: JSON.stringify({ title: `${key} #${i}` }),
            });
            expect(answer.status).toBe(200);
          }
        });
        await s.waitFor(Promise.all(sent));
        keys.forEach((key, index) => {
          const sentCount = counts[index]!;
          const entries = mock.requests({ namespace: key });
          expect(mock.journal!.counts(key)).toEqual({ recorded: sentCount, dropped: Math.max(0, sentCount - 6), violations: 0 });
          const first = Math.max(1, sentCount - 5);
          expect(entries.map((entry) => entry.seq)).toEqual(Array.from({ length: sentCount - first + 1 }, (_, i) => first + i));
          // Each namespace's own requests, in the order it sent them (one request at a time per namespace).
          expect(entries.map((entry) => (entry.body as { title: string }).title)).toEqual(entries.map((entry) => `${key} #${entry.seq - 1}`));
          expect(entries.map((entry) => entry.query)).toEqual(entries.map((entry) => (entry.seq % 3 === 0 ? { x: '1' } : {})));
        });
      }),
      { numRuns: 40 },
    );
    await mock.close();
  });
});

describe("an entry's time", () => {
  it("is the arrival on the namespace's own clock: the mock's, moved by what the mock and the namespace were moved", async () => {
    const NOW = Date.UTC(2030, 0, 1);
    const mock = await createMock({ areas: ['video'], now: () => NOW });
    const create = (key: string) =>
      mock.fetch(`${mock.url}/library/42/videos`, { method: 'POST', headers: { AccessKey: key, 'content-type': 'application/json' }, body: '{"title":"t"}' });
    mock.clock.advance(60_000);
    mock.namespace('moved').clock.advance(3_600_000);
    await create('moved');
    await create('still');
    expect(mock.requests({ namespace: 'moved' })[0]!.time).toBe(new Date(NOW + 60_000 + 3_600_000).toISOString());
    expect(mock.requests({ namespace: 'still' })[0]!.time).toBe(new Date(NOW + 60_000).toISOString());
    await mock.close();
  });
});
