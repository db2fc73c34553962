import { type AccessKeyClientOptions, defineClientArea } from './internal/area.js';
import { PlatformApiError } from './internal/errors.js';
import type { HelperCallOptions, PlatformHttpClient } from './internal/typed-client.js';
import type {
  CreateDatabaseTokensRequest,
  DatabaseTokenList,
  DatabaseTokensInvalidated,
  DatabaseTokensIssued,
  InvalidateDatabaseTokensRequest,
  paths,
} from '@platform-contracts/contracts/database';

/**
 * A failure answer of a token operation, from a call or a helper: `body` is `{error_key, message}`
 * for 400 and 404 (`error_key` `database.not_found`: no database with that ID), undefined for 401.
 */
export class DatabaseTokensApiError<Status extends number = number, Body = unknown> extends PlatformApiError<Status, Body> {
  override name = 'DatabaseTokensApiError';
  readonly area = 'databaseTokens';
  /** The body's `error_key` (for example `database.not_found`), when it has one. */
  get errorKey(): string | undefined {
    const key = (this.body as { error_key?: unknown } | undefined)?.error_key;
    return typeof key === 'string' ? key : undefined;
  }
}

declare module './internal/area-errors.js' {
  interface AreaErrors<Status extends number, Body> {
    databaseTokens: DatabaseTokensApiError<Status, Body>;
  }
}

export type DatabaseTokensClientOptions<ThrowOnError extends boolean = boolean> = AccessKeyClientOptions<ThrowOnError>;
/** The general management API's database token operations (the `AccessKey` header). */
export type DatabaseTokensClient<ThrowOnError extends boolean = false> = PlatformHttpClient<paths, 'databaseTokens', ThrowOnError>;

/**
 * A client for a database's access tokens, on the general management API (not the database's
 * host). The base URL is `baseUrl`, else the environment variable `PLATFORM_API_BASE_URL`.
 */
export const createDatabaseTokensClient: <ThrowOnError extends boolean = false>(
  options: DatabaseTokensClientOptions<ThrowOnError>,
) => DatabaseTokensClient<ThrowOnError> = defineClientArea<paths, 'databaseTokens'>({
  area: 'databaseTokens',
  factory: 'createDatabaseTokensClient',
  baseUrlEnv: 'PLATFORM_API_BASE_URL',
  Error: DatabaseTokensApiError,
  pagination: {},
});

/**
 * Generates a Full Access and a Read Only token (or the `kinds` asked for), optionally expiring
 * after `expires_in_days`. Existing tokens stay valid. The secret values are in this answer only.
 * A failure throws the call's `DatabaseTokensApiError`. `options` are a raw call's (headers,
 * middleware, signal, timeoutMs, retry), as for every helper.
 */
export async function createDatabaseTokens(
  client: DatabaseTokensClient<boolean>,
  databaseId: string,
  request: CreateDatabaseTokensRequest = {},
  options: HelperCallOptions = {},
): Promise<DatabaseTokensIssued> {
  const { data, failure } = await client.POST('/database/{databaseId}/tokens', { ...options, params: { path: { databaseId } }, body: request });
  if (failure) throw failure;
  return data;
}

/** Makes every token of the database invalid at once; with `regenerate`, returns a new pair. A failure throws the call's `DatabaseTokensApiError`. */
export async function invalidateDatabaseTokens(
  client: DatabaseTokensClient<boolean>,
  databaseId: string,
  request: InvalidateDatabaseTokensRequest = {},
  options: HelperCallOptions = {},
): Promise<DatabaseTokensInvalidated> {
  const { data, failure } = await client.POST('/database/{databaseId}/tokens/invalidate', { ...options, params: { path: { databaseId } }, body: request });
  if (failure) throw failure;
  return data;
}

/** Every token of the database, valid or not, without secret values. A failure throws the call's `DatabaseTokensApiError`. */
export async function listDatabaseTokens(client: DatabaseTokensClient<boolean>, databaseId: string, options: HelperCallOptions = {}): Promise<DatabaseTokenList> {
  const { data, failure } = await client.GET('/database/{databaseId}/tokens', { ...options, params: { path: { databaseId } } });
  if (failure) throw failure;
  return data;
}
