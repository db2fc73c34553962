// What the tests that drive the database's SQL engine directly (createSqlEngine) share: limits no
// test reaches, and the two requests every script sends.
import type { SqlRequest } from '../../packages/mock/src/areas/database/sql/statements/requests.ts';

export const ENGINE_LIMITS = {
  statementTimeoutMs: 60_000,
  lockWaitMs: 60_000,
  maxResultBytes: 1_000_000,
  memoryLimitBytes: 128 * 1024 * 1024,
  maxDatabaseBytes: 16 * 1024 * 1024,
  maxDatabases: 8,
  engineWorkers: 2,
};

export const execute = (sql: string): SqlRequest => ({ type: 'execute', stmt: { sql } });
export const close: SqlRequest = { type: 'close' };
