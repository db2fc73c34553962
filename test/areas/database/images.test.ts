// A database image is checked before the mock accepts it (PUT /_mock/state, a start state): its
// header, its schema compiled again under the sandbox's allow-lists, an integrity check. A refused
// image answers 400 naming the reason, and nothing changes: not the namespace it was put into, not
// another namespace. The cases are one table; each is also accepted once made honestly.
import { beforeAll, describe, expect, it } from 'vitest';
import { FULL_ACCESS_TOKEN, useDatabaseMock } from '../../support/database.ts';
import { makeImage, patchHeader } from '../../support/sqlite-images.ts';

const mock = useDatabaseMock();
const OTHER_KEY = 'images-other-namespace-key';
const execute = (sql: string) => ({ type: 'execute', stmt: { sql } });
const close = { type: 'close' };

async function pipeline(token: string, requests: unknown[]) {
  const response = await mock.fetch(`${mock.url}/v2/pipeline`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ requests }),
  });
  return (await response.json()) as { results: { type: string; response?: { result: { rows: { value: string }[][] } }; error?: { message: string } }[] };
}
const countIn = async (token: string, table: string) =>
  (await pipeline(token, [execute(`SELECT count(*) FROM ${table}`), close])).results[0]?.response?.result.rows[0]?.[0]?.value;
