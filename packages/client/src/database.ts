import createClient from 'openapi-fetch';
import { ClientConfigError, readEnv, requireString } from './internal/options.js';
import { PlatformRequestError, PlatformTimeoutError, redact, requestIdOf, newRequestId, type CallInfo } from './internal/errors.js';
import { createRetryingFetch, startDeadline, type RetrySetting } from './internal/transport.js';
import { enumeration } from './internal/enums.js';
import { encodeArguments, toResultSet, type ResultSet, type SqlArguments } from './internal/database-values.js';
import type { components, paths } from '@platform/contracts/database';

export type * from '@platform/contracts/database';
export type { ResultSet, Row, SqlArgument, SqlArguments, SqlResultValue } from './internal/database-values.js';
export * from './internal/public.js';
export * from './database-tokens.js';

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
  execute(sql: string, args?: SqlArguments): Promise<ResultSet>;
  /** Runs statements in one write transaction: all of them, or none when one fails. */
  batch(statements: readonly Statement[]): Promise<ResultSet[]>;
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

  async function pipeline(requests: Schemas['StreamRequest'][], baton?: string | null) {
    const deadline = startDeadline(timeoutMs, undefined);
    const body = baton === undefined ? { requests } : { baton, requests };
    const answer = await http
      .POST('/v2/pipeline', { body, signal: deadline?.signal })
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

  /** The ok responses of a pipeline; the first failed request's error is thrown. */
  async function run(requests: Schemas['StreamRequest'][]): Promise<Schemas['StreamResponse'][]> {
    const { results } = await pipeline(requests);
    return results.map((result) => {
      if (result.type === 'error') throw new DatabaseError(result.error.message, result.error.code ?? null);
      return result.response;
    });
  }

  return {
    pipeline,

    async execute(sql, args) {
      const [response] = await run([{ type: 'execute', stmt: statement(sql, args) }, { type: 'close' }]);
      if (response?.type !== 'execute') throw new DatabaseError('The answer does not match the request', 'PROTOCOL_ERROR');
      return toResultSet(response.result);
    },

    async batch(statements) {
      const [response] = await run([{ type: 'batch', batch: { steps: writeTransaction(statements) } }, { type: 'close' }]);
      if (response?.type !== 'batch') throw new DatabaseError('The answer does not match the request', 'PROTOCOL_ERROR');
      const { step_results: results, step_errors: errors } = response.result;
      const failed = errors.find((error) => error !== null);
      if (failed) throw new DatabaseError(failed.message, failed.code ?? null);
      return statements.map((_, i) => {
        const result = results[i + 1];
        if (!result) throw new DatabaseError('A statement of the batch did not run', 'BATCH_NOT_RUN');
        return toResultSet(result);
      });
    },
  };
}

const statement = (sql: string, args?: SqlArguments): Schemas['Stmt'] => ({ sql, ...encodeArguments(args), want_rows: true });

/** BEGIN IMMEDIATE, each statement if the previous step succeeded, COMMIT, and ROLLBACK unless it committed. */
function writeTransaction(statements: readonly Statement[]): Schemas['BatchStep'][] {
  const steps: Schemas['BatchStep'][] = [{ stmt: statement('BEGIN IMMEDIATE') }];
  for (const item of statements) {
    const { sql, args } = typeof item === 'string' ? { sql: item, args: undefined } : item;
    steps.push({ condition: { type: 'ok', step: steps.length - 1 }, stmt: statement(sql, args) });
  }
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
