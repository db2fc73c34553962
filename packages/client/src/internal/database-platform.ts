// The database area's properties of createPlatformClient: the SQL pipeline of one database and
// its access tokens (on the general management API). Apart from database.ts, which is the
// pipeline's client; re-exported there as the area's `platformProperties`.
import type { DatabaseClient } from './database-api.js';
import { createDatabaseClient } from './database-client.js';
import { createDatabaseTokensClient, type DatabaseTokensClient } from './database-tokens.js';
import type { Int64Mode } from './int64.js';
import type { PlatformProperties } from './platform-areas.js';

declare module './platform-areas.js' {
  interface PlatformAreas<ThrowOnError extends boolean, Int64 extends Int64Mode> {
    /** The SQL pipeline of the database in `options.database`. */
    readonly database: DatabaseClient;
    /** Database access tokens, on the general management API. */
    readonly databaseTokens: DatabaseTokensClient<ThrowOnError, Int64>;
  }
}

/** The `database` and `databaseTokens` properties of createPlatformClient (read by it; not for direct use). */
export const platformProperties: PlatformProperties<'database' | 'databaseTokens'> = {
  database: ({ options: { database, fetch, timeoutMs, retry } }) => createDatabaseClient({ ...database, fetch, timeoutMs, retry }),
  databaseTokens: (context) => createDatabaseTokensClient(context.on('apiBaseUrl')),
};
