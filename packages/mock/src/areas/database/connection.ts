// One connection to an embedded database, running statements the way the protocol describes.
import Database from 'libsql';
import { ProtocolError, type DescribeResult, type Stmt, type StmtResult } from './protocol.ts';
import { bindingsOf, toSqlValue } from './values.ts';

type Statement = ReturnType<Database.Database['prepare']>;
const CACHED_STATEMENTS = 64;

export class Connection {
  readonly #db: Database.Database;
  readonly #statements = new Map<string, Statement>();

  constructor(location: string) {
    this.#db = new Database(location);
  }

  get inTransaction(): boolean {
    return this.#db.inTransaction;
  }

  /** Runs one statement: rows when it gives rows (and `want_rows` is not false), counts always. */
  execute(sql: string, stmt: Stmt): StmtResult {
    const statement = this.#prepare(sql);
    const bindings = bindingsOf(stmt);
    if (!statement.reader) {
      const { changes, lastInsertRowid } = statement.run(bindings);
      const rowid = Number.isSafeInteger(lastInsertRowid) ? String(lastInsertRowid) : this.#counters().lastInsertRowid;
      return { cols: [], rows: [], affected_row_count: changes, last_insert_rowid: rowid };
    }
    // A statement that gives rows may still change some (INSERT ... RETURNING).
    const before = this.#counters().totalChanges;
    const rows = stmt.want_rows === false ? (statement.run(bindings), []) : (statement.all(bindings) as unknown[][]);
    const after = this.#counters();
    return {
      cols: statement.columns().map((column) => ({ name: column.name, decltype: column.type })),
      rows: rows.map((row) => row.map(toSqlValue)),
      affected_row_count: after.totalChanges - before,
      last_insert_rowid: after.lastInsertRowid,
    };
  }

  /** Runs a script of several statements, without results. */
  sequence(sql: string): void {
    this.#db.exec(sql);
  }

  /** Describes a statement from its prepared form and its bytecode, without running it. */
  describe(sql: string): DescribeResult {
    const statement = this.#db.prepare(sql);
    const isExplain = /^\s*EXPLAIN\b/i.test(sql);
    const program = this.#db
      .prepare(`EXPLAIN ${isExplain ? sql.replace(/^\s*EXPLAIN(\s+QUERY\s+PLAN)?\b/i, '') : sql}`)
      .raw()
      .all() as [number, string, number, number, number, string | null][];
    const params: { name: string | null }[] = [];
    for (const [, opcode, index, , , name] of program) {
      if (opcode !== 'Variable') continue;
      while (params.length < index) params.push({ name: null });
      if (name && !name.startsWith('?')) params[index - 1] = { name };
    }
    const writes = program.some(([, opcode, , p2]) => opcode === 'Transaction' && p2 !== 0);
    return {
      params,
      cols: statement.reader ? statement.columns().map((column) => ({ name: column.name, decltype: column.type })) : [],
      is_explain: isExplain,
      is_readonly: !writes,
    };
  }

  /** Ends an open transaction, so that the connection can serve another stream. */
  reset(): void {
    if (this.#db.inTransaction) this.#db.exec('ROLLBACK');
  }

  close(): void {
    this.#statements.clear();
    this.#db.close();
  }

  #prepare(sql: string): Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      if (statement.reader) statement.raw(true);
      statement.safeIntegers(true);
      if (this.#statements.size >= CACHED_STATEMENTS) this.#statements.delete(this.#statements.keys().next().value!);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  #counters(): { totalChanges: number; lastInsertRowid: string } {
    const [totalChanges, lastInsertRowid] = this.#prepare('SELECT total_changes(), last_insert_rowid()').all([])[0] as [bigint, bigint];
    return { totalChanges: Number(totalChanges), lastInsertRowid: String(lastInsertRowid) };
  }
}

/** The SQL text of a statement: its own, or the one stored under its `sql_id`. */
export function sqlOf(source: { sql?: string; sql_id?: number }, stored: Map<number, string>): string {
  if ((source.sql === undefined) === (source.sql_id === undefined)) {
    throw new ProtocolError('Give exactly one of sql and sql_id', 'SQL_INPUT_ERROR');
  }
  if (source.sql !== undefined) return source.sql;
  const sql = stored.get(source.sql_id!);
  if (sql === undefined) throw new ProtocolError(`No SQL text is stored under sql_id ${source.sql_id}`, 'SQL_NOT_FOUND');
  return sql;
}
