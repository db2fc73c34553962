// Runs the protocol's SQL requests on one stream's connection, inside an engine worker. Every
// statement is compiled under the sandbox (connection.ts), runs to its end or is reset, and a
// write that meets another stream's write lock waits for it (without blocking the worker) until
// the HTTP side says the lock wait is over, as sqld does.

import { checkCell, type ResultOfCells } from '../../protocol/protobuf-results.ts';
import { type DatabaseError, type DescribeResult, ProtocolError, type SqlValue, type StmtResult, toDatabaseError } from '../../protocol/protocol.ts';
import { type EngineValue, jsonCellSize, toSqlValue } from '../../protocol/values.ts';
import { type SplitStatement, withoutExplain } from '../wasm/sql-text.ts';
import { SQLITE_BUSY, type StmtPointer } from '../wasm/wasm.ts';
import { checkCondition, holds } from './batch-conditions.ts';
import { bind } from './bind-args.ts';
import type { StreamConnection } from './connection.ts';
import { executePrefix, executeSuffix, jsonOutcome, withOutcomeJson, withRowsJson } from './json-outcome.ts';
import { protobufOutcome } from './protobuf-outcome.ts';
import { remembered } from './remembered.ts';
import type { CursorEntry, SlotText, SqlOutcome, SqlRequest, SqlResponse, SqlStep, SqlStmt } from './requests.ts';
import { keepSplit, split } from './split-cache.ts';
import { checkSqldRules } from './sqld-check.ts';
import { sqldCounts } from './sqld-counts.ts';

export interface RunContext {
  maxResultBytes: number;
  /** What the run's rows may still take, in bytes (shared by every request of one pipeline). */
  budget: { bytes: number };
  /** A write met another stream's lock: resolves true to try again, false when the wait is over. */
  waitForLock(): Promise<boolean>;
  /** The HTTP side's lock wait limit, for the error. */
  lockWaitMs: number;
  /** Rows as the engine's values (checked as toSqlValue checks them), for the Protobuf encoding; the protocol's JSON values otherwise. */
  cells?: boolean;
  /** Rows written as their JSON text where they are read (wasm/json-rows.ts), kept beside the result for json-outcome.ts. */
  json?: boolean;
  /** The request is one `execute`: its whole outcome's JSON is written around its rows (json-outcome.ts withOutcomeJson). */
  whole?: boolean;
  /** Where such a whole outcome's bytes may go instead of a string (threads/result-slot.ts): what stands for them, or undefined. */
  handOff?: (bytes: Uint8Array, wide: boolean) => SlotText | undefined;
}

/**
 * Runs one request. Asked for Protobuf, its rows are the engine's values, written here in
 * Protobuf as they are read (protobuf-outcome.ts): no value object per cell, no JSON text.
 */
export async function runRequest(connection: () => StreamConnection, request: SqlRequest, context: RunContext): Promise<SqlOutcome> {
  const encoding = 'encoding' in request ? request.encoding : undefined;
  const cells = encoding === 'protobuf';
  const json = encoding === 'json';
  let outcome: SqlOutcome;
  try {
    const whole = json && request.type === 'execute';
    outcome = { type: 'ok', response: await respond(connection, request, cells ? { ...context, cells } : json ? { ...context, json, whole } : context) };
  } catch (error) {
    outcome = { type: 'error', error: toDatabaseError(error) };
  }
  if (cells) return protobufOutcome(outcome as ResultOfCells);
  return encoding === 'json' ? jsonOutcome(outcome) : outcome;
}

async function respond(connection: () => StreamConnection, request: SqlRequest, context: RunContext): Promise<SqlResponse> {
  switch (request.type) {
    case 'execute':
      return { type: 'execute', result: await execute(connection(), request.stmt, context) };
    case 'batch':
      return { type: 'batch', result: await batch(connection(), request.steps, context) };
    case 'cursor':
      return { type: 'cursor', entries: await cursor(connection(), request.steps, context) };
    case 'sequence': {
      const conn = connection();
      const statements = split(request.sql);
      // sqld reads the whole sequence first: one unsupported statement refuses it all.
      checkSqldRules(statements, request.sql);
      for (const statement of statements) await run(conn, statement, NO_ARGS, false, context);
      keepSplit(request.sql, statements);
      return { type: 'sequence' };
    }
    case 'describe':
      return { type: 'describe', result: describe(connection(), request.sql) };
    case 'get_autocommit':
      return { type: 'get_autocommit', is_autocommit: connection().autocommit };
    case 'close':
      return { type: 'close' };
  }
}

