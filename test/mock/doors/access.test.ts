// Who may talk to the mock over HTTP (issue 23): the Host allow-list that stops DNS rebinding,
// CORS only for loopback origins, the mock's own and the listed ones, preflights that allow only
// the API's headers, control writes that no simple cross-origin request can make, no access key
// in a control answer, and sockets closed when idle. Requests go through node:http, which (unlike
// fetch) sends the Host and Origin headers a test gives it.
import { spawnSync } from 'node:child_process';
import diagnostics from 'node:diagnostics_channel';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { type RunningMock, startMock } from '@platform-contracts/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessPolicy, isLoopback } from '../../../packages/mock/src/doors/http/access.ts';
import { SOCKET_TIMEOUT_CHANNEL, type SocketTimeout } from '../../../packages/mock/src/doors/http/http-io.ts';
import { ROOT } from '../../../scripts/lib/paths.ts';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

function raw(url: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Raw> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, method, path, headers, setHost: headers.host === undefined }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

let mock: RunningMock;
let widened: RunningMock;
let port: string;
beforeAll(async () => {
  [mock, widened] = await Promise.all([
    startMock({ port: 0, areas: ['storage', 'database'] }),
    startMock({ port: 0, areas: ['storage'], allowedHosts: ['mock.test', '.example.test'], corsOrigins: ['https://app.example.test', 'null'] }),
  ]);
  port = new URL(mock.url).port;
});
afterAll(async () => {
  await Promise.all([mock?.close(), widened?.close()]);
});

const KEY = 'drive-by-access-key-9876';
const tokens = (databaseId = 'db-1') => ({ method: 'POST', path: `/database/${databaseId}/tokens` });

describe('loopback', () => {
  it.each(['localhost', 'LOCALHOST', 'db-1.localhost', 'a.b.localhost.', '127.0.0.1', '127.8.9.10', '[::1]', '::1', '::ffff:127.0.0.1'])(
    '%s is loopback',
    (name) => {
      expect(isLoopback(name)).toBe(true);
    },
  );
  it.each(['evil.example', 'localhost.evil.example', '128.0.0.1', '10.0.0.1', '0.0.0.0', '[::2]', 'localhostx', '::ffff:10.0.0.1'])('%s is not', (name) => {
    expect(isLoopback(name)).toBe(false);
  });
});

