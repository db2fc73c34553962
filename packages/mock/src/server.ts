// The mock's HTTP server: one origin for every area, plus the reference site at /docs/.
import './lazy-faker.ts';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IHttpConfig } from '@stoplight/prism-http';
import { getHttpConfigFromRequest } from '@stoplight/prism-http-server/dist/getHttpConfigFromRequest.js';
import * as E from 'fp-ts/lib/Either.js';
import { BUNDLE_DIR } from '@platform/contracts';
import { AREAS } from './areas/index.ts';
import { resolveDatabaseSettings, type DatabaseMockOptions } from './areas/database/settings.ts';
import { createEngine, INVALID_JSON, readBundle, type Engine, type ParsedRequest, type ServedOperation } from './engine.ts';
import { serveStatic } from './static.ts';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));
/**
 * Where the bundled contracts and the reference site are by default: the contracts from
 * @platform/contracts; the site from the repository's dist/ when running from the sources,
 * the copy the build puts in the package when running built.
 */
const DEFAULT_DIRS = import.meta.url.endsWith('.ts')
  ? { bundleDir: BUNDLE_DIR, docsDir: path.join(REPO_ROOT, 'dist/docs') }
  : { bundleDir: BUNDLE_DIR, docsDir: path.join(PACKAGE_ROOT, 'docs') };

/** The mock's own endpoint for readiness checks; no area has paths under /_mock/. */
export const HEALTH_PATH = '/_mock/health';
/** How long close() waits for requests in flight before it drops their connections. */
const CLOSE_GRACE_MS = 10_000;

export interface MockOptions {
  /** Port to listen on; 0 picks a free one. Default 4010. */
  port?: number;
  /** Host to listen on. Default 127.0.0.1. */
  host?: string;
  /** Folder holding the bundled contracts (<area>.json). Default: the bundles of @platform/contracts. */
  bundleDir?: string;
  /** Folder of the reference site served at /docs/. Default: the site shipped in the package. */
  docsDir?: string;
  /** Prism's dynamic examples instead of the contract's examples. */
  dynamic?: boolean;
  /** Seed for dynamic examples, so that they repeat. */
  seed?: string;
  /** Largest request body accepted, in bytes; larger ones answer 413. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Serve only these areas (by name); default every area. */
  areas?: string[];
  /** Called once per answered request; the CLI prints it. */
  onRequest?: (entry: RequestLogEntry) => void;
  /** The database area: its tokens (generated when absent) and where its databases live. */
  database?: DatabaseMockOptions;
}

export interface RequestLogEntry {
  /** When the request arrived (ISO 8601). */
  time: string;
  method: string;
  path: string;
  status: number;
  operation?: ServedOperation;
  violations: { location: string[]; message: string; severity: string }[];
  ms: number;
}

export interface RunningMock {
  /** Base URL of the mock, for example http://127.0.0.1:4010. */
  url: string;
  operations: ServedOperation[];
  /** Stops accepting connections and resolves once the requests in flight are answered. */
  /** The database area's tokens, as given or generated. */
  database: { fullAccessToken: string; readOnlyToken: string };
  close(): Promise<void>;
}

/** The mock could not start: a busy port, a missing bundle, an unknown host. */
export class MockStartError extends Error {
  override name = 'MockStartError';
}

