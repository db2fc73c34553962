// The proxy Specmatic's runs go through (scripts/lib/specmatic/run.ts isolatingProxy): every request
// reaches the mock with an AccessKey of its own, so that the variants of one example, which
// Specmatic sends with one random key, each find the state the contract's examples describe;
// everything else passes unchanged both ways.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatingProxy } from '../../scripts/lib/specmatic/run.ts';

describe('isolatingProxy', () => {
  const seen: { method?: string; url?: string; headers: IncomingHttpHeaders; body: string }[] = [];
  const upstream = createServer((incoming, answer) => {
    let body = '';
    incoming.on('data', (chunk) => (body += chunk));
    incoming.on('end', () => {
      seen.push({ method: incoming.method, url: incoming.url, headers: incoming.headers, body });
      answer.writeHead(202, { 'content-type': 'application/json', 'x-echo': String(incoming.headers['x-trace']) });
      answer.end(JSON.stringify({ got: body }));
    });
  });
  let proxy: Awaited<ReturnType<typeof isolatingProxy>>;
  beforeAll(async () => {
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    proxy = await isolatingProxy(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    await proxy.close();
    await new Promise((resolve) => upstream.close(resolve));
  });

  const send = (headers: Record<string, string>) =>
    fetch(`${proxy.url}/shield/shield-zone?x=1`, { method: 'PATCH', headers: { 'content-type': 'application/json', ...headers }, body: '{"shieldZoneId":7}' });

  it('gives two requests with one AccessKey two namespaces, and passes the rest unchanged', async () => {
    const first = await send({ AccessKey: 'LUIIT', 'x-trace': 'a' });
    const second = await send({ AccessKey: 'LUIIT', 'x-trace': 'b' });
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(first.headers.get('x-echo')).toBe('a');
    expect(await second.json()).toEqual({ got: '{"shieldZoneId":7}' });
    const [a, b] = seen.slice(-2);
    expect(a!.headers.accesskey).toMatch(/^LUIIT-\d+$/);
    expect(b!.headers.accesskey).toMatch(/^LUIIT-\d+$/);
    expect(a!.headers.accesskey).not.toBe(b!.headers.accesskey);
    expect([a!.method, a!.url, a!.body]).toEqual(['PATCH', '/shield/shield-zone?x=1', '{"shieldZoneId":7}']);
  });

  it('leaves a request without an AccessKey (a bearer token, or none) as it is', async () => {
    await send({ Authorization: 'Bearer specmatic-full-access-token' });
    const last = seen.at(-1)!;
    expect(last.headers.accesskey).toBeUndefined();
    expect(last.headers.authorization).toBe('Bearer specmatic-full-access-token');
  });
});
