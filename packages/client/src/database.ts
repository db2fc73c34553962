/**
 * Generated from openapi/database/ by `pnpm generate`. Do not edit: change the contract (or the
 * area's own code, packages/client/src/domain/database.ts) and run `pnpm bundle && pnpm generate`.
 */

export type * from '@platform-contracts/contracts/database';
export * from './internal/public.js';
export {
  DatabaseTokenKind,
} from './generated/enums/database.js';
export {
  type CallOptions,
  createDatabaseClient,
  createDatabaseTokens,
  createDatabaseTokensClient,
  type DatabaseClient,
  type DatabaseClientOptions,
  DatabaseError,
  DatabaseTokensApiError,
  type DatabaseTokensClient,
  type DatabaseTokensClientOptions,
  type DatabaseUrl,
  type IntMode,
  invalidateDatabaseTokens,
  listDatabaseTokens,
  parseDatabaseUrl,
  platformProperties,
  type ResultSet,
  type Row,
  type SqlArgument,
  type SqlArguments,
  type SqlResultValue,
  type Statement,
  type Transaction,
  type TransactionMode,
} from './domain/database.js';
