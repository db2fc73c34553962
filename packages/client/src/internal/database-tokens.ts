// The database area's access tokens, on the general management API (the `AccessKey` header).

import type {
  CreateDatabaseTokensRequest,
  DatabaseTokenList,
  DatabaseTokensInvalidated,
  DatabaseTokensIssued,
  InvalidateDatabaseTokensRequest,
  paths,
} from '@platform-contracts/contracts/database';
import { PlatformApiError } from './api-error.js';
import { type AccessKeyClientOptions, defineClientArea } from './area.js';
import type { Int64Mode, Int64Of } from './int64.js';
import type { HelperCallOptions, PlatformHttpClient } from './typed-client.js';

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

declare module './area-errors.js' {
  interface AreaErrors<Status extends number, Body> {
    databaseTokens: DatabaseTokensApiError<Status, Body>;
  }
}

export type DatabaseTokensClientOptions<ThrowOnError extends boolean = boolean, Int64 extends Int64Mode = Int64Mode> = AccessKeyClientOptions<
  ThrowOnError,
  Int64
>;
/** The general management API's database token operations (the `AccessKey` header). */
export type DatabaseTokensClient<ThrowOnError extends boolean = false, Int64 extends Int64Mode = 'number'> = PlatformHttpClient<
  paths<Int64Of<Int64>>,
  'databaseTokens',
  ThrowOnError
>;

/**
 * A client for a database's access tokens, on the general management API (not the database's
 * host). The base URL is `baseUrl`, else the environment variable `PLATFORM_API_BASE_URL`.
 */
export const createDatabaseTokensClient = defineClientArea({
  area: 'databaseTokens',
  factory: 'createDatabaseTokensClient',
  baseUrlEnv: 'PLATFORM_API_BASE_URL',
  Error: DatabaseTokensApiError,
  pagination: {},
  exactJson: () => import('../generated/int64/database.js'),
}) as <ThrowOnError extends boolean = false, Int64 extends Int64Mode = 'number'>(
  options: DatabaseTokensClientOptions<ThrowOnError, Int64>,
) => DatabaseTokensClient<ThrowOnError, Int64>;

/** A client of either int64 mode, typed as one: the helpers' calls are the same in both (their answers hold no int64 field). */
const numbers = <Int64 extends Int64Mode>(client: DatabaseTokensClient<boolean, Int64>) => client as unknown as DatabaseTokensClient<boolean>;

/**
 * Generates a Full Access and a Read Only token (or the `kinds` asked for), optionally expiring
 * after `expires_in_days`. Existing tokens stay valid. The secret values are in this answer only.
 * A failure throws the call's `DatabaseTokensApiError`. `options` are a raw call's (headers,
 * middleware, signal, timeoutMs, retry), as for every helper.
 */
export async function createDatabaseTokens<Int64 extends Int64Mode = 'number'>(
  client: DatabaseTokensClient<boolean, Int64>,
  databaseId: string,
  request: CreateDatabaseTokensRequest = {},
  options: HelperCallOptions = {},
): Promise<DatabaseTokensIssued<Int64Of<Int64>>> {
  const { data, failure } = await numbers(client).POST('/database/{databaseId}/tokens', { ...options, params: { path: { databaseId } }, body: request });
  if (failure) throw failure;
  return data;
}

/** Makes every token of the database invalid at once; with `regenerate`, returns a new pair. A failure throws the call's `DatabaseTokensApiError`. */
export async function invalidateDatabaseTokens<Int64 extends Int64Mode = 'number'>(
  client: DatabaseTokensClient<boolean, Int64>,
  databaseId: string,
  request: InvalidateDatabaseTokensRequest = {},
  options: HelperCallOptions = {},
): Promise<DatabaseTokensInvalidated<Int64Of<Int64>>> {
  const { data, failure } = await numbers(client).POST('/database/{databaseId}/tokens/invalidate', {
    ...options,
    params: { path: { databaseId } },
    body: request,
  });
  if (failure) throw failure;
  return data;
}

/** Every token of the database, valid or not, without secret values. A failure throws the call's `DatabaseTokensApiError`. */
export async function listDatabaseTokens<Int64 extends Int64Mode = 'number'>(
  client: DatabaseTokensClient<boolean, Int64>,
  databaseId: string,
  options: HelperCallOptions = {},
): Promise<DatabaseTokenList<Int64Of<Int64>>> {
  const { data, failure } = await numbers(client).GET('/database/{databaseId}/tokens', { ...options, params: { path: { databaseId } } });
  if (failure) throw failure;
  return data;
}
