// The management API the tool talks to: where it is, the access key, and its failures as
// one-line messages with their exit codes.
import { createDatabaseTokensClient, type DatabaseTokensClient } from '@platform/client';
import { CliError, EXIT } from './errors.ts';
import type { CliIo } from './io.ts';

export const API_URL_VARIABLE = 'PLATFORM_API_BASE_URL';
export const ACCESS_KEY_VARIABLE = 'PLATFORM_ACCESS_KEY';
export const DATABASE_ID_VARIABLE = 'PLATFORM_DATABASE_ID';

export interface ApiOptions {
  apiUrl?: string;
  accessKey?: string;
}

export interface Api {
  client: DatabaseTokensClient;
  baseUrl: string;
}

const nonEmpty = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined);

export function connect(options: ApiOptions, io: CliIo): Api {
  const accessKey = nonEmpty(options.accessKey) ?? nonEmpty(io.env[ACCESS_KEY_VARIABLE]);
  if (!accessKey) throw new CliError(`no access key: set ${ACCESS_KEY_VARIABLE} or pass --access-key`, EXIT.config);
  const baseUrl = nonEmpty(options.apiUrl) ?? nonEmpty(io.env[API_URL_VARIABLE]);
  if (!baseUrl) {
    throw new CliError(`no API URL: set ${API_URL_VARIABLE} or pass --api-url (http://127.0.0.1:4010 for \`pnpm mock\`)`, EXIT.config);
  }
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
    throw new CliError(`bad API URL "${baseUrl}": write an http or https URL`, EXIT.usage);
  }
  return { client: createDatabaseTokensClient({ accessKey, baseUrl, fetch: io.fetch }), baseUrl };
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
  const status = (error as { status?: unknown })?.status;
  if (status === 404) return new CliError(`unknown database "${databaseId}": the account has no database with this ID`, EXIT.unknownDatabase);
  if (status === 401 || status === 403) return new CliError(`the access key was refused (${status}): check ${ACCESS_KEY_VARIABLE}`, EXIT.config);
  if (typeof status === 'number') return new CliError(firstLine(error) ?? `the API answered ${status}`, EXIT.failure);
  const network = networkCause(error);
  if (network) return new CliError(`cannot reach the API at ${api.baseUrl} (${String(network.code ?? network.message)})`, EXIT.failure);
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
