import { type AccessKeyClientOptions, createAccessKeyClient } from './internal/access-key-client.js';
import { PlatformApiError } from './internal/errors.js';
import type { PlatformHttpClient } from './internal/typed-client.js';
import type {
  CreateDatabaseTokensRequest,
  DatabaseManagementError,
  DatabaseTokenList,
  DatabaseTokensInvalidated,
  DatabaseTokensIssued,
  InvalidateDatabaseTokensRequest,
  paths,
} from '@platform/contracts/database';

export type DatabaseTokensClientOptions<ThrowOnError extends boolean = boolean> = AccessKeyClientOptions<ThrowOnError>;
/** The general management API's database token operations (the `AccessKey` header). */
export type DatabaseTokensClient<ThrowOnError extends boolean = false> = PlatformHttpClient<paths, 'databaseTokens', ThrowOnError>;

/** A failure answer of a token operation: `body` is `{error_key, message}` for 400 and 404, undefined for 401 (no body). */
export class DatabaseTokensApiError<Status extends number = number, Body = unknown> extends PlatformApiError<Status, Body> {
  override name = 'DatabaseTokensApiError';
  readonly area = 'databaseTokens';
}

/**
 * A client for a database's access tokens, on the general management API (not the database's
 * host). The base URL is `baseUrl`, else the environment variable `PLATFORM_API_BASE_URL`.
 */
export function createDatabaseTokensClient<ThrowOnError extends boolean = false>(
  options: DatabaseTokensClientOptions<ThrowOnError>,
): DatabaseTokensClient<ThrowOnError> {
  return createAccessKeyClient<paths, 'databaseTokens', ThrowOnError>(
    {
      area: 'databaseTokens',
      factory: 'createDatabaseTokensClient',
      baseUrlEnv: 'PLATFORM_API_BASE_URL',
      createError: (init) => new DatabaseTokensApiError(init),
    },
    options,
  );
}

/**
 * A token operation answered with a failure status. `status` 404 means no database with that ID;
 * 401 a missing or wrong access key. The message never holds a token or the access key.
 */
export class DatabaseTokensError extends Error {
  override name = 'DatabaseTokensError';
  constructor(
    readonly status: number,
    /** The error body's `error_key` (for example `database.not_found`), when the answer had one. */
    readonly errorKey: string | null,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Generates a Full Access and a Read Only token (or the `kinds` asked for), optionally expiring
 * after `expires_in_days`. Existing tokens stay valid. The secret values are in this answer only.
 */
export async function createDatabaseTokens(
  client: DatabaseTokensClient<boolean>,
  databaseId: string,
  request: CreateDatabaseTokensRequest = {},
): Promise<DatabaseTokensIssued> {
  const { data, error, response } = await client.POST('/database/{databaseId}/tokens', { params: { path: { databaseId } }, body: request });
  return data ?? fail('generating tokens', databaseId, response.status, error);
}

/** Makes every token of the database invalid at once; with `regenerate`, returns a new pair. */
export async function invalidateDatabaseTokens(
  client: DatabaseTokensClient<boolean>,
  databaseId: string,
  request: InvalidateDatabaseTokensRequest = {},
): Promise<DatabaseTokensInvalidated> {
  const { data, error, response } = await client.POST('/database/{databaseId}/tokens/invalidate', {
    params: { path: { databaseId } },
    body: request,
  });
  return data ?? fail('invalidating tokens', databaseId, response.status, error);
}

/** Every token of the database, valid or not, without secret values. */
export async function listDatabaseTokens(client: DatabaseTokensClient<boolean>, databaseId: string): Promise<DatabaseTokenList> {
  const { data, error, response } = await client.GET('/database/{databaseId}/tokens', { params: { path: { databaseId } } });
  return data ?? fail('listing tokens', databaseId, response.status, error);
}

function fail(action: string, databaseId: string, status: number, body: unknown): never {
  const error = isManagementError(body) ? body : undefined;
  const reason = error?.message ?? (status === 401 ? 'the access key was refused' : `the server answered ${status}`);
  throw new DatabaseTokensError(status, error?.error_key ?? null, `${action} of database ${databaseId} failed: ${reason}`);
}

const isManagementError = (body: unknown): body is DatabaseManagementError =>
  typeof body === 'object' && body !== null && typeof (body as DatabaseManagementError).message === 'string';
