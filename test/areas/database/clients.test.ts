// Real clients of libSQL's protocol against the mock: drizzle-orm and kysely over
// @libsql/client, @libsql/hrana-client's streams (protocol version 3 over HTTP), and the
// requests libSQL's Rust client sends to /v3/pipeline and /v3/cursor.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Client, createClient } from '@libsql/client';
import * as hrana from '@libsql/hrana-client';
import { LibsqlDialect, type libsql } from '@libsql/kysely-libsql';
import { sql as drizzleSql, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { Kysely, sql as kyselySql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import { afterAll, describe, expect, it } from 'vitest';
import { FULL_ACCESS_TOKEN, useDatabaseMock } from '../../support/database.ts';

type LibsqlClientOfDialect = libsql.Client;

const mock = useDatabaseMock();
const clients: Client[] = [];
const libsqlClient = () => {
  const client = createClient({ url: mock.url, authToken: FULL_ACCESS_TOKEN, fetch: mock.fetch });
  clients.push(client);
  return client;
};
afterAll(() => clients.forEach((client) => client.close()));

describe('drizzle-orm over @libsql/client', () => {
  const authors = sqliteTable('authors', { id: integer('id').primaryKey(), name: text('name').notNull() });
  const books = sqliteTable('books', {
    id: integer('id').primaryKey(),
    title: text('title').notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => authors.id),
  });
  const migrations = mkdtempSync(path.join(os.tmpdir(), 'drizzle-migrations-'));
  afterAll(() => rmSync(migrations, { recursive: true, force: true }));

  it('migrates a schema, joins, and rolls a transaction back', async () => {
    // A migration folder as drizzle-kit writes it.
    mkdirSync(path.join(migrations, 'meta'));
    writeFileSync(
      path.join(migrations, 'meta', '_journal.json'),
      JSON.stringify({ version: '7', dialect: 'sqlite', entries: [{ idx: 0, version: '6', when: 1_700_000_000_000, tag: '0000_init', breakpoints: true }] }),
    );
    writeFileSync(
      path.join(migrations, '0000_init.sql'),
      'CREATE TABLE `authors` (`id` integer PRIMARY KEY NOT NULL, `name` text NOT NULL);\n--> statement-breakpoint\n' +
        'CREATE TABLE `books` (`id` integer PRIMARY KEY NOT NULL, `title` text NOT NULL, `author_id` integer NOT NULL REFERENCES `authors`(`id`));\n',
    );
    const db = drizzle(libsqlClient());
    await migrate(db, { migrationsFolder: migrations });
    await migrate(db, { migrationsFolder: migrations }); // applied once only

    const [ursula] = await db.insert(authors).values({ name: 'Ursula' }).returning();
    await db.insert(books).values([
      { title: 'The Dispossessed', authorId: ursula!.id },
      { title: 'The Lathe of Heaven', authorId: ursula!.id },
    ]);
    const joined = await db
      .select({ title: books.title, author: authors.name })
      .from(books)
      .innerJoin(authors, eq(books.authorId, authors.id))
      .orderBy(books.title);
    expect(joined).toEqual([
      { title: 'The Dispossessed', author: 'Ursula' },
      { title: 'The Lathe of Heaven', author: 'Ursula' },
    ]);

    await expect(
      db.transaction(async (tx) => {
        await tx.insert(authors).values({ name: 'Rolled back' });
        tx.rollback();
      }),
    ).rejects.toThrow(/Rollback/i);
    const names = await db.select({ name: authors.name }).from(authors);
    expect(names).toEqual([{ name: 'Ursula' }]);
    const [{ count }] = (await db.all(drizzleSql`SELECT count(*) AS count FROM __drizzle_migrations`)) as [{ count: number }];
    expect(count).toBe(1);
  });
});

describe('kysely over @libsql/client', () => {
  interface Schema {
    shelves: { id: number | null; label: string };
    items: { id: number | null; shelf_id: number; name: string };
  }

  it('migrates a schema, joins, and rolls a transaction back', async () => {
    // The dialect is typed against an older @libsql/client; the client it is given is the current one.
    const db = new Kysely<Schema>({ dialect: new LibsqlDialect({ client: libsqlClient() as unknown as LibsqlClientOfDialect }) });
    const init: Migration = {
      async up(k) {
        await k.schema
          .createTable('shelves')
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .addColumn('label', 'text', (c) => c.notNull())
          .execute();
        await k.schema
          .createTable('items')
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .addColumn('shelf_id', 'integer', (c) => c.notNull().references('shelves.id'))
          .addColumn('name', 'text', (c) => c.notNull())
          .execute();
      },
    };
    const migrator = new Migrator({ db, provider: { getMigrations: async () => ({ '0001_init': init }) } });
    const { error, results } = await migrator.migrateToLatest();
    expect(error).toBeUndefined();
    expect(results?.map((r) => [r.migrationName, r.status])).toEqual([['0001_init', 'Success']]);

    const shelf = await db.insertInto('shelves').values({ label: 'top' }).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('items')
      .values([
        { shelf_id: shelf.id!, name: 'lamp' },
        { shelf_id: shelf.id!, name: 'clock' },
      ])
      .execute();
    const joined = await db
      .selectFrom('items')
      .innerJoin('shelves', 'shelves.id', 'items.shelf_id')
      .select(['items.name', 'shelves.label'])
      .orderBy('items.name')
      .execute();
    expect(joined).toEqual([
      { name: 'clock', label: 'top' },
      { name: 'lamp', label: 'top' },
    ]);

    await expect(
      db.transaction().execute(async (tx) => {
        await tx.insertInto('shelves').values({ label: 'never' }).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { n } = await db.selectFrom('shelves').select(kyselySql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(Number(n)).toBe(1);
    await db.destroy();
  });
});

describe('@libsql/hrana-client streams', () => {
  const paths: string[] = [];
  // The client builds Request objects of its own fetch implementation: they are taken apart here.
  const recordingFetch = (async (input: Request | URL | string, init?: RequestInit) => {
    if (typeof input !== 'object' || !('url' in input)) {
      paths.push(new URL(String(input)).pathname);
      return mock.fetch(String(input), init);
    }
    paths.push(new URL(input.url).pathname);
    const body = input.method === 'GET' ? undefined : new Uint8Array(await input.arrayBuffer());
    return mock.fetch(input.url, { method: input.method, headers: Object.fromEntries([...(input.headers as unknown as Iterable<[string, string]>)]), body });
  }) as typeof fetch;

  it('streams over HTTP: batons, stored SQL, describe, sequence and batch conditions', async () => {
    // Asked for version 3, the TypeScript client looks for its Protobuf encoding only
    // (/v3-protobuf), which the mock serves as sqld does, and speaks version 3 in Protobuf.
    const client = hrana.openHttp(mock.url, FULL_ACCESS_TOKEN, recordingFetch, undefined, 3);
    expect(await client.getVersion()).toBe(3);
    const stream = client.openStream();

    await stream.run('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
    const insert = stream.storeSql('INSERT INTO notes (body) VALUES (?)');
    await stream.run([insert, ['first']]);
    await stream.run([insert, ['second']]);
    insert.close();
    const rows = await stream.query('SELECT body FROM notes ORDER BY id');
    expect(rows.rows.map((row) => row.body)).toEqual(['first', 'second']);

    const described = await stream.describe('SELECT body FROM notes WHERE id = ?2 OR body = :b');
    expect(described.paramNames).toEqual([undefined, '?2', ':b']);
    expect(described.columns.map((c) => c.name)).toEqual(['body']);
    expect(described.isReadonly).toBe(true);

    await stream.sequence("INSERT INTO notes (body) VALUES ('third'); INSERT INTO notes (body) VALUES ('fourth');");
    expect((await stream.queryValue('SELECT count(*) FROM notes')).value).toBe(4);

    // BEGIN, a failing step, a step that runs only after the failure, ROLLBACK unless COMMIT ran.
    const batch = stream.batch(false);
    const begin = batch.step();
    const results: Promise<unknown>[] = [begin.run('BEGIN')];
    const failing = batch.step().condition(hrana.BatchCond.ok(begin));
    results.push(failing.run('INSERT INTO notes (body) VALUES (NULL)'));
    const afterFailure = batch.step().condition(hrana.BatchCond.error(failing));
    results.push(afterFailure.query('SELECT count(*) AS n FROM notes'));
    const commit = batch.step().condition(hrana.BatchCond.ok(failing));
    results.push(commit.run('COMMIT'));
    results.push(
      batch
        .step()
        .condition(hrana.BatchCond.not(hrana.BatchCond.ok(commit)))
        .run('ROLLBACK'),
    );
    await batch.execute();
    await expect(results[1]).rejects.toThrow(/NOT NULL/);
    expect(((await results[2]) as hrana.RowsResult | undefined)?.rows[0]?.n).toBe(4);
    expect(await results[3]).toBeUndefined();
    expect(await results[4]).toBeDefined();

    stream.close();
    client.close();
    expect(paths).toContain('/v3-protobuf');
    expect(paths).toContain('/v3-protobuf/pipeline');
    expect(paths).not.toContain('/v2/pipeline');
  });
});

describe("requests as libSQL's Rust client sends them", () => {
  const post = (endpoint: string, body: unknown) =>
    mock.fetch(`${mock.url}${endpoint}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${FULL_ACCESS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  // Serde sends every field: unset ones as null, and replication_index, which peers ignore.
  const stmt = (sql: string, args: unknown[] = []) => ({ sql, sql_id: null, args, named_args: [], want_rows: true, replication_index: null });

  it('runs /v3/pipeline with every field present', async () => {
    const response = await post('/v3/pipeline', {
      baton: null,
      requests: [
        { type: 'execute', stmt: stmt('CREATE TABLE rust (id INTEGER PRIMARY KEY, v TEXT)') },
        { type: 'execute', stmt: stmt('INSERT INTO rust (v) VALUES (?)', [{ type: 'text', value: 'crab' }]) },
        { type: 'get_autocommit' },
      ],
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.results[1].response.result).toMatchObject({
      affected_row_count: 1,
      last_insert_rowid: '1',
      rows_written: 1,
      query_duration_ms: expect.any(Number),
    });
    expect(body.results[2]).toEqual({ type: 'ok', response: { type: 'get_autocommit', is_autocommit: true } });
    const closed = await post('/v3/pipeline', { baton: body.baton, requests: [{ type: 'close' }] });
    expect((await closed.json()).baton).toBeNull();
  });

  it('runs a batch through /v3/cursor, one entry per line', async () => {
    const response = await post('/v3/cursor', {
      baton: null,
      batch: {
        steps: [
          { condition: null, stmt: stmt('SELECT v FROM rust') },
          { condition: null, stmt: stmt('SELECT * FROM no_such_table') },
          { condition: { type: 'ok', step: 1 }, stmt: stmt('SELECT 1') },
        ],
        replication_index: null,
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await response.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines[0]).toEqual({ baton: expect.any(String), base_url: null });
    expect(lines.slice(1)).toEqual([
      { type: 'step_begin', step: 0, cols: [{ name: 'v', decltype: 'TEXT' }] },
      { type: 'row', row: [{ type: 'text', value: 'crab' }] },
      { type: 'step_end', affected_row_count: 0, last_insert_rowid: null },
      { type: 'step_error', step: 1, error: { message: 'SQLite error: no such table: no_such_table', code: 'SQLITE_UNKNOWN', extended_code: 'SQLITE_ERROR' } },
    ]);
    const closed = await post('/v3/pipeline', { baton: lines[0].baton, requests: [{ type: 'close' }] });
    expect(closed.status).toBe(200);
  });

  it('answers the version probe of version 3', async () => {
    const response = await mock.fetch(`${mock.url}/v3`);
    expect(await response.text()).toBe('Hello, this is HTTP API v3 (Hrana over HTTP)');
  });
});
