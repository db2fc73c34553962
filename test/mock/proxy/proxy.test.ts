// The validation proxy over HTTP, end to end against upstreams of its own: a second mock (the
// "staging platform", with faults for drifted answers) and small node:http servers that record
// exactly what reached them. Each part: forwarding unchanged both ways (credentials included),
// violations in `sl-violations`, the request log and the drift report (grouped by the contract
// element, with x-assumed), mixed operations, the Host and CORS rules, redirects never followed
// to another host, the bounds on answers and time, and the proxy guide's table of a drift
// report's fields (site/guides/7-validation-proxy.md), each field found in a real report.
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createMock, type RequestLogEntry, type RunningMock, type StartMockOptions, startMock, UsageError } from '@platform-contracts/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUIDES_DIR } from '../../../scripts/lib/site/guides.ts';
import { validateAnswer } from '../../support/openapi.ts';
import { json, startUpstream, type Upstream } from '../../support/upstream.ts';

const SECRET_KEY = 'proxy-test-access-key-7f3c';

/** A request sent as bytes, its answer read as bytes (no decompression, no header normalising). */
function send(url: string, options: { method?: string; target: string; headers?: Record<string, string>; body?: Buffer | string }) {
  const { port, hostname } = new URL(url);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(
      {
        hostname,
        port,
        method: options.method ?? 'GET',
        path: options.target,
        headers: options.headers,
        setHost: !options.headers?.host && !options.headers?.Host,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const violationsOf = (headers: Record<string, string | string[] | undefined>) =>
  JSON.parse(String(headers['sl-violations'] ?? '[]')) as { location: string[]; message: string }[];

const running: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const server of running.reverse()) await server.close();
});

async function proxyTo(proxy: StartMockOptions['proxy'], options: StartMockOptions = {}): Promise<RunningMock & { log: RequestLogEntry[] }> {
  const log: RequestLogEntry[] = [];
  const mock = await startMock({ port: 0, proxy, onRequest: (entry) => log.push(entry), ...options });
  running.push(mock);
  return Object.assign(mock, { log });
}

async function upstream(): Promise<Upstream> {
  const server = await startUpstream();
  running.push(server);
  return server;
}

let staging: RunningMock;
let raw: Upstream;
let trap: Upstream;
beforeAll(async () => {
  staging = await startMock({ port: 0 });
  running.push(staging);
  [raw, trap] = [await upstream(), await upstream()];
});

