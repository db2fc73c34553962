// A model-based test of the database engine's interleavings (issue 43): namespaces use the engine
// at once (a first use, a stream opened, used and closed, a reset, a snapshot taken and put back,
// a stream ended from outside as by tokens invalidated, a worker ended, eviction at maxDatabases)
// on 1 to 4 workers, and fast-check's scheduler decides the order in which their operations start
// and their answers come back, replayable by seed. After each run: every request was answered
// exactly once, each namespace's answers match a serial model of its own statements, and no row
// is in another namespace's database. The scheduler releases answers only once the engine gave
// them, so it never waits on the engine itself: when it has nothing left to release, the test waits
// for the engine's next answer (an event), and fails, naming the requests and the seed, once the
// engine has nothing in flight and the event loop turns without progress while a request is
// unanswered. The last guard stays off (its clock never moves): no answer comes from a timer.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqlEngine, type LeasedText, outcomeText, type SqlEngine } from '../../../../../packages/mock/src/areas/database/sql/index.ts';
import type { SqlOutcome, SqlRequest } from '../../../../../packages/mock/src/areas/database/sql/statements/requests.ts';
import { SLOT_MIN_BYTES } from '../../../../../packages/mock/src/areas/database/sql/threads/result-slot.ts';
import { ExecutorStopped } from '../../../../../packages/mock/src/areas/database/sql/threads/stopped.ts';

// biome-ignore format: one line
const LIMITS = { statementTimeoutMs: 60_000, lockWaitMs: 60_000, maxResultBytes: 1_000_000, memoryLimitBytes: 64 * 1024 * 1024, maxDatabaseBytes: 1_000_000 };
const DB = 'db';
const execute = (sql: string): SqlRequest => ({ type: 'execute', stmt: { sql } });
const CLOSE: SqlRequest = { type: 'close' };
const CREATE = execute('CREATE TABLE IF NOT EXISTS t (ns TEXT, n INTEGER)');

type Op =
  | { kind: 'insert'; hold: boolean }
  | { kind: 'read'; json: boolean }
  | { kind: 'reset' }
  | { kind: 'snapshot' }
  | { kind: 'interrupt' }
  | { kind: 'end-worker' };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('insert' as const), hold: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('read' as const), json: fc.boolean() }) },
  fc.constant({ kind: 'reset' as const }),
  fc.constant({ kind: 'snapshot' as const }),
  fc.constant({ kind: 'interrupt' as const }),
  fc.constant({ kind: 'end-worker' as const }),
);

/** Event loop turns with nothing in flight, nothing to release and no answer, before a request still unanswered counts as lost. */
const STALLED_TURNS = 20;
/** Ends a correct engine never gives, whatever the interleaving: a thread handed two ports (the spare-thread race). */
const FAULTS = /already served another port|ENGINE_REQUEST_LOST|lost request/;

/** Codes that say a request did not run or its stream ended (what it did not commit was rolled back): the model then allows either. */
const ENDED = new Set(['STREAM_EXPIRED', 'STREAM_CLOSED', 'SQLITE_INTERRUPT', 'DATABASE_LIMIT_REACHED']);

let engines: SqlEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.map((engine) => engine.close()));
  engines = [];
});

/**
 * A read as the HTTP door asks it (JSON text written by the worker), with a column name long enough
 * that its text goes through the worker's result slot (threads/result-slot.ts) when the slot is free.
 * Whether a run's reads find it free depends on the threads' timing: that the slot is used is
 * counted in result-slot.test, not here.
 */
const JSON_READ = { ...execute(`SELECT ns || ':' || n AS "${'r'.repeat(SLOT_MIN_BYTES)}" FROM t ORDER BY n`), encoding: 'json' as const };

/** An outcome, or its JSON text as the worker wrote it parsed (read out of the worker's slot when it was left there: a lease). */
const readBack = (outcome: SqlOutcome | undefined): SqlOutcome | undefined => {
  const json = (outcome as { json?: string | LeasedText } | undefined)?.json;
  if (json === undefined) return outcome;
  return JSON.parse(outcomeText(json)) as SqlOutcome;
};