/** The one statement of an SQL text, as the protocol requires, and one that sqld runs (its first statement is judged before their count). */
function oneStatement(sql: string, sqldRules = true): SplitStatement {
  const statements = split(sql);
  // sqld's `describe` compiles the text without classifying it.
  if (sqldRules) checkSqldRules(statements.slice(0, 1), sql);
  if (statements.length === 0) throw new ProtocolError('SQL string does not contain any statement', 'SQL_NO_STATEMENT');
  if (statements.length > 1) {
    throw new ProtocolError(`SQL string contains more than one statement (${statements.length}); send them as a batch or a sequence`, 'SQL_MANY_STATEMENTS');
  }
  return statements[0]!;
}

async function execute(conn: StreamConnection, stmt: SqlStmt, context: RunContext, onRow?: (row: SqlValue[]) => void) {
  const statement = oneStatement(stmt.sql);
  const result = await run(conn, statement, stmt, stmt.want_rows !== false, context, onRow);
  keepSplit(stmt.sql, [statement]);
  return result;
}

type Columns = { name: string; decltype: string | null }[];
type Ran = StmtResult & { cols: Columns };
const NO_ARGS: Pick<SqlStmt, 'args' | 'named_args'> = {};
/** The row of a statement whose rows are written as JSON (never filled). */
const NO_ROW: SqlValue[] = Object.freeze([]) as never;

/**
 * Runs a statement to its end, keeping rows if wanted; waits for another stream's write lock.
 * The statement is reset whatever happens, so that it holds nothing (no read snapshot, no lock)
 * after its run.
 */
async function run(
  conn: StreamConnection,
  statement: SplitStatement,
  args: Pick<SqlStmt, 'args' | 'named_args'> = NO_ARGS,
  wantRows: boolean,
  context: RunContext,
  onRow?: (row: SqlValue[]) => void,
): Promise<Ran> {
  conn.settle();
  let sql = statement.sql;
  const { words } = withoutExplain(statement.words);
  if (statement.words[0] === 'BEGIN') {
    if (words.includes('READONLY')) {
      sql = 'BEGIN DEFERRED';
      // Inside a transaction the BEGIN fails, and the open transaction keeps its rules.
      if (conn.autocommit) conn.beginReadOnly();
    } else if (conn.access === 'read-only' && (words.includes('IMMEDIATE') || words.includes('EXCLUSIVE'))) {
      throw new ProtocolError('A Read Only token cannot begin a write transaction (BEGIN IMMEDIATE or EXCLUSIVE)', 'SQLITE_READONLY');
    }
  }
  const stmt = conn.prepared(sql);
  const shape = conn.shapeOf(stmt);
  const values = bind(shape.params, args);
  for (;;) {
    try {
      const writes = !shape.readonly;
      const counts = remembered(statement.words, sqldCounts) ?? { changes: writes, rowid: writes };
      return collect(conn, stmt, values, { writes, changes: counts.changes, rowid: counts.rowid }, wantRows, context, onRow);
    } catch (error) {
      if ((error as { rawCode?: number }).rawCode !== SQLITE_BUSY) throw error;
      if (!(await context.waitForLock())) {
        throw new ProtocolError(
          `database is locked: another stream held the write lock for longer than the mock waits (${context.lockWaitMs} ms, lockWaitMs)`,
          'SQLITE_BUSY',
        );
      }
    } finally {
      conn.sqlite.reset(stmt);
    }
  }
}