export async function startMock(options: MockOptions = {}): Promise<RunningMock> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 4010;
  const bundleDir = options.bundleDir ?? DEFAULT_DIRS.bundleDir;
  const docsDir = options.docsDir ?? DEFAULT_DIRS.docsDir;
  const unknown = (options.areas ?? []).filter((name) => !AREAS.some((area) => area.name === name));
  if (unknown.length > 0) throw new MockStartError(`unknown area ${unknown.join(', ')}; the areas are ${AREAS.map((a) => a.name).join(', ')}`);
  const areas = options.areas ? AREAS.filter((area) => options.areas!.includes(area.name)) : AREAS;
  for (const area of areas) {
    const bundle = path.join(bundleDir, `${area.name}.json`);
    if (!existsSync(bundle)) throw new MockStartError(`the ${area.name} contract is not bundled (${bundle} is missing): run \`pnpm bundle\` first`);
  }
  const database = resolveDatabaseSettings(options.database);
  const engine = await createEngine({
    areas,
    settings: { database },
    loadBundle: (area) => readBundle(path.join(bundleDir, `${area}.json`)),
    dynamic: options.dynamic,
    seed: options.seed,
  });
  const health = { status: 'ok', areas: areas.map((area) => area.name), operations: engine.operations.length };
  const handle = requestHandler(engine, { docsDir, health, maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024, onRequest: options.onRequest });
  const inFlight = new Set<ServerResponse>();
  let closing = false;
  const server = createServer((req, res) => {
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
    if (closing) res.shouldKeepAlive = false;
    handle(req, res).catch((error: unknown) => sendProblem(res, 500, 'Mock failure', String(error)));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') reject(new MockStartError(`port ${port} on ${host} is already in use: stop what uses it or pass another --port`));
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') reject(new MockStartError(`cannot listen on host ${host}: ${error.code}`));
      else if (error.code === 'EACCES') reject(new MockStartError(`not allowed to listen on port ${port}`));
      else reject(new MockStartError(`cannot listen on ${host}:${port}: ${error.message}`));
    });
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    operations: engine.operations,
    database: { fullAccessToken: database.fullAccessToken, readOnlyToken: database.readOnlyToken },
    close: () =>
      new Promise<void>((resolve, reject) => {
        closing = true;
        for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
        const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
        server.close((error) => {
          clearTimeout(force);
          if (error && (error as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING') reject(error);
          else resolve();
        });
        server.closeIdleConnections();
      }),
  };
}

function requestHandler(
  engine: Engine,
  options: { docsDir: string; health: object; maxBodyBytes: number; onRequest?: (entry: RequestLogEntry) => void },
) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const url = requestTarget(req.url ?? '/');
    const method = (req.method ?? 'GET').toUpperCase();
    const logged: Pick<RequestLogEntry, 'operation' | 'violations'> = { violations: [] };
    if (options.onRequest) {
      const time = new Date().toISOString();
      const log = options.onRequest;
      res.once('finish', () => log({ time, method, path: url?.pathname ?? String(req.url), status: res.statusCode, ...logged, ms: performance.now() - started }));
    }
    allowCrossOrigin(res);
    if (!url) return sendProblem(res, 400, 'Invalid request target', 'The request target is neither a path nor an absolute URL.');
    if (method === 'OPTIONS' && req.headers['access-control-request-method']) return answerPreflight(req, res);
    if (url.pathname === HEALTH_PATH) {
      if (method === 'GET' || method === 'HEAD') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(options.health));
      return sendProblem(res, 405, 'Method not allowed', `${HEALTH_PATH} answers GET and HEAD only.`);
    }
    if ((method === 'GET' || method === 'HEAD') && (url.pathname === '/docs' || url.pathname.startsWith('/docs/'))) {
      return serveStatic(res, options.docsDir, url.pathname.slice('/docs'.length));
    }

    const raw = await readBody(req, options.maxBodyBytes);
    if (raw === TOO_LARGE) {
      res.shouldKeepAlive = false; // the rest of the body is not worth reading on a reused connection
      return sendProblem(res, 413, 'Request body too large', `The mock accepts bodies of at most ${options.maxBodyBytes} bytes.`);
    }
    const request = toPrismRequest(req, url, method, raw);
    const requestConfig = asksForSpecificAnswer(request) ? getHttpConfigFromRequest(request) : NO_PREFERENCES;
    if (E.isLeft(requestConfig)) {
      return sendProblem(res, 422, 'Invalid Prefer header', requestConfig.left.message);
    }
    const answer = await engine.answer(request, { mock: requestConfig.right } as Partial<IHttpConfig>);
    if (answer instanceof Error) {
      const status = (answer as { status?: number }).status ?? 500;
      return sendProblem(res, status, answer.name === 'Error' ? 'Mock failure' : titleOf(answer), (answer as { detail?: string }).detail ?? answer.message);
    }
    const { response, operation, violations } = answer;
    Object.assign(logged, { operation, violations });
    const broken = violations.filter((v) => v.location[0] === 'response' && v.severity === 'Error');
    if (broken.length > 0) {
      sendProblem(res, 500, 'The mock answer breaks the contract', `${operation?.operationId ?? 'operation'} answered ${response.statusCode} with a body the contract does not allow.`, {
        violations: broken,
      });
    } else {
      if (violations.length > 0) res.setHeader('sl-violations', asciiOnly(JSON.stringify(violations).slice(0, 8000)));
      send(res, response.statusCode, response.headers ?? {}, response.body);
    }
  };
}