describe('forwarding', () => {
  it('sends the request upstream unchanged: method, raw target, credentials and other headers, body bytes; Host names the upstream', async () => {
    const proxy = await proxyTo(raw.url);
    raw.answer(json(201, { guid: 'g', title: 'Keynote' }));
    const before = raw.seen.length;
    const body = Buffer.from('{ "title" :"Keynote",  "thumbnailTime": 1500 }');
    const target = '/library/42/videos?x=%2Fa%20b&x=2&empty=';
    await send(proxy.url, {
      method: 'POST',
      target,
      headers: { AccessKey: SECRET_KEY, 'Content-Type': 'application/json; charset=utf-8', 'X-Trace-Id': 'trace-1', Authorization: 'Bearer not-this-api' },
      body,
    });
    const seen = raw.seen[before]!;
    expect(seen.method).toBe('POST');
    expect(seen.target).toBe(target);
    expect(seen.body.equals(body)).toBe(true);
    expect(seen.headers).toMatchObject({
      accesskey: SECRET_KEY,
      authorization: 'Bearer not-this-api',
      'x-trace-id': 'trace-1',
      'content-type': 'application/json; charset=utf-8',
      host: new URL(raw.url).host,
    });
  });

  it('forwards under the upstream base URL’s path prefix', async () => {
    const proxy = await proxyTo(`${raw.url}/staging/v1/`);
    raw.answer(json(200, []));
    await send(proxy.url, { target: '/storagezone?page=0', headers: { AccessKey: SECRET_KEY } });
    expect(raw.seen.at(-1)!.target).toBe('/staging/v1/storagezone?page=0');
  });

  it('returns the answer unchanged: status, headers, body bytes (compressed as it came), with no sl-violations for a conforming one', async () => {
    const proxy = await proxyTo(raw.url);
    const text = '[ {"Id": 1, "Name": "a"} ]';
    const compressed = gzipSync(text);
    raw.answer((_request, res) =>
      res
        .writeHead(200, {
          'content-type': 'application/json',
          'content-encoding': 'gzip',
          'x-request-id': 'req-9',
          'content-length': String(compressed.length),
        })
        .end(compressed),
    );
    const answer = await send(proxy.url, { target: '/storagezone', headers: { AccessKey: SECRET_KEY, 'Accept-Encoding': 'gzip' } });
    expect(answer.status).toBe(200);
    expect(answer.body.equals(compressed)).toBe(true);
    expect(answer.headers).toMatchObject({ 'content-encoding': 'gzip', 'x-request-id': 'req-9', 'content-type': 'application/json' });
    expect(answer.headers['sl-violations']).toBeUndefined();
    expect(validateAnswer('storage', 'listStorageZones', 200, JSON.parse(text))).toEqual([]);
  });

  it('reads a compressed answer to validate it: a drifted gzip body gets its violations', async () => {
    const proxy = await proxyTo(raw.url);
    const compressed = gzipSync(JSON.stringify([{ Id: 'not-an-integer' }]));
    raw.answer((_request, res) => res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(compressed));
    const answer = await send(proxy.url, { target: '/storagezone', headers: { AccessKey: SECRET_KEY } });
    expect(answer.body.equals(compressed)).toBe(true);
    expect(violationsOf(answer.headers)).toEqual([{ location: ['response', 'body', '0', 'Id'], message: 'must be integer', severity: 'Error' }]);
  });

  it('answers every area through the staging mock as the mock itself would, the database pipeline included', async () => {
    const proxy = await proxyTo(staging.url);
    const direct = await send(staging.url, { target: '/shield/shield-zones', headers: { AccessKey: 'same-key-1' } });
    const proxied = await send(proxy.url, { target: '/shield/shield-zones', headers: { AccessKey: 'same-key-1' } });
    expect(proxied.status).toBe(direct.status);
    expect(proxied.body.toString()).toBe(direct.body.toString());
    const pipeline = JSON.stringify({ requests: [{ type: 'execute', stmt: { sql: 'SELECT 40 + 2 AS answer' } }, { type: 'close' }] });
    const answer = await send(proxy.url, {
      method: 'POST',
      target: '/v2/pipeline',
      headers: { Authorization: `Bearer ${staging.areas.database.fullAccessToken}`, 'Content-Type': 'application/json' },
      body: pipeline,
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString()).results[0].response.result.rows).toEqual([[{ type: 'integer', value: '42' }]]);
    expect(answer.headers['sl-violations']).toBeUndefined();
    expect(proxy.log.at(-1)).toMatchObject({ status: 200, operation: { operationId: 'runPipeline' }, violations: [] });
  });
});

