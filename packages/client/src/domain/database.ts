// The database area's own client, which its contract cannot generate: the SQL pipeline of one
// database (libSQL's Hrana over HTTP, on the database's host, with the database's own token) and
// its access tokens on the general management API. Re-exported by the generated database.ts.
import createClient, { type Middleware } from 'openapi-fetch';
import { resolveOptions } from '../internal/database-url.js';
import { BEGIN, statement, toStmt, transactionSteps, type Statement, type TransactionMode } from '../internal/database-statements.js';
import type { CallInfo } from '../internal/api-error.js';
import { PlatformRequestError, PlatformTimeoutError } from '../internal/errors.js';
import { newRequestId, redact, requestIdOf } from '../internal/redaction.js';
import { startDeadline } from '../internal/deadline.js';
import { createRetryingFetch, type RetrySetting } from '../internal/transport.js';
import { toResultSet, type IntMode, type ResultSet, type SqlArguments } from '../internal/database-values.js';
import type { components, paths } from '@platform-contracts/contracts/database';

export type { IntMode, ResultSet, Row, SqlArgument, SqlArguments, SqlResultValue } from '../internal/database-values.js';
export * from '../internal/database-tokens.js';
export { platformProperties } from '../internal/database-platform.js';
export { parseDatabaseUrl, type DatabaseUrl } from '../internal/database-url.js';
export type { Statement, TransactionMode } from '../internal/database-statements.js';

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

