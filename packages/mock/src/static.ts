// Serves the built reference site (dist/docs) under /docs/.
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { decodeSegment } from './routes.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.yaml': 'application/yaml',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

export function serveStatic(res: ServerResponse, root: string, requested: string) {
  if (requested === '') {
    res.writeHead(301, { location: '/docs/' }).end();
    return;
  }
  const relative = (decodeSegment(requested) ?? requested).replace(/^\/+/, '') || 'index.html';
  const file = path.resolve(root, relative);
  if (!file.startsWith(path.resolve(root) + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
    const hint = existsSync(root) ? `${requested} is not part of the site` : 'the site is not built: run `pnpm site` (or `pnpm build`)';
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`Not found: ${hint}\n`);
    return;
  }
  res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
}