const put = (image: Uint8Array, namespace = 'default') =>
  mock.fetch(`${mock.url}/_mock/state?namespace=${namespace}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ version: 1, areas: { database: { databases: { 'my-database': { tokens: [], data: Buffer.from(image).toString('base64') } } } } }),
  });

const TABLE = 'CREATE TABLE g (a INTEGER)';
/**
 * A schema object made with an allowed function, then rewritten to call one off the allow-list (as
 * an image can): unknown(), deterministic and innocuous, so that SQLite itself would run it there.
 */
const rewritten = (create: string, name: string) => ({
  sql: [TABLE, create],
  rewrite: [`UPDATE sqlite_schema SET sql = replace(sql, 'abs(', 'unknown(') WHERE name = '${name}'`],
});

interface Case {
  name: string;
  image: () => Promise<Uint8Array>;
  reason: RegExp;
}

const plain = () => makeImage([TABLE, 'INSERT INTO g VALUES (1)']);
const CASES: Case[] = [
  {
    name: 'a page size of 768',
    image: async () => patchHeader(await plain(), [{ offset: 16, size: 2, value: 768 }]),
    reason: /page size 768 is not a power of two/,
  },
  {
    name: 'a header claiming 2^31 pages',
    image: async () => patchHeader(await plain(), [{ offset: 28, size: 4, value: 2 ** 31 }]),
    reason: /claims 2147483648 pages/,
  },
  { name: 'schema format 99', image: async () => patchHeader(await plain(), [{ offset: 44, size: 4, value: 99 }]), reason: /schema format 99/ },
  { name: 'a size that is not whole pages', image: async () => (await plain()).subarray(0, 5000), reason: /not a whole number of/ },
  {
    name: 'a generated column calling a refused function',
    image: () => {
      const r = rewritten('CREATE TABLE gen (a, b AS (abs(a)))', 'gen');
      return makeImage(r.sql, r.rewrite);
    },
    reason: /table "gen" is refused: unknown\(\) is not allowed/,
  },
  {
    name: 'a default calling a refused function',
    image: () => {
      const r = rewritten('CREATE TABLE def (a DEFAULT (abs(1)))', 'def');
      return makeImage(r.sql, r.rewrite);
    },
    reason: /table "def" is refused/,
  },
  {
    name: 'a check calling a refused function',
    image: () => {
      const r = rewritten('CREATE TABLE chk (a CHECK (abs(a) >= 0))', 'chk');
      return makeImage(r.sql, r.rewrite);
    },
    reason: /table "chk" is refused/,
  },
  {
    name: 'an index calling a refused function',
    image: () => {
      const r = rewritten('CREATE INDEX idx ON g (abs(a))', 'idx');
      return makeImage(r.sql, r.rewrite);
    },
    reason: /index "idx" is refused/,
  },
  {
    name: 'a trigger calling a refused function',
    image: () => makeImage([TABLE, 'CREATE TRIGGER trg AFTER INSERT ON g BEGIN SELECT unknown(0); END']),
    reason: /trigger "trg" is refused/,
  },
  {
    name: 'a view calling a refused function',
    image: () => makeImage([TABLE, 'CREATE VIEW vw AS SELECT unknown(0)']),
    reason: /view "vw" is refused/,
  },
  {
    name: 'a virtual table of raw pages (sqlite_dbpage)',
    image: () => makeImage([TABLE, 'CREATE VIRTUAL TABLE pages USING sqlite_dbpage']),
    reason: /table "pages" is refused: The virtual-table module sqlite_dbpage/,
  },
  {
    name: 'a corrupt index',
    image: async () => {
      const image = await makeImage([TABLE, 'CREATE INDEX ga ON g (a)', ...Array.from({ length: 50 }, (_, i) => `INSERT INTO g VALUES (${i})`)]);
      // The index's root page is the third: turn its cells' keys to garbage.
      const pageSize = new DataView(image.buffer).getUint16(16);
      const page = 2 * pageSize;
      for (let i = page + pageSize - 200; i < page + pageSize; i++) image[i] = 0x7f;
      return image;
    },
    reason: /integrity check fails/,
  },
];

describe('images checked before they are accepted', () => {
  let otherToken: string;
  beforeAll(async () => {
    await pipeline(FULL_ACCESS_TOKEN, [execute('CREATE TABLE mine (x)'), execute('INSERT INTO mine VALUES (1)'), close]);
    const minted = await mock.fetch(`${mock.url}/database/my-database/tokens`, {
      method: 'POST',
      headers: { AccessKey: OTHER_KEY, 'content-type': 'application/json' },
      body: '{"kinds":["full_access"]}',
    });
    otherToken = ((await minted.json()) as { tokens: { token: string }[] }).tokens[0]!.token;
    await pipeline(otherToken, [execute('CREATE TABLE keep (x)'), execute('INSERT INTO keep VALUES (1)'), close]);
  });

  it.each(CASES)('refuses $name with 400 naming why, and nothing changes', async ({ image, reason }) => {
    const answer = await put(await image());
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { detail: string }).detail).toMatch(reason);
    expect(await countIn(FULL_ACCESS_TOKEN, 'mine')).toBe('1');
    expect(await countIn(otherToken, 'keep')).toBe('1');
  });

  it('accepts an honest image with a generated column, an index, a trigger, a view and an FTS5 table, and serves it', async () => {
    const image = await makeImage([
      'CREATE TABLE g (a INTEGER, b AS (abs(a)))',
      'CREATE INDEX gb ON g (abs(a))',
      'CREATE TABLE log (x)',
      'CREATE TRIGGER tg AFTER INSERT ON g BEGIN INSERT INTO log VALUES (new.a); END',
      "CREATE VIEW v AS SELECT upper('x') AS u",
      'CREATE VIRTUAL TABLE docs USING fts5(body)',
      "INSERT INTO docs VALUES ('hello world')",
      'INSERT INTO g (a) VALUES (-3)',
    ]);
    const answer = await put(image, OTHER_KEY);
    expect(answer.status, await answer.clone().text()).toBe(200);
    const minted = await mock.fetch(`${mock.url}/database/my-database/tokens`, {
      method: 'POST',
      headers: { AccessKey: OTHER_KEY, 'content-type': 'application/json' },
      body: '{"kinds":["full_access"]}',
    });
    const token = ((await minted.json()) as { tokens: { token: string }[] }).tokens[0]!.token;
    const result = await pipeline(token, [
      execute('INSERT INTO g (a) VALUES (4)'),
      execute('SELECT sum(b) FROM g'),
      execute('SELECT count(*) FROM log'),
      execute("SELECT count(*) FROM docs WHERE docs MATCH 'hello'"),
      close,
    ]);
    expect(result.results.slice(1, 4).map((r) => r.response?.result.rows[0]?.[0]?.value)).toEqual(['7', '2', '1']);
  });
});
