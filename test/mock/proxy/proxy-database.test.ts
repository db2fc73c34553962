// The validation proxy on the database area: Hrana over HTTP proxied and checked like any
// operation, and Hrana over WebSocket relayed frame by frame, each JSON message checked against
// the contract's Hrana schemas (StreamRequestV3, StreamResponseV3, DatabaseError) where it has
// them. Upstreams: a second mock (the "staging platform") and a small ws server that drifts.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '@libsql/client';
import { type RequestLogEntry, type RunningMock, type StartMockOptions, startMock } from '@platform-contracts/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { startUpstream } from '../../support/upstream.ts';

const closers: { close(): unknown }[] = [];
afterAll(async () => {
  for (const closer of closers.reverse()) await closer.close();
});

let staging: RunningMock;
const stagingLog: RequestLogEntry[] = [];
beforeAll(async () => {
  staging = await startMock({ port: 0, areas: ['database'], onRequest: (entry) => stagingLog.push(entry) });
  closers.push(staging);
});

async function proxyTo(proxy: StartMockOptions['proxy']) {
  const mock = await startMock({ port: 0, areas: ['database'], proxy });
  closers.push(mock);
  return mock;
}
const wsUrl = (url: string) => url.replace(/^http:/, 'ws:');

/** A bare WebSocket client: the frames it receives as text, in order. */
async function rawSocket(url: string, protocols: string[]) {
  const socket = new WebSocket(url, protocols);
  closers.push({ close: () => socket.terminate() });
  const frames: string[] = [];
  const waiting: ((frame: string) => void)[] = [];
  socket.on('message', (data) => {
    const frame = data.toString();
    const next = waiting.shift();
    if (next) next(frame);
    else frames.push(frame);
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return {
    socket,
    send: (text: string) => socket.send(text),
    next: () => (frames.length > 0 ? Promise.resolve(frames.shift()!) : new Promise<string>((resolve) => waiting.push(resolve))),
  };
}

/** A Hrana-speaking upstream that answers each request with the frame the test gives, and records what it received. */
async function driftingHrana(reply: (request: any) => unknown) {
  const received: string[] = [];
  const server = createServer();
  const wss = new WebSocketServer({ server, handleProtocols: (offered) => (offered.has('hrana3') ? 'hrana3' : false) });
  wss.on('connection', (socket) =>
    socket.on('message', (data) => {
      const text = data.toString();
      received.push(text);
      const message = JSON.parse(text);
      if (message.type === 'hello') socket.send(JSON.stringify({ type: 'hello_ok' }));
      else socket.send(JSON.stringify(reply(message)));
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push({ close: () => new Promise((resolve) => (wss.clients.forEach((c) => c.terminate()), server.close(resolve))) });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

describe('Hrana over HTTP', () => {
  it('is proxied like any operation: @libsql/client over http:// gets the staging database’s rows, with no violation', async () => {
    const proxy = await proxyTo({ to: { database: staging.url } });
    const client = createClient({ url: proxy.url, authToken: staging.areas.database.fullAccessToken });
    closers.push(client);
    await client.execute('CREATE TABLE IF NOT EXISTS through_proxy (n INTEGER)');
    await client.execute({ sql: 'INSERT INTO through_proxy VALUES (?)', args: [7] });
    expect((await client.execute('SELECT n FROM through_proxy')).rows.map((row) => row.n)).toEqual([7]);
    const report = proxy.proxy!.report();
    expect(report.operations.filter((o) => o.kind === 'http').map((o) => o.operationId)).toEqual([expect.stringMatching(/^runPipeline(V3)?$/)]);
    expect(report.drift).toBe(false);
    // The rows are in the staging mock: its own client sees them.
    const direct = createClient({ url: staging.url, authToken: staging.areas.database.fullAccessToken });
    closers.push(direct);
    expect((await direct.execute('SELECT n FROM through_proxy')).rows.map((row) => row.n)).toEqual([7]);
  });

  it('checks a drifted pipeline answer against the Hrana schemas', async () => {
    const proxy = await proxyTo({ to: { database: staging.url } });
    staging.fault({
      operationId: 'runPipeline',
      status: 200,
      body: { baton: null, base_url: null, results: [{ type: 'ok', response: { type: 'execute', result: { cols: 'not-a-list', rows: [] } } }] },
      count: 1,
    });
    const answer = await fetch(`${proxy.url}/v2/pipeline`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${staging.areas.database.fullAccessToken}` },
      body: JSON.stringify({ requests: [{ type: 'execute', stmt: { sql: 'SELECT 1' } }] }),
    });
    expect(answer.status).toBe(200);
    const violations = JSON.parse(answer.headers.get('sl-violations') ?? '[]');
    expect(violations).toContainEqual(
      expect.objectContaining({ location: ['response', 'body', 'results', '0', 'response', 'result', 'cols'], message: 'must be array' }),
    );
    const groups = proxy.proxy!.report().operations.find((o) => o.operationId === 'runPipeline')!.violations;
    const cols = groups.find((group) => group.first.location === 'response.body.results.0.response.result.cols')!;
    expect(cols).toMatchObject({
      contract: 'components/schemas/StmtResult/properties/cols/type',
      side: 'answer',
      assumed: { at: 'components/schemas/StmtResult' },
    });
    expect(groups.find((group) => group.contract === 'components/schemas/StmtResult/required')).toMatchObject({
      message: expect.stringContaining('must have required property'),
    });
  });
});

describe('Hrana over WebSocket', () => {
  it('is relayed: @libsql/client over ws:// works through the proxy on the staging database, and the report counts the connection and its messages', async () => {
    const proxy = await proxyTo({ to: { database: staging.url } });
    const client = createClient({ url: wsUrl(proxy.url), authToken: staging.areas.database.fullAccessToken });
    closers.push(client);
    const result = await client.batch(
      ['CREATE TABLE IF NOT EXISTS over_ws (t TEXT)', { sql: 'INSERT INTO over_ws VALUES (?)', args: ['relayed'] }, 'SELECT t FROM over_ws'],
      'write',
    );
    expect(result.at(-1)!.rows.map((row) => row.t)).toEqual(['relayed']);
    client.close();
    const upgrade = proxy.proxy!.report().operations.find((o) => o.kind === 'upgrade')!;
    expect(upgrade).toMatchObject({ area: 'database', path: '/', calls: 1, statuses: [], violations: [] });
    expect(upgrade.messages!.client).toBeGreaterThanOrEqual(2);
    expect(upgrade.messages!.upstream).toBe(upgrade.messages!.client);
    expect(stagingLog.some((entry) => entry.status === 101)).toBe(true);
  });

  it('passes frames unchanged both ways, keeps the subprotocol the upstream chose, and checks each message against the Hrana schemas', async () => {
    const drifting = await driftingHrana((message) => ({
      type: 'response_ok',
      request_id: message.request_id,
      response: { type: 'execute', result: { cols: 'not-a-list', rows: [] } },
    }));
    const proxy = await proxyTo({ to: { database: drifting.url } });
    const client = await rawSocket(wsUrl(proxy.url), ['hrana3', 'hrana2']);
    expect(client.socket.protocol).toBe('hrana3');
    const hello = '{"type":"hello","jwt":"ws-secret-token-123"}';
    client.send(hello);
    expect(JSON.parse(await client.next())).toEqual({ type: 'hello_ok' });
    const request = '{ "type": "request", "request_id": 1, "request": { "type": "execute", "stream_id": 0, "stmt": { "sql": 42 } } }';
    client.send(request);
    const frame = await client.next();
    expect(frame).toBe(JSON.stringify({ type: 'response_ok', request_id: 1, response: { type: 'execute', result: { cols: 'not-a-list', rows: [] } } }));
    expect(drifting.received).toEqual([hello, request]);

    const upgrade = proxy.proxy!.report().operations.find((o) => o.kind === 'upgrade')!;
    expect(upgrade.messages).toEqual({ client: 2, upstream: 2 });
    const byLocation = Object.fromEntries(upgrade.violations.map((v) => [v.first.location, v]));
    expect(byLocation['message.client.request.stmt.sql']).toMatchObject({
      side: 'message',
      contract: expect.stringMatching(/^components\/schemas\/Stmt\/properties\/sql\//),
      drift: true,
    });
    expect(byLocation['message.upstream.response.result.cols']).toMatchObject({
      side: 'message',
      contract: 'components/schemas/StmtResult/properties/cols/type',
    });
    expect(JSON.stringify(proxy.proxy!.report())).not.toContain('ws-secret-token-123');
  });

  it('checks an error message against DatabaseError', async () => {
    const drifting = await driftingHrana((message) => ({
      type: 'response_error',
      request_id: message.request_id,
      error: { message: 5, code: 'SQLITE_ERROR' },
    }));
    const proxy = await proxyTo({ to: { database: drifting.url } });
    const client = await rawSocket(wsUrl(proxy.url), ['hrana3']);
    client.send('{"type":"hello","jwt":"t"}');
    await client.next();
    client.send(JSON.stringify({ type: 'request', request_id: 2, request: { type: 'execute', stream_id: 0, stmt: { sql: 'SELECT 1' } } }));
    await client.next();
    const violations = proxy.proxy!.report().operations.find((o) => o.kind === 'upgrade')!.violations;
    expect(violations.map((v) => [v.contract, v.first.location])).toEqual([
      ['components/schemas/DatabaseError/properties/message/type', 'message.upstream.error.message'],
    ]);
  });

  it('answers an upgrade the upstream refuses as the upstream answered it', async () => {
    const refusing = await startUpstream();
    closers.push(refusing);
    refusing.answer((_request, res) => res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"no token"}'));
    const proxy = await proxyTo({ to: { database: refusing.url } });
    const answer = await refusedHandshake(wsUrl(proxy.url));
    expect(answer).toEqual({ status: 401, body: '{"error":"no token"}' });
    expect(refusing.seen[0]).toMatchObject({
      method: 'GET',
      target: '/',
      headers: expect.objectContaining({ upgrade: 'websocket', 'sec-websocket-protocol': 'hrana3' }),
    });
    expect(proxy.proxy!.report().operations[0]).toMatchObject({ kind: 'upgrade', calls: 1 });
  });

  it('refuses a redirect of the upgrade to a host not given; that host sees nothing', async () => {
    const [redirecting, trap] = [await startUpstream(), await startUpstream()];
    closers.push(redirecting, trap);
    redirecting.answer((_request, res) => res.writeHead(302, { location: `${trap.url}/` }).end());
    const proxy = await proxyTo({ to: { database: redirecting.url } });
    const answer = await refusedHandshake(wsUrl(proxy.url));
    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.body)).toMatchObject({
      title: 'Redirect refused',
      detail: expect.stringContaining(`to ${trap.url}, a host not given to --proxy`),
    });
    expect(trap.seen).toHaveLength(0);
    expect(proxy.proxy!.report().operations[0]!.refused).toEqual([{ reason: expect.stringContaining(trap.url), count: 1 }]);
  });

  it('leaves the upgrade to the mock when the database is not proxied (proxyOnly names other operations)', async () => {
    const upgradesBefore = stagingLog.filter((entry) => entry.status === 101).length;
    const proxy = await startMock({ port: 0, proxy: { to: staging.url, proxyOnly: ['listStorageZones'] } });
    closers.push(proxy);
    const client = createClient({ url: wsUrl(proxy.url), authToken: proxy.areas.database.fullAccessToken });
    closers.push(client);
    expect((await client.execute('SELECT 3 AS three')).rows[0]!.three).toBe(3);
    client.close();
    expect(stagingLog.filter((entry) => entry.status === 101).length).toBe(upgradesBefore);
  });
});

function refusedHandshake(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, ['hrana3']);
    socket.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    socket.on('open', () => reject(new Error('the handshake succeeded')));
    socket.on('error', () => undefined);
  });
}
