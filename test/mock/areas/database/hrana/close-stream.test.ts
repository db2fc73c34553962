// A stream's close costs no round trip to its SQL thread, over HTTP (a pipeline of one `close`)
// and over WebSocket (`close_stream`, which @libsql/client sends after every execute): the worker
// is sent the close, which it runs after the stream's earlier runs and before anything sent
// later. Counted (runs sent to the engine's workers), not timed; and the close still rolls back
// the stream's transaction and releases its write lock before the next statement runs.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EngineWorker } from '../../../../../packages/mock/src/areas/database/sql/threads/engine-worker.ts';
import { FULL_ACCESS_TOKEN, useDatabaseMock } from '../../../../support/database.ts';
import { hranaClient } from '../../../../support/hrana-socket.ts';

// A held write lock would answer SQLITE_BUSY after this wait, not a success.
const mock = useDatabaseMock({ lockWaitMs: 200 }, { port: true });
const runs = vi.spyOn(EngineWorker.prototype, 'run');
afterEach(() => runs.mockClear());

const execute = (sql: string) => ({ type: 'execute', stmt: { sql } });

async function pipeline(requests: unknown[], baton: string | null = null) {
  const response = await fetch(`${mock.url}/v3/pipeline`, {
    method: 'POST',
    headers: { authorization: `Bearer ${FULL_ACCESS_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ baton, requests }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { baton: string | null; results: { type: string; response?: { result?: { rows: unknown[][] } } }[] };
}

describe("a stream's close", () => {
  it('over HTTP: answered without a run, after which another stream writes at once and the uncommitted row is gone', async () => {
    await pipeline([execute('CREATE TABLE http_held (v TEXT)'), { type: 'close' }]);
    const open = await pipeline([execute('BEGIN IMMEDIATE'), execute("INSERT INTO http_held VALUES ('uncommitted')")]);
    expect(open.results.map((result) => result.type)).toEqual(['ok', 'ok']);
    runs.mockClear();

    const closed = await pipeline([{ type: 'close' }], open.baton);
    expect(closed).toMatchObject({ baton: null, results: [{ type: 'ok', response: { type: 'close' } }] });
    expect(runs).not.toHaveBeenCalled();

    const next = await pipeline([execute("INSERT INTO http_held VALUES ('next')"), execute('SELECT v FROM http_held'), { type: 'close' }]);
    expect(next.results.map((result) => result.type)).toEqual(['ok', 'ok', 'ok']);
    expect(next.results[1]!.response!.result!.rows).toEqual([[{ type: 'text', value: 'next' }]]);
    expect(runs).toHaveBeenCalledTimes(1);
  });

  it('over WebSocket: close_stream answered without a run, after which another stream of the connection writes at once', async () => {
    const client = await hranaClient(mock.url.replace(/^http:/, 'ws:'), FULL_ACCESS_TOKEN);
    try {
      const ok = async (request: object) => {
        const answer = await client.request(request);
        expect(answer).toMatchObject({ type: 'response_ok' });
        return answer.response;
      };
      await ok({ type: 'open_stream', stream_id: 1 });
      await ok({ type: 'execute', stream_id: 1, stmt: { sql: 'CREATE TABLE ws_held (v TEXT)' } });
      await ok({ type: 'execute', stream_id: 1, stmt: { sql: 'BEGIN IMMEDIATE' } });
      await ok({ type: 'execute', stream_id: 1, stmt: { sql: "INSERT INTO ws_held VALUES ('uncommitted')" } });
      runs.mockClear();

      expect(await ok({ type: 'close_stream', stream_id: 1 })).toEqual({ type: 'close_stream' });
      expect(runs).not.toHaveBeenCalled();

      await ok({ type: 'open_stream', stream_id: 2 });
      await ok({ type: 'execute', stream_id: 2, stmt: { sql: "INSERT INTO ws_held VALUES ('next')" } });
      const read = await ok({ type: 'execute', stream_id: 2, stmt: { sql: 'SELECT v FROM ws_held' } });
      expect(read.result.rows).toEqual([[{ type: 'text', value: 'next' }]]);
      // The stream id is free again, and the closed stream's requests are refused.
      const refused = await client.request({ type: 'execute', stream_id: 1, stmt: { sql: 'SELECT 1' } });
      expect(refused).toMatchObject({ type: 'response_error', error: { code: 'STREAM_NOT_FOUND' } });
      expect(runs).toHaveBeenCalledTimes(2);
    } finally {
      client.socket.close();
    }
  });
});