/** The request's path and query; a path such as //x/y stays a path (not a host). */
function requestTarget(target: string): URL | undefined {
  try {
    return target.startsWith('/') ? new URL(`http://mock.invalid${target}`) : new URL(target);
  } catch {
    return undefined;
  }
}

/** Browsers may call the mock from any origin; the API authenticates with a header, not cookies. */
function allowCrossOrigin(res: ServerResponse) {
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-expose-headers', '*');
}

function answerPreflight(req: IncomingMessage, res: ServerResponse) {
  res.writeHead(204, {
    'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
    'access-control-max-age': '600',
  });
  res.end();
}

/** Header values must be Latin-1; violations can quote whatever the request sent. */
const asciiOnly = (text: string) => text.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Prism's per-request preferences come from a Prefer header or __code/__example/__dynamic/__seed. */
const NO_PREFERENCES = E.right({});
const asksForSpecificAnswer = (request: ParsedRequest) =>
  request.headers?.prefer !== undefined || Object.keys(request.url.query ?? {}).some((name) => name.startsWith('__'));

const TOO_LARGE = Symbol('too large');

/**
 * The request body as text, or TOO_LARGE as soon as it passes the limit. The rest of a body that
 * is too large is read and dropped, so that the client can read the 413 answer.
 */
function readBody(req: IncomingMessage, limit: number): Promise<string | undefined | typeof TOO_LARGE> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > limit) {
      req.resume();
      return resolve(TOO_LARGE);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const collect = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off('data', collect);
      req.resume();
      resolve(TOO_LARGE);
    };
    req.on('data', collect);
    req.once('end', () => resolve(size === 0 ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
  });
}

const JSON_TYPES = /^(application\/json|text\/json|application\/[^;]*\+json)\s*(;|$)/i;

function toPrismRequest(req: IncomingMessage, url: URL, method: string, raw: string | undefined): ParsedRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? values[0]! : values;
  }
  const request: ParsedRequest = { method: method.toLowerCase() as ParsedRequest['method'], url: { path: url.pathname, query }, headers, body: raw };
  if (raw !== undefined && JSON_TYPES.test(headers['content-type'] ?? '')) {
    try {
      request.body = JSON.parse(raw);
    } catch (error) {
      request[INVALID_JSON] = (error as Error).message;
    }
  }
  return request;
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: unknown) {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (body === undefined || body === null || body === '') {
    res.writeHead(status).end();
    return;
  }
  const contentType = String(res.getHeader('content-type') ?? '');
  const text = typeof body === 'string' && !/json/i.test(contentType) ? body : JSON.stringify(body);
  res.writeHead(status).end(text);
}

function sendProblem(res: ServerResponse, status: number, title: string, detail: string, extra: Record<string, unknown> = {}) {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'content-type': 'application/problem+json' });
  res.end(JSON.stringify({ type: 'about:blank', title, status, detail, ...extra }));
}

function titleOf(error: Error): string {
  return error.message || error.name;
}
