// WebSocket upgrades of a proxied area, relayed: the proxy opens the same upgrade upstream (the
// client's subprotocols and headers, credentials included; never following a redirect), completes
// the client's handshake with the subprotocol the upstream chose, then passes every frame both
// ways unchanged, checking each JSON message against the schemas its area names for it
// (AreaUpgrade.messageSchemas). An upstream that refuses the upgrade is answered as it answered.
import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RawData, WebSocket, WebSocketServer } from 'ws';
import type { Engine } from '../engine/engine.ts';
import type { AreaChecks } from './checks.ts';
import type { ContractViolation } from './contract-locations.ts';
import type { ProxiedExchange } from './exchange.ts';
import { endToEndHeaders } from './forward.ts';
import type { Selection } from './selection.ts';
import { forwardPath, type Upstream } from './targets.ts';

export interface RelayOptions {
  engine: Engine;
  selection: Selection;
  upstreamOfArea: Map<string, Upstream>;
  timeoutMs: number;
  maxAnswerBytes: number;
  checksOf(area: string): AreaChecks;
  report(exchange: ProxiedExchange): void;
  keep(violations: ContractViolation[], secrets: string[]): ContractViolation[];
  secretsOf(headers: Record<string, string>): string[];
  redactTarget(rawPath: string, search: string, secrets: readonly string[]): string;
  allowedOrigins: Set<string>;
}

/** A refusal body the upstream sent is relayed up to this size. */
const MAX_REFUSAL_BYTES = 64 * 1024;

