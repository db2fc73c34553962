// The mock's HTTP server: one origin for every area, the mock's own endpoints under /_mock/ and
// the reference site at /docs/. It knows no area by name.
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLE_DIR, BundleError, readBundle, type AreaName } from '@platform-contracts/contracts';
import type { InfoOf, OpenApiDocument, OptionsOf } from './area.ts';
import { AREA_BEHAVIOURS } from './areas/index.ts';
import { ContractError } from './contract.ts';
import { CONTROL_PREFIX, createControl, HEALTH_PATH } from './control.ts';
import { createEngine, type EngineAnswer, type ServedOperation } from './engine.ts';
import type { ActiveFault, FaultRule } from './faults.ts';
import { createClock, DEFAULT_NAMESPACE, type StateSnapshot } from './namespaces.ts';
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

type Areas = (typeof AREA_BEHAVIOURS)[number];
/** Each area's options, under its name: `{ database: { fullAccessToken: '...' } }`. */
export type AreaOptions = { [A in Areas as A['name']]?: OptionsOf<A> };
export type AreaInfo = { [A in Areas as A['name']]: InfoOf<A> };

export interface MockOptions extends AreaOptions {
  /** Port to listen on; 0 picks a free one. Default 4010. */
  port?: number;
  /** Host to listen on. Default 127.0.0.1. */
  host?: string;
  /** Folder holding the bundled contracts (<area>.json). Default: the bundles of @platform-contracts/contracts. */
  bundleDir?: string;
  /** Folder of the reference site served at /docs/. */
  docsDir?: string;
  /** Prism's generated answers instead of the contract's examples, for operations without behaviour. */
  dynamic?: boolean;
  /** Seed for generated answers, so that they repeat. */
  seed?: string;
  /** Largest request body accepted, in bytes; larger ones answer 413. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Serve only these areas (by name); default every area. */
  areas?: string[];
  /** Namespaces (access keys) kept at once; the least recently used is dropped beyond it. Default 1000. */
  maxNamespaces?: number;
  /** State to start from: a snapshot as `GET /_mock/state` gives it, for its namespace. */
  state?: StateSnapshot;
  /** The real clock under the virtual one (tests inject theirs). Default Date.now. */
  now?: () => number;
  /** Waits for a fault's latency (tests inject theirs). Default a timer. */
  sleep?: (ms: number) => Promise<void>;
  /** Called once per answered request; the CLI prints it. */
  onRequest?: (entry: RequestLogEntry) => void;
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
  /** What each area offers: `mock.areas.database.fullAccessToken`. */
  areas: AreaInfo;
  /** Lines each area reports at start (the CLI prints them). */
  report: string[];
  /** Forgets one namespace's state, or every one's. */
  reset(namespace?: string): void;
  exportState(namespace?: string): StateSnapshot;
  importState(snapshot: StateSnapshot, namespace?: string): void;
  clock: { now(): number; advance(ms: number): void; set(time: number | Date): void };
  /** Makes calls of an operation fail or slow down; see FaultRule. */
  fault(rule: FaultRule): ActiveFault;
  clearFaults(): void;
  /** Stops accepting connections and resolves once the requests in flight are answered. */
  close(): Promise<void>;
}

/** The mock could not start: a busy port, a missing or broken bundle, a bad option. */
export class MockStartError extends Error {
  override name = 'MockStartError';
}

/** The areas' bundles, read by @platform-contracts/contracts (its errors name the file and what to run). */
function loadDocuments(bundleDir: string, areas: AreaName[]): Map<string, OpenApiDocument> {
  const documents = new Map<string, OpenApiDocument>();
  for (const area of areas) {
    try {
      documents.set(area, readBundle(area, { dir: bundleDir }) as OpenApiDocument);
    } catch (error) {
      if (error instanceof BundleError) throw new MockStartError(`the ${area} contract cannot be loaded: ${error.message}`);
      throw error;
    }
  }
  return documents;
}

