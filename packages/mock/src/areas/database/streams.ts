// Streams of the pipeline: a stream is one connection kept between requests by its baton.
import { randomBytes } from 'node:crypto';
import type { Connection } from './connection.ts';
import type { Access, EmbeddedDatabase } from './databases.ts';

export interface Stream {
  database: EmbeddedDatabase;
  access: Access;
  /** The token that opened the stream; only it may continue the stream. */
  token: string;
  connection: Connection;
  /** SQL texts stored with `store_sql`, by `sql_id`. */
  stored: Map<number, string>;
  closed: boolean;
}

/**
 * Why a baton does not continue a stream. A baton this server never gave out (or gave to another
 * token) is a malformed request: 400. One that was used up or whose stream expired is the
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

const REMEMBERED_BATONS = 10_000;

export function streamTable(idleMs: number) {
  const open = new Map<string, { stream: Stream; lastUsed: number }>();
  /** Batons that were used up or whose stream expired, to tell them from invented ones. */
  const retired = new Map<string, StreamLost>();

  function retire(baton: string, reason: StreamLost) {
    retired.set(baton, reason);
    if (retired.size > REMEMBERED_BATONS) retired.delete(retired.keys().next().value!);
  }

  function end(stream: Stream) {
    stream.closed = true;
    stream.database.release(stream.access, stream.connection);
  }

  /** Ends the streams left idle too long, rolling back their transactions. */
  function expireIdle(now = Date.now()) {
    for (const [baton, entry] of open) {
      if (now - entry.lastUsed <= idleMs) continue;
      open.delete(baton);
      end(entry.stream);
      retire(baton, new StreamLost('The stream has expired due to inactivity', 'STREAM_EXPIRED'));
    }
  }

  return {
    /** The stream a request continues (its baton) or a new one (no baton). */
    take(baton: string | null | undefined, token: string, access: Access, database: EmbeddedDatabase): Stream {
      expireIdle();
      if (baton === undefined || baton === null) {
        return { database, access, token, connection: database.acquire(access), stored: new Map(), closed: false };
      }
      const entry = open.get(baton);
      if (!entry) throw retired.get(baton) ?? new StreamLost('The baton is not one this server gave out', 'BATON_INVALID', true);
      if (entry.stream.token !== token || entry.stream.database !== database) {
        throw new StreamLost('The baton belongs to another token or database', 'BATON_INVALID', true);
      }
      open.delete(baton);
      retire(baton, new StreamLost('The baton was already used; send the one of the latest answer', 'BATON_REUSED'));
      return entry.stream;
    },

    /** After a request: a fresh baton for a stream that stays open, null for a closed one. */
    give(stream: Stream): string | null {
      if (stream.closed) return null;
      const baton = randomBytes(16).toString('hex');
      open.set(baton, { stream, lastUsed: Date.now() });
      return baton;
    },

    end,
  };
}
