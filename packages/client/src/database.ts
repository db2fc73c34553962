import createClient from 'openapi-fetch';
import { ClientConfigError, readEnv, requireString } from './internal/options.js';
import { PlatformRequestError, PlatformTimeoutError, redact, requestIdOf, newRequestId, type CallInfo } from './internal/errors.js';
import { createRetryingFetch, startDeadline, type RetrySetting } from './internal/transport.js';
import { enumeration } from './internal/enums.js';
import { encodeArguments, toResultSet, type IntMode, type ResultSet, type SqlArguments } from './internal/database-values.js';
import type { components, paths } from '@platform-contracts/contracts/database';

export type * from '@platform-contracts/contracts/database';
export type { IntMode, ResultSet, Row, SqlArgument, SqlArguments, SqlResultValue } from './internal/database-values.js';
export * from './internal/public.js';
export * from './database-tokens.js';
export { platformProperties } from './database-platform.js';

type Schemas = components['schemas'];

/** The kinds of database access token, by name. */
export const DatabaseTokenKind = enumeration<Schemas['DatabaseTokenKind']>()({ FullAccess: 'full_access', ReadOnly: 'read_only' });
export type DatabaseTokenKind = Schemas['DatabaseTokenKind'];

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

/** A call's own options. */
export interface CallOptions {
  /** Aborts the call (the stream of a transaction stays usable for the next call). */
  signal?: AbortSignal;
}

/**
 * How a batch or a transaction begins, as @libsql/client's modes: `write` (BEGIN IMMEDIATE: takes
 * the write lock at once), `read` (BEGIN TRANSACTION READONLY: reads only, alongside writers),
 * `deferred` (BEGIN DEFERRED: reads until its first write).
 */
export type TransactionMode = 'write' | 'read' | 'deferred';
const BEGIN: Record<TransactionMode, string> = { write: 'BEGIN IMMEDIATE', read: 'BEGIN TRANSACTION READONLY', deferred: 'BEGIN DEFERRED' };

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

/** A statement of a batch: SQL text alone, or with its arguments. */
export type Statement = string | { sql: string; args?: SqlArguments };

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
  pipeline(requests: Schemas['StreamRequest'][], baton?: string | null): Promise<Schemas['PipelineResponse']>;
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

const FACTORY = 'createDatabaseClient';