export async function startMock(options: MockOptions = {}): Promise<RunningMock> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 4010;
  const known = AREA_BEHAVIOURS.map((area) => area.name);
  const unknown = (options.areas ?? []).filter((name) => !known.includes(name as never));
  if (unknown.length > 0) throw new MockStartError(`unknown area ${unknown.join(', ')}; the areas are ${known.join(', ')}`);
  const areas = options.areas ? AREA_BEHAVIOURS.filter((area) => options.areas!.includes(area.name)) : [...AREA_BEHAVIOURS];
  const bundleDir = options.bundleDir ?? BUNDLE_DIR;
  const documents = loadDocuments(bundleDir, areas.map((area) => area.name));
  const clock = createClock(options.now);
  const areaOptions = Object.fromEntries(areas.map((area) => [area.name, (options as Record<string, unknown>)[area.name]]));
  let engine;
  try {
    engine = await createEngine({
      areas: areas as never,
      documents,
      areaOptions,
      clock,
      sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      maxNamespaces: options.maxNamespaces ?? 1000,
      dynamic: options.dynamic,
      seed: options.seed,
    });
  } catch (error) {
    if (error instanceof ContractError) throw new MockStartError(`${path.join(bundleDir, `${error.area}.json`)} is not a contract the mock can serve: ${error.message}`);
    throw error instanceof Error && !(error instanceof MockStartError) ? new MockStartError(error.message) : error;
  }
  if (options.state) {
    try {
      engine.namespaces.import(options.state.namespace ?? DEFAULT_NAMESPACE, options.state);
    } catch (error) {
      throw new MockStartError(`the start state cannot be imported: ${(error as Error).message}`);
    }
  }
  const health = () => ({ status: 'ok', areas: areas.map((area) => area.name), operations: engine.operations.length });
  const control = createControl(engine, clock, health);
  const handle = requestHandler(engine, control, { docsDir: options.docsDir ?? defaultDocsDir(), maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024, onRequest: options.onRequest });

  const inFlight = new Set<ServerResponse>();
  let closing = false;
  const server = createServer((req, res) => {
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
    if (closing) res.shouldKeepAlive = false;
    handle(req, res).catch((error: unknown) => sendJson(res, 500, problemBody(500, 'Mock failure', String(error))));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') reject(new MockStartError(`port ${port} on ${host} is already in use: stop what uses it or pass another --port (0 picks a free one)`));
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') reject(new MockStartError(`cannot listen on host ${host}: ${error.code}`));
      else if (error.code === 'EACCES') reject(new MockStartError(`not allowed to listen on port ${port}`));
      else reject(new MockStartError(`cannot listen on ${host}:${port}: ${error.message}`));
    });
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const areaInfo = Object.fromEntries([...engine.behaviours].map(([name, behaviour]) => [name, behaviour.info])) as AreaInfo;
  return {
    url: `http://${shownHost}:${address.port}`,
    operations: engine.operations,
    areas: areaInfo,
    report: [...engine.behaviours.values()].flatMap((behaviour) => behaviour.report?.() ?? []),
    reset: (namespace) => engine.namespaces.reset(namespace),
    exportState: (namespace = DEFAULT_NAMESPACE) => engine.namespaces.export(namespace),
    importState: (snapshot, namespace = snapshot.namespace ?? DEFAULT_NAMESPACE) => engine.namespaces.import(namespace, snapshot),
    clock: { now: clock.now, advance: (ms) => clock.advance(ms), set: (time) => clock.set(typeof time === 'number' ? time : time.getTime()) },
    fault: (rule) => engine.faults.add(rule),
    clearFaults: () => engine.faults.clear(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        closing = true;
        for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
        const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
        server.close((error) => {
          clearTimeout(force);
          engine.close().then(() => {
            if (error && (error as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING') reject(error);
            else resolve();
          }, reject);
        });
        server.closeIdleConnections();
      }),
  };
}

