// The database area's state: a snapshot carries each database's tables and rows, a PUT restores
// exactly that, a mock started from a snapshot (`--state FILE`) answers its tokens, a reset
// empties the databases in every mode, and with a folder (`--db-dir`) tokens and rows survive a
// restart.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createMock, type Mock, type StateSnapshot } from '@platform-contracts/mock';
import { afterAll, describe, expect, it } from 'vitest';
import { FULL_ACCESS_TOKEN, READ_ONLY_TOKEN, startDatabaseHost, useDatabaseMock } from '../../support/database.ts';

type Result =
  | { type: 'ok'; response: { result?: { rows: { type: string; value?: string }[][] } } }
  | { type: 'error'; error: { message: string; code: string | null } };

/** A mock reached through its own fetch (in process). */
type Reach = { url: string; fetch: typeof globalThis.fetch };

async function pipeline(at: Reach, token: string, sql: string[]): Promise<{ status: number; results: Result[] }> {
  const response = await at.fetch(`${at.url}/v2/pipeline`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ baton: null, requests: [...sql.map((text) => ({ type: 'execute', stmt: { sql: text } })), { type: 'close' }] }),
  });
  return { status: response.status, results: response.status === 200 ? ((await response.json()) as { results: Result[] }).results : [] };
}

async function count(at: Reach, token: string, table = 'notes'): Promise<string | undefined> {
  const { results } = await pipeline(at, token, [`SELECT count(*) FROM ${table}`]);
  const first = results[0];
  return first?.type === 'ok' ? first.response.result?.rows[0]?.[0]?.value : `${first?.type}: ${first?.type === 'error' ? first.error.message : ''}`;
}

async function mintToken(at: Reach): Promise<string> {
  const response = await at.fetch(`${at.url}/database/my-database/tokens`, {
    method: 'POST',
    headers: { AccessKey: 'default', 'content-type': 'application/json' },
    body: '{"kinds":["full_access"]}',
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { tokens: { token: string }[] }).tokens[0]!.token;
}

describe('a state snapshot', () => {
  const mock = useDatabaseMock({ maxSnapshotBytes: 100_000 });
  const control = (method: string, body?: unknown) =>
    mock.fetch(`${mock.url}/_mock/state`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('carries the tables and rows; a PUT restores exactly them, and the tokens still work', async () => {
    await pipeline(mock, FULL_ACCESS_TOKEN, ['CREATE TABLE notes (body TEXT)', "INSERT INTO notes VALUES ('one'), ('two')"]);
    const snapshot = (await (await control('GET')).json()) as StateSnapshot;
    const data = (snapshot.areas.database as { databases: Record<string, { data: string }> }).databases['my-database']!.data;
    expect(Buffer.from(data, 'base64').subarray(0, 15).toString('latin1')).toBe('SQLite format 3');
    expect(JSON.stringify(snapshot)).not.toContain(FULL_ACCESS_TOKEN);

    await pipeline(mock, FULL_ACCESS_TOKEN, ["INSERT INTO notes VALUES ('added after')", 'CREATE TABLE later (x)']);
    expect(await count(mock, FULL_ACCESS_TOKEN)).toBe('3');
    expect((await control('PUT', snapshot)).status).toBe(200);
    expect(await count(mock, FULL_ACCESS_TOKEN)).toBe('2');
    expect(await count(mock, READ_ONLY_TOKEN, 'later')).toMatch(/no such table/);
  });

  it('refuses, with a 400 naming the limit, data past maxSnapshotBytes and data that is not a database', async () => {
    const snapshot = (await (await control('GET')).json()) as StateSnapshot;
    const databases = (snapshot.areas.database as { databases: Record<string, { data: string }> }).databases;
    databases['my-database']!.data = Buffer.from('not a database at all').toString('base64');
    const refused = await control('PUT', snapshot);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/not an SQLite database/);
    databases['my-database']!.data = Buffer.alloc(100_001).toString('base64');
    expect(await (await control('PUT', snapshot)).text()).toMatch(/maxSnapshotBytes/);
  });
});

describe('a mock started from a snapshot (--state FILE)', () => {
  const mocks: Mock[] = [];
  afterAll(async () => {
    for (const mock of mocks) await mock.close();
  });

  it('answers its own start-up tokens and the tokens the snapshot holds, with the rows', async () => {
    const first = await createMock({ areas: ['database'] });
    mocks.push(first);
    const minted = await mintToken(first);
    await pipeline(first, minted, ['CREATE TABLE notes (body TEXT)', "INSERT INTO notes VALUES ('kept')"]);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'db-state-')), 'state.json');
    writeFileSync(file, JSON.stringify(await first.exportState()));

    const second = await createMock({ areas: ['database'], state: JSON.parse(readFileSync(file, 'utf8')) as StateSnapshot });
    mocks.push(second);
    expect(await count(second, second.areas.database.fullAccessToken)).toBe('1');
    expect(await count(second, minted)).toBe('1');
    expect(await count(second, first.areas.database.fullAccessToken)).toBe('1');
    rmSync(path.dirname(file), { recursive: true, force: true });
  });
});

describe('with a folder (--db-dir)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'db-dir-state-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps rows and tokens (as digests) across a restart; a reset empties the databases, also after a restart', async () => {
    const first = await startDatabaseHost({ dir });
    const minted = await mintToken(first);
    await pipeline(first, minted, ['CREATE TABLE notes (body TEXT)', "INSERT INTO notes VALUES ('kept')"]);
    const startUp = first.info.fullAccessToken;
    await first.close();
    const kept = readFileSync(path.join(dir, 'database-state.json'), 'utf8');
    expect(kept).not.toContain(minted);
    expect(kept).not.toContain(startUp);

    const second = await startDatabaseHost({ dir });
    expect(await count(second, minted)).toBe('1');
    expect(await count(second, startUp)).toBe('1');
    expect(await count(second, second.info.fullAccessToken)).toBe('1');
    second.mock.reset('default');
    expect(readdirSync(dir).filter((name) => /\.db(-wal)?$/.test(name))).toEqual([]);
    expect(await count(second, second.info.fullAccessToken)).toMatch(/no such table/);
    expect((await pipeline(second, minted, ['SELECT 1'])).status).toBe(401);
    await second.close();

    const third = await startDatabaseHost({ dir });
    expect(await count(third, third.info.fullAccessToken)).toMatch(/no such table/);
    await third.close();
  });
});
