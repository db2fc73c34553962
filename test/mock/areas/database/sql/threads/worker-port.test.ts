// An engine thread serves the one port it is handed first (worker.ts). A second port (which a
// correct supervisor never sends: the spare-thread race did) is refused aloud on that port, so its
// EngineWorker fails what it sent instead of waiting forever; the first port is still served.
import { once } from 'node:events';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { type FromWorker, RUN_STATE_BYTES, type WorkerData } from '../../../../../../packages/mock/src/areas/database/sql/threads/messages.ts';
import { workerScripts } from '../../../../../../packages/mock/src/areas/database/sql/threads/worker-script.ts';
import { compiledSqlite } from '../../../../../../packages/mock/src/areas/database/sql/wasm/sqlite-module.ts';

const LIMITS = { statementTimeoutMs: 60_000, lockWaitMs: 30_000, maxResultBytes: 100_000, memoryLimitBytes: 64 * 1024 * 1024, maxDatabaseBytes: 1_000_000 };
let thread: Worker | undefined;
afterAll(() => thread?.terminate());

/** Hands `port` to the thread as the supervisor does; resolves with the first message the thread sends on it. */
function handOver(port: MessagePort, other: MessagePort): Promise<FromWorker> {
  const first = once(other, 'message').then(([message]) => message as FromWorker);
  thread!.postMessage({ port, id: 1, runState: new SharedArrayBuffer(RUN_STATE_BYTES) }, [port]);
  return first;
}

describe('an engine thread handed a second port', () => {
  it('refuses it aloud on that port, and keeps serving the first', async () => {
    const data: WorkerData = { limits: LIMITS, module: await compiledSqlite(), clockOffset: new SharedArrayBuffer(8), activity: new SharedArrayBuffer(4) };
    thread = new Worker((await workerScripts()).worker, { execArgv: [], workerData: data });
    await once(thread, 'message'); // SQLite loaded

    const first = new MessageChannel();
    expect(await handOver(first.port2, first.port1)).toEqual({ t: 'ready', results: expect.any(SharedArrayBuffer) });
    const second = new MessageChannel();
    expect(await handOver(second.port2, second.port1)).toEqual({ t: 'refused' });

    // The first port is still the thread's: a run on it is answered.
    const answered = once(first.port1, 'message');
    first.port1.postMessage({ t: 'run', id: 7, key: 'ns\u0000g\u0000db', stream: 1, access: 'full', requests: [], clock: 0 });
    expect((await answered)[0]).toMatchObject({ id: 7 });
    first.port1.close();
    second.port1.close();
  });
});
