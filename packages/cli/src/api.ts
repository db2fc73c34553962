// The management API the tool talks to: where it is, the access key, and its failures as
// one-line messages with their exit codes.
import { createDatabaseTokensClient, DatabaseTokensApiError, type DatabaseTokensClient, PlatformTimeoutError } from '@platform-contracts/client';
import { CliError, EXIT } from './errors.ts';
import type { CliIo } from './io.ts';

export const API_URL_VARIABLE = 'PLATFORM_API_BASE_URL';
export const ACCESS_KEY_VARIABLE = 'PLATFORM_ACCESS_KEY';
export const DATABASE_ID_VARIABLE = 'PLATFORM_DATABASE_ID';

export interface ApiOptions {
  apiUrl?: string;
  accessKey?: string;
  /** Time limit of each request, in ms. */
  timeout?: number;
}

export interface Api {
  client: DatabaseTokensClient;
  /** The base URL as it may be shown (never with credentials). */
  shownUrl: string;
  timeoutMs: number | undefined;
}

const nonEmpty = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined);

/** A URL with any `user:password@` replaced by `***@`, for messages. */
const withoutCredentials = (url: string) => url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1***@');

/** The access key the tool would send, for redacting it from anything it prints. */
export const accessKeyOf = (options: ApiOptions, io: CliIo) => nonEmpty(options.accessKey) ?? nonEmpty(io.env[ACCESS_KEY_VARIABLE]);

export function connect(options: ApiOptions, io: CliIo): Api {
  const accessKey = accessKeyOf(options, io);
  if (!accessKey) throw new CliError(`no access key: set ${ACCESS_KEY_VARIABLE} or pass --access-key`, EXIT.config);
  const baseUrl = nonEmpty(options.apiUrl) ?? nonEmpty(io.env[API_URL_VARIABLE]);
  if (!baseUrl) {
    throw new CliError(`no API URL: set ${API_URL_VARIABLE} or pass --api-url (http://127.0.0.1:4010 for \`pnpm mock\`)`, EXIT.config);
  }
  const shownUrl = withoutCredentials(baseUrl);
  const url = URL.canParse(baseUrl) ? new URL(baseUrl) : undefined;
  if (!url || !/^https?:$/.test(url.protocol)) throw new CliError(`bad API URL "${shownUrl}": write an http or https URL`, EXIT.usage);
  if (url.username || url.password) {
    throw new CliError(
      `bad API URL "${shownUrl}": it holds credentials (user:password@), which the API does not take; pass the access key in ${ACCESS_KEY_VARIABLE}`,
      EXIT.usage,
    );
  }
  const client = createDatabaseTokensClient({ accessKey, baseUrl, fetch: io.fetch, timeoutMs: options.timeout });
  return { client, shownUrl, timeoutMs: options.timeout };
}

/** The database the command is for: the argument, else PLATFORM_DATABASE_ID. */
export function databaseIdFrom(argument: string | undefined, io: CliIo): string {
  const databaseId = nonEmpty(argument) ?? nonEmpty(io.env[DATABASE_ID_VARIABLE]);
  if (!databaseId) throw new CliError(`no database: pass DATABASE_ID or set ${DATABASE_ID_VARIABLE}`, EXIT.usage);
  return databaseId;
}

/** Runs one API call, turning its failures into one-line messages. */
export async function call<T>(api: Api, databaseId: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw explain(error, api, databaseId);
  }
}

function explain(error: unknown, api: Api, databaseId: string): CliError {
  if (error instanceof DatabaseTokensApiError) {
    const { status } = error;
    // The API's own 404 names the missing database in its error body; any other 404 means the URL is not the API's.
    if (status === 404 && error.errorKey)
      return new CliError(`unknown database "${databaseId}": the account has no database with this ID`, EXIT.unknownDatabase);
    if (status === 404) {
      return new CliError(
        `the API URL ${api.shownUrl} has no ${error.method} ${error.path} (404): check --api-url or ${API_URL_VARIABLE} (the base URL, without a path such as /v1)`,
        EXIT.config,
      );
    }
    if (status === 401 || status === 403) return new CliError(`the access key was refused (${status}): check ${ACCESS_KEY_VARIABLE}`, EXIT.config);
    return new CliError(firstLine(error) ?? `the API answered ${status}`, EXIT.failure);
  }
  if (error instanceof PlatformTimeoutError)
    return new CliError(`no answer from the API at ${api.shownUrl} within ${error.timeoutMs / 1000} s (--timeout)`, EXIT.failure);
  const network = networkCause(error);
  if (network) return new CliError(`cannot reach the API at ${api.shownUrl} (${String(network.code ?? network.message)})`, EXIT.failure);
  return new CliError(`the request failed: ${firstLine(error) ?? 'unknown error'}`, EXIT.failure);
}

/** fetch's network failure (a TypeError whose cause is the socket error), however deeply the client wrapped it. */
function networkCause(error: unknown): { code?: unknown; message?: unknown } | undefined {
  for (let current = error as { name?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.name === 'TypeError' && current.cause) return current.cause as { code?: unknown; message?: unknown };
  }
  return undefined;
}

const firstLine = (error: unknown) => (error instanceof Error && error.message ? error.message.split('\n')[0] : undefined);
