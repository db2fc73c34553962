// What the mock's HTTP process and a database's executor process say to each other. The HTTP
// side resolves stored SQL texts (sql_id) before sending, so the executor sees SQL only.
import type { BatchCond, DatabaseError, DescribeResult, SqlValue, StmtResult } from '../protocol.ts';

export type Access = 'full' | 'read-only';

/** A statement with its SQL text resolved. */
export interface SqlStmt {
  sql: string;
  args?: SqlValue[];
  named_args?: { name: string; value: SqlValue }[];
  want_rows?: boolean | null;
}

export interface SqlStep {
  condition?: BatchCond | null;
  /** The statement, or the error found while resolving it (unknown sql_id). */
  stmt: SqlStmt | { error: DatabaseError };
}

export type SqlRequest =
  | { type: 'execute'; stmt: SqlStmt }
  | { type: 'batch'; steps: SqlStep[] }
  | { type: 'cursor'; steps: SqlStep[] }
  | { type: 'sequence'; sql: string }
  | { type: 'describe'; sql: string }
  | { type: 'get_autocommit' }
  | { type: 'close' };

export type CursorEntry =
  | { type: 'step_begin'; step: number; cols: { name: string; decltype: string | null }[] }
  | { type: 'step_end'; affected_row_count: number | bigint; last_insert_rowid: string | null }
  | { type: 'step_error'; step: number; error: DatabaseError }
  | { type: 'row'; row: SqlValue[] }
  | { type: 'error'; error: DatabaseError };

export type SqlResponse =
  | { type: 'execute'; result: StmtResult }
  | { type: 'batch'; result: { step_results: (StmtResult | null)[]; step_errors: (DatabaseError | null)[] } }
  | { type: 'cursor'; entries: CursorEntry[] }
  | { type: 'sequence' }
  | { type: 'describe'; result: DescribeResult }
  | { type: 'get_autocommit'; is_autocommit: boolean }
  | { type: 'close' };

export type SqlOutcome = { type: 'ok'; response: SqlResponse } | { type: 'error'; error: DatabaseError };

export interface ExecutorLimits {
  /** Largest total size of the rows one pipeline answers, in bytes. */
  maxResultBytes: number;
  /** How long a write waits for another stream's write lock before SQLITE_BUSY, in ms. */
  lockWaitMs: number;
  /** SQLite's hard heap limit in the executor process, in bytes. */
  memoryLimitBytes: number;
}

export interface ExecutorConfig extends ExecutorLimits {
  /** The database file (absolute path). */
  file: string;
}

export type ToExecutor =
  | { t: 'run'; id: number; stream: number; access: Access; requests: SqlRequest[] }
  | { t: 'close'; stream: number };

export type FromExecutor =
  | { t: 'ready' }
  | { t: 'done'; id: number; outcomes: SqlOutcome[] }
  /** A request of the run begins: the time limit starts again. */
  | { t: 'progress'; id: number }
  /** The run waits for a lock (the executor is idle meanwhile): the time limit pauses. */
  | { t: 'waiting'; id: number };