export function createWebSocketRelay(options: RelayOptions) {
  let loaded: Promise<{ WebSocket: typeof WebSocket; server: WebSocketServer }> | undefined;
  /** The subprotocol the upstream chose, per client request, for the client's handshake. */
  const chosen = new WeakMap<IncomingMessage, string>();
  const load = () =>
    (loaded ??= import('ws').then(({ WebSocket, WebSocketServer }) => ({
      WebSocket,
      server: new WebSocketServer({
        noServer: true,
        maxPayload: options.maxAnswerBytes,
        perMessageDeflate: false,
        handleProtocols: (_offered, request) => chosen.get(request) ?? false,
      }),
    })));
  const open = new Set<{ client?: WebSocket; upstream: WebSocket }>();

  function upgrade(request: IncomingMessage, rawPath: string, search: string, socket: Duplex, head: Buffer): boolean {
    if ((request.headers.upgrade ?? '').toLowerCase() !== 'websocket') return false;
    const area = [...options.engine.behaviours].find(([, behaviour]) => behaviour.protocol?.upgrade?.accepts(rawPath))?.[0];
    if (area === undefined || !options.selection.upgrade(area)) return false;
    load().then(
      (ws) => relay(ws, area, request, rawPath, search, socket, head),
      () => socket.destroy(),
    );
    return true;
  }

  function relay(
    { WebSocket, server }: Awaited<ReturnType<typeof load>>,
    area: string,
    request: IncomingMessage,
    rawPath: string,
    search: string,
    socket: Duplex,
    head: Buffer,
  ) {
    if (socket.destroyed) return;
    const upstream = options.upstreamOfArea.get(area)!;
    const headers = Object.fromEntries(Object.entries(endToEndHeaders(request.headers)).filter(([name]) => !name.startsWith('sec-websocket-')));
    const secrets = options.secretsOf(headers);
    const started = performance.now();
    const exchange: ProxiedExchange = {
      time: new Date().toISOString(),
      kind: 'upgrade',
      area,
      request: { method: 'GET', target: options.redactTarget(rawPath, search, secrets) },
      status: 0,
      violations: [],
      confirmed: [],
      ms: 0,
    };
    const done = (status: number, refused?: string) => {
      Object.assign(exchange, { status, ms: performance.now() - started, ...(refused === undefined ? {} : { refused }) });
      options.report(exchange);
    };
    const offered = String(request.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    const url = `${upstream.url.protocol === 'https:' ? 'wss:' : 'ws:'}//${upstream.url.host}${forwardPath(upstream.url, rawPath, search)}`;
    const toUpstream = new WebSocket(url, offered, {
      headers,
      followRedirects: false,
      maxPayload: options.maxAnswerBytes,
      handshakeTimeout: options.timeoutMs,
      perMessageDeflate: false,
    });
    const pair: { client?: WebSocket; upstream: WebSocket } = { upstream: toUpstream };
    open.add(pair);
    toUpstream.once('close', () => open.delete(pair));
    const abandon = () => {
      if (!pair.client) toUpstream.terminate();
    };
    socket.once('close', abandon);

    toUpstream.on('unexpected-response', (upgradeRequest, res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_REFUSAL_BYTES) chunks.push(chunk);
      });
      res.once('end', () => {
        upgradeRequest.destroy();
        const status = res.statusCode ?? 502;
        const location = res.headers.location;
        if (status >= 300 && status < 400 && location !== undefined && !options.allowedOrigins.has(safeOrigin(location, url))) {
          const detail = `The upstream answered the WebSocket upgrade with ${status} to ${safeOrigin(location, url)}, a host not given to --proxy. The proxy follows no redirect and forwards only to the URLs given to --proxy.`;
          done(502, detail);
          return refuse(
            socket,
            502,
            { 'content-type': 'application/problem+json' },
            JSON.stringify({ type: 'about:blank', title: 'Redirect refused', status: 502, detail }),
          );
        }
        done(status);
        refuse(socket, status, endToEndHeaders(res.headers), Buffer.concat(chunks));
      });
    });
    toUpstream.once('error', (error: Error) => {
      if (pair.client) return pair.client.terminate();
      const timedOut = /timed out/i.test(error.message);
      const detail = timedOut
        ? `${upstream.url.origin} did not complete the WebSocket upgrade within ${options.timeoutMs} ms; --proxy-timeout-ms (proxy.timeoutMs) raises it.`
        : `${upstream.url.origin} could not be reached for the WebSocket upgrade: ${(error as NodeJS.ErrnoException).code ?? error.message}.`;
      done(timedOut ? 504 : 502, detail);
      refuse(
        socket,
        timedOut ? 504 : 502,
        { 'content-type': 'application/problem+json' },
        JSON.stringify({ type: 'about:blank', title: timedOut ? 'Upstream timeout' : 'Upstream unreachable', status: timedOut ? 504 : 502, detail }),
      );
    });
    toUpstream.once('open', () => {
      if (socket.destroyed) return void toUpstream.terminate();
      toUpstream.pause(); // until the client's side is open: nothing the upstream sends is lost
      if (toUpstream.protocol) chosen.set(request, toUpstream.protocol);
      server.handleUpgrade(request, socket, head, (client) => {
        pair.client = client;
        socket.off('close', abandon);
        done(101);
        pipe(area, client, toUpstream, request.url ?? rawPath, secrets);
        toUpstream.resume();
      });
    });
  }

  /** Frames both ways, unchanged; each JSON text message checked; a close or failure on one side ends the other. */
  function pipe(area: string, client: WebSocket, toUpstream: WebSocket, target: string, secrets: string[]) {
    const describe = options.engine.behaviours.get(area)?.protocol?.upgrade?.messageSchemas;
    const check = (data: RawData, isBinary: boolean, from: 'client' | 'upstream') => {
      const exchange: ProxiedExchange = {
        time: new Date().toISOString(),
        kind: 'message',
        area,
        from,
        request: { method: 'GET', target: options.redactTarget(target.split('?')[0]!, '', secrets) },
        status: 101,
        violations: [],
        confirmed: [],
        ms: 0,
      };
      if (!isBinary && describe) {
        let message: unknown;
        try {
          message = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(data as Buffer[]).toString('utf8'));
        } catch {
          message = undefined;
        }
        const checks = options.checksOf(area);
        for (const part of message === undefined ? [] : describe(message, from === 'client' ? 'client' : 'server')) {
          const judgement = checks.judgeMessage(part.schema, part.value, ['message', from, ...part.at]);
          exchange.violations.push(...options.keep(judgement.violations, secrets));
          exchange.confirmed.push(...judgement.confirmed);
        }
      }
      options.report(exchange);
    };
    client.on('message', (data, isBinary) => {
      if (toUpstream.readyState === toUpstream.OPEN) toUpstream.send(data as Buffer, { binary: isBinary });
      check(data, isBinary, 'client');
    });
    toUpstream.on('message', (data, isBinary) => {
      if (client.readyState === client.OPEN) client.send(data as Buffer, { binary: isBinary });
      check(data, isBinary, 'upstream');
    });
    const closeOther = (other: WebSocket) => (code: number, reason: Buffer) => {
      if (other.readyState === other.CLOSED || other.readyState === other.CLOSING) return;
      if (code === 1006 || !sendable(code)) other.terminate();
      else other.close(code, reason);
    };
    client.on('close', closeOther(toUpstream));
    toUpstream.on('close', closeOther(client));
    client.on('error', () => toUpstream.terminate());
    toUpstream.on('error', () => client.terminate());
  }

  return {
    upgrade,
    close() {
      for (const pair of open) {
        pair.client?.terminate();
        pair.upstream.terminate();
      }
      void loaded?.then(({ server }) => server.close());
    },
  };
}

/** Close codes a peer may send (RFC 6455 7.4: 1005, 1006 and 1015 are never sent). */
const sendable = (code: number) => (code >= 1000 && code <= 1014 && ![1004, 1005, 1006].includes(code)) || (code >= 3000 && code <= 4999);

function safeOrigin(location: string, base: string): string {
  try {
    return new URL(location, base.replace(/^ws/, 'http')).origin;
  } catch {
    return 'a Location that is not a URL';
  }
}

/** Answers the client's upgrade request on its raw socket (no handshake happened) and ends it. */
function refuse(socket: Duplex, status: number, headers: Record<string, string>, body: string | Buffer) {
  if (!socket.writable) return void socket.destroy();
  const bytes = Buffer.from(body);
  const lines = Object.entries({ ...headers, 'content-length': String(bytes.length), connection: 'close' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(Buffer.concat([Buffer.from(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Refused'}\r\n${lines}\r\n`), bytes]));
}
