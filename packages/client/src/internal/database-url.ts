// A database's URL (`libsql://<database_id>.<suffix>` or http(s)) and token, read from a client's
// options or else the environment, for the database client.
import type { DatabaseClientOptions } from './database-api.js';
import { ClientConfigError, readEnv, requireString } from './options.js';

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

/** The base URL and token of a database client, from its options or else the environment. */
export function resolveOptions(options: Pick<DatabaseClientOptions, 'url' | 'authToken'>, FACTORY: string): { baseUrl: string; authToken: string } {
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