describe('violations of a drifted answer', () => {
  let proxy: Awaited<ReturnType<typeof proxyTo>>;
  const drifted = [{ Id: 4100, Name: 'acme', ZoneTier: 9, Password: 'pw-secret-123', Note: `echo ${SECRET_KEY}` }];
  beforeAll(async () => {
    proxy = await proxyTo(staging.url);
    staging.fault({ operationId: 'listStorageZones', status: 200, body: drifted, count: 2, namespace: SECRET_KEY });
  });

  it('are in the sl-violations header, as the independent validator finds them', async () => {
    const answer = await send(proxy.url, { target: '/storagezone', headers: { AccessKey: SECRET_KEY } });
    expect(JSON.parse(answer.body.toString())).toEqual(drifted);
    const expected = validateAnswer('storage', 'listStorageZones', 200, drifted);
    expect(expected.length).toBeGreaterThan(0);
    const violations = violationsOf(answer.headers);
    expect(violations).toEqual(
      expect.arrayContaining([
        { location: ['response', 'body', '0', 'ZoneTier'], message: 'must be equal to one of the allowed values: 0, 1', severity: 'Error' },
        { location: ['response', 'body', '0'], message: "must NOT have additional properties; found 'Note'", severity: 'Error' },
      ]),
    );
  });

  it('are in the request log, without the key', async () => {
    await send(proxy.url, { target: '/storagezone', headers: { AccessKey: SECRET_KEY } });
    const entry = proxy.log.at(-1)!;
    expect(entry).toMatchObject({ method: 'GET', path: '/storagezone', status: 200, operation: { operationId: 'listStorageZones' } });
    expect(entry.violations.map((v) => v.location.join('.'))).toEqual(expect.arrayContaining(['response.body.0.ZoneTier', 'response.body.0']));
    expect(JSON.stringify(proxy.log)).not.toContain(SECRET_KEY);
  });

  it("are in the journal of the caller's namespace, with the secrets the answer echoed redacted", () => {
    const entries = proxy.requests({ namespace: SECRET_KEY });
    expect(entries.map((entry) => [entry.operationId, entry.status])).toEqual([
      ['listStorageZones', 200],
      ['listStorageZones', 200],
    ]);
    expect(entries[0]!.violations.map((v) => v.location.join('.'))).toEqual(expect.arrayContaining(['response.body.0.ZoneTier', 'response.body.0']));
    expect(JSON.stringify(entries)).not.toContain('pw-secret-123');
  });

  it('are in the drift report, grouped by the contract element with a count, the first example and its x-assumed, no secret in it', () => {
    const report = proxy.proxy!.report();
    const operation = report.operations.find((o) => o.operationId === 'listStorageZones')!;
    expect(operation).toMatchObject({ area: 'storage', calls: 2, statuses: [{ status: 200, count: 2, documented: true }] });
    const tier = operation.violations.find((v) => v.contract === 'components/schemas/ZoneTier/enum')!;
    expect(tier).toMatchObject({
      side: 'answer',
      count: 2,
      drift: true,
      assumed: { at: 'components/schemas/ZoneTier' },
      first: { request: 'GET /storagezone', status: 200, location: 'response.body.0.ZoneTier', value: 9 },
    });
    expect(tier.assumed!.why).toMatch(/value names are not shown/);
    const extra = operation.violations.find((v) => v.contract === 'components/schemas/StorageZone/additionalProperties')!;
    expect(extra).toMatchObject({ count: 2, first: { value: { Id: 4100, ZoneTier: 9, Password: '[redacted]', Note: 'echo [redacted]' } } });
    expect(report.drift).toBe(true);
    expect(report.assumptions).toContainEqual(expect.objectContaining({ area: 'storage', at: 'components/schemas/ZoneTier', contradicted: 2 }));
    const text = JSON.stringify(report);
    for (const secret of [SECRET_KEY, 'pw-secret-123']) expect(text).not.toContain(secret);
  });

  it('an undocumented status is a violation of the operation’s responses, its status counted as not documented', async () => {
    staging.fault({ operationId: 'listShieldZones', status: 418, body: 'teapot', count: 1, namespace: 'teapot-key' });
    const answer = await send(proxy.url, { target: '/shield/shield-zones', headers: { AccessKey: 'teapot-key' } });
    expect(answer.status).toBe(418);
    expect(answer.body.toString()).toBe('teapot');
    expect(violationsOf(answer.headers)[0]).toMatchObject({ location: ['response', 'status'] });
    const operation = proxy.proxy!.report().operations.find((o) => o.operationId === 'listShieldZones')!;
    expect(operation.statuses).toEqual([{ status: 418, count: 1, documented: false }]);
    expect(operation.violations[0]).toMatchObject({ contract: 'paths/~1shield~1shield-zones/get/responses', count: 1 });
  });
});

describe('request violations', () => {
  it('are agreement when the upstream refuses the request too, drift when it accepts it', async () => {
    const invalid = JSON.stringify({ title: '' });
    const headers = { AccessKey: SECRET_KEY, 'Content-Type': 'application/json' };
    const refusing = await proxyTo(staging.url);
    const refused = await send(refusing.url, { method: 'POST', target: '/library/42/videos', headers, body: invalid });
    expect(refused.status).toBe(400);
    expect(violationsOf(refused.headers)).toContainEqual(expect.objectContaining({ location: ['request', 'body', 'title'] }));
    const agreed = refusing.proxy!.report();
    expect(agreed.operations[0]!.violations).toEqual([
      expect.objectContaining({ contract: 'components/schemas/CreateVideoRequest/properties/title/minLength', side: 'request', drift: false }),
    ]);
    expect(agreed.drift).toBe(false);

    const accepting = await proxyTo(raw.url);
    raw.answer(json(201, { guid: 'accepted' }));
    await send(accepting.url, { method: 'POST', target: '/library/42/videos', headers, body: invalid });
    const report = accepting.proxy!.report();
    expect(report.operations[0]!.violations.find((v) => v.side === 'request')).toMatchObject({ drift: true });
    expect(report.drift).toBe(true);
  });
});

