// Real migration tools against the mock, over HTTP and over WebSocket, each on a fresh database,
// and against libSQL itself (a file through the `libsql` package) to show the expectations true:
// drizzle-kit push with dialect 'turso' (its CLI, in a process of its own: a table rebuilt for a
// foreign key change, `__new_books` then RENAME TO; a DROP COLUMN; libSQL's ALTER COLUMN),
// drizzle-kit's generated migrations (drizzle-kit/api) applied by drizzle-orm's migrator,
// Prisma's SQLite migrations (test/areas/database/fixtures/prisma/) through @prisma/adapter-libsql,
// and @libsql/client's migrate(). Each case checks the schema by introspection (PRAGMA
// table_info and foreign_key_list) and that the rows written before the change are kept.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Client, createClient } from '@libsql/client';
import { PrismaLibSql } from '@prisma/adapter-libsql';
import { generateSQLiteDrizzleJson, generateSQLiteMigration, pushSQLiteSchema } from 'drizzle-kit/api';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabaseToken } from '../../../scripts/lib/libsql/mock-sql.ts';
import { ROOT } from '../../../scripts/lib/paths.ts';
import { useDatabaseMock } from '../../support/database.ts';
import * as schemaV1 from './fixtures/drizzle/schema-v1.ts';
import * as schemaV2 from './fixtures/drizzle/schema-v2.ts';

const mock = useDatabaseMock({}, { port: true });
const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const scratch = mkdtempSync(path.join(tmpdir(), 'migration-tools-'));
const clients: Client[] = [];
afterAll(() => {
  for (const client of clients) client.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The mock over each transport, and libSQL itself (a file, the `libsql` package): what the tests expect is what libSQL does. */
const TRANSPORTS = [
  ['the mock, over HTTP', 'http'],
  ['the mock, over WebSocket', 'ws'],
  ['libSQL itself, in a file', 'file'],
] as const;
let databases = 0;

/** A fresh database: its URL (of the mock over the transport, or a file), a token, and a client of it. */
async function freshDatabase(scheme: 'http' | 'ws' | 'file') {
  const name = `migration-tools-${databases++}`;
  const token = scheme === 'file' ? undefined : await freshDatabaseToken(globalThis.fetch, mock.url, name);
  const url = scheme === 'file' ? `file:${path.join(scratch, `${name}.db`)}` : `${scheme}://${new URL(mock.url).host}`;
  const client = createClient({ url, authToken: token });
  clients.push(client);
  return { url, token, client };
}

/** A table's columns as PRAGMA table_info gives them, and its foreign keys. */
async function shapeOf(client: Client, table: string) {
  const columns = (await client.execute(`PRAGMA table_info(${table})`)).rows.map((row) => ({
    name: row.name,
    type: row.type,
    notNull: Number(row.notnull),
    default: row.dflt_value,
  }));
  const foreignKeys = (await client.execute(`PRAGMA foreign_key_list(${table})`)).rows.map((row) => `${row.from} -> ${row.table}.${row.to}`);
  return { columns, foreignKeys };
}
const tablesOf = async (client: Client) =>
  (
    await client.execute(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_\\_%' ESCAPE '\\' ORDER BY name",
    )
  ).rows.map((row) => row.name);
const rowsOf = async (client: Client, sql: string) => (await client.execute(sql)).rows.map((row) => ({ ...row }));

/** drizzle-kit's CLI, as a user runs it: exit code and output (it exits 0 after a failed push, so the tests look at the database). */
function drizzleKit(args: string[]): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/drizzle-kit/bin.cjs'), ...args], { cwd: ROOT });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => resolve({ status, output }));
  });
}

const SEED = [
  "INSERT INTO authors (id, name) VALUES (1, 'Ursula')",
  "INSERT INTO editors (id, name) VALUES (1, 'Vonda')",
  "INSERT INTO books (id, title, person_id) VALUES (1, 'The Dispossessed', 1)",
  "INSERT INTO notes (id, body, draft) VALUES (1, 'kept', 'dropped')",
  "INSERT INTO tags (id, label) VALUES (1, 'sf')",
];

