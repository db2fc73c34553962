// Runs the protocol's SQL requests on one stream's connection, inside the executor process.
// Every statement passes the sandbox first; a write that meets another stream's write lock
// waits for it (without blocking the process) up to the lock wait limit, as sqld does.
import Database from 'libsql';
import { ProtocolError, toDatabaseError, type BatchCond, type DatabaseError, type DescribeResult, type SqlValue, type StmtResult } from '../protocol.ts';
import { fromSqlValue, toSqlValue, type EngineValue } from '../values.ts';
import type { Access, CursorEntry, ExecutorLimits, SqlOutcome, SqlRequest, SqlResponse, SqlStep, SqlStmt } from './messages.ts';
import { analyse, checkPragma, fsdirHandle, type Verdict } from './sandbox.ts';
import { splitStatements, withoutExplain, type SplitStatement } from './sql-text.ts';

const SQLITE_BUSY = 5;
const EXPLAIN_VERDICT: Verdict = { writes: false, writesTemp: false, params: [], changesSchema: false, opensVirtualTables: false };

/**
 * Verdicts by access and SQL text, shared by the executor's connections: a statement compiles to
 * the same program on every connection of the database, except where TEMP objects differ (a
 * connection that changed its TEMP schema does not use the cache) or the schema changed (the
 * cache is emptied whenever a statement that changes the schema runs).
 */
const sharedVerdicts = new Map<string, Verdict>();
const CACHED_STATEMENTS = 64;
type Prepared = ReturnType<Database.Database['prepare']>;
const MAX_SHARED_VERDICTS = 2_000;

/** One stream's own connection; nothing in it is shared with another stream. */
export class StreamConnection {
  #fsdir: string | undefined | null = null;
  #ownTemp = false;
  /** The connection holds nothing of its stream once rolled back: it read only (no write, no pragma, no TEMP object). */
  clean = true;
  /** Prepared statements by SQL text. Each runs to its end (or is reset), so none stays active between uses. */
  readonly #statements = new Map<string, Prepared>();

  constructor(
    readonly db: Database.Database,
    readonly access: Access,
  ) {}

  /** fsdir's `vtab:` handle in this connection's programs, found when a program opens a virtual table. */
  #fsdirHandle = (): string | undefined => {
    if (this.#fsdir === null) this.#fsdir = fsdirHandle(this.db);
    return this.#fsdir;
  };

  /** The sandbox's verdict on a statement (see sandbox.ts); refuses what the sandbox refuses. */
  verdictOf(statement: SplitStatement): Verdict {
    const verdict = this.#verdictOf(statement);
    // libSQL's `BEGIN TRANSACTION READONLY` (@libsql/client's read batches and transactions).
    if (!this.db.inTransaction) this.#readOnlyTransaction = false;
    if (statement.words[0] === 'BEGIN' && statement.words.includes('READONLY')) this.#readOnlyTransaction = true;
    else if (this.#readOnlyTransaction && verdict.writes) {
      throw new ProtocolError('The transaction is read only (BEGIN TRANSACTION READONLY): it cannot write', 'SQLITE_READONLY');
    }
    return verdict;
  }

  #readOnlyTransaction = false;

  #verdictOf(statement: SplitStatement): Verdict {
    checkPragma(statement.words);
    const { explain, words } = withoutExplain(statement.words);
    if (words[0] === 'PRAGMA') this.clean = false;
    if (explain) return EXPLAIN_VERDICT;
    const key = `${this.access}\u0000${statement.sql}`;
    const cached = this.#ownTemp ? undefined : sharedVerdicts.get(key);
    if (cached) {
      if (cached.writes) this.clean = false;
      return cached;
    }
    const verdict = analyse(this.db, statement.sql, this.access, this.#fsdirHandle);
    if (verdict.writes) this.clean = false;
    if (verdict.writesTemp) this.#ownTemp = true;
    if (verdict.changesSchema) sharedVerdicts.clear();
    // A statement opening virtual tables is checked on each connection (fsdir's handle is the connection's).
    else if (!this.#ownTemp && !verdict.opensVirtualTables) {
      if (sharedVerdicts.size >= MAX_SHARED_VERDICTS) sharedVerdicts.delete(sharedVerdicts.keys().next().value!);
      sharedVerdicts.set(key, verdict);
    }
    return verdict;
  }

