// Which database closes to make room past maxDatabases (sql/threads/placement.ts): the least
// recently used idle one of those open in a worker, found among those alone. Every namespace of a
// suite keeps its database in the engine until it is reset, so a search over all of them cost
// each new namespace a step per namespace before it; counted here, on stand-in workers (no thread).
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { EngineSupervisor } from '../../../../../../packages/mock/src/areas/database/sql/threads/engine-supervisor.ts';
import type { EngineWorker } from '../../../../../../packages/mock/src/areas/database/sql/threads/engine-worker.ts';
import type { Executor } from '../../../../../../packages/mock/src/areas/database/sql/threads/executor.ts';
import type { ToWorker } from '../../../../../../packages/mock/src/areas/database/sql/threads/messages.ts';
import { createPlacement, type OpenDatabase } from '../../../../../../packages/mock/src/areas/database/sql/threads/placement.ts';

// biome-ignore format: one line
const LIMITS = { statementTimeoutMs: 60_000, lockWaitMs: 60_000, maxResultBytes: 1_000_000, memoryLimitBytes: 64 * 1024 * 1024, maxDatabaseBytes: 64 * 1024, engineWorkers: 1, maxDatabases: 4 };

/** The engine's databases, counting the entries any search reads. */
class CountedDatabases extends Map<string, OpenDatabase> {
  read = 0;
  override *values(): MapIterator<OpenDatabase> {
    for (const value of super.values()) {
      this.read++;
      yield value;
    }
  }
  override *entries(): MapIterator<[string, OpenDatabase]> {
    for (const entry of super.entries()) {
      this.read++;
      yield entry;
    }
  }
  override [Symbol.iterator]() {
    return this.entries();
  }
}

function setUp() {
  const carried: ToWorker[] = [];
  const worker = {
    alive: true,
    active: new Map<string, number>(),
    databases: new Set<string>(),
    events: new EventEmitter(),
    send: () => {},
    carry: (message: ToWorker) => carried.push(message),
  } as unknown as EngineWorker;
  const supervisor = { spawn: () => worker } as unknown as EngineSupervisor;
  const databases = new CountedDatabases();
  const { placement, used } = createPlacement({ supervisor, limits: LIMITS, databases, clock: new Float64Array(1) });
  /** A database as the engine makes it (used, so last in `databases`). */
  const database = (key: string): OpenDatabase => {
    const executor = { key, namespace: key, streams: new Set<number>() } as unknown as Executor;
    const made: OpenDatabase = { key, namespace: key, executor };
    databases.set(key, made);
    return made;
  };
  /** A stream opens and closes, as a namespace's first statement: the database opens in the worker. */
  const firstStatement = (made: OpenDatabase) => {
    placement.streamClosed(made.executor, placement.streamOpened(made.executor));
  };
  /** The engine's use of a database it holds: last in `databases`, and in placement's order. */
  const use = (made: OpenDatabase) => {
    databases.delete(made.key);
    databases.set(made.key, made);
    used(made);
  };
  const dropped = () => carried.filter((message) => message.t === 'drop').map((message) => (message as { key: string }).key);
  return { databases, database, firstStatement, use, dropped };
}

describe('a database closed to make room past maxDatabases', () => {
  it('is the least recently used idle one of those open, whatever was used before among them', () => {
    const { database, firstStatement, use, dropped } = setUp();
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((key) => database(key)) as [OpenDatabase, OpenDatabase, OpenDatabase, OpenDatabase];
    for (const made of [a, b, c, d]) firstStatement(made);
    use(a);
    (b.executor.streams as Set<number>).add(1); // b has a stream open: not idle
    firstStatement(database('e'));
    // c: the least recently used idle one (a was used after it, b is busy).
    expect(dropped()).toEqual(['c']);
    use(d);
    firstStatement(database('f'));
    expect(dropped()).toEqual(['c', 'a']);
  });

  it('is found among the databases open alone: no entry of those closed before is read', () => {
    const { databases, database, firstStatement, dropped } = setUp();
    // A suite's earlier namespaces: each opened, then closed to make room.
    for (let index = 0; index < 200; index++) firstStatement(database(`ns-${index}`));
    expect(dropped()).toHaveLength(200 - LIMITS.maxDatabases);
    databases.read = 0;
    firstStatement(database('new'));
    expect(dropped().at(-1)).toBe(`ns-${200 - LIMITS.maxDatabases}`);
    expect(databases.read).toBe(0);
  });
});