/** A client for one database's SQL pipeline (libSQL's Hrana over HTTP, version 2). */
export function createDatabaseClient(options: DatabaseClientOptions = {}): DatabaseClient {
  const { baseUrl, authToken } = resolveOptions(options, 'createDatabaseClient');
  const fetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const http = createClient<paths>({
    baseUrl,
    fetch: createRetryingFetch(fetch as typeof globalThis.fetch, options.retry) as (request: Request) => Promise<Response>,
    headers: { Authorization: `Bearer ${authToken}` },
  });
  const { timeoutMs } = options;
  const intMode = options.intMode ?? 'number';
  let closed = false;
  const open = new Set<TransactionImpl>();

  function checkOpen() {
    if (closed) throw new DatabaseError('The database client is closed', 'CLIENT_CLOSED');
  }

  async function pipeline(requests: Schemas['StreamRequest'][], baton?: string | null, call: CallOptions = {}) {
    const { signal, headers, middleware, retry } = call;
    // Without a time limit, the call's own signal (if any) aborts it.
    const limit = call.timeoutMs ?? timeoutMs;
    const deadline = startDeadline(limit, signal);
    const body = baton === undefined ? { requests } : { baton, requests };
    const answer = await http
      .POST('/v2/pipeline', {
        body,
        signal: deadline?.signal ?? signal,
        ...(headers && { headers: { ...headers, Authorization: `Bearer ${authToken}` } }),
        ...(middleware && { middleware }),
        ...(retry !== undefined && { fetch: createRetryingFetch(fetch as typeof globalThis.fetch, retry) as (request: Request) => Promise<Response> }),
      })
      .catch((error: unknown) => {
        const request = { method: 'POST', path: '/v2/pipeline', requestId: newRequestId() };
        if (deadline?.timedOut) throw new PlatformTimeoutError(request, limit as number);
        throw new PlatformRequestError(request, redact(error instanceof Error ? error.message : String(error), [authToken]), { cause: error });
      })
      .finally(() => deadline?.clear());
    const { data, error, response } = answer;
    if (data) return data;
    throw httpError(response.status, redact(error, [authToken]), { method: 'POST', path: '/v2/pipeline', requestId: requestIdOf(response) });
  }

  /** The ok responses of a pipeline and the stream's next baton; the first failed request's error is thrown. */
  async function run(requests: Schemas['StreamRequest'][], baton?: string | null, call?: CallOptions) {
    const answer = await pipeline(requests, baton, call);
    const responses = answer.results.map((result) => {
      if (result.type === 'error') throw new DatabaseError(result.error.message, result.error.code ?? null);
      return result.response;
    });
    return { responses, baton: answer.baton };
  }

  /** The results of a batch's steps, from `first` on; the first failed step's error is thrown. */
  function batchResults(response: Schemas['StreamResponse'] | undefined, first: number, count: number): ResultSet[] {
    if (response?.type !== 'batch') throw new DatabaseError('The answer does not match the request', 'PROTOCOL_ERROR');
    const { step_results: results, step_errors: errors } = response.result;
    const failed = errors.find((error) => error !== null);
    if (failed) throw new DatabaseError(failed.message, failed.code ?? null);
    return Array.from({ length: count }, (_, i) => {
      const result = results[first + i];
      if (!result) throw new DatabaseError('A statement of the batch did not run', 'BATCH_NOT_RUN');
      return toResultSet(result, intMode);
    });
  }

  class TransactionImpl implements Transaction {
    #baton: string | null;
    #closed = false;
    constructor(baton: string | null) {
      this.#baton = baton;
      open.add(this);
    }
    get closed() {
      return this.#closed;
    }
    /** Runs requests on the transaction's stream; its baton moves on with each answer. */
    async #send(requests: Schemas['StreamRequest'][], call?: CallOptions) {
      checkOpen();
      if (this.#closed || this.#baton === null) throw new DatabaseError('The transaction is closed', 'TRANSACTION_CLOSED');
      const baton = this.#baton;
      this.#baton = null; // a baton is good for one request
      try {
        const answer = await pipeline(requests, baton, call);
        this.#baton = answer.baton;
        if (answer.baton === null) this.#end();
        return answer.results.map((result) => {
          if (result.type === 'error') throw new DatabaseError(result.error.message, result.error.code ?? null);
          return result.response;
        });
      } catch (error) {
        if (this.#baton === null) this.#end();
        throw error;
      }
    }
    #end() {
      this.#closed = true;
      open.delete(this);
    }
    async execute(sql: string, args?: SqlArguments, options: CallOptions = {}) {
      const [response] = await this.#send([{ type: 'execute', stmt: statement(sql, args) }], options);
      if (response?.type !== 'execute') throw new DatabaseError('The answer does not match the request', 'PROTOCOL_ERROR');
      return toResultSet(response.result, intMode);
    }
    async batch(statements: readonly Statement[], options: CallOptions = {}) {
      const steps = statements.map((item) => ({ stmt: toStmt(item) }));
      const [response] = await this.#send([{ type: 'batch', batch: { steps } }], options);
      return batchResults(response, 0, statements.length);
    }
    async commit(options: CallOptions = {}) {
      await this.#send([{ type: 'execute', stmt: statement('COMMIT') }, { type: 'close' }], options);
      this.#end();
    }
    async rollback(options: CallOptions = {}) {
      await this.#send([{ type: 'execute', stmt: statement('ROLLBACK') }, { type: 'close' }], options);
      this.#end();
    }
    close() {
      if (this.#closed) return;
      const baton = this.#baton;
      this.#end();
      // Closing the stream rolls back what is open; nobody waits for the answer.
      if (baton !== null) void pipeline([{ type: 'close' }], baton).catch(() => {});
    }
  }

  return {
    pipeline,

    async execute(sql, args, callOptions = {}) {
      checkOpen();
      const { responses } = await run([{ type: 'execute', stmt: statement(sql, args) }, { type: 'close' }], undefined, callOptions);
      const [response] = responses;
      if (response?.type !== 'execute') throw new DatabaseError('The answer does not match the request', 'PROTOCOL_ERROR');
      return toResultSet(response.result, intMode);
    },

    async batch(statements, mode = 'write', callOptions = {}) {
      checkOpen();
      const { responses } = await run([{ type: 'batch', batch: { steps: transactionSteps(statements, mode) } }, { type: 'close' }], undefined, callOptions);
      return batchResults(responses[0], 1, statements.length);
    },

    async transaction(mode = 'write', callOptions = {}) {
      checkOpen();
      const { baton } = await run([{ type: 'execute', stmt: statement(BEGIN[mode]) }], undefined, callOptions);
      return new TransactionImpl(baton);
    },

    close() {
      if (closed) return;
      for (const transaction of [...open]) transaction.close();
      closed = true;
    },

    get closed() {
      return closed;
    },
  };
}

function httpError(status: number, body: unknown, request: CallInfo): DatabaseError {
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
    const { message, code } = body as Schemas['DatabaseError'];
    return new DatabaseError(message, code ?? `HTTP_${status}`, status, { ...request, body: body as Schemas['DatabaseError'] });
  }
  const text = typeof body === 'string' && body.trim() !== '' ? body.trim() : undefined;
  const reason = status === 401 ? 'the access token was refused' : `the server answered ${status}`;
  return new DatabaseError(`Database request failed, ${reason}${text ? `: ${text}` : ''}`, `HTTP_${status}`, status, { ...request, body: text });
}