function collect(
  conn: StreamConnection,
  stmt: StmtPointer,
  values: EngineValue[],
  { writes, changes, rowid }: { writes: boolean; changes: boolean; rowid: boolean },
  wantRows: boolean,
  context: RunContext,
  onRow?: (row: SqlValue[]) => void,
): Ran {
  const { sqlite } = conn;
  const started = performance.now();
  sqlite.reset(stmt);
  values.forEach((value, index) => sqlite.bind(stmt, index + 1, value));
  // The columns are read after the first step: a kept statement is compiled anew there when the
  // schema changed since (an ALTER TABLE under a `SELECT *`), and read before it, they were the old ones.
  let more = conn.step(stmt);
  const width = sqlite.columnCount(stmt);
  const cols = width > 0 ? (conn.columnsOf(stmt) as Columns) : [];
  const rows: SqlValue[][] = [];
  const { cells } = context;
  // Rows written as JSON where they are read (a cursor's rows go one by one, as values).
  const writer = context.json && wantRows && !onRow ? sqlite.jsonRows : undefined;
  writer?.start(context.whole ? executePrefix(cols) : '');
  let count = 0;
  let tooLarge = false;
  for (; more; more = conn.step(stmt)) {
    count++;
    if (tooLarge || (!wantRows && !onRow)) continue;
    const row: SqlValue[] = writer ? NO_ROW : [];
    let size = 0;
    if (writer) size = writer.row(stmt, width);
    else
      for (let i = 0; i < width; i++) {
        const cell = sqlite.column(stmt, i);
        // What the cell takes in JSON (a blob in base64), in either encoding: the same limit for both.
        size += jsonCellSize(cell);
        if (cells) checkCell(cell);
        row.push(cells ? (cell as never) : toSqlValue(cell));
      }
    context.budget.bytes -= size;
    if (context.budget.bytes < 0) {
      tooLarge = true;
      rows.length = 0;
      writer?.drop();
      // A read stops here; a write runs to its end so that its changes are whole.
      if (!writes) break;
    } else if (onRow) onRow(row);
    else if (!writer) rows.push(row);
  }
  if (tooLarge) {
    throw new ProtocolError(
      `Response is too large: the rows pass the mock's limit of ${context.maxResultBytes} bytes (maxResultBytes)${writes ? '; the statement ran and its changes stay' : ''}`,
      'RESPONSE_TOO_LARGE',
    );
  }
  const changed = writes ? sqlite.changes(conn.db) : 0;
  const result: Ran = {
    cols,
    rows,
    affected_row_count: changes ? changed : 0,
    last_insert_rowid: rowid ? String(sqlite.lastInsertRowid(conn.db)) : null,
    rows_read: count,
    rows_written: changed,
    query_duration_ms: Number((performance.now() - started).toFixed(3)),
  };
  if (!writer || count === 0) return result;
  return context.whole ? withOutcomeJson(result, writer.json(executeSuffix(result), context.handOff)) : withRowsJson(result, writer.json());
}

async function batch(conn: StreamConnection, steps: SqlStep[], context: RunContext) {
  steps.forEach((step, index) => step.condition && checkCondition(step.condition, index));
  const result: { step_results: (StmtResult | null)[]; step_errors: (DatabaseError | null)[] } = { step_results: [], step_errors: [] };
  for (const [index, step] of steps.entries()) {
    result.step_results.push(null);
    result.step_errors.push(null);
    if (step.condition && !holds(step.condition, result, conn)) continue;
    try {
      if ('error' in step) throw new ProtocolError(step.error.message, step.error.code ?? 'SQL_NOT_FOUND');
      result.step_results[index] = await execute(conn, step, context);
    } catch (error) {
      result.step_errors[index] = toDatabaseError(error);
    }
  }
  return result;
}

/** A batch whose results are entries, as /v3/cursor sends them. */
async function cursor(conn: StreamConnection, steps: SqlStep[], context: RunContext): Promise<CursorEntry[]> {
  const entries: CursorEntry[] = [];
  try {
    steps.forEach((step, index) => step.condition && checkCondition(step.condition, index));
  } catch (error) {
    return [{ type: 'error', error: toDatabaseError(error) }];
  }
  const outcome: { step_results: (unknown | null)[]; step_errors: (DatabaseError | null)[] } = { step_results: [], step_errors: [] };
  for (const [index, step] of steps.entries()) {
    outcome.step_results.push(null);
    outcome.step_errors.push(null);
    if (step.condition && !holds(step.condition, outcome, conn)) continue;
    const began = entries.length;
    try {
      if ('error' in step) throw new ProtocolError(step.error.message, step.error.code ?? 'SQL_NOT_FOUND');
      const rows: CursorEntry[] = [];
      const result = await execute(conn, step, context, (row) => rows.push({ type: 'row', row }));
      entries.push({ type: 'step_begin', step: index, cols: result.cols }, ...rows, {
        type: 'step_end',
        affected_row_count: result.affected_row_count,
        last_insert_rowid: result.last_insert_rowid ?? null,
      });
      outcome.step_results[index] = true;
    } catch (error) {
      entries.length = began;
      const databaseError = toDatabaseError(error);
      outcome.step_errors[index] = databaseError;
      entries.push({ type: 'step_error', step: index, error: databaseError });
    }
  }
  return entries;
}

/** Describes a statement from its compiled form, without running it. */
function describe(conn: StreamConnection, sql: string): DescribeResult {
  const statement = oneStatement(sql, false);
  const stmt = conn.compile(statement.sql);
  try {
    const explain = conn.sqlite.isExplain(stmt);
    return {
      params: (explain ? [] : conn.sqlite.params(stmt)).map((name) => ({ name })),
      cols: conn.sqlite.columns(stmt),
      is_explain: explain,
      is_readonly: conn.sqlite.readonly(stmt),
    };
  } finally {
    conn.sqlite.finalize(stmt);
  }
}
