// What the mock's HTTP thread and an engine worker thread say to each other. The HTTP side
// resolves stored SQL texts (sql_id) before sending, so the worker sees SQL only.
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

/** What an engine worker is told at start. */
export interface WorkerConfig {
  /** Largest total size of the rows one pipeline answers, in bytes; also the longest value. */
  maxResultBytes: number;
  /** SQLite's hard heap limit in the worker, in bytes. */
  memoryLimitBytes: number;
  /** Largest size of one database, in bytes (max_page_count of every connection). */
  maxDatabaseBytes: number;
  /** Shared flags (Int32Array): see FLAG_*. */
  flags: SharedArrayBuffer;
}

/** The limits an engine worker applies. */
export interface WorkerLimits {
  maxResultBytes: number;
  memoryLimitBytes: number;
  maxDatabaseBytes: number;
  statementTimeoutMs: number;
  lockWaitMs: number;
}

/** What a worker thread starts from: its script, and SQLite's compiled module to instantiate (handed over once compiled). */
export interface WorkerBoot {
  script: Promise<string>;
  module: Promise<WebAssembly.Module>;
}

/** The run whose statement is to stop now (its time limit passed). */
export const FLAG_INTERRUPT = 0;
/** The run whose lock wait is over. */
export const FLAG_LOCK_WAIT_OVER = 1;
/** Counts the worker's synchronous answers (snapshots), for Atomics.wait. */
export const FLAG_SYNC_ANSWERS = 2;

export type ToWorker =
  | { t: 'open'; key: string; bytes?: Uint8Array }
  /** `image`: answer the database's file image when the run changed it (the database has a host file). */
  | { t: 'run'; id: number; key: string; stream: number; access: Access; requests: SqlRequest[]; image: boolean }
  | { t: 'close'; key: string; stream: number }
  | { t: 'drop'; key: string }
  /** The database as a file image; answered on the sync port when `sync`, else as 'exported'. */
  | { t: 'export'; id: number; key: string; sync: boolean }
  | { t: 'inspect'; id: number; key: string };

export interface PooledConnection {
  attached: number;
  autocommit: boolean;
  busyStatements: number;
  touched: boolean;
}

export type FromWorker =
  | { t: 'ready' }
  /** `interrupted`: the run was stopped at its time limit and its stream ended. `image`: the database after a change, when asked. */
  | { t: 'done'; id: number; outcomes: SqlOutcome[]; interrupted: boolean; image?: Uint8Array }
  /** A request of the run begins, or goes on after a lock wait: the time limit starts again. */
  | { t: 'progress'; id: number }
  /** The run waits for a lock (the worker serves others meanwhile): the time limit pauses, the lock wait counts. */
  | { t: 'waiting'; id: number }
  | { t: 'exported'; id: number; bytes: Uint8Array | null }
  | { t: 'inspected'; id: number; pool: PooledConnection[]; streams: number };
