// The statements the database client sends: a statement with its arguments, and a batch run as
// one transaction (BEGIN as its mode, the statements, COMMIT, ROLLBACK unless it committed).
import type { components } from '@platform-contracts/contracts/database';
import { encodeArguments, type SqlArguments } from './database-values.js';

type Schemas = components['schemas'];

/**
 * How a batch or a transaction begins, as @libsql/client's modes: `write` (BEGIN IMMEDIATE: takes
 * the write lock at once), `read` (BEGIN TRANSACTION READONLY: reads only, alongside writers),
 * `deferred` (BEGIN DEFERRED: reads until its first write).
 */
export type TransactionMode = 'write' | 'read' | 'deferred';
export const BEGIN: Record<TransactionMode, string> = { write: 'BEGIN IMMEDIATE', read: 'BEGIN TRANSACTION READONLY', deferred: 'BEGIN DEFERRED' };

/** A statement of a batch: SQL text alone, or with its arguments. */
export type Statement = string | { sql: string; args?: SqlArguments };

export const statement = (sql: string, args?: SqlArguments): Schemas['Stmt'] => ({ sql, ...encodeArguments(args), want_rows: true });

// Its return type is written out: inferred, declaration emit would name the contracts' type parameter (`components<Int64>`) where it is not in scope.
export const toStmt = (item: Statement): Schemas['Stmt'] => (typeof item === 'string' ? statement(item) : statement(item.sql, item.args));

/** BEGIN (as `mode`), each statement if the previous step succeeded, COMMIT, and ROLLBACK unless it committed. */
export function transactionSteps(statements: readonly Statement[], mode: TransactionMode): Schemas['BatchStep'][] {
  const steps: Schemas['BatchStep'][] = [{ stmt: statement(BEGIN[mode]) }];
  for (const item of statements) steps.push({ condition: { type: 'ok', step: steps.length - 1 }, stmt: toStmt(item) });
  const commit = steps.length;
  steps.push({ condition: { type: 'ok', step: commit - 1 }, stmt: statement('COMMIT') });
  steps.push({ condition: { type: 'not', cond: { type: 'ok', step: commit } }, stmt: statement('ROLLBACK') });
  return steps;
}
