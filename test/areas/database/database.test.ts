// The real @libsql/client against the mock over HTTP, as it would run against the platform.
// After every test, each request it sent must validate against the contract and each answer
// must match the contract (see test/support/database.ts).
import { type Client, createClient, LibsqlError } from '@libsql/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { FULL_ACCESS_TOKEN, READ_ONLY_TOKEN, useDatabaseMock } from '../../support/database.ts';
import { validateAnswer } from '../../support/openapi.ts';

const mock = useDatabaseMock();
const client = (authToken = FULL_ACCESS_TOKEN): Client =>
  // The mock in process: an http: URL (a libsql: one is sent over https, which needs a port with tls=0) and its fetch.
  createClient({ url: mock.url, authToken, intMode: 'bigint', fetch: mock.fetch });

const count = async (table: string, db = client()) => (await db.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n as bigint;

describe('@libsql/client against the mock', () => {
  beforeAll(async () => {
    await client().execute('CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score REAL, big INTEGER, avatar BLOB)');
  });

  it('inserts with positional and named arguments and reads the values back unchanged', async () => {
    const db = client();
    const big = 2n ** 53n + 1n;
    const name = 'Zoë 🚀 日本語';
    const avatar = new Uint8Array([0, 1, 2, 254, 255]);
    const positional = await db.execute({ sql: 'INSERT INTO players (name, score, big, avatar) VALUES (?, ?, ?, ?)', args: [name, 12.5, big, avatar] });
    expect(positional.rowsAffected).toBe(1);
    const named = await db.execute({
      sql: 'INSERT INTO players (name, score, big) VALUES (:name, @score, $big)',
      args: { name: 'Ada', score: 3, big: -(2n ** 62n) },
    });
    expect(named.rowsAffected).toBe(1);
    expect(named.lastInsertRowid).toBe(positional.lastInsertRowid! + 1n);

    const { rows, columns } = await db.execute({ sql: 'SELECT name, score, big, avatar FROM players WHERE id = ?', args: [positional.lastInsertRowid!] });
    expect(columns).toEqual(['name', 'score', 'big', 'avatar']);
    expect(rows[0]!.name).toBe(name);
    expect(rows[0]!.score).toBe(12.5);
    expect(rows[0]!.big).toBe(big);
    expect(new Uint8Array(rows[0]!.avatar as ArrayBuffer)).toEqual(avatar);
    const ada = await db.execute({ sql: 'SELECT big, typeof(score) AS kind FROM players WHERE name = ?', args: ['Ada'] });
    expect(ada.rows[0]!.big).toBe(-(2n ** 62n));
    // JavaScript numbers travel as floats; the column's REAL affinity keeps them so.
    expect(ada.rows[0]!.kind).toBe('real');
  });

  it('runs a write batch in one transaction', async () => {
    const db = client();
    const names = ['b1', 'b2', 'b3'];
    const before = await count('players');
    const results = await db.batch(
      names.map((n, i) => ({ sql: 'INSERT INTO players (name, score) VALUES (?, ?)', args: [n, i] })),
      'write',
    );
    expect(results.map((r) => r.rowsAffected)).toEqual([1, 1, 1]);
    expect(await count('players')).toBe(before + BigInt(names.length));
  });

  it('rolls back a batch that fails midway, leaving nothing behind', async () => {
    const db = client();
    const before = await count('players');
    const failing = db.batch(
      [
        { sql: 'INSERT INTO players (name) VALUES (?)', args: ['kept?'] },
        { sql: 'INSERT INTO players (name) VALUES (?)', args: [null] },
        { sql: 'INSERT INTO players (name) VALUES (?)', args: ['never'] },
      ],
      'write',
    );
    await expect(failing).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT' });
    expect(await count('players')).toBe(before);
    expect((await db.execute({ sql: 'SELECT count(*) AS n FROM players WHERE name = ?', args: ['kept?'] })).rows[0]!.n).toBe(0n);
  });

  it('keeps an interactive transaction open across requests', async () => {
    const db = client();
    const before = await count('players');
    const committed = await db.transaction('write');
    await committed.execute({ sql: 'INSERT INTO players (name) VALUES (?)', args: ['in transaction'] });
    const inside = await committed.execute("SELECT count(*) AS n FROM players WHERE name = 'in transaction'");
    expect(inside.rows[0]!.n).toBe(1n);
    await committed.commit();
    expect(await count('players')).toBe(before + 1n);

    const rolledBack = await db.transaction('write');
    await rolledBack.execute("DELETE FROM players WHERE name = 'in transaction'");
    await rolledBack.rollback();
    expect(await count('players')).toBe(before + 1n);
  });

  it('surfaces a syntax error as the client error with its code', async () => {
    const error = await client()
      .execute('SELEC 1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LibsqlError);
    expect(error).toMatchObject({ code: 'SQL_PARSE_ERROR', message: expect.stringMatching(/SQL string could not be parsed: .*syntax error/) });
  });

  it('refuses a write with a Read Only token and changes nothing, but lets it read', async () => {
    const readOnly = client(READ_ONLY_TOKEN);
    const before = await count('players');
    await expect(readOnly.execute("INSERT INTO players (name) VALUES ('sneaky')")).rejects.toMatchObject({ code: 'SQLITE_READONLY' });
    await expect(readOnly.batch(["INSERT INTO players (name) VALUES ('sneaky')"], 'write')).rejects.toBeInstanceOf(LibsqlError);
    await expect(readOnly.executeMultiple("DELETE FROM players; INSERT INTO players (name) VALUES ('sneaky')")).rejects.toBeInstanceOf(LibsqlError);
    expect(await count('players', readOnly)).toBe(before);
    expect(await count('players')).toBe(before);
  });

  it('refuses a wrong token', async () => {
    const error = await client('not-a-token')
      .execute('SELECT 1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LibsqlError);
    expect(String((error as Error).message)).toMatch(/401/);
    expect(String((error as Error).message)).not.toContain('not-a-token');
  });

  it('runs a script with executeMultiple', async () => {
    const db = client();
    await db.executeMultiple("CREATE TABLE tags (tag TEXT PRIMARY KEY); INSERT INTO tags VALUES ('a'); INSERT INTO tags VALUES ('b');");
    expect(await count('tags')).toBe(2n);
  });
});

describe('the pipeline protocol, request by request', () => {
  const post = (body: unknown, token = FULL_ACCESS_TOKEN) =>
    mock.fetch(`${mock.url}/v2/pipeline`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const execute = (sql: string, args: unknown[] = []) => ({ type: 'execute', stmt: { sql, args, named_args: [], want_rows: true } });
  const step = (sql: string, condition?: unknown) => ({ ...(condition ? { condition } : {}), stmt: { sql } });

  beforeAll(async () => {
    await post({ requests: [{ type: 'sequence', sql: 'CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)' }, { type: 'close' }] });
  });

  it('continues a stream with its baton, and a used baton no longer works', async () => {
    const first = await (await post({ requests: [{ type: 'sequence', sql: 'BEGIN' }, execute("INSERT INTO notes (body) VALUES ('x')")] })).json();
    expect(first.baton).toEqual(expect.any(String));
    expect(first.results.map((r: { type: string }) => r.type)).toEqual(['ok', 'ok']);

    const second = await (await post({ baton: first.baton, requests: [execute('SELECT count(*) FROM notes'), { type: 'close' }] })).json();
    expect(second.results[0].response.result.rows).toEqual([[{ type: 'integer', value: '1' }]]);
    expect(second.baton).toBeNull();

    // The stream closed without COMMIT, so its insert was rolled back.
    const after = await (await post({ requests: [execute('SELECT count(*) FROM notes'), { type: 'close' }] })).json();
    expect(after.results[0].response.result.rows).toEqual([[{ type: 'integer', value: '0' }]]);

    const reused = await post({ baton: first.baton, requests: [execute('SELECT 1')] });
    expect(reused.status).toBe(500);
    expect(await reused.json()).toMatchObject({ code: 'BATON_REUSED' });
  });

  it('answers 400 for a baton the server never gave out (bad input, not a stream error)', async () => {
    const response = await post({ baton: 'made-up', requests: [execute('SELECT 1')] });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(await response.text()).toMatch(/^BATON_INVALID: /);
  });

  it('refuses a baton presented with another token', async () => {
    const open = await (await post({ requests: [execute('SELECT 1')] })).json();
    const response = await post({ baton: open.baton, requests: [execute('SELECT 1')] }, READ_ONLY_TOKEN);
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/^BATON_INVALID: /);
  });

  it('stores, uses and forgets SQL texts by number', async () => {
    const body = await (
      await post({
        requests: [
          { type: 'store_sql', sql_id: 7, sql: 'SELECT ? * 2' },
          { type: 'execute', stmt: { sql_id: 7, args: [{ type: 'integer', value: '21' }] } },
          { type: 'store_sql', sql_id: 7, sql: 'SELECT 1' },
          { type: 'close_sql', sql_id: 7 },
          { type: 'execute', stmt: { sql_id: 7 } },
          { type: 'close' },
        ],
      })
    ).json();
    expect(body.results[0]).toEqual({ type: 'ok', response: { type: 'store_sql' } });
    expect(body.results[1].response.result.rows).toEqual([[{ type: 'integer', value: '42' }]]);
    expect(body.results[2]).toMatchObject({ type: 'error', error: { code: 'SQL_EXISTS' } });
    expect(body.results[3]).toEqual({ type: 'ok', response: { type: 'close_sql' } });
    expect(body.results[4]).toMatchObject({ type: 'error', error: { code: 'SQL_NOT_FOUND' } });
    expect(body.results[5]).toEqual({ type: 'ok', response: { type: 'close' } });
  });

  it('describes a statement without running it', async () => {
    const body = await (
      await post({
        requests: [
          { type: 'describe', sql: 'SELECT id, body AS text, 1 + 1 FROM notes WHERE id = :id OR body = ?' },
          { type: 'describe', sql: 'INSERT INTO notes (body) VALUES (?)' },
          { type: 'describe', sql: 'EXPLAIN SELECT 1' },
          { type: 'close' },
        ],
      })
    ).json();
    expect(body.results[0].response.result).toEqual({
      params: [{ name: ':id' }, { name: null }],
      cols: [
        { name: 'id', decltype: 'INTEGER' },
        { name: 'text', decltype: 'TEXT' },
        { name: '1 + 1', decltype: null },
      ],
      is_explain: false,
      is_readonly: true,
    });
    expect(body.results[1].response.result).toMatchObject({ params: [{ name: null }], cols: [], is_explain: false, is_readonly: false });
    expect(body.results[2].response.result).toMatchObject({ is_explain: true, is_readonly: true });
  });

  // Step 0 succeeds, step 1 fails; each case is the condition of step 2 and whether it runs.
  const conditions: [string, unknown, boolean][] = [
    ['ok of a step that succeeded', { type: 'ok', step: 0 }, true],
    ['ok of a step that failed', { type: 'ok', step: 1 }, false],
    ['error of a step that failed', { type: 'error', step: 1 }, true],
    ['error of a step that succeeded', { type: 'error', step: 0 }, false],
    ['not', { type: 'not', cond: { type: 'ok', step: 1 } }, true],
    [
      'and, one false',
      {
        type: 'and',
        conds: [
          { type: 'ok', step: 0 },
          { type: 'ok', step: 1 },
        ],
      },
      false,
    ],
    ['and, empty', { type: 'and', conds: [] }, true],
    [
      'or, one true',
      {
        type: 'or',
        conds: [
          { type: 'ok', step: 1 },
          { type: 'ok', step: 0 },
        ],
      },
      true,
    ],
    ['or, empty', { type: 'or', conds: [] }, false],
  ];
  it.each(conditions)('runs a batch step under the condition %s', async (_name, condition, runs) => {
    const body = await (
      await post({
        requests: [
          { type: 'batch', batch: { steps: [step('SELECT 1'), step('SELECT * FROM missing_table'), step('SELECT 2', condition)] } },
          { type: 'close' },
        ],
      })
    ).json();
    const { step_results: results, step_errors: errors } = body.results[0].response.result;
    expect(results[0]).not.toBeNull();
    expect(errors[1]).toMatchObject({ message: expect.stringMatching(/no such table/) });
    expect(results[2] !== null).toBe(runs);
    expect(errors[2]).toBeNull();
  });

  it('refuses a batch whose condition looks at a later step', async () => {
    const body = await (await post({ requests: [{ type: 'batch', batch: { steps: [step('SELECT 1', { type: 'ok', step: 1 }), step('SELECT 2')] } }] })).json();
    expect(body.results[0]).toMatchObject({ type: 'error', error: { code: 'BATCH_COND_INVALID' } });
  });

  it('runs every request of a pipeline even when one fails', async () => {
    const body = await (await post({ requests: [execute('SELECT nope'), execute('SELECT 5'), { type: 'close' }] })).json();
    expect(body.results.map((r: { type: string }) => r.type)).toEqual(['error', 'ok', 'ok']);
  });

  it('answers 401 naming the reason in the words of sqld, for an unknown token and when the token is missing', async () => {
    mock.allowInvalidRequests(); // the missing token is a request violation
    const unknown = await post({ requests: [execute('SELECT 1')] }, 'nope');
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('content-type')).toBe('application/json');
    expect(await unknown.json()).toEqual({ error: 'Unauthorized: `The JWT is invalid`' });
    const missing = await mock.fetch(`${mock.url}/v2/pipeline`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"requests":[]}' });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ error: 'Unauthorized: `Expected authorization header but none given`' });
  });

  it.each([
    ['a request without stmt', { requests: [{ type: 'execute' }] }],
    ['an unknown request type', { requests: [{ type: 'explode' }] }],
    ['an integer that is not decimal', { requests: [execute('SELECT ?', [{ type: 'integer', value: '1e3' }])] }],
    ['no requests member', {}],
  ])('answers 400 in plain text for %s', async (_name, body) => {
    mock.allowInvalidRequests();
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).not.toBe('');
  });

  it('answers the version check', async () => {
    const response = await mock.fetch(`${mock.url}/v2`);
    expect(response.status).toBe(200);
    expect(validateAnswer('database', 'getPipelineVersion', 200, await response.text(), 'text/plain')).toEqual([]);
  });
});

describe('an idle stream', () => {
  const idle = useDatabaseMock({ streamIdleMs: 50 });

  it('expires once the clock passes the idle time, rolling back its transaction, and its baton answers STREAM_EXPIRED', async () => {
    const post = (body: unknown) =>
      idle.fetch(`${idle.url}/v2/pipeline`, {
        method: 'POST',
        headers: { authorization: `Bearer ${FULL_ACCESS_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const open = await (await post({ requests: [{ type: 'sequence', sql: 'CREATE TABLE t (x); BEGIN; INSERT INTO t VALUES (1);' }] })).json();
    idle.host.advance(51);
    const expired = await post({ baton: open.baton, requests: [{ type: 'execute', stmt: { sql: 'COMMIT' } }] });
    expect(expired.status).toBe(500);
    expect(await expired.json()).toMatchObject({ code: 'STREAM_EXPIRED' });
    const left = await (await post({ requests: [{ type: 'execute', stmt: { sql: 'SELECT count(*) FROM t' } }, { type: 'close' }] })).json();
    expect(left.results[0].response.result.rows).toEqual([[{ type: 'integer', value: '0' }]]);
  });
});
