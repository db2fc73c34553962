// The HTTP door: `startMock()` is createMock() (mock.ts) behind a node:http server on one origin,
// with the reference site at /docs/. Only what needs a socket lives here (its node:http plumbing in
// doors/http-io.ts): reading bodies within the limit, who may call (doors/access.ts: Host allow-list, origins, CORS), socket timeouts, the site's
// files, connection upgrades (WebSocket) handed to the area that serves them once the same
// access checks passed, and closing with the requests in flight.
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { HEALTH_PATH } from '../controls/control.ts';
import { type AccessOptions, accessOptionError, createAccessPolicy } from '../doors/access.ts';
import type { DoorAnswer, RequestLogEntry } from '../doors/door.ts';
import { problemAnswer, splitTarget, tooLarge } from '../doors/door-answers.ts';
import { playNetworkFault } from '../doors/http-faults.ts';
import {
  carriesBody,
  failed,
  headersOf,
  NOSNIFF,
  readBody,
  refusalOfRequest,
  refuseUpgrade,
  type SocketTimeout,
  send,
  setHeaders,
  socketTimeouts,
  TOO_LARGE,
  targetAuthority,
} from '../doors/http-io.ts';
import { createStaticSite } from '../doors/static.ts';
import { createMock, type Mock } from './mock.ts';
import { type MockOptions, MockStartError } from './options.ts';

export { HEALTH_PATH };

const PACKAGE_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const REPO_ROOT = path.join(PACKAGE_ROOT, '../..');

/** The site: the repository's current build when running inside it, else the copy packed into the package. */
function defaultDocsDir(): string {
  const inRepository = path.join(REPO_ROOT, 'dist/docs');
  return existsSync(path.join(REPO_ROOT, 'pnpm-workspace.yaml')) ? inRepository : path.join(PACKAGE_ROOT, 'docs');
}

/** How long close() waits for requests in flight before it drops their connections. */
const CLOSE_GRACE_MS = 10_000;

/** Default of `socketTimeoutMs`. */
const SOCKET_TIMEOUT_MS = 30_000;

export interface StartMockOptions extends MockOptions, AccessOptions {
  /** Port to listen on; 0 picks a free one. Default 4010. */
  port?: number;
  /** Host to listen on. Default 127.0.0.1. */
  host?: string;
  /** Folder of the reference site served at /docs/. */
  docsDir?: string;
  /**
   * A connection that sends nothing for this long is closed (one that never sends a byte too),
   * and a request's headers must arrive within it; a whole request within twice it. Default 30 s.
   */
  socketTimeoutMs?: number;
}

/** A mock behind an HTTP server: `url` is where it listens; `close()` also stops the server. */
export interface RunningMock extends Mock {
  /**
   * Why the HTTP door refuses a request (Host, Origin; the authority of an absolute-form target
   * `url`), or undefined: what every request goes through, and what a WebSocket upgrade goes
   * through before any area sees it.
   */
  refusal(req: Pick<IncomingMessage, 'headers'> & { url?: string }): string | undefined;
}