/** What schema-v2.ts is, by introspection, with the rows SEED wrote. */
async function expectSchemaV2(client: Client) {
  expect(await tablesOf(client)).toEqual(['authors', 'books', 'editors', 'notes', 'tags']);
  expect((await shapeOf(client, 'books')).foreignKeys).toEqual(['person_id -> editors.id']);
  expect((await shapeOf(client, 'notes')).columns.map((column) => column.name)).toEqual(['id', 'body']);
  expect((await shapeOf(client, 'tags')).columns[1]).toEqual({ name: 'label', type: 'TEXT', notNull: 1, default: "'none'" });
  expect(await rowsOf(client, 'SELECT id, title, person_id FROM books')).toEqual([{ id: 1, title: 'The Dispossessed', person_id: 1 }]);
  expect(await rowsOf(client, 'SELECT * FROM notes')).toEqual([{ id: 1, body: 'kept' }]);
  expect(await rowsOf(client, 'SELECT * FROM tags')).toEqual([{ id: 1, label: 'sf' }]);
  expect(await rowsOf(client, 'PRAGMA foreign_key_check')).toEqual([]);
}

describe.each(TRANSPORTS)('%s', (_name, scheme) => {
  // drizzle-kit's CLI costs a process (about 2 s): it runs against the mock only; its expectations are
  // libSQL's, as the generate + migrate case below shows on libSQL itself (expectSchemaV2).
  it.skipIf(scheme === 'file')(
    "drizzle-kit push (dialect 'turso'): a table rebuilt for a foreign key, DROP COLUMN and ALTER COLUMN, rows kept",
    { timeout: 60_000 },
    async () => {
      const { url, token, client } = await freshDatabase(scheme);
      const db = drizzle(client);
      // The first push in process (drizzle-kit/api), the change with the CLI: the dialect 'turso' is the CLI's.
      await (await pushSQLiteSchema(schemaV1, db)).apply();
      await client.batch(SEED);
      const credentials = token ? ['--url', url, '--auth-token', token] : ['--url', url];
      const push = await drizzleKit([
        'push',
        '--dialect',
        'turso',
        '--schema',
        path.join(FIXTURES, 'drizzle/schema-v2.ts'),
        ...credentials,
        '--force',
        '--verbose',
      ]);
      // Its error's first line (its stack points into drizzle-kit's bundle, whose source map vitest cannot read).
      expect(push.output.split('\n').find((line) => /error/i.test(line))).toBeUndefined();
      expect(push.status).toBe(0);
      expect(push.output).toMatch(/ALTER TABLE `__new_books` RENAME TO `books`/);
      expect(push.output).toMatch(/ALTER TABLE `notes` DROP COLUMN `draft`/);
      expect(push.output).toMatch(/ALTER TABLE `tags` ALTER COLUMN "label" TO "label" text NOT NULL DEFAULT 'none'/);
      await expectSchemaV2(client);
    },
  );

  it('drizzle-kit generate, then drizzle-orm migrate: the second migration rebuilds a table, rows kept', async () => {
    const { client } = await freshDatabase(scheme);
    const folder = mkdtempSync(path.join(scratch, 'drizzle-'));
    const empty = await generateSQLiteDrizzleJson({});
    const v1 = await generateSQLiteDrizzleJson(schemaV1, empty.id);
    const v2 = await generateSQLiteDrizzleJson(schemaV2, v1.id);
    const migrations = [await generateSQLiteMigration(empty, v1), await generateSQLiteMigration(v1, v2)];
    expect(migrations[1]!.join('\n')).toMatch(/ALTER TABLE `__new_books` RENAME TO `books`/);
    // The migrations folder as drizzle-kit generate writes it: one SQL file per migration and meta/_journal.json.
    const db = drizzle(client);
    const apply = async (count: number) => {
      const entries = migrations.slice(0, count).map((statements, idx) => {
        writeFileSync(path.join(folder, `000${idx}_step.sql`), statements.join('\n--> statement-breakpoint\n'));
        return { idx, version: '6', when: 1_700_000_000_000 + idx, tag: `000${idx}_step`, breakpoints: true };
      });
      mkdirSync(path.join(folder, 'meta'), { recursive: true });
      writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ version: '7', dialect: 'sqlite', entries }));
      await migrate(db, { migrationsFolder: folder });
    };
    await apply(1);
    await client.batch(SEED);
    await apply(2);
    await expectSchemaV2(client);
    expect(await rowsOf(client, 'SELECT count(*) AS applied FROM __drizzle_migrations')).toEqual([{ applied: 2 }]);
  });

  it("Prisma's migrations through @prisma/adapter-libsql: the table redefined, rows kept", async () => {
    const { url, token, client } = await freshDatabase(scheme);
    const adapter = await new PrismaLibSql({ url, authToken: token }).connect();
    try {
      const migration = (name: string) => readFileSync(path.join(FIXTURES, 'prisma/migrations', name, 'migration.sql'), 'utf8');
      await adapter.executeScript(migration('20260101000000_init'));
      await client.batch([
        "INSERT INTO \"User\" (email, name) VALUES ('ada@example.com', 'Ada'), ('bob@example.com', NULL)",
        'INSERT INTO "Post" (title, "authorId") VALUES (\'Notes\', 2)',
      ]);
      await adapter.executeScript(migration('20260102000000_user_name_required'));
      expect(await tablesOf(client)).toEqual(['Post', 'User']);
      expect((await shapeOf(client, 'User')).columns).toEqual([
        { name: 'id', type: 'INTEGER', notNull: 1, default: null },
        { name: 'email', type: 'TEXT', notNull: 1, default: null },
        { name: 'name', type: 'TEXT', notNull: 1, default: "''" },
      ]);
      expect((await shapeOf(client, 'Post')).foreignKeys).toEqual(['authorId -> User.id']);
      const users = await adapter.queryRaw({ sql: 'SELECT id, email, name FROM "User" ORDER BY id', args: [], argTypes: [] });
      expect(users.rows).toEqual([
        [1, 'ada@example.com', 'Ada'],
        [2, 'bob@example.com', ''],
      ]);
      expect(await rowsOf(client, 'SELECT title, "authorId" FROM "Post"')).toEqual([{ title: 'Notes', authorId: 2 }]);
      expect(await rowsOf(client, "SELECT name FROM sqlite_schema WHERE type = 'index' AND name = 'User_email_key'")).toEqual([{ name: 'User_email_key' }]);
    } finally {
      await adapter.dispose();
    }
  });

  it("@libsql/client's migrate(): a table rebuilt with foreign keys off, rows kept", async () => {
    const { client } = await freshDatabase(scheme);
    await client.batch([
      'CREATE TABLE teams (id INTEGER PRIMARY KEY, name TEXT)',
      'CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT, team_id INTEGER REFERENCES teams (id))',
      "INSERT INTO teams VALUES (1, 'Red'), (2, NULL)",
      "INSERT INTO players VALUES (1, 'Ann', 2)",
    ]);
    await client.migrate([
      "CREATE TABLE __new_teams (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT 'unnamed')",
      "INSERT INTO __new_teams (id, name) SELECT id, coalesce(name, 'unnamed') FROM teams",
      'DROP TABLE teams',
      'ALTER TABLE __new_teams RENAME TO teams',
      'CREATE INDEX teams_name ON teams (name)',
    ]);
    expect((await shapeOf(client, 'teams')).columns[1]).toEqual({ name: 'name', type: 'TEXT', notNull: 1, default: "'unnamed'" });
    expect(await rowsOf(client, 'SELECT * FROM teams ORDER BY id')).toEqual([
      { id: 1, name: 'Red' },
      { id: 2, name: 'unnamed' },
    ]);
    expect((await shapeOf(client, 'players')).foreignKeys).toEqual(['team_id -> teams.id']);
    expect(await rowsOf(client, 'PRAGMA foreign_key_check')).toEqual([]);
    expect(await rowsOf(client, 'PRAGMA foreign_keys')).toEqual([{ foreign_keys: 1 }]);
  });
});
