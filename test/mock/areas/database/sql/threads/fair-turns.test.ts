// Namespaces that share an engine thread (past engineWorkers) take turns (fair-turns.ts): a
// namespace that sent one statement waits for at most the run under way and one more of each
// other namespace, never behind another's whole queue. The turns, under random arrivals (fast-check,
// replayable by seed), then through the engine: one worker, one namespace's 30 runs sent before
// another's one.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqlEngine } from '../../../../../../packages/mock/src/areas/database/sql/index.ts';
import type { SqlRequest } from '../../../../../../packages/mock/src/areas/database/sql/statements/requests.ts';
import { FairTurns } from '../../../../../../packages/mock/src/areas/database/sql/threads/fair-turns.ts';

type Asked = { group: string; index: number; grantsBefore: number };
type Granted = { group: string; index: number };

/** Each group's waiters granted in their order; per turn of its own group (those before it in its queue, then its own), another group gets at most one more. */
function expectRotation(asked: Asked[], granted: Granted[]): void {
  for (const group of ['a', 'b', 'c', 'd']) {
    expect(granted.filter((grant) => grant.group === group).map((grant) => grant.index)).toEqual(
      asked.filter((waiter) => waiter.group === group).map((waiter) => waiter.index),
    );
  }
  for (const waiter of asked) {
    const at = granted.findIndex((grant) => grant.group === waiter.group && grant.index === waiter.index);
    const between = granted.slice(waiter.grantsBefore, at);
    const ownTurns = between.filter((grant) => grant.group === waiter.group).length;
    for (const other of ['a', 'b', 'c', 'd'].filter((group) => group !== waiter.group))
      expect(between.filter((grant) => grant.group === other).length).toBeLessThanOrEqual(2 + ownTurns);
  }
}

describe('turns', () => {
  it('are given in rotation: each waiter once, a group in its order, another group at most once more per turn of its own', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(fc.constantFrom('a', 'b', 'c', 'd'), fc.constant('step' as const)), { maxLength: 60 }), async (script) => {
        const steps: (() => void)[] = [];
        const turns = new FairTurns((next) => steps.push(next));
        const granted: { group: string; index: number }[] = [];
        const asked: { group: string; index: number; grantsBefore: number }[] = [];
        let resolved = 0;
        const ask = (group: string) => {
          const index = asked.filter((waiter) => waiter.group === group).length;
          asked.push({ group, index, grantsBefore: granted.length });
          void turns.turn(group).then(() => {
            granted.push({ group, index });
            resolved++;
          });
        };
        const flush = async () => {
          for (let settle = 0; settle < 3; settle++) await Promise.resolve();
        };
        for (const item of script) {
          if (item === 'step') steps.shift()?.();
          else ask(item);
          await flush();
        }
        while (steps.length > 0) {
          steps.shift()!();
          await flush();
        }
        expect(resolved).toBe(asked.length);
        expect(turns.waiting).toBe(0);
        expectRotation(asked, granted);
      }),
      { numRuns: 200 },
    );
  });
});

describe('turns told apart by the loop mark (the loop waited for I/O between them), not by a step scheduled each', () => {
  it('are still given in rotation, and at most one per turn of the loop, under random arrivals, steps and waits', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.constantFrom('a', 'b', 'c', 'd'), fc.constantFrom('step' as const, 'idle' as const)), { maxLength: 60 }),
        async (script) => {
          const steps: (() => void)[] = [];
          // The loop's turns: a step run (its check phase) or a wait for I/O (the mark moves) ends one.
          let loopTurn = 0;
          let idle = 0;
          const turns = new FairTurns(
            (next) => steps.push(next),
            () => idle,
          );
          const granted: { group: string; index: number; loopTurn: number }[] = [];
          const asked: { group: string; index: number; grantsBefore: number }[] = [];
          const ask = (group: string) => {
            const index = asked.filter((waiter) => waiter.group === group).length;
            asked.push({ group, index, grantsBefore: granted.length });
            void turns.turn(group).then(() => granted.push({ group, index, loopTurn }));
          };
          const flush = async () => {
            for (let settle = 0; settle < 3; settle++) await Promise.resolve();
          };
          const step = async () => {
            loopTurn++;
            steps.shift()?.();
            await flush();
          };
          for (const item of script) {
            if (item === 'step') await step();
            else if (item === 'idle') {
              loopTurn++;
              idle++;
            } else {
              ask(item);
              await flush();
            }
          }
          while (steps.length > 0) await step();
          expect(granted).toHaveLength(asked.length);
          expect(turns.waiting).toBe(0);
          const perLoopTurn = new Map<number, number>();
          for (const grant of granted) perLoopTurn.set(grant.loopTurn, (perLoopTurn.get(grant.loopTurn) ?? 0) + 1);
          expect(Math.max(0, ...perLoopTurn.values())).toBeLessThanOrEqual(1);
          expectRotation(asked, granted);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('schedule no step for runs one after another with a wait for I/O between them, and one for a second run in the same turn', async () => {
    let scheduled = 0;
    let idle = 0;
    const steps: (() => void)[] = [];
    const turns = new FairTurns(
      (next) => {
        scheduled++;
        steps.push(next);
      },
      () => idle,
    );
    for (let run = 0; run < 100; run++) {
      expect(turns.now()).toBe(true);
      idle++;
    }
    expect(scheduled).toBe(0);
    expect(turns.now()).toBe(true);
    let second = false;
    void turns.turn('b').then(() => (second = true));
    await Promise.resolve();
    expect([second, scheduled]).toEqual([false, 1]);
    steps.shift()!();
    await Promise.resolve();
    expect(second).toBe(true);
  });
});

describe('through the engine, on one worker', () => {
  // biome-ignore format: one line
  const engine = createSqlEngine({ limits: { statementTimeoutMs: 60_000, lockWaitMs: 60_000, maxResultBytes: 1_000_000, memoryLimitBytes: 64 * 1024 * 1024, maxDatabaseBytes: 1_000_000, engineWorkers: 1, maxDatabases: 8 }, guardClock: () => 0 });
  afterAll(() => engine.close());
  const execute = (sql: string): SqlRequest => ({ type: 'execute', stmt: { sql } });

  it("one namespace's statement does not wait behind another's 30", async () => {
    const order: string[] = [];
    const runOf = (namespace: string, stream: number, label: string) =>
      engine
        .database(`${namespace}\u00000`, 'db')
        .executor.run(stream, 'full', [execute('SELECT 1'), { type: 'close' }])
        .then(() => order.push(label));
    // Sent before the worker's thread is handed out: the thread receives them all at once.
    const busy = Array.from({ length: 30 }, (_, index) => runOf('busy', index + 1, `busy ${index}`));
    const quiet = runOf('quiet', 1, 'quiet');
    await Promise.all([...busy, quiet]);
    expect(order).toHaveLength(31);
    // The run under way and one more of the busy namespace, at most, come before.
    expect(order.indexOf('quiet')).toBeLessThanOrEqual(2);
  });
});