  prepared(sql: string): Prepared {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      statement.safeIntegers(true);
      if (statement.reader) statement.raw(true);
      if (this.#statements.size >= CACHED_STATEMENTS) this.#statements.delete(this.#statements.keys().next().value!);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  /** Rolls back what the stream left open; false when the connection cannot serve another stream. */
  reset(): boolean {
    try {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      return this.clean && !this.db.inTransaction;
    } catch {
      return false;
    }
  }

  /**
   * Ends the connection. The engine frees the connection itself only when its statement objects
   * are garbage-collected, so an open transaction is rolled back first: its locks go now.
   */
  close(): void {
    try {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
    } finally {
      this.db.close();
    }
  }
}

export interface RunContext {
  limits: ExecutorLimits;
  /** Told when a request starts waiting for a lock, and when it goes on. */
  onWait(waiting: boolean): void;
  /** What the run's rows may still take, in bytes (shared by every request of one pipeline). */
  budget: { bytes: number };
}

export async function runRequest(connection: () => StreamConnection, request: SqlRequest, context: RunContext): Promise<SqlOutcome> {
  try {
    return { type: 'ok', response: await respond(connection, request, context) };
  } catch (error) {
    return { type: 'error', error: toDatabaseError(error) };
  }
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
      for (const statement of split(request.sql)) {
        const verdict = conn.verdictOf(statement);
        await run(conn, statement.sql, verdict, [], false, context);
      }
      return { type: 'sequence' };
    }
    case 'describe':
      return { type: 'describe', result: describe(connection(), request.sql) };
    case 'get_autocommit':
      return { type: 'get_autocommit', is_autocommit: !connection().db.inTransaction };
    case 'close':
      return { type: 'close' };
  }
}

const splits = new Map<string, SplitStatement[]>();
const CACHED_SPLITS = 2_000;

/** The statements of an SQL text, remembered: clients send the same texts again and again. */
function split(sql: string): SplitStatement[] {
  let statements = splits.get(sql);
  if (!statements) {
    statements = splitStatements(sql);
    if (splits.size >= CACHED_SPLITS) splits.delete(splits.keys().next().value!);
    splits.set(sql, statements);
  }
  return statements;
}

/** The one statement of an SQL text, as the protocol requires. */
function oneStatement(sql: string): SplitStatement {
  const statements = split(sql);
  if (statements.length === 0) throw new ProtocolError('SQL string does not contain any statement', 'SQL_NO_STATEMENT');
  if (statements.length > 1) {
    throw new ProtocolError(`SQL string contains more than one statement (${statements.length}); send them as a batch or a sequence`, 'SQL_MANY_STATEMENTS');
  }
  return statements[0]!;
}

async function execute(conn: StreamConnection, stmt: SqlStmt, context: RunContext): Promise<StmtResult> {
  const statement = oneStatement(stmt.sql);
  const verdict = conn.verdictOf(statement);
  const bindings = bind(verdict.params, stmt);
  return run(conn, statement.sql, verdict, bindings, stmt.want_rows !== false, context);
}

/**
 * Arguments by parameter index, as sqld binds them: `?NNN` by its number, `:a`/`@a`/`$a` by name
 * (with or without the prefix), an unnamed `?` by its position. A parameter without a value, or
 * more positional values than parameters, is ARGS_INVALID.
 */
function bind(params: (string | null)[], stmt: SqlStmt): EngineValue[] {
  const positional = stmt.args ?? [];
  const named = stmt.named_args ?? [];
  if (positional.length > 0 && named.length > 0) {
    throw new ProtocolError('Specifying both positional and named arguments is not supported', 'ARGS_BOTH_POSITIONAL_AND_NAMED');
  }
  if (positional.length > params.length) {
    throw new ProtocolError(`Arguments do not match SQL parameters: too many parameters, expected ${params.length} found ${positional.length}`, 'ARGS_INVALID');
  }
  const byName = new Map<string, SqlValue>();
  for (const { name, value } of named) byName.set(name, value);
  return params.map((name, index) => {
    let value: SqlValue | undefined;
    if (name === null) value = positional[index];
    else if (name.startsWith('?')) value = positional[Number(name.slice(1)) - 1];
    else value = byName.get(name) ?? byName.get(name.slice(1));
    if (value === undefined) {
      throw new ProtocolError(`Arguments do not match SQL parameters: value for parameter ${name ?? index + 1} not found`, 'ARGS_INVALID');
    }
    return fromSqlValue(value);
  });
}

