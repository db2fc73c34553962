// createDatabaseClient against the mock over HTTP. After every test, each request must validate
// against the contract and each answer must match it (see test/support/database.ts).

import { ClientConfigError, createDatabaseClient, type DatabaseClientOptions, DatabaseError } from '@platform-contracts/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FULL_ACCESS_TOKEN, READ_ONLY_TOKEN, useDatabaseMock } from '../../support/database.ts';

const mock = useDatabaseMock();
const databaseUrl = () => mock.url.replace(/^http:/, 'libsql:');
const client = (authToken = FULL_ACCESS_TOKEN, options: DatabaseClientOptions = {}) =>
  createDatabaseClient({ url: databaseUrl(), authToken, fetch: mock.fetch, ...options });
const count = async (table: string, db = client()) => (await db.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n as number;

beforeAll(async () => {
  await client().execute('CREATE TABLE items (id INTEGER PRIMARY KEY, label TEXT NOT NULL, price REAL, big INTEGER, data BLOB)');
});

describe('execute', () => {
  it('inserts with positional and named arguments and decodes every kind of value', async () => {
    const db = client();
    const beyondNumber = 2n ** 53n + 1n;
    const label = 'naïve café ☕ 中文';
    const data = new Uint8Array([255, 0, 128, 7]);
    const inserted = await db.execute('INSERT INTO items (label, price, big, data) VALUES (?, ?, ?, ?)', [label, 9.75, beyondNumber, data]);
    expect(inserted.rowsAffected).toBe(1);
    const id = inserted.lastInsertRowid!;
    await db.execute('INSERT INTO items (label, big) VALUES (:label, $big)', { ':label': 'second', big: 41 });

    const { rows, columns, columnTypes } = await db.execute('SELECT id, label, price, big, data FROM items WHERE id = ?', [id]);
    expect(columns).toEqual(['id', 'label', 'price', 'big', 'data']);
    expect(columnTypes).toEqual(['INTEGER', 'TEXT', 'REAL', 'INTEGER', 'BLOB']);
    expect(rows).toEqual([{ id: Number(id), label, price: 9.75, big: beyondNumber, data }]);
    const second = await db.execute('SELECT big, typeof(big) AS kind, data FROM items WHERE label = ?', ['second']);
    // Whole numbers are sent as integers, and fit a number on the way back.
    expect(second.rows).toEqual([{ big: 41, kind: 'integer', data: null }]);
  });

  it('throws a DatabaseError with the code of a syntax error', async () => {
    const error = await client()
      .execute('SELEC 1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseError);
    expect(error).toMatchObject({ code: 'SQL_PARSE_ERROR', message: expect.stringMatching(/syntax error/) });
  });
});

describe('batch', () => {
  it('runs statements in one transaction and answers one result each', async () => {
    const db = client();
    const labels = ['x', 'y', 'z'];
    const before = await count('items');
    const results = await db.batch(labels.map((label) => ({ sql: 'INSERT INTO items (label) VALUES (?)', args: [label] })));
    expect(results).toHaveLength(labels.length);
    expect(results.every((r) => r.rowsAffected === 1)).toBe(true);
    expect(await count('items')).toBe(before + labels.length);
  });

  it('rolls back everything when a statement fails midway', async () => {
    const db = client();
    const before = await count('items');
    const failing = db.batch([
      { sql: 'INSERT INTO items (label) VALUES (?)', args: ['first'] },
      { sql: 'INSERT INTO items (label) VALUES (?)', args: [null] },
      "INSERT INTO items (label) VALUES ('third')",
    ]);
    await expect(failing).rejects.toBeInstanceOf(DatabaseError);
    await expect(failing).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT' });
    expect(await count('items')).toBe(before);
  });
});

describe('pipeline', () => {
  it('keeps a transaction open across requests with the baton', async () => {
    const db = client();
    const before = await count('items');
    const stmt = (sql: string) => ({ sql, args: [], named_args: [], want_rows: true });
    const opened = await db.pipeline([
      { type: 'execute', stmt: stmt('BEGIN IMMEDIATE') },
      { type: 'execute', stmt: stmt("INSERT INTO items (label) VALUES ('pending')") },
    ]);
    expect(opened.baton).toEqual(expect.any(String));
    const committed = await db.pipeline([{ type: 'execute', stmt: stmt('COMMIT') }, { type: 'close' }], opened.baton);
    expect(committed.results.map((r) => r.type)).toEqual(['ok', 'ok']);
    expect(committed.baton).toBeNull();
    expect(await count('items')).toBe(before + 1);
  });

  it('throws a DatabaseError with the stream error for a used baton', async () => {
    const db = client();
    const opened = await db.pipeline([{ type: 'execute', stmt: { sql: 'SELECT 1' } }]);
    await db.pipeline([{ type: 'close' }], opened.baton);
    const error = await db.pipeline([{ type: 'close' }], opened.baton).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'DatabaseError', status: 500, code: 'BATON_REUSED' });
  });
});