describe('mixed operations', () => {
  const calls = async (proxy: RunningMock) => {
    const before = raw.seen.length;
    raw.answer(json(200, []));
    const zones = await send(proxy.url, { target: '/storagezone', headers: { AccessKey: SECRET_KEY } });
    const forwardedZones = raw.seen.length - before;
    const video = await send(proxy.url, {
      method: 'POST',
      target: '/library/42/videos',
      headers: { AccessKey: SECRET_KEY, 'Content-Type': 'application/json' },
      body: '{"title":"Mocked"}',
    });
    return {
      zones: zones.status,
      forwardedZones,
      video: video.status,
      videoTitle: JSON.parse(video.body.toString()).title,
      forwardedVideo: raw.seen.length - before - forwardedZones,
    };
  };

  it('proxyOnly: the operations named go upstream, the mock answers the rest', async () => {
    const proxy = await proxyTo({ to: raw.url, proxyOnly: ['listStorageZones'] });
    expect(await calls(proxy)).toEqual({ zones: 200, forwardedZones: 1, video: 200, videoTitle: 'Mocked', forwardedVideo: 0 });
    expect(proxy.proxy!.proxied).toEqual(['listStorageZones']);
  });

  it('mockOnly: an area named is answered by the mock, the rest goes upstream', async () => {
    const proxy = await proxyTo({ to: raw.url, mockOnly: ['video'] });
    expect(await calls(proxy)).toEqual({ zones: 200, forwardedZones: 1, video: 200, videoTitle: 'Mocked', forwardedVideo: 0 });
  });

  it('one upstream per group of areas, as the contracts’ servers name them; an area without one is mocked', async () => {
    const videoHost = await upstream();
    videoHost.answer(json(201, { guid: 'from-video-host' }));
    const proxy = await proxyTo({ to: { video: videoHost.url } });
    const result = await calls(proxy);
    expect(result).toMatchObject({ forwardedZones: 0, video: 201, videoTitle: undefined });
    expect(videoHost.seen).toHaveLength(1);
    expect(proxy.proxy!.upstreams).toEqual({ video: videoHost.url });
  });
});