type Columns = { name: string; decltype: string | null }[];

/**
 * Runs a statement to its end (so that it commits and releases what it holds), keeping rows if
 * wanted; waits for another stream's write lock. A statement refused with SQLITE_BUSY stays
 * active in SQLite (it could be stepped again) and would keep the connection's later writes from
 * committing, so the same statement is retried, and reset (iterate() resets and binds without
 * stepping) whenever it fails.
 */
async function run(conn: StreamConnection, sql: string, verdict: Verdict, bindings: EngineValue[], wantRows: boolean, context: RunContext, onRow?: (row: SqlValue[]) => void): Promise<StmtResult & { cols: Columns }> {
  const statement = conn.prepared(sql);
  try {
    return await whenUnlocked(context, () => step(conn, statement, verdict, bindings, wantRows, context, onRow));
  } catch (error) {
    try {
      statement.iterate(bindings);
    } catch {
      // the statement could not even be bound: it never ran
    }
    throw error;
  }
}

function step(conn: StreamConnection, statement: Prepared, verdict: Verdict, bindings: EngineValue[], wantRows: boolean, context: RunContext, onRow?: (row: SqlValue[]) => void): StmtResult & { cols: Columns } {
  const started = performance.now();
  if (!statement.reader) {
    const info = statement.run(bindings);
    const rowid = Number.isSafeInteger(info.lastInsertRowid) ? String(info.lastInsertRowid) : counters(conn).lastInsertRowid;
    return withStats({ cols: [], rows: [], affected_row_count: verdict.writes ? info.changes : 0, last_insert_rowid: verdict.writes ? rowid : null }, 0, verdict.writes ? info.changes : 0, started);
  }
  const cols = statement.columns().map((column) => ({ name: column.name, decltype: column.type }));
  const rows: SqlValue[][] = [];
  let count = 0;
  let tooLarge = false;
  // Every statement runs to its end, even past the size limit, so that it finishes (commits,
  // releases its read snapshot) instead of staying active on the connection.
  for (const raw of statement.iterate(bindings) as Iterable<unknown[]>) {
    count++;
    if (tooLarge || (!wantRows && !onRow)) continue;
    const row = raw.map(toSqlValue);
    context.budget.bytes -= sizeOf(row);
    if (context.budget.bytes < 0) {
      tooLarge = true;
      rows.length = 0;
    } else if (onRow) onRow(row);
    else rows.push(row);
  }
  // An EXPLAIN listing stays active after its last row until the statement is reset (see sandbox.ts).
  if (verdict === EXPLAIN_VERDICT) statement.get(bindings);
  if (tooLarge) {
    throw new ProtocolError(`Response is too large: the rows pass the mock's limit of ${context.limits.maxResultBytes} bytes (maxResultBytes)${verdict.writes ? '; the statement ran and its changes stay' : ''}`, 'RESPONSE_TOO_LARGE');
  }
  const after = verdict.writes ? counters(conn) : undefined;
  const changed = after ? after.changes : 0;
  return withStats({ cols, rows, affected_row_count: changed, last_insert_rowid: after ? after.lastInsertRowid : null }, count, changed, started);
}

function withStats<T extends StmtResult>(result: T, rowsRead: number, rowsWritten: number, started: number): T {
  return Object.assign(result, { rows_read: rowsRead, rows_written: rowsWritten, query_duration_ms: Number((performance.now() - started).toFixed(3)) });
}

function counters(conn: StreamConnection): { changes: number; lastInsertRowid: string } {
  const [changes, rowid] = conn.prepared('SELECT changes(), last_insert_rowid()').all([])[0] as [bigint, bigint];
  return { changes: Number(changes), lastInsertRowid: String(rowid) };
}

const sizeOf = (row: SqlValue[]) =>
  row.reduce((total, value) => total + 16 + (value.type === 'text' ? value.value.length : value.type === 'blob' ? value.base64.length : 0), 0);

/**
 * Runs `attempt` again while another stream holds the write lock, up to the lock wait limit;
 * the executor serves other streams meanwhile (the holder among them).
 */
