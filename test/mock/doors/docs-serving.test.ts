// The reference site as the mock serves it at /docs/ (issue 23): compressed (brotli or gzip, as
// the browser accepts), with an ETag that answers 304 and Cache-Control, nosniff, and a
// Content-Security-Policy on the page that allows its inline script by hash and nothing from
// another host. (That the site shows no console error under it is checked in Chromium by
// test/docs/browser.test.ts.)
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DOCS_DIR } from '../../../scripts/lib/paths.ts';
import { useHttpMock } from '../../support/mock.ts';

const mock = useHttpMock(['storage']);

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
