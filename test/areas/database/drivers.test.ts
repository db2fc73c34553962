// More of the drivers people use with libSQL, against the mock over real HTTP and WebSocket:
// Turso's serverless driver (@tursodatabase/serverless: /v3/pipeline and /v3/cursor),
// libsql-stateless-easy (one request per call, sent as text/plain) and knex with
// @libsql/knex-libsql (hrana-client 0.4 over HTTP and over ws://).
import ClientLibsql from '@libsql/knex-libsql';
import { connect } from '@tursodatabase/serverless';
import knex, { type Knex } from 'knex';
import { createClient as createStatelessClient } from 'libsql-stateless-easy';
import { afterAll, describe, expect, it } from 'vitest';
import { FULL_ACCESS_TOKEN, READ_ONLY_TOKEN, useDatabaseMock } from '../../support/database.ts';

const mock = useDatabaseMock({}, { port: true });
const knexes: Knex[] = [];
afterAll(() => Promise.all(knexes.map((db) => db.destroy())));

describe('@tursodatabase/serverless', () => {
  it('runs prepared statements, a batch and a transaction over /v3/pipeline and /v3/cursor', async () => {
    const conn = connect({ url: mock.url, authToken: FULL_ACCESS_TOKEN });
    await conn.batch(['CREATE TABLE turso_users (id INTEGER PRIMARY KEY, email TEXT NOT NULL)', "INSERT INTO turso_users (email) VALUES ('ada@example.com')"]);
    await (await conn.prepare('INSERT INTO turso_users (email) VALUES (?)')).run(['grace@example.com']);
    expect(await (await conn.prepare('SELECT email FROM turso_users WHERE id = ?')).get([2])).toMatchObject({ email: 'grace@example.com' });
    await conn.transaction(async () => {
      await conn.run("INSERT INTO turso_users (email) VALUES ('linus@example.com')");
    })();
    const emails = (await conn.all('SELECT email FROM turso_users ORDER BY id')).map((row: { email: string }) => row.email);
    expect(emails).toEqual(['ada@example.com', 'grace@example.com', 'linus@example.com']);
    await conn.close();
  });

  it('surfaces the Read Only refusal', async () => {
    const conn = connect({ url: mock.url, authToken: READ_ONLY_TOKEN });
    await expect(conn.run("INSERT INTO turso_users (email) VALUES ('x@example.com')")).rejects.toThrow(/read[- ]?only|SQLITE_READONLY/i);
    await conn.close();
  });
});

describe('libsql-stateless-easy', () => {
  it('executes and batches, each call one request whose Content-Type is not JSON', async () => {
    const sent: (string | null)[] = [];
    const recording: typeof fetch = async (input, init) => {
      sent.push(new Request(input, init).headers.get('content-type'));
      return fetch(input, init);
    };
    const client = createStatelessClient({ url: mock.url, authToken: FULL_ACCESS_TOKEN, fetch: recording });
    await client.execute('CREATE TABLE stateless (id INTEGER PRIMARY KEY, v TEXT)');
    const [, named] = await client.batch([
      { sql: 'INSERT INTO stateless (v) VALUES (?)', args: ['positional'] },
      { sql: 'INSERT INTO stateless (v) VALUES (:v)', args: { v: 'named' } },
    ]);
    expect(named!.lastInsertRowid).toBe(2n);
    const result = await client.execute({ sql: 'SELECT v FROM stateless WHERE id > ? ORDER BY id', args: [0] });
    expect(result.rows.map((row) => row.v)).toEqual(['positional', 'named']);
    expect(sent.length).toBeGreaterThanOrEqual(3);
    for (const contentType of sent) expect(contentType ?? '').not.toMatch(/json/);
  });
});

describe('knex with @libsql/knex-libsql', () => {
  const connectKnex = (url: string) => {
    const db = knex({ client: ClientLibsql as unknown as typeof knex.Client, connection: { filename: url }, useNullAsDefault: true });
    knexes.push(db);
    return db;
  };

  it.each([
    ['HTTP', () => `${mock.url}?authToken=${FULL_ACCESS_TOKEN}`],
    ['WebSocket', () => `${mock.url.replace(/^http:/, 'ws:')}?authToken=${FULL_ACCESS_TOKEN}`],
  ])('builds a schema, inserts, queries and rolls a transaction back over %s', async (transport, url) => {
    const db = connectKnex(url());
    const table = `knex_${transport.startsWith('HTTP') ? 'http' : 'ws'}`;
    await db.schema.createTable(table, (t) => {
      t.increments('id');
      t.string('name').notNullable();
    });
    await db(table).insert([{ name: 'one' }, { name: 'two' }]);
    await expect(
      db.transaction(async (trx) => {
        await trx(table).insert({ name: 'rolled back' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await db(table).select('name').orderBy('id')).toEqual([{ name: 'one' }, { name: 'two' }]);
  });
});
