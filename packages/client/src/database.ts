import createClient from 'openapi-fetch';
import { ClientConfigError, requireString } from './internal/options.js';
import { encodeArguments, toResultSet, type ResultSet, type SqlArguments } from './internal/database-values.js';
import type { components, paths } from './generated/database.js';

export type * from './generated/database.js';
export type { ResultSet, Row, SqlArgument, SqlArguments, SqlResultValue } from './internal/database-values.js';

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
  constructor(
    message: string,
    readonly code: string | null,
    /** The HTTP status, when the whole request failed rather than one statement. */
    readonly status?: number,
  ) {
    super(message);
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
  const http = createClient<paths>({ baseUrl, fetch: options.fetch, headers: { Authorization: `Bearer ${authToken}` } });

  async function pipeline(requests: Schemas['StreamRequest'][], baton?: string | null) {
    const { data, error, response } = await http.POST('/v2/pipeline', { body: baton === undefined ? { requests } : { baton, requests } });
    if (data) return data;
    throw httpError(response.status, error);
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

function httpError(status: number, body: unknown): DatabaseError {
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
    const { message, code } = body as Schemas['DatabaseError'];
    return new DatabaseError(message, code ?? `HTTP_${status}`, status);
  }
  const detail = typeof body === 'string' && body.trim() !== '' ? `: ${body.trim()}` : '';
  const reason = status === 401 ? 'the access token was refused' : `the server answered ${status}`;
  return new DatabaseError(`Database request failed, ${reason}${detail}`, `HTTP_${status}`, status);
}

function resolveOptions(options: DatabaseClientOptions): { baseUrl: string; authToken: string } {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const rawUrl = requireString(FACTORY, 'url', options.url ?? env?.PLATFORM_DATABASE_URL, 'Pass the database URL or set PLATFORM_DATABASE_URL.');
  if (!URL.canParse(rawUrl)) throw new ClientConfigError(`${FACTORY}: option "url" is not a URL.`);
  const url = new URL(rawUrl);
  const tokenInUrl = url.searchParams.get('authToken') ?? undefined;
  const authToken = requireString(
    FACTORY,
    'authToken',
    tokenInUrl ?? options.authToken ?? env?.PLATFORM_DATABASE_AUTH_TOKEN,
    'Pass a Full Access or Read Only token or set PLATFORM_DATABASE_AUTH_TOKEN.',
  );
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  const scheme = url.protocol === 'libsql:' ? (local ? 'http:' : 'https:') : url.protocol;
  if (scheme !== 'http:' && scheme !== 'https:') {
    throw new ClientConfigError(`${FACTORY}: option "url" must be a libsql:, https: or http: URL, got "${url.protocol}".`);
  }
  return { baseUrl: `${scheme}//${url.host}${url.pathname.replace(/\/+$/, '')}`, authToken };
}