describe('who the proxy answers and where it forwards', () => {
  it('listens on loopback by default', async () => {
    const proxy = await proxyTo(raw.url);
    expect(new URL(proxy.url).hostname).toBe('127.0.0.1');
  });

  it('keeps the Host rule: a request for another host is refused and never forwarded', async () => {
    const proxy = await proxyTo(raw.url);
    const before = raw.seen.length;
    const answer = await send(proxy.url, { target: '/storagezone', headers: { Host: 'evil.example', AccessKey: SECRET_KEY } });
    expect(answer.status).toBe(403);
    expect(raw.seen.length).toBe(before);
  });

  it('keeps the CORS rule: another origin is refused and never forwarded; a loopback one gets the mock’s CORS headers, not the upstream’s', async () => {
    const proxy = await proxyTo(raw.url);
    const before = raw.seen.length;
    expect((await send(proxy.url, { target: '/storagezone', headers: { Origin: 'https://evil.example', AccessKey: SECRET_KEY } })).status).toBe(403);
    expect(raw.seen.length).toBe(before);
    raw.answer(json(200, [], { 'access-control-allow-origin': '*', 'access-control-allow-credentials': 'true' }));
    const allowed = await send(proxy.url, { target: '/storagezone', headers: { Origin: 'http://localhost:5173', AccessKey: SECRET_KEY } });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('forwards an absolute-form request target to the upstream given, never to the host it names', async () => {
    const proxy = await proxyTo(raw.url);
    raw.answer(json(200, []));
    const before = raw.seen.length;
    const answer = await send(proxy.url, { target: `${trap.url}/storagezone?page=0`, headers: { AccessKey: SECRET_KEY } });
    expect(answer.status).toBe(200);
    expect(raw.seen.slice(before).map((r) => r.target)).toEqual(['/storagezone?page=0']);
    expect(trap.seen).toHaveLength(0);
  });

  it('refuses a redirect to a host not given, reporting it; the other host sees nothing', async () => {
    const proxy = await proxyTo(raw.url);
    raw.answer((_request, res) => res.writeHead(302, { location: `${trap.url}/storagezone` }).end());
    const answer = await send(proxy.url, { target: '/storagezone', headers: { AccessKey: SECRET_KEY } });
    expect(answer.status).toBe(502);
    const problem = JSON.parse(answer.body.toString());
    expect(problem).toMatchObject({ title: 'Redirect refused', status: 502 });
    expect(problem.detail).toContain(`to ${trap.url}, a host not given to --proxy`);
    expect(trap.seen).toHaveLength(0);
    expect(proxy.log.at(-1)).toMatchObject({ status: 502, operation: { operationId: 'listStorageZones' } });
    const operation = proxy.proxy!.report().operations[0]!;
    expect(operation.refused).toEqual([{ reason: expect.stringContaining(trap.url), count: 1 }]);
    expect(operation.statuses).toEqual([{ status: 302, count: 1, documented: false }]);
  });

  it('passes a redirect within the upstream on, an absolute one made relative so the client comes back through the proxy', async () => {
    const proxy = await proxyTo(`${raw.url}/base`);
    raw.answer((_request, res) => res.writeHead(301, { location: `${raw.url}/base/storagezone?page=1` }).end());
    const absolute = await send(proxy.url, { target: '/storagezone', headers: { AccessKey: SECRET_KEY } });
    expect(absolute.status).toBe(301);
    expect(absolute.headers.location).toBe('/storagezone?page=1');
    raw.answer((_request, res) => res.writeHead(307, { location: '/base/storagezone?page=2' }).end());
    const relative = await send(proxy.url, { target: '/storagezone', headers: { AccessKey: SECRET_KEY } });
    expect(relative.headers.location).toBe('/storagezone?page=2');
    const direct = await proxyTo(raw.url);
    raw.answer((_request, res) => res.writeHead(308, { location: 'storagezone?page=3' }).end());
    expect((await send(direct.url, { target: '/storagezone', headers: { AccessKey: SECRET_KEY } })).headers.location).toBe('storagezone?page=3');
  });

  const failures: [string, (u: Upstream) => void, number, RegExp][] = [
    [
      'an answer over maxAnswerBytes',
      (u) => u.answer(json(200, 'x'.repeat(5000))),
      502,
      /more than 1024 bytes; --proxy-max-answer-bytes \(proxy.maxAnswerBytes\) raises the limit/,
    ],
    ['no answer within timeoutMs', (u) => u.answer(() => undefined), 504, /did not answer within 300 ms; --proxy-timeout-ms \(proxy.timeoutMs\) raises it/],
  ];
  it.each(failures)('answers %s with a problem naming the option', async (_name, arrange, status, detail) => {
    const slow = await upstream();
    arrange(slow);
    const proxy = await proxyTo({ to: slow.url, maxAnswerBytes: 1024, timeoutMs: 300 });
    const answer = await send(proxy.url, { target: '/storagezone', headers: { AccessKey: SECRET_KEY } });
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body.toString()).detail).toMatch(detail);
    expect(proxy.proxy!.report().totals.refused).toBe(1);
  });

  it('answers 502 when the upstream cannot be reached', async () => {
    const gone = await startUpstream();
    const url = gone.url;
    await gone.close();
    const proxy = await proxyTo(url);
    const answer = await send(proxy.url, { target: '/storagezone', headers: { AccessKey: SECRET_KEY } });
    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.body.toString())).toMatchObject({ title: 'Upstream unreachable', detail: expect.stringContaining('ECONNREFUSED') });
  });
});