const rowsOf = (outcome: SqlOutcome | undefined) =>
  outcome?.type === 'ok' && outcome.response.type === 'execute'
    ? outcome.response.result.rows.map((row) => String((row[0] as { value?: unknown }).value))
    : undefined;

async function runModel(s: fc.Scheduler, workers: number, maxDatabases: number, plans: Op[][]): Promise<void> {
  const engine = createSqlEngine({ limits: { ...LIMITS, engineWorkers: workers, maxDatabases }, guardClock: () => 0 });
  engines.push(engine);
  const answers = new Map<string, number>();
  /** Requests the engine has not answered yet, by key. */
  const unanswered = new Map<string, Promise<unknown>>();
  const problems: string[] = [];

  async function namespace(index: number, plan: Op[]) {
    const ns = `ns${index}`;
    let generation = 0;
    const owner = () => `${ns}\u0000${generation}`;
    /** Rows committed for sure, and rows whose insert answered an end (committed or not). */
    let sure: string[] = [];
    let maybe: string[] = [];
    let nextRow = 0;
    let nextStream = 1;
    let image: Uint8Array | undefined;
    /** A run whose answer the scheduler releases; each request's answers are counted. */
    const run = async (label: string, requests: SqlRequest[], before?: () => void) => {
      const stream = nextStream++;
      const key = `${ns}/${label}/${stream}`;
      const executor = engine.database(owner(), DB, { initial: () => image }).executor;
      const answered = executor.run(stream, 'full', requests).then(
        (outcomes) => ({ outcomes }),
        (error: { code?: string; message: string }) => ({ error }),
      );
      unanswered.set(key, answered);
      before?.call(null);
      const given = await answered;
      unanswered.delete(key);
      answers.set(key, (answers.get(key) ?? 0) + 1);
      // The engine answered: the scheduler decides when the namespace sees it.
      const result = await s.schedule(Promise.resolve(given), key);
      const refusal = 'error' in result ? result.error.message : undefined;
      if (refusal && FAULTS.test(refusal)) problems.push(`${key}: ${refusal}`);
      return { result, executor, stream };
    };
    for (const [step, next] of plan.entries()) {
      await s.schedule(Promise.resolve(), `${ns} step ${step} ${next.kind}`);
      switch (next.kind) {
        case 'insert':
        case 'interrupt':
        case 'end-worker': {
          const row = `${ns}:${nextRow++}`;
          const requests = [CREATE, execute(`INSERT INTO t VALUES ('${ns}', ${row.split(':')[1]})`), ...(next.kind === 'insert' && next.hold ? [] : [CLOSE])];
          const { result, executor, stream } = await run(next.kind, requests, () => {
            if (next.kind === 'end-worker') engine.endWorkerOf(owner(), DB);
          });
          if (next.kind === 'interrupt') {
            // As tokens invalidated do: the stream's run in flight (none by now) is ended and the stream closed.
            executor.interrupt(stream, new ExecutorStopped('invalidated', 'STREAM_EXPIRED'));
            executor.closeStream(stream);
          }
          if ('outcomes' in result && result.outcomes.every((outcome) => outcome.type === 'ok')) sure.push(row);
          else if ('outcomes' in result && result.outcomes.some((outcome) => outcome.type === 'error' && !ENDED.has(outcome.error.code ?? ''))) {
            problems.push(`${ns} ${next.kind}: ${JSON.stringify(result.outcomes)}`);
          } else if ('error' in result && !ENDED.has(result.error.code ?? '')) problems.push(`${ns} ${next.kind}: ${result.error.message}`);
          else maybe.push(row);
          if (next.kind === 'insert' && next.hold) executor.closeStream(stream);
          break;
        }
        case 'read': {
          const { result } = await run('read', [CREATE, next.json ? JSON_READ : execute("SELECT ns || ':' || n FROM t ORDER BY n"), CLOSE]);
          if ('error' in result) {
            if (!ENDED.has(result.error.code ?? '')) problems.push(`${ns} read: ${result.error.message}`);
            break;
          }
          const first = result.outcomes[0];
          if (first?.type === 'error' && ENDED.has(first.error.code ?? '')) break;
          const rows = rowsOf(readBack(result.outcomes[1]));
          if (!rows) {
            problems.push(`${ns} read: ${JSON.stringify(result.outcomes)}`);
            break;
          }
          const allowed = new Set([...sure, ...maybe]);
          if (!sure.every((row) => rows.includes(row)) || !rows.every((row) => allowed.has(row)))
            problems.push(`${ns} read ${JSON.stringify(rows)}, expected ${JSON.stringify(sure)} (+ maybe ${JSON.stringify(maybe)})`);
          sure = rows;
          maybe = [];
          break;
        }
        case 'reset':
          engine.forget((key) => key.startsWith(`${owner()}\u0000`));
          generation++;
          image = undefined;
          sure = [];
          maybe = [];
          break;
        case 'snapshot': {
          engine.database(owner(), DB, { initial: () => image }); // as the mock's state does: its database exists, opened or not
          const key = `${ns}/snapshot/${generation}`;
          const pending = engine.imageOf(owner(), DB).then(
            (taken) => ({ taken }),
            (error: Error) => ({ error }),
          );
          unanswered.set(key, pending);
          const given = await pending;
          unanswered.delete(key);
          const result = await s.schedule(Promise.resolve(given), key);
          if ('error' in result) throw new Error(`${key}: ${result.error.message}`);
          const { taken } = result;
          engine.forget((key) => key.startsWith(`${owner()}\u0000`));
          generation++;
          image = taken;
          break;
        }
      }
    }
    return { owner: owner(), image, sure, maybe };
  }

  const all = Promise.all(plans.map((plan, index) => namespace(index, plan)));
  let settled = false;
  const done = all.then(
    () => (settled = true),
    () => (settled = true),
  );
  let stalled = 0;
  while (!settled) {
    if (s.count() > 0) {
      stalled = 0;
      await s.waitOne();
      continue;
    }
    // Nothing to release: the namespaces wait on the engine. A run the engine holds (in flight in a
    // worker) is answered or failed by it; one it does not hold is waiting for its turn on this
    // thread (a turn per event loop step). Progress is an answer, or a change in what is in flight.
    const before = engine.inFlight();
    if (before > 0 && unanswered.size > 0) {
      await Promise.race([done, ...unanswered.values()]);
      continue;
    }
    const answeredBefore = answers.size;
    await new Promise((resolve) => setImmediate(resolve));
    if (answers.size !== answeredBefore || engine.inFlight() !== before || s.count() > 0) stalled = 0;
    else if (++stalled > STALLED_TURNS && unanswered.size > 0)
      throw new Error(
        `lost: the engine holds nothing in flight and ${STALLED_TURNS} turns of the event loop passed with no answer to ${[...unanswered.keys()].join(', ')}`,
      );
  }
  const ends = await all;
  // Last, one namespace at a time (no limit in the way): every row a namespace has is its own, and what the model says.
  for (const [index, { owner, image, sure, maybe }] of ends.entries()) {
    const outcomes = await engine
      .database(owner, DB, { initial: () => image })
      .executor.run(1_000, 'full', [CREATE, execute("SELECT ns || ':' || n FROM t ORDER BY n"), CLOSE]);
    const rows = rowsOf(outcomes[1]);
    const allowed = new Set([...sure, ...maybe]);
    if (!rows || !sure.every((row) => rows.includes(row)) || !rows.every((row) => allowed.has(row)))
      problems.push(`ns${index} final ${JSON.stringify(rows ?? outcomes)}, expected ${JSON.stringify(sure)} (+ maybe ${JSON.stringify(maybe)})`);
  }
  expect(engine.inFlight()).toBe(0);
  expect([...answers.values()].every((count) => count === 1)).toBe(true);
  expect(problems).toEqual([]);
}

describe('the database engine under every interleaving the scheduler picks', () => {
  it('answers every request once, each namespace as its serial model, no row in another namespace', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 2, max: 6 }),
        fc.array(fc.array(op, { minLength: 1, maxLength: 4 }), { minLength: 2, maxLength: 6 }),
        (s, workers, maxDatabases, plans) => runModel(s, workers, maxDatabases, plans),
      ),
      // A failure is reported at once with its seed and counterexample: shrinking starts engines by the dozen.
      { numRuns: 8, endOnFailure: true },
    );
  }, 120_000);
});
