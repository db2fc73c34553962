// What the journal holds is what it counts: a statement cut to its first 2,000 characters keeps
// only those (V8 makes a slice a view of the whole text), and an entry dropped to stay within the
// caps is freed at once, not when its slot is next compacted. Measured as the heap a forced
// garbage collection leaves, against the megabytes the texts would hold if kept (40 texts of 512 KiB).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createJournal } from '../../../packages/mock/src/journal/journal.ts';
import { detachedCut, statementsIn } from '../../../packages/mock/src/journal/recorder.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const MB = 2 ** 20;
const TEXTS = 40;
const TEXT_BYTES = MB / 2;
/**
 * A fresh, flat text of half a megabyte in the V8 heap each time: 'x'.repeat would make a small
 * tree of shared halves, and Node keeps a string over about 1 MB made from a buffer outside the heap.
 */
const bigSql = (index: number) => `SELEC ${index} ${Buffer.alloc(TEXT_BYTES, 'x').toString('latin1')}`;

/** The heap growth, in MB, that keeping what `keep` returns for each of TEXTS big texts leaves after a collection. */
function retainedMb(keep: (sql: string, index: number) => unknown): number {
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept: unknown[] = [];
  for (let index = 0; index < TEXTS; index++) kept.push(keep(bigSql(index), index));
  gc();
  const grown = (process.memoryUsage().heapUsed - before) / MB;
  expect(kept).toHaveLength(TEXTS);
  return grown;
}

describe('the journal holds no more than it counts', () => {
  it('a cut statement does not keep the text it was cut from', () => {
    expect(detachedCut('abcdef', 3)).toBe('abc');
    expect(retainedMb((sql) => detachedCut(sql, 2000))).toBeLessThan(4);
    // The measure can fail: keeping the texts' slices holds every text.
    expect(retainedMb((sql) => sql.slice(0, 2000))).toBeGreaterThan((TEXTS * TEXT_BYTES) / MB / 2);
  });

  it('statementsIn cuts a long statement to 2,000 characters of its own', () => {
    const [cut] = statementsIn({ requests: [{ type: 'execute', stmt: { sql: bigSql(0) } }] });
    expect(cut).toHaveLength(2001);
    expect(cut!.endsWith('…')).toBe(true);
    expect(retainedMb((sql) => statementsIn({ requests: [{ type: 'execute', stmt: { sql } }] }))).toBeLessThan(4);
  });

  it('an entry dropped to stay within maxBytes is freed at once', () => {
    const journal = createJournal({ maxNamespaces: 4, maxBytes: 1024 });
    const grown = retainedMb((sql, index) =>
      journal.record('ns', { time: index, transport: 'http', method: 'POST', path: '/v2/pipeline', query: {}, status: 200, violations: [], statements: [sql] }),
    );
    expect(journal.counts('ns')).toEqual({ recorded: TEXTS, dropped: TEXTS - 1, violations: 0 });
    // The last entry is kept whole (one text); the dropped ones hold nothing.
    expect(grown).toBeLessThan(4);
  });
});
