// What the database's SQL pipeline client is, apart from how it works (database-client.ts): its
// options, its interfaces and its error. Below the modules that make or configure the client
// (database-url.ts, database-platform.ts, platform options), so that none imports another's maker.

import type { components } from '@platform-contracts/contracts/database';
import type { Middleware } from 'openapi-fetch';
import type { CallInfo } from './api-error.js';
import type { Statement, TransactionMode } from './database-statements.js';
import type { IntMode, ResultSet, SqlArguments } from './database-values.js';
import type { RetrySetting } from './transport.js';

type Schemas = components['schemas'];

export interface DatabaseClientOptions {
  /**
   * The database URL, `libsql://<database_id>.<suffix>` (sent over https; over plain http for
   * localhost and 127.0.0.1, such as `pnpm mock`), or an http(s) URL. Default: the environment
   * variable `PLATFORM_DATABASE_URL`. An `authToken` query parameter overrides `authToken`.
   */
  url?: string;
  /** A Full Access or Read Only token. Default: the environment variable `PLATFORM_DATABASE_AUTH_TOKEN`. */
  authToken?: string;
  /** A fetch implementation to use instead of the global one. */
  fetch?: typeof globalThis.fetch;
  /** Time limit of a request in ms; `false` or absent for none. */
  timeoutMs?: number | false;
  /**
   * Retries of network errors, 429 and 5xx. Pipeline requests are POSTs, which are not
   * idempotent, so they are retried only when `methods` includes POST. Default 2 retries.
   */
  retry?: RetrySetting;
  /** How integers are read back: `number` (default; bigint beyond 2^53), `bigint` or `string`, as @libsql/client's `intMode`. */
  intMode?: IntMode;
}

/** A call's own options, as a raw call of the other areas takes them. */
export interface CallOptions {
  /** Aborts the call (the stream of a transaction stays usable for the next call). */
  signal?: AbortSignal;
  /** Headers added to this call's request (the client's `Authorization` wins). */
  headers?: Record<string, string>;
  /** openapi-fetch middleware for this call only. */
  middleware?: Middleware[];
  /** Time limit of this call in ms, or `false` for none. Default: the client's `timeoutMs`. */
  timeoutMs?: number | false;
  /** Retry settings of this call, or `false` for a single attempt. Default: the client's `retry`. */
  retry?: RetrySetting;
}

/** An interactive transaction: one stream kept between calls by its baton, ended by commit or rollback. */
export interface Transaction {
  execute(sql: string, args?: SqlArguments, options?: CallOptions): Promise<ResultSet>;
  /** Runs statements in order inside the transaction; the first failure is thrown (the transaction stays open). */
  batch(statements: readonly Statement[], options?: CallOptions): Promise<ResultSet[]>;
  commit(options?: CallOptions): Promise<void>;
  rollback(options?: CallOptions): Promise<void>;
  /** Rolls back if still open and frees the stream. */
  close(): void;
  /** True once committed, rolled back or closed. */
  readonly closed: boolean;
}

/**
 * The database refused a statement or a request. `code` is the protocol's error code (for
 * example `SQLITE_ERROR`, `SQLITE_READONLY`, `STREAM_EXPIRED`), or `HTTP_<status>` when the answer
 * carried none. The token never appears in it.
 */
export class DatabaseError extends Error {
  override name = 'DatabaseError';
  /** The request that failed (method, path and request ID), when it is known. */
  readonly method?: string;
  readonly path?: string;
  readonly requestId?: string;
  /** The error body of a failed request: `{message, code}` for 500, text for 400, undefined for 401. */
  readonly body?: Schemas['DatabaseError'] | string;
  constructor(
    message: string,
    readonly code: string | null,
    /** The HTTP status, when the whole request failed rather than one statement. */
    readonly status?: number,
    request?: CallInfo & { body?: Schemas['DatabaseError'] | string },
  ) {
    super(request ? `${message} (${request.method} ${request.path}, request ${request.requestId})` : message);
    if (request) Object.assign(this, request);
  }
}

export interface DatabaseClient {
  /** Sends stream requests as they are; `baton` continues a stream. Throws only when the HTTP request fails. */
  pipeline(requests: Schemas['StreamRequest'][], baton?: string | null, options?: CallOptions): Promise<Schemas['PipelineResponse']>;
  /** Runs one statement on a fresh stream. */
  execute(sql: string, args?: SqlArguments, options?: CallOptions): Promise<ResultSet>;
  /** Runs statements in one transaction (BEGIN as `mode`, default `write`): all of them, or none when one fails. */
  batch(statements: readonly Statement[], mode?: TransactionMode, options?: CallOptions): Promise<ResultSet[]>;
  /** Starts an interactive transaction on a stream of its own. */
  transaction(mode?: TransactionMode, options?: CallOptions): Promise<Transaction>;
  /** Ends the client: open transactions roll back; later calls throw a DatabaseError `CLIENT_CLOSED`. */
  close(): void;
  readonly closed: boolean;
}
