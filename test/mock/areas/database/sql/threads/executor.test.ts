// A stream's request stopped from outside (its token invalidated: the stream table's endWhere) is
// stopped whether it is already in its worker or still waits for its turn on the HTTP thread
// (fair-turns.ts). Interrupted while waiting, it was never sent and so never stopped: it ran once
// its turn came, a runaway statement to the time limit. Counted on a stand-in worker and turns.
import { describe, expect, it } from 'vitest';
import type { EngineWorker } from '../../../../../../packages/mock/src/areas/database/sql/threads/engine-worker.ts';
import { Executor, type StreamPlacement } from '../../../../../../packages/mock/src/areas/database/sql/threads/executor.ts';
import { ExecutorStopped } from '../../../../../../packages/mock/src/areas/database/sql/threads/stopped.ts';

const EXECUTE = [{ type: 'execute', stmt: { sql: 'SELECT 1' } }] as const;

/** An executor whose runs wait for turns the test gives, on a worker that records what it was sent. */
function standIn() {
  const calls = { runs: [] as number[], closes: [] as number[], stops: [] as number[], opened: 0, closed: 0 };
  const worker = {
    run: async (_key: string, stream: number) => (calls.runs.push(stream), [{ type: 'ok', response: { type: 'execute', result: null } }]),
    stopStream: (_key: string, stream: number) => void calls.stops.push(stream),
    close: (_key: string, stream: number) => void calls.closes.push(stream),
  } as unknown as EngineWorker;
  let turns: (() => void)[] | undefined;
  const placement: StreamPlacement = {
    clock: () => 0,
    turn: () => (turns ? new Promise<void>((resolve) => turns!.push(resolve)) : undefined),
    streamOpened: () => (calls.opened++, worker),
    streamClosed: () => void calls.closed++,
  };
  const executor = new Executor('namespace\u00000', 'namespace', placement);
  return {
    executor,
    calls,
    /** From now on, runs wait for a turn; `give` lets the waiting ones go. */
    queueTurns: () => (turns = []),
    give: () => turns?.splice(0).forEach((resolve) => resolve()),
  };
}

const stop = () => new ExecutorStopped('The stream was closed: its token was invalidated', 'STREAM_EXPIRED');

describe('a stream interrupted while its request waits for its turn', () => {
  it('a new stream: the request fails with the reason and is never sent', async () => {
    const { executor, calls, queueTurns, give } = standIn();
    queueTurns();
    const run = executor.run(1, 'full', [...EXECUTE]);
    executor.interrupt(1, stop());
    give();
    await expect(run).rejects.toMatchObject({ code: 'STREAM_EXPIRED', message: expect.stringMatching(/invalidated/) });
    expect(calls).toMatchObject({ runs: [], opened: 0 });
  });

  it('a stream open in a worker: the request is never sent, and the stream closes there (its transaction rolled back)', async () => {
    const { executor, calls, queueTurns, give } = standIn();
    await executor.run(1, 'full', [...EXECUTE]);
    queueTurns();
    const run = executor.run(1, 'full', [...EXECUTE]);
    executor.interrupt(1, stop());
    give();
    await expect(run).rejects.toMatchObject({ code: 'STREAM_EXPIRED' });
    expect(calls).toMatchObject({ runs: [1], closes: [1], closed: 1 });
    expect(executor.streams.size).toBe(0);
  });

  it('another stream interrupted meanwhile: the request runs', async () => {
    const { executor, calls, queueTurns, give } = standIn();
    queueTurns();
    const run = executor.run(1, 'full', [...EXECUTE]);
    executor.interrupt(2, stop());
    give();
    await expect(run).resolves.toHaveLength(1);
    expect(calls.runs).toEqual([1]);
  });

  it('interrupted after its turn: the worker is told (the run in flight there is stopped)', async () => {
    const { executor, calls } = standIn();
    await executor.run(1, 'full', [...EXECUTE]);
    executor.interrupt(1, stop());
    expect(calls.stops).toEqual([1]);
  });
});
