// The HTTP door: the one handler (a DoorHandler, mock/handler.ts) behind a node:http server on one
// origin, with the reference site at /docs/. Only what needs a socket lives here (its node:http
// plumbing in http-io.ts): reading bodies within the limit, who may call (access.ts: Host
// allow-list, origins, CORS), socket timeouts, the site's files (static.ts), network faults
// (http-faults.ts), connection upgrades (upgrade-door.ts), and closing with the requests in flight.
// `startMock()` (mock/start-mock.ts) puts createMock() behind it.
import { existsSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isThenable } from '../../engine/thenable.ts';
import type { DoorAnswer, DoorHandler, RequestLogEntry } from '../door.ts';
import { problemAnswer, splitTarget, tooLarge } from '../door-answers.ts';
import type { MockFailure } from '../failure.ts';
import { type AccessOptions, accessOptionError, createAccessPolicy } from './access.ts';
import { playNetworkFault } from './http-faults.ts';
import {
  carriesBody,
  failed,
  headersOf,
  NOSNIFF,
  readBody,
  refusalOfRequest,
  responsesInFlight,
  type SocketTimeout,
  send,
  setHeaders,
  socketTimeouts,
  TOO_LARGE,
  targetAuthority,
} from './http-io.ts';
import { createStaticSite } from './static.ts';
import { createUpgradeDoor } from './upgrade-door.ts';

const PACKAGE_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const REPO_ROOT = path.join(PACKAGE_ROOT, '../..');

/** The site: the repository's current build when running inside it, else the copy packed into the package. */
function defaultDocsDir(): string {
  const inRepository = path.join(REPO_ROOT, 'dist/docs');
  return existsSync(path.join(REPO_ROOT, 'pnpm-workspace.yaml')) ? inRepository : path.join(PACKAGE_ROOT, 'docs');
}

/** How the handler's answers were sent, in this process: in the turn the request ended (no promise), or once one settled. Tests count them. */
const sends = { atOnce: 0, waited: 0 };
export const httpDoorSends = (): Readonly<typeof sends> => ({ ...sends });

/** How long close() waits for requests in flight before it drops their connections. */
const CLOSE_GRACE_MS = 10_000;

/** Default of `socketTimeoutMs`. */
const SOCKET_TIMEOUT_MS = 30_000;

/** The HTTP door's options (StartMockOptions documents them for users). */
export interface HttpDoorOptions extends AccessOptions {
  port?: number;
  host?: string;
  docsDir?: string;
  socketTimeoutMs?: number;
  /** Each request once it is sent (the site's files and refused bodies included) and each upgrade. */
  onRequest?: (entry: RequestLogEntry) => void;
  onError?: (failure: MockFailure) => void;
}

/** A door listening: where, who it refuses, and how it stops. */
export interface HttpDoor {
  url: string;
  /** Why the door refuses a request (Host, Origin; the authority of an absolute-form target), or undefined. */
  refusal(req: Pick<IncomingMessage, 'headers'> & { url?: string }): string | undefined;
  /** Stops taking requests, waits for those in flight (dropped after a grace), ends upgraded sockets. */
  close(): Promise<void>;
}

/** The door could not listen (the port is taken, the host is not this machine's, ...): the message says why. */
export class HttpDoorStartError extends Error {
  override name = 'HttpDoorStartError';
}

/** What is wrong with the door's options, or undefined. */
export function httpDoorOptionError(options: HttpDoorOptions): string | undefined {
  const accessError = accessOptionError(options);
  if (accessError) return accessError;
  if (options.socketTimeoutMs !== undefined && !(Number.isInteger(options.socketTimeoutMs) && options.socketTimeoutMs > 0))
    return `socketTimeoutMs is a whole number of ms above 0 (got ${JSON.stringify(options.socketTimeoutMs)})`;
  return undefined;
}

