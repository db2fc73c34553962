// The empty database a SQL worker opens ahead is opened in steps while no run is in flight
// (idle-steps.ts): a new namespace's second statement, arriving while it opens, waits for at most
// one step. The order of the worker's jobs is counted on a stand-in event loop, and the policy
// before it (the whole open at once, planted here) fails the same check.
import { describe, expect, it } from 'vitest';
import { IdleSteps, type Step } from '../../../../../../packages/mock/src/areas/database/sql/threads/idle-steps.ts';

/** The worker's jobs in the order they ran, on a stand-in event loop (one deferred callback per turn). */
function workerLoop(makeSpare: (defer: (next: () => void) => void) => Pick<IdleSteps, 'begin' | 'finish' | 'runStarted' | 'runEnded'>) {
  const turns: (() => void)[] = [];
  const log: string[] = [];
  const spare = makeSpare((next) => turns.push(next));
  const steps = (key: string, count: number): Step => {
    let done = 0;
    return () => (log.push(`${key} step ${++done}`), done === count);
  };
  return {
    log,
    spare,
    steps,
    /** One turn of the loop: the callbacks deferred before it. */
    turn: () => turns.splice(0).forEach((next) => next()),
    /** A statement arrives: it runs in this turn, as the worker's runs do. */
    statement: (sql: string) => {
      spare.runStarted();
      log.push(sql);
      spare.runEnded();
    },
  };
}

/** The policy before: the open ran whole, in one turn after it was sent. */
const wholeAtOnce = (defer: (next: () => void) => void) => {
  let job: Step | undefined;
  return {
    begin(_key: string, step: Step) {
      job = step;
      defer(() => {
        while (job && !job()) {}
        job = undefined;
      });
    },
    finish: () => 0,
    runStarted: () => undefined,
    runEnded: () => undefined,
  };
};

/** A new namespace took the spare: its CREATE ran, the next spare's open was sent; its second statement arrives one turn later. */
function secondStatement(loop: ReturnType<typeof workerLoop>) {
  loop.statement('CREATE');
  loop.spare.begin('spare-2', loop.steps('spare-2', 3));
  loop.turn();
  loop.statement('INSERT');
  while (loop.log.filter((entry) => entry.startsWith('spare-2')).length < 3 && loop.log.length < 20) loop.turn();
  return loop.log;
}

const stepsBefore = (log: string[], sql: string) => log.slice(log.indexOf('CREATE'), log.indexOf(sql)).filter((entry) => entry.includes('step')).length;

describe('IdleSteps', () => {
  it('runs a new namespace second statement after at most one step of the next open, then the rest of the open', () => {
    const log = secondStatement(workerLoop((defer) => new IdleSteps(defer)));
    expect(stepsBefore(log, 'INSERT')).toBeLessThanOrEqual(1);
    expect(log).toEqual(['CREATE', 'spare-2 step 1', 'INSERT', 'spare-2 step 2', 'spare-2 step 3']);
  });

  it('fails the planted policy before it: the whole open ran ahead of the second statement', () => {
    const log = secondStatement(workerLoop(wholeAtOnce));
    expect(stepsBefore(log, 'INSERT')).toBe(3);
  });

  it('runs no step while a run is in flight, and goes on when it ends', () => {
    const loop = workerLoop((defer) => new IdleSteps(defer));
    const spare = loop.spare as IdleSteps;
    spare.runStarted();
    spare.begin('spare', loop.steps('spare', 2));
    loop.turn();
    expect(loop.log).toEqual([]);
    spare.runEnded();
    loop.turn();
    loop.turn();
    loop.turn();
    expect(loop.log).toEqual(['spare step 1', 'spare step 2']);
    expect(spare.pending).toBe(false);
  });

  it.each([
    ['its own key', 'spare', true],
    ['no key', undefined, true],
    ['another key', 'other', false],
  ])('finishes the job at once for a message that names %s (adopt, drop), and only then', (_, key, finished) => {
    const loop = workerLoop((defer) => new IdleSteps(defer));
    const spare = loop.spare as IdleSteps;
    spare.begin('spare', loop.steps('spare', 3));
    spare.finish(key);
    expect(loop.log.length).toBe(finished ? 3 : 0);
    expect(spare.pending).toBe(!finished);
  });

  it('queues a job behind one not done, runs them in turns in order, and finishes only the one a message names', () => {
    const loop = workerLoop((defer) => new IdleSteps(defer));
    const spare = loop.spare as IdleSteps;
    spare.begin('a', loop.steps('a', 2));
    spare.begin('b', loop.steps('b', 2));
    spare.begin('c', loop.steps('c', 2));
    expect(loop.log).toEqual([]);
    loop.turn();
    expect(spare.finish('b')).toBe(1);
    expect(loop.log).toEqual(['a step 1', 'b step 1', 'b step 2']);
    for (let turn = 0; turn < 4; turn++) loop.turn();
    expect(loop.log).toEqual(['a step 1', 'b step 1', 'b step 2', 'a step 2', 'c step 1', 'c step 2']);
    expect(spare.done).toEqual({ inTurns: 2, atOnce: 1 });
    expect(spare.finish('a')).toBe(0);
  });

  it.each([
    [2, 1, []],
    [2, 2, []],
    [2, 3, ['j0']],
    [2, 5, ['j0', 'j1', 'j2']],
    [0, 2, ['j0', 'j1']],
  ])('with at most %i jobs waiting, %i begun while a run is in flight do the oldest past the cap at once: %j', (maxPending, begun, doneAtOnce) => {
    const loop = workerLoop((defer) => new IdleSteps(defer, maxPending));
    const spare = loop.spare as IdleSteps;
    spare.runStarted();
    for (let job = 0; job < begun; job++) spare.begin(`j${job}`, loop.steps(`j${job}`, 2));
    loop.turn();
    expect(loop.log).toEqual(doneAtOnce.flatMap((key) => [`${key} step 1`, `${key} step 2`]));
    expect(spare.done.atOnce).toBe(doneAtOnce.length);
    spare.runEnded();
    for (let turn = 0; turn < 2 * begun + 2; turn++) loop.turn();
    expect(spare.pending).toBe(false);
    expect(spare.done.inTurns).toBe(begun - doneAtOnce.length);
  });
});
