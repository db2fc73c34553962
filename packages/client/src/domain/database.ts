// The database area's own client, which its contract cannot generate: the SQL pipeline of one
// database (libSQL's Hrana over HTTP, on the database's host, with the database's own token;
// internal/database-client.ts) and its access tokens on the general management API
// (internal/database-tokens.ts). Re-exported by the generated database.ts.

export { type CallOptions, type DatabaseClient, type DatabaseClientOptions, DatabaseError, type Transaction } from '../internal/database-api.js';
export { createDatabaseClient } from '../internal/database-client.js';
export { platformProperties } from '../internal/database-platform.js';
export type { Statement, TransactionMode } from '../internal/database-statements.js';
export * from '../internal/database-tokens.js';
export { type DatabaseUrl, parseDatabaseUrl } from '../internal/database-url.js';
export type { IntMode, ResultSet, Row, SqlArgument, SqlArguments, SqlResultValue } from '../internal/database-values.js';