describe('the Host allow-list (DNS rebinding)', () => {
  it.each([
    ['GET /_mock/state', 'GET', '/_mock/state', {}],
    ['token minting', 'POST', tokens().path, { accesskey: KEY, 'content-type': 'application/json' }],
    ['the site', 'GET', '/docs/index.html', {}],
    ['a preflight', 'OPTIONS', '/_mock/state', { origin: 'http://evil.example:1', 'access-control-request-method': 'GET' }],
  ])('refuses %s with Host evil.example: 403 with a line naming --allowed-host', async (_what, method, path, headers) => {
    const answer = await raw(mock.url, method, path, { host: `evil.example:${port}`, ...headers }, method === 'POST' ? '{}' : undefined);
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.text).detail).toMatch(/^Host "evil\.example:\d+" is not allowed: .*--allowed-host NAME \(option allowedHosts\)\.$/);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  // An absolute-form target names the host itself (RFC 9112, 3.2.2): the allow-list applies to it as to the Host header.
  it.each([
    ['GET /_mock/state', 'GET', '/_mock/state', {}],
    ['token minting', 'POST', tokens().path, { accesskey: KEY, 'content-type': 'application/json' }],
    [
      'a WebSocket upgrade',
      'GET',
      '/',
      { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' },
    ],
  ])('refuses %s whose absolute-form target names evil.example, under an allowed Host header', async (_what, method, path, headers) => {
    for (const target of [
      `http://evil.example${path}`,
      `http://evil.example:${port}${path}`,
      `https://evil.example${path}`,
      `http://localhost@evil.example${path}`,
    ]) {
      const answer = await raw(mock.url, method, target, { host: `127.0.0.1:${port}`, ...headers }, method === 'POST' ? '{}' : undefined);
      expect(answer.status, target).toBe(403);
      expect(JSON.parse(answer.text).detail).toMatch(/^Host "evil\.example(:\d+)?" is not allowed: .*--allowed-host NAME/);
    }
  });

  it('answers an absolute-form target whose authority is allowed, and refuses one whose Host header is not', async () => {
    expect((await raw(mock.url, 'GET', `http://localhost:${port}/_mock/health`, { host: `127.0.0.1:${port}` })).status).toBe(200);
    expect((await raw(mock.url, 'GET', `http://127.0.0.1:${port}/_mock/health`, { host: 'evil.example' })).status).toBe(403);
    expect(mock.refusal({ headers: { host: 'localhost' }, url: 'http://evil.example/_mock/state' })).toMatch(/^Host "evil\.example" is not allowed/);
    expect(mock.refusal({ headers: { host: 'localhost' }, url: '/_mock/state' })).toBeUndefined();
  });

  it.each(['localhost', 'db-1.localhost', '127.0.0.2', '[::1]'])('answers Host %s (any port)', async (name) => {
    expect((await raw(mock.url, 'GET', '/_mock/health', { host: `${name}:${port}` })).status).toBe(200);
    expect((await raw(mock.url, 'GET', '/_mock/health', { host: name })).status).toBe(200);
  });

  it.each(['mock.test', 'example.test', 'api.example.test'])('answers Host %s when allowed by allowedHosts', async (name) => {
    expect((await raw(widened.url, 'GET', '/_mock/health', { host: `${name}:80` })).status).toBe(200);
  });

  it.each(['evil.example', 'mock.test.evil.example', 'xexample.test', 'localhost@evil.example', 'evil.example/x'])(
    'still refuses Host %s when others are allowed',
    async (name) => {
      expect((await raw(widened.url, 'GET', '/_mock/health', { host: name })).status).toBe(403);
    },
  );

  it('refuses a WebSocket upgrade for a rebound Host or a foreign Origin (a page may open one to any origin)', async () => {
    const upgrade = { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' };
    const rebound = await raw(mock.url, 'GET', '/v2', { ...upgrade, host: `rebound.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.text).detail).toMatch(/^Host "rebound\.example:\d+" is not allowed/);
    const foreign = await raw(mock.url, 'GET', '/v2', { ...upgrade, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(mock.refusal({ headers: { host: 'localhost', origin: 'http://127.0.0.1:3000' } })).toBeUndefined();
    expect(mock.refusal({ headers: { host: 'localhost', origin: 'https://evil.example' } })).toMatch(/--cors-origin ORIGIN \(option corsOrigins\)/);
  });
});

describe('origins and CORS', () => {
  it.each(['http://localhost:5173', 'https://app.localhost', 'http://127.0.0.1:3000', 'http://[::1]:8080', 'https://localhost'])(
    'answers a page of %s with its origin in Access-Control-Allow-Origin, never *',
    async (origin) => {
      const answer = await raw(mock.url, 'GET', '/_mock/health', { origin });
      expect(answer.status).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBe(origin);
      expect(answer.headers.vary).toMatch(/Origin/);
    },
  );

  it('sends no CORS header to a request without an Origin', async () => {
    expect((await raw(mock.url, 'GET', '/_mock/health')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it.each([
    ['read the state', 'GET', '/_mock/state', {}, undefined],
    ['mint a token', tokens().method, tokens().path, { accesskey: KEY, 'content-type': 'application/json' }, '{}'],
    ['reset with a simple text/plain POST', 'POST', '/_mock/reset', { 'content-type': 'text/plain' }, '{}'],
    ['advance the clock with a simple POST', 'POST', '/_mock/clock/advance', { 'content-type': 'text/plain' }, '{"ms":86400000}'],
    ['run SQL', 'POST', '/v2/pipeline', { authorization: `Bearer ${'x'.repeat(20)}`, 'content-type': 'application/json' }, '{"requests":[]}'],
  ])('refuses a page of another origin that tries to %s: 403 naming --cors-origin, no CORS header', async (_what, method, path, headers, body) => {
    const before = mock.clock.now();
    const answer = await raw(mock.url, method, path, { origin: 'https://evil.example', ...headers }, body);
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.text).detail).toMatch(/^Origin "https:\/\/evil\.example" is not allowed: .*--cors-origin ORIGIN \(option corsOrigins\)\.$/);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(mock.clock.now() - before).toBeLessThan(86_400_000);
  });

  it('refuses the origin null (a file, a sandboxed frame) unless listed', async () => {
    expect((await raw(mock.url, 'GET', '/_mock/health', { origin: 'null' })).status).toBe(403);
    const allowed = await raw(widened.url, 'GET', '/_mock/health', { origin: 'null' });
    expect(allowed.status).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('null');
  });

  it("answers an origin listed in corsOrigins, and the mock's own origin under an allowed Host", async () => {
    expect((await raw(widened.url, 'GET', '/_mock/health', { origin: 'https://app.example.test' })).headers['access-control-allow-origin']).toBe(
      'https://app.example.test',
    );
    expect((await raw(widened.url, 'GET', '/_mock/health', { origin: 'https://other.example.test' })).status).toBe(403);
    const own = await raw(widened.url, 'GET', '/_mock/health', { host: 'mock.test:8080', origin: 'http://mock.test:8080' });
    expect(own.status).toBe(200);
    expect((await raw(widened.url, 'GET', '/_mock/health', { host: 'mock.test:8080', origin: 'http://mock.test:9090' })).status).toBe(403);
  });

  it('answers a preflight from a loopback origin with the headers the contracts use, not every header asked for', async () => {
    const answer = await raw(mock.url, 'OPTIONS', tokens().path, {
      origin: 'http://localhost:5173',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'accesskey, content-type, x-evil',
    });
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const allowed = String(answer.headers['access-control-allow-headers']).split(', ');
    expect(allowed).toEqual(expect.arrayContaining(['accesskey', 'authorization', 'content-type', 'prefer', 'x-mock-control']));
    expect(allowed).not.toContain('x-evil');
    expect(allowed).not.toContain('*');
  });

  it('derives the preflight headers from the contracts: a header parameter, the security schemes', () => {
    expect(mock.apiHeaders).toEqual(expect.arrayContaining(['accesskey', 'authorization']));
    const policy = createAccessPolicy({ listenHost: '127.0.0.1', apiHeaders: ['X-Only-In-This-Contract'] });
    expect(policy.allowHeaders.split(', ')).toContain('x-only-in-this-contract');
    expect(policy.allowHeaders.split(', ')).not.toContain('accesskey');
  });

  it('refuses start-up options that are not hosts or origins', async () => {
    await expect(startMock({ port: 0, areas: ['storage'], allowedHosts: ['http://mock.test'] })).rejects.toThrow(
      /--allowed-host \(allowedHosts\) takes a host name/,
    );
    await expect(startMock({ port: 0, areas: ['storage'], corsOrigins: ['app.example.test'] })).rejects.toThrow(
      /--cors-origin \(corsOrigins\) takes an origin/,
    );
    await expect(startMock({ port: 0, areas: ['storage'], corsOrigins: ['https://app.example.test/path'] })).rejects.toThrow(/--cors-origin/);
  });
});

describe('the mock README', () => {
  it('runs its snippet that widens who may call the mock', async () => {
    const readme = readFileSync(path.join(ROOT, 'packages/mock/README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Who may call it'));
    const code = /```ts\n([\s\S]*?)```/.exec(section)![1]!.replace(/^import .*\n/m, '');
    const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<unknown>;
    expect(await new AsyncFunction('startMock', `${code}\nreturn reset.status;`)(startMock)).toBe(200);
  });
});

describe('the flags', () => {
  const BIN = path.join(ROOT, 'packages/mock/bin/platform-mock.js');
  it.each([
    [['--cors-origin', 'app.example.test'], /--cors-origin \(corsOrigins\) takes an origin/],
    [['--allowed-host', 'http://mock.test'], /--allowed-host \(allowedHosts\) takes a host name/],
    [['--socket-timeout-ms', 'soon'], /--socket-timeout-ms must be a whole number/],
  ])('platform-mock %j exits 2 with one line', (args, message) => {
    const run = spawnSync(process.execPath, [BIN, '--port', '0', ...args], { encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(2);
    expect(run.stderr.split('\n')[0]).toMatch(message);
  });
});

describe("control writes from the mock's own callers only", () => {
  it.each([
    ['a text/plain body', { 'content-type': 'text/plain' }, '{"ms":1000}', 415],
    ['a form body', { 'content-type': 'application/x-www-form-urlencoded' }, '{"ms":1000}', 415],
    ['no Content-Type', {}, '{"ms":1000}', 415],
    ['a JSON Content-Type', { 'content-type': 'application/json; charset=utf-8' }, '{"ms":1000}', 200],
  ])('POST /_mock/clock/advance with %s answers %s', async (_what, headers, body, status) => {
    const before = mock.clock.now();
    const answer = await raw(mock.url, 'POST', '/_mock/clock/advance', headers, body);
    expect(answer.status).toBe(status);
    expect(mock.clock.now() - before >= 1000).toBe(status === 200);
    if (status === 415) expect(JSON.parse(answer.text).detail).toMatch(/Content-Type: application\/json/);
  });

  it.each([
    ['nothing to mark it', {}, 415],
    ['the X-Mock-Control header', { 'x-mock-control': '1' }, 200],
    ['a JSON Content-Type', { 'content-type': 'application/json' }, 200],
  ])('POST /_mock/reset without a body and %s answers %s', async (_what, headers, status) => {
    const answer = await raw(mock.url, 'POST', '/_mock/reset?namespace=someone', headers);
    expect(answer.status).toBe(status);
  });

  it('keeps reads open: GET /_mock/state needs no marking', async () => {
    expect((await raw(mock.url, 'GET', '/_mock/state')).status).toBe(200);
  });
});

describe('secrets', () => {
  it('shows no access key in a control answer: fault rules, resets, imports and snapshots redact it', async () => {
    const json = { 'content-type': 'application/json' };
    const added = await raw(
      mock.url,
      'POST',
      '/_mock/faults',
      json,
      JSON.stringify({ operationId: 'listStorageZones', status: 500, namespace: KEY, extra: 'x'.repeat(1000) }),
    );
    expect(added.status).toBe(201);
    expect(JSON.parse(added.text)).toMatchObject({ namespace: '****9876', operationId: 'listStorageZones' });
    expect(added.text).not.toContain('extra');
    const listed = await raw(mock.url, 'GET', '/_mock/faults');
    expect(JSON.parse(listed.text).faults).toEqual([expect.objectContaining({ namespace: '****9876' })]);
    const snapshot = await raw(mock.url, 'GET', `/_mock/state?namespace=${KEY}`);
    const imported = await raw(mock.url, 'PUT', `/_mock/state?namespace=${KEY}`, json, snapshot.text);
    const reset = await raw(mock.url, 'POST', `/_mock/reset?namespace=${KEY}`, json);
    expect(imported.status).toBe(200);
    for (const answer of [added, listed, snapshot, imported, reset]) expect(answer.text).not.toContain(KEY);
    expect(JSON.parse(reset.text).reset).toBe('****9876');
    expect(JSON.parse(imported.text).imported).toBe('****9876');
    expect((await raw(mock.url, 'DELETE', '/_mock/faults', json)).status).toBe(200);
  });
});

describe('sockets', () => {
  let quick: RunningMock;
  let releaseLatency: (() => void) | undefined;
  let latencyStarted: (() => void) | undefined;
  beforeAll(async () => {
    const sleep = () => new Promise<void>((resolve) => ((releaseLatency = resolve), latencyStarted?.()));
    quick = await startMock({ port: 0, areas: ['storage'], socketTimeoutMs: 200, sleep });
  });
  afterAll(async () => quick?.close());

  // Waits on the socket's own events only: no retry, no timeout of its own. Two timers of the
  // same length race here: the idle socket's (closed without a word) and node:http's headers
  // timeout (a 408, then closed), whichever the event loop runs first. The socket reads what
  // arrives: a paused socket holding the 408 unread never ends, and so never closes.
  it('closes a connection that never sends a byte', async () => {
    const { port: quickPort } = new URL(quick.url);
    const socket = connect(Number(quickPort), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    await once(socket, 'connect');
    await once(socket, 'close'); // resolves only because the mock closes it: the test times out otherwise
    expect(socket.bytesWritten).toBe(0);
    expect(received).toMatch(/^(HTTP\/1\.1 408 [\s\S]*)?$/);
  });

  it('closes a connection that sends its headers too slowly, even while it keeps sending', async () => {
    const { port: quickPort } = new URL(quick.url);
    const socket = connect(Number(quickPort), '127.0.0.1');
    await once(socket, 'connect');
    socket.write('GET /_mock/health HTTP/1.1\r\nHost: localhost\r\n');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const drip = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 40);
    await once(socket, 'close');
    clearInterval(drip);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  it("keeps the socket of a request in flight longer than the timeout (a fault's latency)", async () => {
    const { port: quickPort } = new URL(quick.url);
    const json = { 'content-type': 'application/json' };
    expect((await raw(quick.url, 'POST', '/_mock/faults', json, JSON.stringify({ operationId: 'listStorageZones', latencyMs: 60_000, count: 1 }))).status).toBe(
      201,
    );
    const started = new Promise<void>((resolve) => (latencyStarted = resolve));
    // The door reports the slow request's socket reaching its idle timeout, and sparing it.
    const spared = new Promise<void>((resolve) => {
      const seen = (message: unknown) => {
        const timeout = message as SocketTimeout;
        if (String(timeout.port) !== quickPort || !timeout.spared) return;
        diagnostics.unsubscribe(SOCKET_TIMEOUT_CHANNEL, seen);
        resolve();
      };
      diagnostics.subscribe(SOCKET_TIMEOUT_CHANNEL, seen);
    });
    const slow = raw(quick.url, 'GET', '/storagezone', { accesskey: 'slow' });
    await started;
    await spared;
    releaseLatency!();
    expect((await slow).status).toBe(200);
  });

  // Node's fetch keeps an idle socket 4 s (its own timer, which a blocked event loop delays); a
  // mock that closed idle kept-alive sockets after 5 s had them reused once closed: "other side closed".
  it('keeps an idle kept-alive connection as long as any connection (socketTimeoutMs), and sends no shorter Keep-Alive hint', async () => {
    const patient = await startMock({ port: 0, areas: ['storage'], socketTimeoutMs: 45_000 });
    const patientPort = Number(new URL(patient.url).port);
    try {
      // Read on the server's side, once it has answered: the idle limit node:http gives the socket then.
      const idleLimit = new Promise<number | undefined>((resolve) => {
        const seen = (message: unknown) => {
          const { socket } = message as { socket: Socket };
          if (socket.localPort !== patientPort) return;
          diagnostics.unsubscribe('http.server.response.finish', seen);
          process.nextTick(() => resolve(socket.timeout));
        };
        diagnostics.subscribe('http.server.response.finish', seen);
      });
      const socket = connect(patientPort, '127.0.0.1');
      await once(socket, 'connect');
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      socket.write('GET /_mock/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
      expect(await idleLimit).toBe(45_000);
      while (!received.includes('\r\n\r\n')) await once(socket, 'data');
      socket.destroy();
      expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(received).toMatch(/\r\nConnection: keep-alive\r\n/i);
      expect(received).not.toMatch(/\r\nKeep-Alive:/i);
    } finally {
      await patient.close();
    }
  });

  it('closes a kept-alive connection once idle', async () => {
    const { port: quickPort } = new URL(quick.url);
    const socket = connect(Number(quickPort), '127.0.0.1');
    await once(socket, 'connect');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.write('GET /_mock/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await once(socket, 'close');
    expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*Connection: keep-alive/i);
  });
});
