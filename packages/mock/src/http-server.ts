// The HTTP door: `startMock()` is createMock() (mock.ts) behind a node:http server on one origin,
// with the reference site at /docs/. Only what needs a socket lives here: reading bodies within
// the limit, CORS, the site's files, and closing with the requests in flight.
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HEALTH_PATH } from './control.ts';
import { createMock, MockStartError, problemAnswer, splitTarget, tooLarge, type DoorAnswer, type Mock, type MockOptions, type RequestLogEntry } from './mock.ts';
import { serveStatic } from './static.ts';

export { HEALTH_PATH };

const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));
const REPO_ROOT = path.join(PACKAGE_ROOT, '../..');

/** The site: the repository's current build when running inside it, else the copy packed into the package. */
function defaultDocsDir(): string {
  const inRepository = path.join(REPO_ROOT, 'dist/docs');
  return existsSync(path.join(REPO_ROOT, 'pnpm-workspace.yaml')) ? inRepository : path.join(PACKAGE_ROOT, 'docs');
}

/** How long close() waits for requests in flight before it drops their connections. */
const CLOSE_GRACE_MS = 10_000;
/** A body over the limit is read to its end (so the client can read the 413) up to this many times the limit. */
const DRAIN_FACTOR = 64;

export interface StartMockOptions extends MockOptions {
  /** Port to listen on; 0 picks a free one. Default 4010. */
  port?: number;
  /** Host to listen on. Default 127.0.0.1. */
  host?: string;
  /** Folder of the reference site served at /docs/. */
  docsDir?: string;
}

/** A mock behind an HTTP server: `url` is where it listens; `close()` also stops the server. */
export type RunningMock = Mock;

export async function startMock(options: StartMockOptions = {}): Promise<RunningMock> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 4010;
  // The door logs each request once it is sent (the site's files and refused bodies included).
  const mock = await createMock({ ...options, onRequest: undefined });
  const docsDir = options.docsDir ?? defaultDocsDir();
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;

  const inFlight = new Set<ServerResponse>();
  let closing = false;
  const server = createServer((req, res) => {
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
    if (closing) res.shouldKeepAlive = false;
    handleHttp(req, res).catch((error: unknown) => send(res, problemAnswer(500, 'Mock failure', String(error))));
  });

  async function handleHttp(req: IncomingMessage, res: ServerResponse) {
    const method = (req.method ?? 'GET').toUpperCase();
    const target = req.url ?? '/';
    const logged: Pick<RequestLogEntry, 'operation' | 'violations'> = { violations: [] };
    if (options.onRequest) {
      const started = performance.now();
      const time = new Date().toISOString();
      const log = options.onRequest;
      res.once('finish', () => log({ time, method, path: splitTarget(target).rawPath ?? target, status: res.statusCode, ...logged, ms: performance.now() - started }));
    }
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-expose-headers', '*');
    if (method === 'OPTIONS' && req.headers['access-control-request-method']) return answerPreflight(req, res);
    const { rawPath } = splitTarget(target);
    if ((method === 'GET' || method === 'HEAD') && rawPath !== undefined && (rawPath === '/docs' || rawPath.startsWith('/docs/'))) {
      return serveStatic(res, docsDir, rawPath.slice('/docs'.length));
    }
    const body = await readBody(req, maxBodyBytes);
    if (body === TOO_LARGE) return send(res, tooLarge(maxBodyBytes));
    const answer = await mock.handle({ method, target, headers: headersOf(req), body });
    Object.assign(logged, { operation: answer.operation, violations: answer.violations });
    send(res, answer);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') reject(new MockStartError(`port ${port} on ${host} is already in use: stop what uses it or pass another --port (0 picks a free one)`));
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') reject(new MockStartError(`cannot listen on host ${host}: ${error.code}`));
      else if (error.code === 'EACCES') reject(new MockStartError(`not allowed to listen on port ${port}`));
      else reject(new MockStartError(`cannot listen on ${host}:${port}: ${error.message}`));
    });
    server.listen(port, host, () => resolve());
  }).catch(async (error: unknown) => {
    await mock.close();
    throw error;
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    ...mock,
    url: `http://${shownHost}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        closing = true;
        for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
        const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
        server.close((error) => {
          clearTimeout(force);
          mock.close().then(() => {
            if (error && (error as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING') reject(error);
            else resolve();
          }, reject);
        });
        server.closeIdleConnections();
      }),
  };
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return headers;
}

function answerPreflight(req: IncomingMessage, res: ServerResponse) {
  res.writeHead(204, {
    'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
    'access-control-max-age': '600',
  });
  res.end();
}

const TOO_LARGE = Symbol('too large');

/**
 * The request body, or TOO_LARGE once it passes the limit. The rest of a body that is too large
 * is read and dropped (up to DRAIN_FACTOR times the limit), so that the client, which sends its
 * whole body before reading, gets the 413 instead of a reset connection.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined | typeof TOO_LARGE> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number(req.headers['content-length'] ?? 0) > limit;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (!tooLarge && size <= limit) return void chunks.push(chunk);
      tooLarge = true;
      chunks.length = 0;
      if (size > limit * DRAIN_FACTOR) {
        req.socket.destroy(); // no client should be sent that much after a 413
        resolve(TOO_LARGE);
      }
    });
    req.once('end', () => resolve(tooLarge ? TOO_LARGE : size === 0 ? undefined : Buffer.concat(chunks)));
    req.once('error', () => resolve(TOO_LARGE));
  });
}

function send(res: ServerResponse, answer: DoorAnswer) {
  if (res.headersSent) return void res.end();
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.writeHead(answer.status).end(answer.body);
}