/** A client for one database's SQL pipeline (libSQL's Hrana over HTTP, version 2). */
export function createDatabaseClient(options: DatabaseClientOptions = {}): DatabaseClient {
  const { baseUrl, authToken } = resolveOptions(options);
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

  async function pipeline(requests: Schemas['StreamRequest'][], baton?: string | null, signal?: AbortSignal) {
    // Without a time limit, the call's own signal (if any) aborts it.
    const deadline = startDeadline(timeoutMs, signal);
    const body = baton === undefined ? { requests } : { baton, requests };
    const answer = await http
      .POST('/v2/pipeline', { body, signal: deadline?.signal ?? signal })
      .catch((error: unknown) => {
        const request = { method: 'POST', path: '/v2/pipeline', requestId: newRequestId() };
        if (deadline?.timedOut) throw new PlatformTimeoutError(request, timeoutMs as number);
        throw new PlatformRequestError(request, redact(error instanceof Error ? error.message : String(error), [authToken]), { cause: error });
      })
      .finally(() => deadline?.clear());
    const { data, error, response } = answer;
    if (data) return data;
    throw httpError(response.status, redact(error, [authToken]), { method: 'POST', path: '/v2/pipeline', requestId: requestIdOf(response) });
  }

  /** The ok responses of a pipeline and the stream's next baton; the first failed request's error is thrown. */
  async function run(requests: Schemas['StreamRequest'][], baton?: string | null, signal?: AbortSignal) {
    const answer = await pipeline(requests, baton, signal);
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
    async #send(requests: Schemas['StreamRequest'][], signal?: AbortSignal) {
      checkOpen();
      if (this.#closed || this.#baton === null) throw new DatabaseError('The transaction is closed', 'TRANSACTION_CLOSED');
      const baton = this.#baton;
      this.#baton = null; // a baton is good for one request
      try {
        const answer = await pipeline(requests, baton, signal);
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
      const [response] = await this.#send([{ type: 'execute', stmt: statement(sql, args) }], options.signal);
      if (response?.type !== 'execute') throw new DatabaseError('The answer does not match the request', 'PROTOCOL_ERROR');
      return toResultSet(response.result, intMode);
    }
    async batch(statements: readonly Statement[], options: CallOptions = {}) {
      const steps = statements.map((item) => ({ stmt: toStmt(item) }));
      const [response] = await this.#send([{ type: 'batch', batch: { steps } }], options.signal);
      return batchResults(response, 0, statements.length);
    }
    async commit(options: CallOptions = {}) {
      await this.#send([{ type: 'execute', stmt: statement('COMMIT') }, { type: 'close' }], options.signal);
      this.#end();
    }
    async rollback(options: CallOptions = {}) {
      await this.#send([{ type: 'execute', stmt: statement('ROLLBACK') }, { type: 'close' }], options.signal);
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
      const { responses } = await run([{ type: 'execute', stmt: statement(sql, args) }, { type: 'close' }], undefined, callOptions.signal);
      const [response] = responses;
      if (response?.type !== 'execute') throw new DatabaseError('The answer does not match the request', 'PROTOCOL_ERROR');
      return toResultSet(response.result, intMode);
    },

    async batch(statements, mode = 'write', callOptions = {}) {
      checkOpen();
      const { responses } = await run([{ type: 'batch', batch: { steps: transactionSteps(statements, mode) } }, { type: 'close' }], undefined, callOptions.signal);
      return batchResults(responses[0], 1, statements.length);
    },

    async transaction(mode = 'write', callOptions = {}) {
      checkOpen();
      const { baton } = await run([{ type: 'execute', stmt: statement(BEGIN[mode]) }], undefined, callOptions.signal);
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

const statement = (sql: string, args?: SqlArguments): Schemas['Stmt'] => ({ sql, ...encodeArguments(args), want_rows: true });

const toStmt = (item: Statement) => (typeof item === 'string' ? statement(item) : statement(item.sql, item.args));

/** BEGIN (as `mode`), each statement if the previous step succeeded, COMMIT, and ROLLBACK unless it committed. */
function transactionSteps(statements: readonly Statement[], mode: TransactionMode): Schemas['BatchStep'][] {
  const steps: Schemas['BatchStep'][] = [{ stmt: statement(BEGIN[mode]) }];
  for (const item of statements) steps.push({ condition: { type: 'ok', step: steps.length - 1 }, stmt: toStmt(item) });
  const commit = steps.length;
  steps.push({ condition: { type: 'ok', step: commit - 1 }, stmt: statement('COMMIT') });
  steps.push({ condition: { type: 'not', cond: { type: 'ok', step: commit } }, stmt: statement('ROLLBACK') });
  return steps;
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

/** The parts of a database URL, `libsql://<database_id>.<suffix>` or http(s). */
export interface DatabaseUrl {
  /** Where the HTTP pipeline is: `https://<host>` (`http://` for localhost and 127.0.0.1). */
  baseUrl: string;
  host: string;
  /** The first label of the host for a `libsql:` URL of a remote database; undefined otherwise. */
  databaseId: string | undefined;
  /** The `authToken` query parameter, when the URL carries one. */
  authToken: string | undefined;
}

/**
 * Reads a database URL (the `PLATFORM_DATABASE_URL` format). Throws a ClientConfigError for a
 * string that is not a URL or has another scheme than libsql:, https: or http:.
 */
export function parseDatabaseUrl(url: string, factory = 'parseDatabaseUrl'): DatabaseUrl {
  if (!URL.canParse(url)) throw new ClientConfigError(`${factory}: option "url" is not a URL.`);
  const parsed = new URL(url);
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname);
  const scheme = parsed.protocol === 'libsql:' ? (local ? 'http:' : 'https:') : parsed.protocol;
  if (scheme !== 'http:' && scheme !== 'https:') {
    throw new ClientConfigError(`${factory}: option "url" must be a libsql:, https: or http: URL, got "${parsed.protocol}".`);
  }
  return {
    baseUrl: `${scheme}//${parsed.host}${parsed.pathname.replace(/\/+$/, '')}`,
    host: parsed.host,
    databaseId: parsed.protocol === 'libsql:' && !local ? parsed.hostname.split('.')[0] : undefined,
    authToken: parsed.searchParams.get('authToken') ?? undefined,
  };
}

function resolveOptions(options: DatabaseClientOptions): { baseUrl: string; authToken: string } {
  const rawUrl = requireString(FACTORY, 'url', options.url ?? readEnv('PLATFORM_DATABASE_URL'), 'Pass the database URL or set PLATFORM_DATABASE_URL.');
  const url = parseDatabaseUrl(rawUrl, FACTORY);
  const authToken = requireString(
    FACTORY,
    'authToken',
    url.authToken ?? options.authToken ?? readEnv('PLATFORM_DATABASE_AUTH_TOKEN'),
    'Pass a Full Access or Read Only token or set PLATFORM_DATABASE_AUTH_TOKEN.',
  );
  return { baseUrl: url.baseUrl, authToken };
}
