// One engine, two doors: createMock().fetch answers each request exactly as the HTTP server of
// startMock() does (status, content type and body), with no socket.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createMock, IN_PROCESS_URL, type Mock, type RunningMock, startMock } from '@platform-contracts/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../scripts/lib/paths.ts';

const KEY = { AccessKey: 'in-process-test' };
const json = { ...KEY, 'content-type': 'application/json' };
const CASES: [name: string, path: string, init: RequestInit][] = [
  ['a listing', '/shield/waf/rules/review-triggers?page=1', { headers: KEY }],
  ['a validated create', '/library/42/collections', { method: 'POST', headers: json, body: JSON.stringify({ name: 'Talks' }) }],
  ['an invalid body', '/library/42/collections', { method: 'POST', headers: json, body: '{"name": 5}' }],
  ['a missing credential', '/library/42/collections', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }],
  ['an unknown path', '/no/such/path', { headers: KEY }],
  ['a wrong method', '/library/42/collections', { method: 'DELETE', headers: KEY }],
  ['a control endpoint', '/_mock/health', {}],
  ['a Prefer request', '/library/42/collections', { method: 'POST', headers: { ...json, prefer: 'code=401' }, body: '{}' }],
];

describe('createMock', () => {
  let inProcess: Mock;
  let served: RunningMock;
  beforeAll(async () => {
    [inProcess, served] = await Promise.all([createMock({ areas: ['video', 'shield'] }), startMock({ port: 0, areas: ['video', 'shield'] })]);
  });
  afterAll(async () => {
    await Promise.all([inProcess?.close(), served?.close()]);
  });

  it('has an in-process base URL that no network resolves', () => {
    expect(inProcess.url).toBe(IN_PROCESS_URL);
    expect(new URL(inProcess.url).hostname.endsWith('.invalid')).toBe(true);
  });

  it.each(CASES)('answers %s as the HTTP server does', async (_name, path, init) => {
    const [viaFetch, viaHttp] = await Promise.all([inProcess.fetch(`${inProcess.url}${path}`, init), fetch(`${served.url}${path}`, init)]);
    expect(viaFetch.status).toBe(viaHttp.status);
    expect(viaFetch.headers.get('content-type')).toBe(viaHttp.headers.get('content-type'));
    const [a, b] = await Promise.all([viaFetch.text(), viaHttp.text()]);
    // Created resources carry fresh ids and times: compare their shape, not their values.
    if (viaHttp.status === 200 && init.method === 'POST') expect(Object.keys(JSON.parse(a)).sort()).toEqual(Object.keys(JSON.parse(b)).sort());
    else expect(a).toBe(b);
  });

  it('keeps state per access key, and reset() forgets it', async () => {
    const create = () =>
      inProcess.fetch(`${inProcess.url}/library/7/collections`, {
        method: 'POST',
        headers: { ...json, AccessKey: 'state-key' },
        body: JSON.stringify({ name: 'Kept' }),
      });
    const list = async () =>
      (await (await inProcess.fetch(`${inProcess.url}/library/7/collections`, { headers: { AccessKey: 'state-key' } })).json()) as { totalItems: number };
    const before = (await list()).totalItems;
    expect((await create()).status).toBe(200);
    expect((await list()).totalItems).toBe(before + 1);
    inProcess.reset('state-key');
    expect((await list()).totalItems).toBe(before);
  });

  it('honours an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(inProcess.fetch(`${inProcess.url}/_mock/health`, { signal: controller.signal })).rejects.toThrow(/abort/i);
  });
});

describe('createMock in a one-line script', () => {
  // The database engine's worker thread must not inherit the host's flags: `--input-type` with
  // `-e` made it fail to start, and with it createMock() and startMock().
  it('runs a SQL statement under `node --input-type=module -e`', () => {
    const built = path.join(ROOT, 'packages/mock/dist/index.js');
    const script = `
      const { createMock } = await import(${JSON.stringify(built)});
      const mock = await createMock({ areas: ['database'] });
      const response = await mock.fetch(mock.url + '/v2/pipeline', {
        method: 'POST',
        headers: { authorization: 'Bearer ' + mock.areas.database.fullAccessToken, 'content-type': 'application/json' },
        body: JSON.stringify({ requests: [{ type: 'execute', stmt: { sql: 'SELECT 6 * 7 AS answer' } }, { type: 'close' }] }),
      });
      const body = await response.json();
      await mock.close();
      console.log(JSON.stringify(body.results[0].response.result.rows[0][0]));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ type: 'integer', value: '42' });
  });
});