describe('in process and as a library', () => {
  it('createMock({ proxy }): mock.fetch forwards too, the answer’s bytes unchanged', async () => {
    const mock = await createMock({ proxy: raw.url });
    running.push(mock);
    const compressed = gzipSync('[]');
    raw.answer((_request, res) => res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'x-from': 'raw' }).end(compressed));
    const answer = await mock.fetch(`${mock.url}/storagezone`, { headers: { AccessKey: SECRET_KEY, 'accept-encoding': 'gzip' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-from')).toBe('raw');
    expect(Buffer.from(await answer.arrayBuffer()).equals(compressed)).toBe(true);
    expect(raw.seen.at(-1)!.headers.accesskey).toBe(SECRET_KEY);
  });

  it('reports each exchange once to its listeners: request, status, violations, and no header', async () => {
    const proxy = await proxyTo(raw.url);
    const heard: unknown[] = [];
    const stop = proxy.proxy!.onExchange((exchange) => heard.push(exchange));
    raw.answer(json(200, [{ Id: 'x' }]));
    await send(proxy.url, { target: '/storagezone?search=a', headers: { AccessKey: SECRET_KEY } });
    stop();
    await send(proxy.url, { target: '/storagezone', headers: { AccessKey: SECRET_KEY } });
    expect(heard).toEqual([
      expect.objectContaining({
        kind: 'http',
        area: 'storage',
        operation: expect.objectContaining({ operationId: 'listStorageZones' }),
        request: { method: 'GET', target: '/storagezone?search=a' },
        status: 200,
        documented: true,
        violations: [expect.objectContaining({ contract: 'components/schemas/StorageZone/properties/Id/type', location: ['response', 'body', '0', 'Id'] })],
      }),
    ]);
    expect(JSON.stringify(heard)).not.toContain(SECRET_KEY);
  });

  const refused: [string, StartMockOptions['proxy'], RegExp][] = [
    ['an empty group map', { to: {} }, /--proxy \(option proxy\) needs a URL/],
    ['a timeout that is not a whole number above 0', { to: 'http://127.0.0.1:9', timeoutMs: 0 }, /proxy.timeoutMs is a whole number above 0/],
    ['an answer limit that is not a whole number', { to: 'http://127.0.0.1:9', maxAnswerBytes: 1.5 }, /proxy.maxAnswerBytes is a whole number above 0/],
    ['a record folder that is a file', { to: 'http://127.0.0.1:9', record: '/etc/hostname' }, /--record \(proxy.record\): cannot write into \/etc\/hostname/],
  ];
  it.each(refused)('startMock refuses %s with a usage error naming it', async (_name, proxy, message) => {
    await expect(startMock({ port: 0, proxy })).rejects.toThrow(message);
    await expect(startMock({ port: 0, proxy })).rejects.toBeInstanceOf(UsageError);
  });
});

describe('the validation proxy guide', () => {
  const text = readFileSync(path.join(GUIDES_DIR, '7-validation-proxy.md'), 'utf8');

  it('describes fields a real drift report has', async () => {
    // A drifted answer from the staging mock, proxied: every field the guide's table names is in the report.
    const fault = { operationId: 'listStorageZones', status: 200, body: [{ Id: 1, ZoneTier: 9 }], count: 1, namespace: 'guide-drift' };
    await fetch(`${staging.url}/_mock/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) });
    const proxy = await startMock({ port: 0, proxy: staging.url });
    await fetch(`${proxy.url}/storagezone`, { headers: { AccessKey: 'guide-drift' } });
    await fetch(`${proxy.url}/storagezone`, { headers: { AccessKey: 'guide-drift' } });
    await proxy.close();
    const report = proxy.proxy!.report();
    const rows = text.split('\n').filter((line) => /^\| `/.test(line));
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const row of rows) {
      let parent: string[] = [];
      for (const [, field] of row.split('|')[1]!.matchAll(/`([^`]+)`/g)) {
        const steps = field!.split('.');
        const full = steps.length > 1 || field!.endsWith('[]') ? steps : [...parent, ...steps];
        parent = full.slice(0, -1);
        expect(fieldAt(report, full), `${field} (${full.join('.')})`).toBeDefined();
      }
    }
  });
});

/** The value at `operations[].violations[].contract` in the first element of each list on the way. */
function fieldAt(value: unknown, steps: string[]): unknown {
  let current = value;
  for (const step of steps) {
    const name = step.replace(/\[\]$/, '');
    current = (current as Record<string, unknown> | undefined)?.[name];
    if (step.endsWith('[]')) current = Array.isArray(current) ? current[0] : undefined;
  }
  return current;
}
