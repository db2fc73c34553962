// The HTTP door's node:http plumbing, apart from any mock: reading a body within its limit, the
// request's headers, sending an answer with the door's own headers, refusing an upgrade on the raw
// socket, and the socket-timeout reports.
import diagnostics from 'node:diagnostics_channel';
import { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { isKept } from '../../engine/answer.ts';
import type { DoorAnswer } from '../door.ts';
import { splitTarget } from '../door-answers.ts';
import { failureAnswer, type MockFailure, reportFailure } from '../failure.ts';
import type { AccessPolicy } from './access.ts';

/**
 * The diagnostics channel (node:diagnostics_channel) on which the HTTP door reports each socket
 * that reached its idle timeout, and whether it was spared because a request of its was in flight.
 */
export const SOCKET_TIMEOUT_CHANNEL = 'platform-mock:socket-timeout';
export interface SocketTimeout {
  /** The port of the mock whose socket it is. */
  port: number | undefined;
  spared: boolean;
}
export const socketTimeouts = diagnostics.channel(SOCKET_TIMEOUT_CHANNEL);

/**
 * The authority of an absolute-form request target (`GET http://host:port/path HTTP/1.1`), which
 * stands for the Host header (RFC 9112, 3.2.2): the allow-list applies to it as to the Host
 * header. Undefined for the usual origin-form (`/path`); '' for a target with no host.
 */
export function targetAuthority(target: string | undefined): string | undefined {
  if (target === undefined || target.startsWith('/') || target === '*') return undefined;
  try {
    return new URL(target).host;
  } catch {
    return undefined; // not a URL: answered 400 as an unreadable target
  }
}

/** Why the access policy refuses a request: its Host header, and the authority of an absolute-form target, both. */
export function refusalOfRequest(policy: AccessPolicy, headers: IncomingHttpHeaders, url: string | undefined): string | undefined {
  const authority = targetAuthority(url);
  return policy.refusal(headers) ?? (authority === undefined ? undefined : policy.refusal({ ...headers, host: authority }));
}

/** A body over the limit is read to its end (so the client can read the 413) up to this many times the limit. */
const DRAIN_FACTOR = 64;

/** What the door answers when it fails outside the mock's handler (as the handler's own failures are answered). */
export function failed(error: unknown, req: IncomingMessage, apiHeaders: readonly string[] = [], onError?: (failure: MockFailure) => void) {
  const method = (req.method ?? 'GET').toUpperCase();
  const path = splitTarget(req.url ?? '/').rawPath ?? '/';
  reportFailure(error, { method, path, headers: headersOf(req.headers) }, apiHeaders, onError);
  return failureAnswer(method, path);
}

/** Answers a refused upgrade on the raw socket (no WebSocket handshake happened) and ends it. */
export function refuseUpgrade(socket: Duplex, answer: DoorAnswer) {
  if (!socket.writable) return void socket.destroy();
  const reason = STATUS_CODES[answer.status] ?? 'Refused';
  const headers = Object.entries({ ...answer.headers, connection: 'close' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${answer.status} ${reason}\r\n${headers}\r\n${answer.body ?? ''}`);
}

/** The request's headers (`req.headers`, read once by the door: node builds the object on the first read) as one string each; node joins repeated ones already, except a few it keeps as lists. */
export function headersOf(headers: IncomingHttpHeaders): Record<string, string> {
  for (const key in headers) {
    if (typeof headers[key] === 'string') continue;
    const joined: Record<string, string> = {};
    for (const [name, item] of Object.entries(headers)) if (item !== undefined) joined[name] = Array.isArray(item) ? item.join(', ') : item;
    return joined;
  }
  return headers as Record<string, string>;
}

/** Whether a request has a body: HTTP/1.1 gives one only with a Content-Length above 0 or a Transfer-Encoding. */
export function carriesBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return (length !== undefined && length !== '0') || headers['transfer-encoding'] !== undefined;
}

export const TOO_LARGE = Symbol('too large');

/**
 * Reads the request body, then calls `done` with it (undefined when empty), or with TOO_LARGE once
 * it passes the limit (at once when its Content-Length, `declaredLength`, promised more); no promise (the door answers in the turn the body ends). The rest of a body
 * that is too large is read and dropped (up to DRAIN_FACTOR times the limit), so that the client,
 * which sends its whole body before reading, gets the 413 instead of a reset connection.
 */
export function readBody(
  req: IncomingMessage,
  declaredLength: string | undefined,
  limit: number,
  done: (read: Buffer | undefined | typeof TOO_LARGE) => void,
): void {
  let first: Buffer | undefined;
  let chunks: Buffer[] | undefined;
  let size = 0;
  let tooLarge = Number(declaredLength ?? 0) > limit;
  let settled = false;
  const settle = (read: Buffer | undefined | typeof TOO_LARGE) => {
    if (settled) return;
    settled = true;
    done(read);
  };
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (!tooLarge && size <= limit) {
      if (first === undefined) first = chunk;
      else (chunks ??= [first]).push(chunk);
      return;
    }
    tooLarge = true;
    first = chunks = undefined;
    if (size > limit * DRAIN_FACTOR) {
      req.socket.destroy(); // no client should be sent that much after a 413
      settle(TOO_LARGE);
    }
  });
  // `on`, not `once` (settle runs `done` once): `once` wraps each listener, two allocations more a request.
  req.on('end', () => settle(tooLarge ? TOO_LARGE : size === 0 ? undefined : chunks ? Buffer.concat(chunks) : first));
  req.on('error', () => settle(TOO_LARGE));
}

/** Headers every answer of the door carries. */
export const NOSNIFF: Readonly<Record<string, string>> = Object.freeze({ 'x-content-type-options': 'nosniff' });

export function setHeaders(res: ServerResponse, headers: Readonly<Record<string, string>>) {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

/** A kept answer (frozen: the engine gives it again while its namespace's state is unchanged) as sent without an Origin: its head's fields and its body's bytes, made once. */
const keptForSending = new WeakMap<DoorAnswer, { headers: Record<string, string>; body: DoorAnswer['body'] | Buffer }>();

/** Sends an answer with the door's own headers, in one writeHead (the fast path of node:http). */
export function send(res: ServerResponse, answer: DoorAnswer, common: Readonly<Record<string, string>>) {
  if (res.headersSent) return void res.end();
  if (common === NOSNIFF && isKept(answer)) {
    let kept = keptForSending.get(answer);
    if (!kept) {
      kept = { headers: { ...NOSNIFF, ...answer.headers }, body: typeof answer.body === 'string' ? Buffer.from(answer.body) : answer.body };
      keptForSending.set(answer, kept);
    }
    return void res.writeHead(answer.status, kept.headers).end(kept.body);
  }
  res.writeHead(answer.status, common === NOSNIFF ? headFields(answer.headers) : { ...common, ...answer.headers });
  if (typeof answer.body === 'string' && answer.body.length >= LONG_TEXT) endLong(res, answer.body, answer.headers['content-length']);
  else res.end(answer.body);
}

/** Texts at least this long are written apart from the head (endLong); a shorter one is joined to it, as node:http does. */
export const LONG_TEXT = 16 * 1024;

/**
 * Ends a response with a long text, its head written apart: `end(text)` would join the head onto
 * the text (node:http's `_send`), a copy of the whole text. Corked, the head and the text still
 * reach the socket in one write (writev). A text whose Content-Length is its number of characters
 * is all ASCII (any other character takes two UTF-8 bytes or more): written as Latin-1, the same
 * bytes, copied as they are rather than encoded.
 */
function endLong(res: ServerResponse, text: string, contentLength: string | undefined) {
  res.cork();
  res.flushHeaders();
  res.end(text, Number(contentLength) === text.length ? 'latin1' : 'utf8');
}

/** The head's fields as node:http takes them fastest (a flat list, no object merged): the door's nosniff, unless the answer sets it, then the answer's. */
function headFields(headers: Record<string, string>): string[] {
  const fields = headers['x-content-type-options'] === undefined ? ['x-content-type-options', 'nosniff'] : [];
  for (const name in headers) fields.push(name, headers[name]!);
  return fields;
}

const SLOT = Symbol('in-flight slot');
type Tracked = ServerResponse & { [SLOT]?: number };

/**
 * The responses in flight, in slots of an array that a finished one frees for the next: a Set
 * grew and shrank its table as requests came and went (a rehash in V8's runtime, about 1 % of a
 * GET's CPU under load).
 */
export function responsesInFlight() {
  const slots: (ServerResponse | undefined)[] = [];
  const free: number[] = [];
  return {
    add(res: ServerResponse) {
      const slot = free.length > 0 ? free.pop()! : slots.length;
      slots[slot] = res;
      (res as Tracked)[SLOT] = slot;
    },
    delete(res: ServerResponse) {
      const slot = (res as Tracked)[SLOT];
      if (slot === undefined || slots[slot] !== res) return;
      slots[slot] = undefined;
      free.push(slot);
    },
    /** Those in flight now. */
    list: (): ServerResponse[] => slots.filter((res) => res !== undefined),
  };
}