/** Listens on the options' host and port (default 127.0.0.1:4010) and answers every request with the handler. */
export async function listenHttpDoor(handler: DoorHandler, options: HttpDoorOptions = {}): Promise<HttpDoor> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 4010;
  const optionError = httpDoorOptionError(options);
  if (optionError) throw new HttpDoorStartError(optionError);
  const serveStatic = createStaticSite(options.docsDir ?? defaultDocsDir());

  const policy = createAccessPolicy({ listenHost: host, apiHeaders: handler.apiHeaders, allowedHosts: options.allowedHosts, corsOrigins: options.corsOrigins });
  const socketTimeoutMs = options.socketTimeoutMs ?? SOCKET_TIMEOUT_MS;
  /** The 403 for a request (or a WebSocket upgrade, before any area sees it) that the Host allow-list or the origins refuse. */
  const refusalOf = (req: Pick<IncomingMessage, 'headers' | 'url'>): DoorAnswer | undefined => refusalOfHeaders(req.headers, req.url);
  const refusalOfHeaders = (headers: IncomingHttpHeaders, url: string | undefined): DoorAnswer | undefined => {
    const reason = refusalOfRequest(policy, headers, url);
    return reason === undefined ? undefined : problemAnswer(403, 'Forbidden', reason);
  };

  const inFlight = responsesInFlight();
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
      // `on`, not `once`: a response closes once, and `once` would wrap the listener for each request.
      res.on('close', closed);
      if (closing) res.shouldKeepAlive = false;
      try {
        handleHttp(req, res);
      } catch (error) {
        failedHttp(req, res, error);
      }
    },
  );

  /** A response is done with (sent, or its connection gone): one listener for all, no closure per request. */
  function closed(this: ServerResponse) {
    inFlight.delete(this);
    if (closing) setImmediate(() => server.closeIdleConnections());
  }

  function failedHttp(req: IncomingMessage, res: ServerResponse, error: unknown) {
    send(res, failed(error, req, handler.apiHeaders, options.onError), NOSNIFF);
  }

  /** The request's log entry, written once its answer is sent: what the handler found is added to the entry it returns. */
  function logged(req: IncomingMessage, res: ServerResponse, log: (entry: RequestLogEntry) => void): Pick<RequestLogEntry, 'operation' | 'violations'> {
    const entry: Pick<RequestLogEntry, 'operation' | 'violations'> = { violations: [] };
    const started = performance.now();
    const time = new Date().toISOString();
    const method = (req.method ?? 'GET').toUpperCase();
    const target = req.url ?? '/';
    res.once('finish', () =>
      log({ time, method, path: splitTarget(target).rawPath ?? target, status: res.statusCode, ...entry, ms: performance.now() - started }),
    );
    return entry;
  }

  /**
   * One request, without a promise of its own: the body (when there is one) is read, then the
   * handler's answer sent. Whatever throws here is answered 500 by the caller.
   */
  function handleHttp(req: IncomingMessage, res: ServerResponse): void {
    // node:http's parser gives the method in upper case (a method it does not know is refused before this).
    const method = req.method ?? 'GET';
    const target = req.url ?? '/';
    const entry = options.onRequest ? logged(req, res, options.onRequest) : undefined;
    // Read once: node's getter builds the object on the first read, and each read is a call.
    const headers = req.headers;
    const refused = refusalOfHeaders(headers, target);
    if (refused) return void send(res, refused, NOSNIFF);
    const origin = headers.origin;
    if (method === 'OPTIONS' && headers['access-control-request-method'])
      return void res.writeHead(204, { ...NOSNIFF, ...policy.preflightHeaders(origin) }).end();
    // Every answer of the door carries these; the rare paths below set them one by one.
    const common = origin === undefined ? NOSNIFF : { ...NOSNIFF, ...policy.corsHeaders(origin) };
    const { rawPath } = splitTarget(target);
    if ((method === 'GET' || method === 'HEAD') && rawPath !== undefined && (rawPath === '/docs' || rawPath.startsWith('/docs/'))) {
      setHeaders(res, common);
      return void serveStatic(res, rawPath.slice('/docs'.length), headers, method).catch((error: unknown) => failedHttp(req, res, error));
    }
    if (!carriesBody(headers)) return void answerHttp(req, res, method, target, headers, common, entry, undefined);
    const limit = handler.bodyLimit(method, target);
    readBody(req, headers['content-length'], limit.bytes, (read) => {
      try {
        if (read === TOO_LARGE) send(res, tooLarge(limit), common);
        else answerHttp(req, res, method, target, headers, common, entry, read);
      } catch (error) {
        failedHttp(req, res, error);
      }
    });
  }

  /** The handler's answer to a request read whole, sent (or its network fault played). */
  function answerHttp(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    target: string,
    received: IncomingHttpHeaders,
    common: Readonly<Record<string, string>>,
    entry: Pick<RequestLogEntry, 'operation' | 'violations'> | undefined,
    body: Buffer | undefined,
  ): void {
    // An absolute-form target's authority is the request's host (its Host header is ignored, RFC 9112).
    const authority = targetAuthority(target);
    const headers = authority ? { ...headersOf(received), host: authority } : headersOf(received);
    const request = { method, target, headers, body };
    // A body here was read within the target's limit (readBody).
    const answered = handler.handleNow ? handler.handleNow(request, true) : handler.handle(request);
    // Most answers are ready now: sent in this turn, without a promise (a throw is answered 500 by the caller).
    if (!isThenable(answered)) {
      sends.atOnce++;
      return void sendAnswer(res, answered, common, entry);
    }
    sends.waited++;
    answered.then(
      (answer) => {
        try {
          sendAnswer(res, answer, common, entry);
        } catch (error) {
          failedHttp(req, res, error);
        }
      },
      (error: unknown) => failedHttp(req, res, error),
    );
  }

  /** An answer sent, or its network fault played. */
  function sendAnswer(
    res: ServerResponse,
    answer: DoorAnswer,
    common: Readonly<Record<string, string>>,
    entry: Pick<RequestLogEntry, 'operation' | 'violations'> | undefined,
  ) {
    if (entry) Object.assign(entry, { operation: answer.operation, violations: answer.violations });
    if (!answer.network) return send(res, answer, common);
    setHeaders(res, common);
    playNetworkFault(res, answer, hung);
  }

  const upgrades = createUpgradeDoor(server, handler, { refusalOf, onRequest: options.onRequest, closing: () => closing });
  // Idle sockets (none sent a byte, or nothing since an answer) are destroyed; idle means no
  // request in flight: a slow answer (a fault's latency, a long statement) keeps its socket.
  server.timeout = socketTimeoutMs;
  server.on('timeout', (socket: Socket) => {
    const spared = inFlight.list().some((res) => res.socket === socket);
    if (socketTimeouts.hasSubscribers) socketTimeouts.publish({ port: (server.address() as AddressInfo | null)?.port, spared } satisfies SocketTimeout);
    if (!spared) socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE')
        reject(new HttpDoorStartError(`port ${port} on ${host} is already in use: stop what uses it or pass another --port (0 picks a free one)`));
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') reject(new HttpDoorStartError(`cannot listen on host ${host}: ${error.code}`));
      else if (error.code === 'EACCES') reject(new HttpDoorStartError(`not allowed to listen on port ${port}`));
      else reject(new HttpDoorStartError(`cannot listen on ${host}:${port}: ${error.message}`));
    });
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    refusal: (req) => refusalOfRequest(policy, req.headers, req.url),
    close: () =>
      new Promise<void>((resolve, reject) => {
        closing = true;
        for (const res of hung) res.destroy();
        for (const res of inFlight.list()) if (!res.headersSent) res.shouldKeepAlive = false;
        const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
        upgrades.close();
        server.close((error) => {
          clearTimeout(force);
          if (error && (error as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING') reject(error);
          else resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
