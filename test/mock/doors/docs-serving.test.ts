// The reference site as the mock serves it at /docs/ (issue 23): compressed (brotli or gzip, as
// the browser accepts), with an ETag that answers 304 and Cache-Control, nosniff, and a
// Content-Security-Policy on the page that allows its inline script by hash and nothing from
// another host. In headless Chromium: the site shows no console error under that policy, and the
// door holds against a page of another origin in the same browser (issue 23): a drive-by page
// cannot read tokens or state, run SQL or change state, and a DNS-rebound name is refused.
// `evil.test` resolves to 127.0.0.1 in this browser only. (What the site does, in process, is
// test/docs/.)
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DOCS_DIR } from '../../../scripts/lib/paths.ts';
import { useHttpMock } from '../../support/mock.ts';
import { finish, launchBrowser, PAGE_TIMEOUT_MS, screenshotFolder, visit } from '../../support/site-browser.ts';

// Tests and hooks that load the site wait as long as its pages may (PAGE_TIMEOUT_MS).
vi.setConfig({ testTimeout: PAGE_TIMEOUT_MS, hookTimeout: PAGE_TIMEOUT_MS });

const mock = useHttpMock();

function get(
  pathname: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${mock.url}${pathname}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const SCALAR = '/docs/assets/scalar.js';
const scalarOnDisk = () => readFileSync(path.join(DOCS_DIR, 'assets/scalar.js'));

describe('/docs/', () => {
  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('sends the Scalar bundle %s-compressed to a browser that accepts it, at most a third of its size', async (encoding, decompress) => {
    const answer = await get(SCALAR, { 'accept-encoding': `${encoding}, identity;q=0.5` });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers.vary).toMatch(/Accept-Encoding/);
    expect(answer.body.length).toBeLessThan(statSync(path.join(DOCS_DIR, 'assets/scalar.js')).size / 3);
    expect(decompress(answer.body).equals(scalarOnDisk())).toBe(true);
  });

  it('varies on both Origin and Accept-Encoding for a page of a loopback origin', async () => {
    const answer = await get(SCALAR, { 'accept-encoding': 'gzip', origin: 'http://localhost:5173' });
    expect(answer.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(String(answer.headers.vary).split(', ').sort()).toEqual(['Accept-Encoding', 'Origin']);
  });

  it('sends it as it is to a client that accepts no compression', async () => {
    const answer = await get(SCALAR);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.equals(scalarOnDisk())).toBe(true);
  });

  it('answers a matching If-None-Match with 304 and no body, and marks files to revalidate', async () => {
    const first = await get('/docs/index.html', { 'accept-encoding': 'gzip' });
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get('/docs/index.html', { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect((await get('/docs/index.html', { 'if-none-match': '"another"' })).status).toBe(200);
  });

  it('sends nosniff with every file and a Content-Security-Policy with the page', async () => {
    const page = await get('/docs/index.html');
    const script = await get('/docs/assets/app.js');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    // The page's inline configuration script, by hash; no 'unsafe-inline' or 'unsafe-eval' for scripts.
    const inline = /<script>([^<]*)<\/script>/.exec(page.body.toString('utf8'))![1]!;
    const scriptSources = /script-src ([^;]*)/.exec(policy)![1]!;
    expect(scriptSources).toContain(`'sha256-${createHash('sha256').update(inline).digest('base64')}'`);
    expect(scriptSources).not.toMatch(/unsafe/);
    expect(script.headers['content-security-policy']).toBeUndefined();
  });
});

describe('in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('the served site, under its Content-Security-Policy, calls no other host and logs no console error', async () => {
    const visited = await visit(browser, `${mock.url}/docs/index.html`, mock.url);
    await finish(visited, path.join(screenshotFolder('door'), 'served'));
  });

  describe('a page of another origin in the same browser (drive-by), and DNS rebinding', () => {
    /** The hostile page's script: every attack the issue reports, each result as [what, outcome, status, text]. */
    const attacks = (mockUrl: string, token: string) => `
      const mock = ${JSON.stringify(mockUrl)};
      const json = { 'Content-Type': 'application/json' };
      const attempt = (what, send) => send().then(async (r) => [what, 'answered', r.status, await r.text()], (e) => [what, 'failed', 0, String(e)]);
      window.attacks = Promise.all([
        attempt('mint a token', () => fetch(mock + '/database/my-database/tokens', { method: 'POST', headers: { AccessKey: 'default', ...json }, body: '{}' })),
        attempt('read the state', () => fetch(mock + '/_mock/state')),
        attempt('read the faults', () => fetch(mock + '/_mock/faults')),
        attempt('run SQL', () => fetch(mock + '/v2/pipeline', { method: 'POST', headers: { Authorization: 'Bearer ${token}', ...json }, body: JSON.stringify({ requests: [{ type: 'execute', stmt: { sql: 'SELECT 1' } }] }) })),
        // Simple requests: a browser sends them without asking first, so only the mock can refuse them.
        attempt('reset every namespace', () => fetch(mock + '/_mock/reset', { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body: '{}' })),
        attempt('advance the clock', () => fetch(mock + '/_mock/clock/advance', { method: 'POST', mode: 'no-cors', body: '{"ms":86400000}' })),
        attempt('add a fault', () => fetch(mock + '/_mock/faults', { method: 'POST', mode: 'no-cors', body: '{"operationId":"listStorageZones","status":500}' })),
      ]);`;

    let hostile: Server;
    let hostileUrl: string;
    beforeAll(async () => {
      hostile = createServer((_req, res) => {
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(`<!doctype html><title>Win a prize</title><script>${attacks(mock.url, mock.database.fullAccessToken)}</script>`);
      });
      await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
      hostileUrl = `http://evil.test:${(hostile.address() as AddressInfo).port}/`;
    });
    afterAll(() => new Promise<void>((resolve) => hostile?.close(() => resolve())));

    const control = async (path: string) => (await fetch(`${mock.url}${path}`)).json();

    it('cannot read a token, the state or SQL results, nor reset, move the clock or add a fault', async () => {
      // Something a reset would forget.
      const marker = await fetch(`${mock.url}/library/42/collections`, {
        method: 'POST',
        headers: { AccessKey: 'default', 'Content-Type': 'application/json' },
        body: '{"name":"kept through a drive-by"}',
      });
      expect(marker.status).toBe(200);
      const clockBefore = await control('/_mock/clock');

      const page = await browser.newPage();
      const refused: number[] = [];
      page.on('response', (response) => response.url().startsWith(mock.url) && refused.push(response.status()));
      await page.goto(hostileUrl);
      const results = (await page.evaluate('window.attacks')) as [string, string, number, string][];
      await page.close();

      for (const [what, outcome, status, text] of results) {
        // A read fails in the page; a simple request comes back opaque (status 0, no text).
        expect({ what, outcome, status, leaked: text.includes('"token"') || text.includes('version') }).toEqual({
          what,
          outcome: what.startsWith('read') || what.startsWith('mint') || what.startsWith('run') ? 'failed' : 'answered',
          status: 0,
          leaked: false,
        });
      }
      expect(refused.length).toBeGreaterThan(0);
      expect(refused.every((status) => status === 403)).toBe(true); // every request that reached the mock was refused
      expect((await control('/_mock/clock')).offsetMs).toBe(clockBefore.offsetMs);
      expect((await control('/_mock/faults')).faults).toEqual([]);
      const collections = await (await fetch(`${mock.url}/library/42/collections?search=drive-by`, { headers: { AccessKey: 'default' } })).json();
      expect(JSON.stringify(collections)).toContain('kept through a drive-by');
    });

    it("refuses a DNS-rebound name: the page at evil.test on the mock's port gets 403, not the state", async () => {
      const page = await browser.newPage();
      const response = await page.goto(`http://evil.test:${new URL(mock.url).port}/_mock/state`);
      expect(response?.status()).toBe(403);
      const text = await page.locator('body').innerText();
      expect(text).toContain('is not allowed');
      expect(text).not.toContain('"version"');
      await page.close();
    });
  });
});