async function whenUnlocked<T>(context: RunContext, attempt: () => T): Promise<T> {
  const deadline = performance.now() + context.limits.lockWaitMs;
  let pause = 1;
  for (;;) {
    try {
      return attempt();
    } catch (error) {
      const busy = (error as { rawCode?: number }).rawCode === SQLITE_BUSY;
      if (!busy) throw error;
      if (performance.now() >= deadline) {
        throw new ProtocolError(`database is locked: another stream held the write lock for longer than the mock waits (${context.limits.lockWaitMs} ms, lockWaitMs)`, 'SQLITE_BUSY');
      }
      context.onWait(true);
      await new Promise((resolve) => setTimeout(resolve, pause));
      context.onWait(false);
      pause = Math.min(pause * 2, 25);
    }
  }
}

async function batch(conn: StreamConnection, steps: SqlStep[], context: RunContext) {
  steps.forEach((step, index) => step.condition && checkCondition(step.condition, index));
  const result: { step_results: (StmtResult | null)[]; step_errors: (DatabaseError | null)[] } = { step_results: [], step_errors: [] };
  for (const [index, step] of steps.entries()) {
    result.step_results.push(null);
    result.step_errors.push(null);
    if (step.condition && !holds(step.condition, result, conn)) continue;
    try {
      if ('error' in step.stmt) throw new ProtocolError(step.stmt.error.message, step.stmt.error.code ?? 'SQL_NOT_FOUND');
      result.step_results[index] = await execute(conn, step.stmt, context);
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
      if ('error' in step.stmt) throw new ProtocolError(step.stmt.error.message, step.stmt.error.code ?? 'SQL_NOT_FOUND');
      const stmt = step.stmt;
      const statement = oneStatement(stmt.sql);
      const verdict = conn.verdictOf(statement);
      const bindings = bind(verdict.params, stmt);
      const rows: CursorEntry[] = [];
      const result = await run(conn, statement.sql, verdict, bindings, stmt.want_rows !== false, context, (row) => rows.push({ type: 'row', row }));
      entries.push({ type: 'step_begin', step: index, cols: result.cols }, ...rows, { type: 'step_end', affected_row_count: result.affected_row_count, last_insert_rowid: result.last_insert_rowid ?? null });
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

function holds(condition: BatchCond, result: { step_results: unknown[]; step_errors: unknown[] }, conn: StreamConnection): boolean {
  switch (condition.type) {
    case 'ok':
      return result.step_results[condition.step] !== null && result.step_results[condition.step] !== undefined;
    case 'error':
      return result.step_errors[condition.step] !== null && result.step_errors[condition.step] !== undefined;
    case 'not':
      return !holds(condition.cond, result, conn);
    case 'and':
      return condition.conds.every((c) => holds(c, result, conn));
    case 'or':
      return condition.conds.some((c) => holds(c, result, conn));
    case 'is_autocommit':
      return !conn.db.inTransaction;
  }
}

/** Conditions may refer to earlier steps only; checked before any step runs. */
function checkCondition(condition: BatchCond, current: number): void {
  switch (condition.type) {
    case 'ok':
    case 'error':
      if (condition.step >= current) throw new ProtocolError(`Step ${current} has a condition on step ${condition.step}, which is not an earlier step`, 'BATCH_COND_INVALID');
      return;
    case 'not':
      return checkCondition(condition.cond, current);
    case 'and':
    case 'or':
      return condition.conds.forEach((c) => checkCondition(c, current));
    case 'is_autocommit':
      return;
  }
}

/** Describes a statement from its compiled program, without running it. */
function describe(conn: StreamConnection, sql: string): DescribeResult {
  const statement = oneStatement(sql);
  const verdict = conn.verdictOf(statement);
  const { explain } = withoutExplain(statement.words);
  const prepared = conn.db.prepare(statement.sql);
  // An EXPLAIN statement's own parameters are not looked into (its verdict is not compiled).
  const params = explain ? [] : verdict.params;
  return {
    params: params.map((name) => ({ name })),
    cols: prepared.reader ? prepared.columns().map((column) => ({ name: column.name, decltype: column.type })) : [],
    is_explain: explain,
    is_readonly: !verdict.writes,
  };
}