function requestHandler(
  engine: Awaited<ReturnType<typeof createEngine>>,
  control: ReturnType<typeof createControl>,
  options: { docsDir: string; maxBodyBytes: number; onRequest?: (entry: RequestLogEntry) => void },
) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const target = req.url ?? '/';
    const method = (req.method ?? 'GET').toUpperCase();
    const { rawPath, search } = splitTarget(target);
    const logged: Pick<RequestLogEntry, 'operation' | 'violations'> = { violations: [] };
    if (options.onRequest) {
      const time = new Date().toISOString();
      const log = options.onRequest;
      res.once('finish', () => log({ time, method, path: rawPath ?? target, status: res.statusCode, ...logged, ms: performance.now() - started }));
    }
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-expose-headers', '*');
    if (rawPath === undefined) return sendJson(res, 400, problemBody(400, 'Invalid request target', 'The request target is neither a path nor an absolute URL.'));
    if (method === 'OPTIONS' && req.headers['access-control-request-method']) return answerPreflight(req, res);
    // The printed URL leads somewhere: the mock's root is the reference site.
    if ((method === 'GET' || method === 'HEAD') && rawPath === '/') return void res.writeHead(302, { location: '/docs/' }).end();
    if ((method === 'GET' || method === 'HEAD') && (rawPath === '/docs' || rawPath.startsWith('/docs/'))) {
      return serveStatic(res, options.docsDir, rawPath.slice('/docs'.length));
    }

    const body = await readBody(req, options.maxBodyBytes);
    if (body === TOO_LARGE) {
      return sendJson(res, 413, problemBody(413, 'Request body too large', `The mock accepts bodies of at most ${options.maxBodyBytes} bytes.`));
    }
    if (rawPath.startsWith(CONTROL_PREFIX)) {
      const answer = control(method, rawPath, new URLSearchParams(search), body?.toString('utf8'));
      for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
      return sendJson(res, answer.status, answer.body, method === 'HEAD');
    }
    const answer = await engine.answer({ method, rawPath, query: queryOf(search), headers: headersOf(req), body });
    Object.assign(logged, { operation: answer.operation, violations: answer.violations });
    send(res, answer);
  };
}

/** The raw (still percent-encoded) path and the query of a request target; a path such as //x stays a path. */
function splitTarget(target: string): { rawPath?: string; search: string } {
  let pathAndQuery = target;
  if (!target.startsWith('/')) {
    try {
      const url = new URL(target);
      pathAndQuery = url.pathname + url.search;
    } catch {
      return { search: '' };
    }
  }
  const at = pathAndQuery.indexOf('?');
  return at === -1 ? { rawPath: pathAndQuery, search: '' } : { rawPath: pathAndQuery.slice(0, at), search: pathAndQuery.slice(at + 1) };
}

function queryOf(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  if (search === '') return query;
  const params = new URLSearchParams(search);
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    query[key] = values.length === 1 ? values[0]! : values;
  }
  return query;
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

/** Header values must be Latin-1; violations can quote whatever the request sent. */
const asciiOnly = (text: string) => text.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

function send(res: ServerResponse, answer: EngineAnswer) {
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  if (answer.violations.length > 0) res.setHeader('sl-violations', asciiOnly(JSON.stringify(answer.violations).slice(0, 8000)));
  const { body } = answer;
  if (body === undefined || body === null || body === '') return void res.writeHead(answer.status).end();
  const contentType = String(res.getHeader('content-type') ?? '');
  writeBody(res, answer.status, typeof body === 'string' && !/json/i.test(contentType) ? body : JSON.stringify(body));
}

/** With its length, so that the answer goes out in one write rather than chunked. */
function writeBody(res: ServerResponse, status: number, text: string) {
  res.setHeader('content-length', Buffer.byteLength(text));
  res.writeHead(status).end(text);
}

const problemBody = (status: number, title: string, detail: string) => ({ type: 'about:blank', title, status, detail });

function sendJson(res: ServerResponse, status: number, body: unknown, headOnly = false) {
  if (res.headersSent) return void res.end();
  const isProblem = typeof body === 'object' && body !== null && 'type' in body && 'title' in body;
  if (!res.hasHeader('content-type')) res.setHeader('content-type', isProblem ? 'application/problem+json' : 'application/json');
  if (headOnly || body === undefined) return void res.writeHead(status).end();
  writeBody(res, status, JSON.stringify(body));
}