describe('tokens', () => {
  it('refuses a write with a Read Only token, changing nothing, and lets it read', async () => {
    const readOnly = client(READ_ONLY_TOKEN);
    const before = await count('items');
    await expect(readOnly.execute("INSERT INTO items (label) VALUES ('no')")).rejects.toMatchObject({ code: 'SQLITE_READONLY' });
    await expect(readOnly.batch(['DELETE FROM items'])).rejects.toBeInstanceOf(DatabaseError);
    expect(await count('items', readOnly)).toBe(before);
  });

  it('refuses a wrong token without repeating it', async () => {
    const error = await client('wrong-secret-token')
      .execute('SELECT 1')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'DatabaseError', status: 401, code: 'HTTP_401' });
    expect(JSON.stringify({ message: (error as Error).message, ...(error as object) })).not.toContain('wrong-secret-token');
  });
});

describe('createDatabaseClient options', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('reads PLATFORM_DATABASE_URL and PLATFORM_DATABASE_AUTH_TOKEN when no option is given', async () => {
    vi.stubEnv('PLATFORM_DATABASE_URL', databaseUrl());
    vi.stubEnv('PLATFORM_DATABASE_AUTH_TOKEN', READ_ONLY_TOKEN);
    const db = createDatabaseClient({ fetch: mock.fetch });
    expect((await db.execute('SELECT 7 AS n')).rows).toEqual([{ n: 7 }]);
    await expect(db.execute('CREATE TABLE nope (x)')).rejects.toMatchObject({ code: 'SQLITE_READONLY' });
  });

  it('maps libsql: to https for a remote host and to http for localhost', async () => {
    const seen: string[] = [];
    const recording: typeof fetch = async (input) => {
      seen.push(input instanceof Request ? input.url : String(input));
      return new Response(JSON.stringify({ baton: null, base_url: null, results: [] }), { headers: { 'content-type': 'application/json' } });
    };
    for (const url of ['libsql://db-1.example.invalid', 'libsql://localhost:4010', 'https://db-2.example.invalid/']) {
      await createDatabaseClient({ url, authToken: 't', fetch: recording }).pipeline([]);
    }
    expect(seen).toEqual(['https://db-1.example.invalid/v2/pipeline', 'http://localhost:4010/v2/pipeline', 'https://db-2.example.invalid/v2/pipeline']);
  });

  it('takes the token from an authToken query parameter of the URL', async () => {
    const db = createDatabaseClient({ url: `${databaseUrl()}?authToken=${READ_ONLY_TOKEN}`, authToken: FULL_ACCESS_TOKEN, fetch: mock.fetch });
    await expect(db.execute('CREATE TABLE nope (x)')).rejects.toMatchObject({ code: 'SQLITE_READONLY' });
  });

  it.each([
    [{ authToken: 't' }, /option "url" is missing/],
    [{ url: 'libsql://db.example.invalid' }, /option "authToken" is missing/],
    [{ url: 'not a url', authToken: 't' }, /option "url" is not a URL/],
    [{ url: 'ftp://db.example.invalid', authToken: 't' }, /libsql:, https: or http:/],
  ])('refuses %j with a clear error', (options, message) => {
    vi.stubEnv('PLATFORM_DATABASE_URL', undefined);
    vi.stubEnv('PLATFORM_DATABASE_AUTH_TOKEN', undefined);
    expect(() => createDatabaseClient(options)).toThrow(ClientConfigError);
    expect(() => createDatabaseClient(options)).toThrow(message);
  });

  it('never puts the token in a construction error', () => {
    expect(() => createDatabaseClient({ url: 'ftp://h?authToken=super-secret', authToken: 'super-secret' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('super-secret') }),
    );
  });
});

