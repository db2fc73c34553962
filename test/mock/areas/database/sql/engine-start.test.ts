// The database engine starts in the background: createMock() does not wait for its worker
// thread, a request sent meanwhile waits and is answered, a snapshot taken meanwhile neither
// blocks nor loses data, and a worker that cannot start answers DATABASE_ENGINE_UNAVAILABLE
// instead of hanging. The start is observed through the engine's diagnostics channel, and
// SQLite's compiled module (sqlite-module.ts) is replaced here to hold or break the start.
import diagnostics from 'node:diagnostics_channel';
import { createMock, type Mock } from '@platform-contracts/mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSqlEngine, ENGINE_CHANNEL, type EngineEvent, type SqlEngine } from '../../../../../packages/mock/src/areas/database/sql/index.ts';
import type { SqlOutcome, SqlRequest } from '../../../../../packages/mock/src/areas/database/sql/statements/requests.ts';

/** What compiledSqlite() gives in this file: the real module, one held until the test lets it go, or a broken one. */
const wasm = vi.hoisted(() => ({ mode: 'real' as 'real' | 'held' | 'rejected' | 'empty', release: () => {} }));

vi.mock('../../../../../packages/mock/src/areas/database/sql/wasm/sqlite-module.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../../../packages/mock/src/areas/database/sql/wasm/sqlite-module.ts')>();
  return {
    compiledSqlite(): Promise<WebAssembly.Module> {
      if (wasm.mode === 'rejected') return Promise.reject(new Error('sqlite3.wasm is not a WebAssembly file'));
      // A valid module with nothing in it: the worker instantiates it, then SQLite fails to load.
      if (wasm.mode === 'empty') return WebAssembly.compile(new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]));
      if (wasm.mode === 'held') return new Promise((resolve) => (wasm.release = () => resolve(original.compiledSqlite())));
      return original.compiledSqlite();
    },
  };
});

let events: string[];
const record = (message: unknown) => events.push((message as EngineEvent).event);
beforeEach(() => {
  events = [];
  wasm.mode = 'real';
  diagnostics.subscribe(ENGINE_CHANNEL, record);
});
afterEach(() => {
  diagnostics.unsubscribe(ENGINE_CHANNEL, record);
});

/** The first event of the engine channel named `event` from now on. */
const nextEvent = (event: EngineEvent['event']) =>
  new Promise<void>((resolve) => {
    const listener = (message: unknown) => {
      if ((message as EngineEvent).event !== event) return;
      diagnostics.unsubscribe(ENGINE_CHANNEL, listener);
      resolve();
    };
    diagnostics.subscribe(ENGINE_CHANNEL, listener);
  });

