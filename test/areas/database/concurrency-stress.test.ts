// Many namespaces run their first statements at once (issue 43), the way a suite of parallel tests
// uses the mock: each namespace gets a token through the API, creates a table, inserts rows and
// reads back only its own. Through every door: in process (createMock().fetch, /v2/pipeline and
// Hrana over HTTP), over HTTP, and over WebSocket (hrana3), on a fresh engine and a warm one. A
// request the engine loses is answered by its last guard with an error naming the request, so
// nothing here waits on a clock: every request either answers rightly or fails the test.

import { createMock, type Mock, type RunningMock, startMock } from '@platform-contracts/mock';
import { afterAll, describe, expect, it } from 'vitest';
import { hranaClient } from '../../support/hrana-socket.ts';

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;
interface Door {
  url: string;
  fetch: Fetch;
  close(): Promise<void>;
}

const closers: (() => unknown)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

// Room for 128 databases with open streams at once (past maxDatabases a stream's answer is DATABASE_LIMIT_REACHED).
const OPTIONS = { areas: ['database'], database: { maxDatabases: 160 } };

async function inProcess(): Promise<Door> {
  const mock: Mock = await createMock(OPTIONS);
  return { url: mock.url, fetch: (url, init) => mock.fetch(url, init), close: () => mock.close() };
}
async function overHttp(): Promise<Door> {
  const running: RunningMock = await startMock({ port: 0, ...OPTIONS });
  return { url: running.url, fetch: (url, init) => fetch(url, init), close: () => running.close() };
}

/** A Full Access token of a fresh database in namespace `namespace`, issued through the API. */
async function tokenOf(door: Door, namespace: string): Promise<string> {
  const response = await door.fetch(`${door.url}/database/my-database/tokens`, {
    method: 'POST',
    headers: { AccessKey: namespace, 'content-type': 'application/json' },
    body: '{"kinds":["full_access"]}',
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { tokens: { token: string }[] }).tokens[0]!.token;
}

type Result = { type: string; response?: { type: string; result?: { rows: { type: string; value?: string }[][] } }; error?: { message: string } };

/** A namespace's work over /v2/pipeline or Hrana over HTTP (/v3/pipeline): its rows, read back. */
async function workOverHttp(door: Door, namespace: string, path: '/v2/pipeline' | '/v3/pipeline', inserts: number): Promise<string[]> {
  const token = await tokenOf(door, namespace);
  const send = async (sql: string) => {
    const response = await door.fetch(`${door.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ requests: [{ type: 'execute', stmt: { sql } }, { type: 'close' }] }),
    });
    const body = (await response.json()) as { results: Result[] };
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.results[0]!.type, JSON.stringify(body.results[0])).toBe('ok');
    return body.results[0]!.response!.result!;
  };
  await send('CREATE TABLE own (who TEXT, n INTEGER)');
  for (let n = 0; n < inserts; n++) await send(`INSERT INTO own VALUES ('${namespace}', ${n})`);
  const { rows } = await send("SELECT who || ':' || n FROM own ORDER BY n");
  return rows.map((row) => row[0]!.value!);
}

/** The same over WebSocket: hello, open_stream, execute each statement, close_stream. */
async function workOverSocket(door: Door, namespace: string, inserts: number): Promise<string[]> {
  const token = await tokenOf(door, namespace);
  const { socket, request: ask } = await hranaClient(door.url.replace(/^http:/, 'ws:'), token);
  closers.push(() => socket.terminate());
  expect((await ask({ type: 'open_stream', stream_id: 1 })).type).toBe('response_ok');
  const execute = async (sql: string) => {
    const answer = await ask({ type: 'execute', stream_id: 1, stmt: { sql, want_rows: true } });
    expect(answer.type, JSON.stringify(answer)).toBe('response_ok');
    return answer.response.result as { rows: { value?: string }[][] };
  };
  await execute('CREATE TABLE own (who TEXT, n INTEGER)');
  for (let n = 0; n < inserts; n++) await execute(`INSERT INTO own VALUES ('${namespace}', ${n})`);
  const { rows } = await execute("SELECT who || ':' || n FROM own ORDER BY n");
  expect((await ask({ type: 'close_stream', stream_id: 1 })).type).toBe('response_ok');
  socket.close();
  return rows.map((row) => row[0]!.value!);
}

type Way = 'pipeline' | 'hrana-http' | 'websocket';
async function burst(door: Door, way: Way, label: string, namespaces: number, inserts: number): Promise<void> {
  const names = Array.from({ length: namespaces }, (_, i) => `${label}-${i}`);
  const work = (namespace: string) =>
    way === 'websocket'
      ? workOverSocket(door, namespace, inserts)
      : workOverHttp(door, namespace, way === 'pipeline' ? '/v2/pipeline' : '/v3/pipeline', inserts);
  const results = await Promise.allSettled(names.map(work));
  const failures = results.flatMap((result, i) => (result.status === 'rejected' ? [`${names[i]}: ${String(result.reason)}`] : []));
  expect(failures).toEqual([]);
  results.forEach((result, i) => {
    // Its own rows, all of them, and none of another namespace's.
    expect((result as PromiseFulfilledResult<string[]>).value).toEqual(Array.from({ length: inserts }, (_, n) => `${names[i]}:${n}`));
  });
}

// Each fresh engine starts its threads (the costly part): the sizes are shared out between the doors.
const doors = [
  ['in process', inProcess, [3, 32]],
  ['over HTTP', overHttp, [8]],
] as const;

describe.each(doors)('%s', (_, open, sizes) => {
  it.each(sizes)('a fresh engine answers %i namespaces starting at once over /v2/pipeline, each its own rows', async (count) => {
    const door = await open();
    closers.push(() => door.close());
    await burst(door, 'pipeline', `fresh${count}`, count, 2);
  });

  it('a warm engine (two namespaces served before) answers 8 namespaces at once over Hrana over HTTP, then 128 (over HTTP only: the costly one)', async () => {
    const door = await open();
    closers.push(() => door.close());
    await burst(door, 'hrana-http', 'warmup', 2, 1);
    await burst(door, 'hrana-http', 'warm8', 8, 2);
    if (open === overHttp) await burst(door, 'pipeline', 'warm128', 128, 1);
  });
});

describe('over WebSocket (hrana3)', () => {
  it.each([3, 32])('a fresh engine answers %i namespaces that say hello, open a stream and execute at once', async (count) => {
    const door = await overHttp();
    closers.push(() => door.close());
    await burst(door, 'websocket', `ws${count}`, count, 2);
  });
});
