// Serves the built reference site (dist/docs) under /docs/. Each file is read and compressed
// (brotli and gzip, off the event loop) once, then answered from memory with a strong ETag
// (304 to a matching If-None-Match), `Cache-Control: no-cache` (revalidate: a rebuild changes
// the files), `nosniff`, and for pages a Content-Security-Policy that allows the site's own
// scripts (its inline ones by hash), inline styles (Scalar sets them) and calls to this origin
// and mocks on localhost or 127.0.0.1 only.
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { decodeSegment } from '../../engine/routes.ts';

// Required, not imported: see engine/request.ts.
const Negotiator = createRequire(import.meta.url)('negotiator') as typeof import('negotiator');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.yaml': 'application/yaml',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};
/** Worth compressing: text. Brotli at quality 5 compresses the 4.4 MB Scalar bundle in about 0.1 s (to about a quarter). */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.yaml', '.svg']);
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
const ENCODINGS = ['br', 'gzip', 'identity'];

interface Prepared {
  mtimeMs: number;
  size: number;
  type: string;
  etag: string;
  headers: Record<string, string>;
  bodies: Record<string, Buffer>;
}

/** The Content-Security-Policy of a page: its own inline scripts by hash, nothing from another host. */
function pagePolicy(html: string): string {
  const hashes = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map(([, code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`);
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self' http://localhost:* http://127.0.0.1:*",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export function createStaticSite(root: string) {
  const cache = new Map<string, Promise<Prepared>>();

  async function prepare(file: string, mtimeMs: number): Promise<Prepared> {
    const raw = await readFile(file);
    const extension = path.extname(file);
    const type = TYPES[extension] ?? 'application/octet-stream';
    const bodies: Record<string, Buffer> = { identity: raw };
    if (COMPRESSIBLE.has(extension) && raw.length > 1024) {
      [bodies.br, bodies.gzip] = await Promise.all([brotliAsync(raw, BROTLI_OPTIONS), gzipAsync(raw)]);
    }
    const headers: Record<string, string> = { 'content-type': type, 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' };
    if (extension === '.html') headers['content-security-policy'] = pagePolicy(raw.toString('utf8'));
    return { mtimeMs, size: raw.length, type, etag: `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`, headers, bodies };
  }

  /** The file prepared, again when it changed on disk since. */
  function prepared(file: string): Promise<Prepared> {
    const { mtimeMs } = statSync(file);
    const cached = cache.get(file);
    if (cached) {
      return cached.then((found) => {
        if (found.mtimeMs === mtimeMs) return found;
        cache.delete(file);
        return prepared(file);
      });
    }
    const preparing = prepare(file, mtimeMs);
    cache.set(file, preparing);
    preparing.catch(() => cache.delete(file));
    return preparing;
  }

  return async function serveStatic(res: ServerResponse, requested: string, headers: IncomingHttpHeaders, method: string) {
    if (requested === '') {
      res.writeHead(301, { location: '/docs/' }).end();
      return;
    }
    const relative = (decodeSegment(requested) ?? requested).replace(/^\/+/, '') || 'index.html';
    const file = path.resolve(root, relative);
    if (!file.startsWith(path.resolve(root) + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
      const hint = existsSync(root) ? `${requested} is not part of the site` : 'the site is not built: run `pnpm site` (or `pnpm build`)';
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' }).end(`Not found: ${hint}\n`);
      return;
    }
    const found = await prepared(file);
    const varied = [res.getHeader('vary'), Object.keys(found.bodies).length > 1 ? 'Accept-Encoding' : undefined].filter(Boolean).join(', ');
    const vary = varied ? { vary: varied } : {};
    const matches = String(headers['if-none-match'] ?? '')
      .split(',')
      .some((tag) => tag.trim().replace(/^W\//, '') === found.etag || tag.trim() === '*');
    if (matches) {
      res.writeHead(304, { etag: found.etag, 'cache-control': 'no-cache', ...vary }).end();
      return;
    }
    const encoding =
      new Negotiator({ headers: { 'accept-encoding': String(headers['accept-encoding'] ?? 'identity') } }).encodings(
        ENCODINGS.filter((name) => found.bodies[name]),
      )[0] ?? 'identity';
    const body = found.bodies[encoding]!;
    res.writeHead(200, {
      ...found.headers,
      ...vary,
      etag: found.etag,
      'content-length': String(body.length),
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
    });
    res.end(method === 'HEAD' ? undefined : body);
  };
}