async function pipeline(mock: Mock, sql: string) {
  const response = await mock.fetch(`${mock.url}/v2/pipeline`, {
    method: 'POST',
    headers: { authorization: `Bearer ${mock.areas.database.fullAccessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ requests: [{ type: 'execute', stmt: { sql } }, { type: 'close' }] }),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      baton: string | null;
      results: { type: string; response?: { result: { rows: unknown[][] } }; error?: { message: string; code: string } }[];
    },
  };
}

describe('createMock and the database engine', () => {
  it('resolves before the engine is ready; a request sent at once waits for it and is answered', async () => {
    const mock = await createMock({ areas: ['database'] });
    events.push('createMock resolved');
    try {
      const answered = pipeline(mock, 'SELECT 6 * 7 AS answer');
      events.push('request sent');
      const { status, body } = await answered;
      events.push('request answered');
      expect(events).toEqual(['starting', 'createMock resolved', 'request sent', 'ready', 'request answered']);
      expect(status).toBe(200);
      expect(body.results[0]).toMatchObject({ type: 'ok', response: { result: { rows: [[{ type: 'integer', value: '42' }]] } } });
    } finally {
      await mock.close();
    }
  });

  it('resolves while SQLite is still compiling, and answers once it is done', async () => {
    wasm.mode = 'held';
    const mock = await createMock({ areas: ['database'] });
    try {
      const answered = pipeline(mock, 'SELECT 1 + 1');
      const ready = nextEvent('ready');
      wasm.release();
      await ready;
      const { body } = await answered;
      expect(body.results[0]).toMatchObject({ type: 'ok', response: { result: { rows: [[{ type: 'integer', value: '2' }]] } } });
      expect(events).toEqual(['starting', 'ready']);
    } finally {
      await mock.close();
    }
  });

  it.each([
    ['SQLite’s module cannot be compiled', 'rejected' as const, /could not start \(sqlite3\.wasm is not a WebAssembly file\)/],
    ['the worker thread fails while loading SQLite', 'empty' as const, /could not start/],
  ])('answers DATABASE_ENGINE_UNAVAILABLE when %s, to the request waiting and to every later one', async (_name, mode, message) => {
    wasm.mode = mode;
    const mock = await createMock({ areas: ['database'] });
    try {
      const first = await pipeline(mock, 'SELECT 1');
      expect(events).toEqual(['starting', 'failed']);
      expect(first.status).toBe(200);
      expect(first.body.results[0]).toMatchObject({ type: 'error', error: { code: 'DATABASE_ENGINE_UNAVAILABLE', message: expect.stringMatching(message) } });
      const later = await pipeline(mock, 'SELECT 2');
      expect(later.status).toBe(200);
      expect(later.body.baton).toBeNull();
      for (const result of later.body.results)
        expect(result).toMatchObject({ type: 'error', error: { code: 'DATABASE_ENGINE_UNAVAILABLE', message: expect.stringMatching(message) } });
      // The rest of the mock answers as before.
      expect((await mock.fetch(`${mock.url}/_mock/health`)).status).toBe(200);
    } finally {
      await mock.close();
    }
  });
});

describe('a snapshot while the engine starts', () => {
  const LIMITS = {
    statementTimeoutMs: 60_000,
    lockWaitMs: 60_000,
    maxResultBytes: 100_000,
    memoryLimitBytes: 64 * 1024 * 1024,
    maxDatabaseBytes: 1_000_000,
    maxDatabases: 3,
    engineWorkers: 1,
  };
  const execute = (sql: string) => ({ type: 'execute', stmt: { sql } }) as SqlRequest;
  const close = { type: 'close' } as SqlRequest;
  const rows = (outcome: SqlOutcome | undefined) => (outcome?.type === 'ok' && outcome.response.type === 'execute' ? outcome.response.result.rows : undefined);
  let engines: SqlEngine[] = [];
  afterEach(async () => {
    await Promise.all(engines.map((engine) => engine.close()));
    engines = [];
  });

  it('gives the data a database opened with, without waiting for the engine, and its rows once it ran', async () => {
    const source = createSqlEngine({ limits: LIMITS });
    engines.push(source);
    await source.database('owner', 'db').executor.run(1, 'full', [execute('CREATE TABLE t (x)'), execute('INSERT INTO t VALUES (1), (2)'), close]);
    const image = (await source.imageOf('owner', 'db'))!;
    expect(image.byteLength).toBeGreaterThan(0);

    wasm.mode = 'held';
    events = [];
    const engine = createSqlEngine({ limits: LIMITS });
    engines.push(engine);
    const database = engine.database('owner', 'db', { initial: () => image });
    const counted = database.executor.run(1, 'full', [execute('SELECT count(*) FROM t'), close]);
    // SQLite is held: the engine has not started, yet the snapshot is the image the database opened with.
    expect(await engine.imageOf('owner', 'db')).toEqual(image);
    expect(events).not.toContain('ready');
    wasm.release();
    expect(rows((await counted)[0])).toEqual([[{ type: 'integer', value: '2' }]]);
    expect(events).toContain('ready');
    await database.executor.run(2, 'full', [execute('INSERT INTO t VALUES (3)'), close]);
    const after = await engine.imageOf('owner', 'db');
    expect(after).not.toEqual(image);
  });
});
