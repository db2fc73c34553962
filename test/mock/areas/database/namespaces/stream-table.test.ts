// The HTTP side's table of streams: the per-namespace count behind maxStreams holds only the
// namespaces streaming now (an entry per namespace ever seen grew with every access key a suite
// used), and the limit still counts every open stream, whichever way it ended. endWhere makes its
// reason (an error: its stack costs) only when a stream matches, once for all of them.
import { afterEach, describe, expect, it } from 'vitest';
import { StreamLost, type StreamTable, streamTable } from '../../../../../packages/mock/src/areas/database/namespaces/stream-table.ts';
import type { EngineDatabase } from '../../../../../packages/mock/src/areas/database/sql/index.ts';

const database = {} as EngineDatabase;
let clock = 0;
let table: StreamTable;
const make = (maxStreams = 2) => (table = streamTable({ idleMs: 1_000, maxStreams, now: () => clock, onEnd: () => {} }));
afterEach(() => table?.close());

/** The ways a stream ends, each from a stream with a baton waiting (a stream between requests). */
const ENDINGS: { how: string; end: (stream: ReturnType<StreamTable['open']>, baton: string) => void }[] = [
  { how: 'end', end: (stream) => table.end(stream) },
  { how: 'a close request (give after closed)', end: (stream, baton) => ((table.take(baton, 'digest', database).closed = true), table.give(stream)) },
  {
    how: 'endWhere (its token invalidated)',
    end: (stream) =>
      table.endWhere(
        (s) => s === stream,
        () => new StreamLost('gone', 'STREAM_EXPIRED'),
      ),
  },
  { how: 'idle expiry', end: () => ((clock += 1_001), table.expireIdle()) },
];

describe('the per-namespace stream count', () => {
  it.each(ENDINGS)('keeps no entry for a namespace whose streams all ended ($how)', ({ end }) => {
    make();
    for (let index = 0; index < 50; index++) {
      const stream = table.open(`namespace-${index}`, database, 'full', 'digest');
      end(stream, table.give(stream)!);
    }
    expect(table.namespacesStreaming()).toBe(0);
  });

  it.each(ENDINGS)('still refuses a stream past maxStreams after one ended ($how)', ({ end }) => {
    make(2);
    const first = table.open('busy', database, 'full', 'digest');
    table.open('busy', database, 'full', 'digest');
    expect(() => table.open('busy', database, 'full', 'digest')).toThrow(/maxStreams/);
    end(first, table.give(first)!);
    table.open('busy', database, 'full', 'digest');
    expect(() => table.open('busy', database, 'full', 'digest')).toThrow(/maxStreams/);
    expect(table.namespacesStreaming()).toBe(1);
  });
});

describe('the reason endWhere gives', () => {
  it('is made once for every stream it ends, waiting or running, and each stream is told that one', () => {
    make(4);
    const waiting = table.open('ns', database, 'full', 'digest');
    const baton = table.give(waiting)!;
    const running = table.open('ns', database, 'full', 'digest');
    table.open('other', database, 'full', 'digest');
    let made = 0;
    const reason = new StreamLost('gone', 'STREAM_EXPIRED');
    table.endWhere(
      (stream) => stream.namespace === 'ns',
      () => (made++, reason),
    );
    expect(made).toBe(1);
    expect(running.lost).toBe(reason);
    expect(running.closed).toBe(true);
    const taken = (() => {
      try {
        return table.take(baton, 'digest', database);
      } catch (error) {
        return error;
      }
    })();
    expect(taken).toBe(reason);
  });

  it('is not made when no stream matches (a reset or a dropped namespace with no stream open)', () => {
    make(4);
    table.open('other', database, 'full', 'digest');
    let made = 0;
    table.endWhere(
      (stream) => stream.namespace === 'ns',
      () => (made++, new StreamLost('gone', 'STREAM_EXPIRED')),
    );
    expect(made).toBe(0);
  });
});