export async function startMock(options: StartMockOptions = {}): Promise<RunningMock> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 4010;
  const accessError = accessOptionError(options);
  if (accessError) throw new MockStartError(accessError);
  if (options.socketTimeoutMs !== undefined && !(Number.isInteger(options.socketTimeoutMs) && options.socketTimeoutMs > 0)) {
    throw new MockStartError(`socketTimeoutMs is a whole number of ms above 0 (got ${JSON.stringify(options.socketTimeoutMs)})`);
  }
  // The door logs each request once it is sent (the site's files and refused bodies included).
  const mock = await createMock({ ...options, onRequest: undefined });
  const serveStatic = createStaticSite(options.docsDir ?? defaultDocsDir());

  const policy = createAccessPolicy({ listenHost: host, apiHeaders: mock.apiHeaders, allowedHosts: options.allowedHosts, corsOrigins: options.corsOrigins });
  const socketTimeoutMs = options.socketTimeoutMs ?? SOCKET_TIMEOUT_MS;
  /** The 403 for a request (or a WebSocket upgrade: call it before any area sees one) that the Host allow-list or the origins refuse. */
  const refusalOf = (req: Pick<IncomingMessage, 'headers' | 'url'>): DoorAnswer | undefined => {
    const reason = refusalOfRequest(policy, req);
    return reason === undefined ? undefined : problemAnswer(403, 'Forbidden', reason);
  };

  const inFlight = new Set<ServerResponse>();
  const hung = new Set<ServerResponse>();
  let closing = false;
  const server = createServer(
    {
      headersTimeout: socketTimeoutMs,
      requestTimeout: socketTimeoutMs * 2,
      // No keep-alive timeout of its own, and so no `Keep-Alive: timeout=` hint: a kept-alive
      // connection closes when idle for socketTimeoutMs (30 s), as any other, long after clients
      // let go of theirs (Node's fetch after 4 s). A shorter one raced clients whose event loop was
      // blocked past it: they sent a request on a socket the mock had closed ("other side closed").
      // libSQL's server (hyper) never closes an idle keep-alive connection.
      keepAliveTimeout: 0,
      connectionsCheckingInterval: Math.min(1000, Math.max(10, Math.floor(socketTimeoutMs / 4))),
    },
    (req, res) => {
      inFlight.add(res);
      res.once('close', () => {
        inFlight.delete(res);
        if (closing) setImmediate(() => server.closeIdleConnections());
      });
      if (closing) res.shouldKeepAlive = false;
      handleHttp(req, res).catch((error: unknown) => send(res, failed(error, req, mock.apiHeaders, options.onError), NOSNIFF));
    },
  );

  async function handleHttp(req: IncomingMessage, res: ServerResponse) {
    const method = (req.method ?? 'GET').toUpperCase();
    const target = req.url ?? '/';
    const logged: Pick<RequestLogEntry, 'operation' | 'violations'> = { violations: [] };
    if (options.onRequest) {
      const started = performance.now();
      const time = new Date().toISOString();
      const log = options.onRequest;
      res.once('finish', () =>
        log({ time, method, path: splitTarget(target).rawPath ?? target, status: res.statusCode, ...logged, ms: performance.now() - started }),
      );
    }
    const refused = refusalOf(req);
    if (refused) return send(res, refused, NOSNIFF);
    const origin = req.headers.origin;
    if (method === 'OPTIONS' && req.headers['access-control-request-method'])
      return void res.writeHead(204, { ...NOSNIFF, ...policy.preflightHeaders(origin) }).end();
    // Every answer of the door carries these; the rare paths below set them one by one.
    const common = origin === undefined ? NOSNIFF : { ...NOSNIFF, ...policy.corsHeaders(origin) };
    const { rawPath } = splitTarget(target);
    if ((method === 'GET' || method === 'HEAD') && rawPath !== undefined && (rawPath === '/docs' || rawPath.startsWith('/docs/'))) {
      setHeaders(res, common);
      return serveStatic(res, rawPath.slice('/docs'.length), req.headers, method);
    }
    let body: Buffer | undefined;
    if (carriesBody(req)) {
      const limit = mock.bodyLimit(method, target);
      const read = await readBody(req, limit.bytes);
      if (read === TOO_LARGE) return send(res, tooLarge(limit), common);
      body = read;
    }
    // An absolute-form target's authority is the request's host (its Host header is ignored, RFC 9112).
    const authority = targetAuthority(target);
    const answer = await mock.handle({ method, target, headers: authority ? { ...headersOf(req), host: authority } : headersOf(req), body });
    if (options.onRequest) Object.assign(logged, { operation: answer.operation, violations: answer.violations });
    if (answer.network) {
      setHeaders(res, common);
      return playNetworkFault(res, answer, hung);
    }
    send(res, answer, common);
  }

  // Upgraded sockets (WebSocket) leave the server's bookkeeping: they are ended at close.
  const upgraded = new Set<Duplex>();
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const started = performance.now();
    // The access checks first (a web page may open a WebSocket to any origin: CORS does not apply to it).
    const refusal = closing ? problemAnswer(503, 'Closing', 'The mock is closing.') : (refusalOf(req) ?? mock.upgrade(req, socket, head));
    const target = req.url ?? '/';
    options.onRequest?.({
      time: new Date().toISOString(),
      method: req.method ?? 'GET',
      path: splitTarget(target).rawPath ?? target,
      status: refusal?.status ?? 101,
      violations: [],
      ms: performance.now() - started,
    });
    if (refusal) return refuseUpgrade(socket, refusal);
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
  });
  // Idle sockets (none sent a byte, or nothing since an answer) are destroyed; idle means no
  // request in flight: a slow answer (a fault's latency, a long statement) keeps its socket.
  server.timeout = socketTimeoutMs;
  server.on('timeout', (socket: Socket) => {
    const spared = [...inFlight].some((res) => res.socket === socket);
    if (socketTimeouts.hasSubscribers) socketTimeouts.publish({ port: (server.address() as AddressInfo | null)?.port, spared } satisfies SocketTimeout);
    if (!spared) socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE')
        reject(new MockStartError(`port ${port} on ${host} is already in use: stop what uses it or pass another --port (0 picks a free one)`));
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
    refusal: (req) => refusalOfRequest(policy, req),
    close: () =>
      new Promise<void>((resolve, reject) => {
        closing = true;
        for (const res of hung) res.destroy();
        for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
        const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
        for (const socket of upgraded) socket.destroy();
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