describe('what @libsql/client offers, over the same protocol', () => {
  it('runs an interactive transaction over a baton: commit keeps, rollback undoes', async () => {
    const db = client();
    const before = await count('items');
    const kept = await db.transaction();
    await kept.execute('INSERT INTO items (label) VALUES (?)', ['kept']);
    const [inside] = await kept.batch(['SELECT count(*) AS n FROM items']);
    expect(inside!.rows[0]!.n).toBe(before + 1);
    await kept.commit();
    expect(kept.closed).toBe(true);
    await expect(kept.execute('SELECT 1')).rejects.toMatchObject({ code: 'TRANSACTION_CLOSED' });

    const undone = await db.transaction('deferred');
    await undone.execute("INSERT INTO items (label) VALUES ('undone')");
    await undone.rollback();
    expect(await count('items')).toBe(before + 1);
  });

  it('keeps a write transaction to itself: another stream reads the last commit meanwhile', async () => {
    const db = client();
    const before = await count('items');
    const open = await db.transaction('write');
    await open.execute("INSERT INTO items (label) VALUES ('pending')");
    expect(await count('items', client(READ_ONLY_TOKEN))).toBe(before);
    open.close();
    // close() rolls back without waiting; a later write goes through once the stream has closed.
    await client().execute("INSERT INTO items (label) VALUES ('after close')");
    expect(await count('items')).toBe(before + 1);
  });

  it.each([
    ['write', "INSERT INTO items (label) VALUES ('batch write')", null],
    ['deferred', "INSERT INTO items (label) VALUES ('batch deferred')", null],
    ['read', "INSERT INTO items (label) VALUES ('batch read')", 'SQLITE_READONLY'],
  ] as const)('runs a %s batch', async (mode, sql, refusal) => {
    const run = client().batch([sql, 'SELECT count(*) AS n FROM items'], mode);
    if (refusal) await expect(run).rejects.toMatchObject({ code: refusal });
    else expect((await run)[0]!.rowsAffected).toBe(1);
  });

  it.each([
    ['number', 42, 2n ** 60n],
    ['bigint', 42n, 2n ** 60n],
    ['string', '42', String(2n ** 60n)],
  ] as const)('reads integers as intMode %s says', async (intMode, small, large) => {
    const { rows } = await client(FULL_ACCESS_TOKEN, { intMode }).execute('SELECT 42 AS small, ? AS large', [2n ** 60n]);
    expect(rows[0]).toEqual({ small, large });
  });

  it('refuses calls after close(), and rolls back the transactions left open', async () => {
    const db = client();
    const before = await count('items');
    const left = await db.transaction();
    await left.execute("INSERT INTO items (label) VALUES ('left open')");
    db.close();
    expect(db.closed).toBe(true);
    expect(left.closed).toBe(true);
    await expect(db.execute('SELECT 1')).rejects.toMatchObject({ code: 'CLIENT_CLOSED' });
    await expect(db.transaction()).rejects.toMatchObject({ code: 'CLIENT_CLOSED' });
    expect(await count('items')).toBe(before);
  });

  it('aborts a call with its own signal', async () => {
    const controller = new AbortController();
    controller.abort(new Error('no longer needed'));
    await expect(client().execute('SELECT 1', [], { signal: controller.signal })).rejects.toThrow();
    // The client still works for the next call.
    expect((await client().execute('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});
