// Runs start in turns on the HTTP thread (engine/index.ts, fair-turns.ts), whatever door sent
// them: one per turn of its event loop, namespace after namespace, so a burst of first statements
// (each placing a database in a worker) leaves the thread to what arrives meanwhile (health stayed
// within about 100 ms in a burst of 256, against 280 ms before), and a namespace's statement never
// waits behind another's whole queue. Counted on the engine's handle of its worker threads: which
// run began in which turn of the event loop. Every door's runs reach the engine through
// Executor.run (pipeline-runner.ts); WebSocket is checked from outside, because its messages,
// unlike HTTP requests, reach the engine in the same turn they arrive in.

import { startMock } from '@platform-contracts/mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSqlEngine } from '../../../../../../packages/mock/src/areas/database/sql/index.ts';
import { EngineWorker } from '../../../../../../packages/mock/src/areas/database/sql/threads/engine-worker.ts';
import { hranaClient } from '../../../../../support/hrana-socket.ts';

// biome-ignore format: one line
const LIMITS = { statementTimeoutMs: 60_000, lockWaitMs: 60_000, maxResultBytes: 1_000_000, memoryLimitBytes: 64 * 1024 * 1024, maxDatabaseBytes: 1_000_000, engineWorkers: 2, maxDatabases: 8 };
const original = EngineWorker.prototype.run;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const close of closers.splice(0)) await close();
});

/** Records the turn of the event loop each run begins in (a counter runs beside), with its database's namespace. */
function countTurns() {
  let turn = 0;
  let counting = true;
  const tick = () => {
    turn++;
    if (counting) setImmediate(tick);
  };
  setImmediate(tick);
  const started: { turn: number; namespace: string }[] = [];
  vi.spyOn(EngineWorker.prototype, 'run').mockImplementation(function (this: EngineWorker, ...args) {
    started.push({ turn, namespace: args[0].slice(0, args[0].indexOf('\u0000')) });
    return original.apply(this, args);
  });
  closers.push(async () => {
    counting = false;
  });
  return started;
}

describe('runs start in turns', () => {
  it('through the engine: sent in one turn, they start one per turn, a quiet namespace next after one run of the busy one from the rotation', async () => {
    const engine = createSqlEngine({ limits: LIMITS });
    closers.push(() => engine.close());
    // Both namespaces' databases placed first: what is counted is the runs' turns, not a first placement.
    for (const namespace of ['busy', 'quiet']) await engine.database(`${namespace}\u00000`, 'db').executor.run(0, 'full', [{ type: 'close' }]);
    // The last of those took a turn and queued the next step with setImmediate; a worker that
    // answers before that step runs (its message comes in the loop's poll phase, the step in the
    // check phase after it) would have the burst below find a step pending, and every run of it,
    // busy's first too, queued. Immediates run in order: once this one runs, that step has.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const started = countTurns();
    const run = (namespace: string, stream: number) =>
      engine.database(`${namespace}\u00000`, 'db').executor.run(stream, 'full', [{ type: 'execute', stmt: { sql: `SELECT ${stream}` } }, { type: 'close' }]);
    const outcomes = await Promise.all([...Array.from({ length: 8 }, (_, n) => run('busy', n + 1)), run('quiet', 1)]);
    expect(outcomes.every(([first]) => first?.type === 'ok')).toBe(true);
    expect(new Set(started.map((start) => start.turn)).size, JSON.stringify(started)).toBe(9);
    // The burst's first run is given a turn at once (in the burst's own turn, 0) when the loop waited
    // for I/O since the last turn given at once; when the worker's answer above was already there
    // as the loop polled (a busy machine), it may not have waited, and every run of the burst
    // queues. Either way the quiet namespace's run comes right after one run of busy's rotation.
    const givenAtOnce = started[0]!.turn === 0;
    expect(started.map((start) => start.namespace).indexOf('quiet'), JSON.stringify(started)).toBe(givenAtOnce ? 2 : 1);
  });

  it('over WebSocket (hrana3): statements of many connections that arrive together start one per turn, every one answered', async () => {
    const mock = await startMock({ port: 0, areas: ['database'] });
    closers.push(() => mock.close());
    const tokenOf = async (namespace: string) => {
      const response = await fetch(`${mock.url}/database/my-database/tokens`, {
        method: 'POST',
        headers: { AccessKey: namespace, 'content-type': 'application/json' },
        body: '{"kinds":["full_access"]}',
      });
      return ((await response.json()) as { tokens: { token: string }[] }).tokens[0]!.token;
    };
    const tokens = [...Array.from({ length: 8 }, () => 'busy'), 'quiet'];
    const byNamespace = { busy: await tokenOf('busy'), quiet: await tokenOf('quiet') };
    // Every connection greeted and its stream open first: then the statements go out together.
    const clients = await Promise.all(tokens.map((namespace) => hranaClient(mock.url.replace(/^http/, 'ws'), byNamespace[namespace as 'busy'])));
    await Promise.all(clients.map((client) => client.request({ type: 'open_stream', stream_id: 1 })));
    const started = countTurns();
    const answers = await Promise.all(clients.map((client, n) => client.request({ type: 'execute', stream_id: 1, stmt: { sql: `SELECT ${n}` } })));
    for (const client of clients) client.socket.close();
    expect(answers.map((answer) => answer.type)).toEqual(tokens.map(() => 'response_ok'));
    expect(new Set(started.map((start) => start.turn)).size, JSON.stringify(started)).toBe(9);
  });
});
