// Streams of the pipeline, on the HTTP side: a stream is one connection in its database's
// executor, continued between requests by a baton that is good for one request. Streams are
// counted per namespace (maxStreams), expire after streamIdleMs without a request (judged by
// the mock's clock; a timer only makes the check happen), and close at once when their token
// is invalidated, releasing their locks.
import { randomBytes } from 'node:crypto';
import type { Access, EngineDatabase } from '../sql/index.ts';

export interface Stream {
  id: number;
  namespace: string;
  database: EngineDatabase;
  access: Access;
  /** Digest of the token that opened the stream; only it may continue the stream. */
  tokenDigest: string;
  /** SQL texts stored with `store_sql`, by `sql_id`. */
  stored: Map<number, string>;
  closed: boolean;
  /** Why the stream ended without a `close`, for the answer to its next request. */
  lost?: StreamLost;
}

/**
 * Why a baton does not continue a stream. A baton this server never gave out (or gave to another
 * token) is a malformed request: 400. One that was used up, or whose stream expired, is the
 * protocol's stream error: 500 with `{message, code}`.
 */
export class StreamLost extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly malformed = false,
  ) {
    super(message);
  }
}

/** A new stream is refused: the namespace has maxStreams open. */
export class StreamLimitReached extends Error {
  readonly code = 'STREAM_LIMIT_REACHED';
}

const REMEMBERED_BATONS = 10_000;
const EXPIRED = () => new StreamLost('The stream has expired due to inactivity', 'STREAM_EXPIRED');

export function streamTable(options: {
  idleMs: number;
  maxStreams: number;
  now: () => number;
  onEnd: (stream: Stream) => void;
  /** A stream ended by endWhere while it runs a request: stop that request now. */
  onInterrupt?: (stream: Stream, reason: StreamLost) => void;
}) {
  let nextId = 1;
  /** Streams waiting for their next request, by baton. */
  const waiting = new Map<string, { stream: Stream; lastUsed: number }>();
  /** Every open stream (waiting or running a request), by id. */
  const open = new Map<number, Stream>();
  const perNamespace = new Map<string, number>();
  /** Batons that were used up or whose stream ended, to tell them from invented ones. */
  const retired = new Map<string, StreamLost>();

  function retire(baton: string, reason: StreamLost) {
    retired.set(baton, reason);
    if (retired.size > REMEMBERED_BATONS) retired.delete(retired.keys().next().value!);
  }

  function end(stream: Stream) {
    if (!open.delete(stream.id)) return;
    stream.closed = true;
    // A namespace without open streams keeps no entry: the table holds the namespaces now streaming, not every one ever seen.
    const left = (perNamespace.get(stream.namespace) ?? 1) - 1;
    if (left > 0) perNamespace.set(stream.namespace, left);
    else perNamespace.delete(stream.namespace);
    options.onEnd(stream);
  }

  /** Ends the streams left idle too long, rolling back their transactions. */
  function expireIdle() {
    const now = options.now();
    for (const [baton, entry] of waiting) {
      if (now - entry.lastUsed <= options.idleMs) continue;
      waiting.delete(baton);
      retire(baton, EXPIRED());
      end(entry.stream);
    }
  }

  const sweeper = setInterval(expireIdle, Math.min(1_000, Math.max(10, options.idleMs / 2)));
  sweeper.unref();

  return {
    expireIdle,

    /** A new stream, or StreamLimitReached when the namespace has too many open. */
    open(namespace: string, database: EngineDatabase, access: Access, tokenDigest: string): Stream {
      expireIdle();
      const count = perNamespace.get(namespace) ?? 0;
      if (count >= options.maxStreams) {
        throw new StreamLimitReached(
          `Too many open streams: this namespace has ${options.maxStreams} (maxStreams); close streams (a close request) or let them expire`,
        );
      }
      perNamespace.set(namespace, count + 1);
      const stream: Stream = { id: nextId++, namespace, database, access, tokenDigest, stored: new Map(), closed: false };
      open.set(stream.id, stream);
      return stream;
    },

    /** The stream a baton continues; the baton is used up. */
    take(baton: string, tokenDigest: string, database: EngineDatabase): Stream {
      expireIdle();
      const entry = waiting.get(baton);
      if (!entry) throw retired.get(baton) ?? new StreamLost('The baton is not one this server gave out', 'BATON_INVALID', true);
      if (entry.stream.tokenDigest !== tokenDigest || entry.stream.database !== database) {
        throw new StreamLost('The baton belongs to another token or database', 'BATON_INVALID', true);
      }
      waiting.delete(baton);
      retire(baton, new StreamLost('The baton was already used; send the one of the latest answer', 'BATON_REUSED'));
      return entry.stream;
    },

    /** After a request: a fresh baton for a stream that stays open, null for one that ended. */
    give(stream: Stream): string | null {
      if (stream.closed) {
        end(stream);
        return null;
      }
      const baton = randomBytes(16).toString('hex');
      waiting.set(baton, { stream, lastUsed: options.now() });
      return baton;
    },

    end,

    /** How many namespaces have a stream open now. */
    namespacesStreaming: (): number => perNamespace.size,

    /**
     * Ends, at once, every stream matching `which`; a request one of them runs is stopped
     * (onInterrupt). `why` makes the reason once, when a stream matches: an error costs its stack,
     * and most calls (a reset, a namespace dropped, an invalidation) find no stream.
     */
    endWhere(which: (stream: Stream) => boolean, why: () => StreamLost): void {
      let reason: StreamLost | undefined;
      for (const [baton, entry] of waiting) {
        if (!which(entry.stream)) continue;
        waiting.delete(baton);
        retire(baton, (reason ??= why()));
        end(entry.stream);
      }
      for (const stream of open.values()) {
        if (which(stream)) {
          stream.closed = true;
          stream.lost = reason ??= why();
          options.onInterrupt?.(stream, reason);
        }
      }
    },

    close(): void {
      clearInterval(sweeper);
      for (const stream of [...open.values()]) end(stream);
      waiting.clear();
    },
  };
}

export type StreamTable = ReturnType<typeof streamTable>;
