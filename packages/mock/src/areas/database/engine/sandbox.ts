// What a statement may do, read from the program SQLite compiles for it (EXPLAIN), so that the
// rules hold whatever the SQL text looks like: views, triggers, quoting and comments included.
//   - no file functions (readfile, writefile), no fsdir, no ATTACH/DETACH (sqlite_attach,
//     sqlite_detach), no VACUUM INTO, no load_extension, no cipher settings: nothing outside
//     the database itself, for any token;
//   - Read Only: no write at all, TEMP objects included (its connection is opened read-only
//     for the database; TEMP lives beside it, so the program is checked for it too);
//   - the database stays in WAL mode (a journal_mode change would end concurrent readers).
// Pragmas act while SQLite compiles them, before any program exists, so the few that reach
// beyond the connection are refused by name before compiling (see DENIED_PRAGMAS).
import type Database from 'libsql';
import { ProtocolError } from '../protocol.ts';
import { pragmaOf } from './sql-text.ts';
import type { Access } from './messages.ts';

/** Functions that reach outside the database or the connection. */
const DENIED_FUNCTIONS = new Set([
  'readfile',
  'writefile',
  'load_extension',
  'sqlite_attach',
  'sqlite_detach',
  'fts3_tokenizer',
  'sqlite3mc_config',
  'sqlite3mc_config_table',
  'sqlite3mc_codec_data',
  'sqlite_crypt',
]);

/**
 * Pragmas that change the process or the host rather than the connection: directories for
 * files, heap limits, worker threads, memory mapping of the file, and waiting without end.
 */
const DENIED_PRAGMAS = new Set([
  'temp_store_directory',
  'data_store_directory',
  'hard_heap_limit',
  'soft_heap_limit',
  'threads',
  'mmap_size',
  'busy_timeout',
  'locking_mode',
  'key',
  'rekey',
  'hexkey',
  'hexrekey',
  'cipher',
]);

const PAGER_JOURNALMODE_QUERY = -1;
const PAGER_JOURNALMODE_WAL = 5;
const TEMP_DATABASE = 1;

/** What the sandbox learnt of a statement, kept while the connection's TEMP schema is unchanged. */
export interface Verdict {
  /** The statement writes (a write transaction on any database). */
  writes: boolean;
  /** The statement changes the TEMP schema or TEMP data. */
  writesTemp: boolean;
  /** Its parameters by index (1-based): the name (`:a`, `?3`) or null. */
  params: (string | null)[];
  /** The statement changes the schema (its program parses or drops schema objects). */
  changesSchema: boolean;
  /** The statement opens virtual tables (the fsdir check depends on the connection). */
  opensVirtualTables: boolean;
}

type Op = [addr: number, opcode: string, p1: number, p2: number, p3: number, p4: string | null, p5: number];

export class SandboxRefusal extends ProtocolError {}

/** Refuses a pragma that reaches beyond the connection; call before compiling. */
export function checkPragma(words: string[]): void {
  const pragma = pragmaOf(words);
  if (pragma && DENIED_PRAGMAS.has(pragma)) {
    throw new SandboxRefusal(`PRAGMA ${pragma} is not allowed: it reaches beyond this database`, 'SQLITE_AUTH');
  }
}

/**
 * Compiles the statement (without running it) and checks its program, with the programs of
 * the triggers it fires. Throws the engine's own error for SQL that does not compile.
 * `fsdirTable` is the connection's `vtab:` handle of fsdir (see fsdirHandle).
 */
export function analyse(db: Database.Database, sql: string, access: Access, fsdirTable: () => string | undefined): Verdict {
  const program = compiled(db, sql);
  const verdict: Verdict = { writes: false, writesTemp: false, params: [], changesSchema: false, opensVirtualTables: false };
  for (const [, opcode, p1, p2, p3, p4] of program) {
    switch (opcode) {
      case 'Function':
      case 'PureFunc':
      case 'AggStep':
      case 'AggStep1':
      case 'AggValue':
      case 'AggInverse':
      case 'AggFinal': {
        const name = /^([^(]+)\(/.exec(p4 ?? '')?.[1]?.toLowerCase();
        if (name && DENIED_FUNCTIONS.has(name)) {
          throw new SandboxRefusal(`${name}() is not allowed: the mock's databases reach nothing outside themselves`, 'SQLITE_AUTH');
        }
        break;
      }
      case 'ParseSchema':
      case 'DropTable':
      case 'DropIndex':
      case 'DropTrigger':
      case 'VCreate':
      case 'VDestroy':
        verdict.changesSchema = true;
        break;
      case 'VOpen':
        verdict.opensVirtualTables = true;
        if (p4 === fsdirTable()) throw new SandboxRefusal('fsdir is not allowed: the mock\'s databases reach nothing outside themselves', 'SQLITE_AUTH');
        break;
      case 'Vacuum':
        if (p2 !== 0) throw new SandboxRefusal('VACUUM INTO is not allowed: it writes a file outside the database', 'SQLITE_AUTH');
        break;
      case 'JournalMode':
        if (p3 !== PAGER_JOURNALMODE_QUERY && p3 !== PAGER_JOURNALMODE_WAL) {
          throw new SandboxRefusal('The journal mode stays WAL: the mock lets readers and a writer work at once, as sqld does', 'SQLITE_AUTH');
        }
        break;
      case 'Transaction':
        if (p2 !== 0) {
          verdict.writes = true;
          if (p1 === TEMP_DATABASE) verdict.writesTemp = true;
        }
        break;
      case 'Variable':
        while (verdict.params.length < p1) verdict.params.push(null);
        if (p4) verdict.params[p1 - 1] = p4;
        break;
    }
  }
  // BEGIN IMMEDIATE and EXCLUSIVE start a write transaction on every database, TEMP included,
  // without writing anything there.
  if (program.some(([, opcode]) => opcode === 'AutoCommit')) verdict.writesTemp = false;
  if (access === 'read-only' && verdict.writesTemp) {
    throw new SandboxRefusal('A Read Only token cannot write, TEMP tables, views and triggers included', 'SQLITE_READONLY');
  }
  return verdict;
}

/** The `vtab:` handle fsdir has in this connection's programs; one connection keeps one. */
export function fsdirHandle(db: Database.Database): string | undefined {
  try {
    const program = compiled(db, "SELECT name FROM fsdir('.')");
    return program.find(([, opcode]) => opcode === 'VOpen')?.[5] ?? undefined;
  } catch {
    return undefined; // the engine has no fsdir
  }
}

/**
 * The statement's program, operands as numbers. An EXPLAIN statement listed to its end is still
 * active in SQLite (for a write, it would keep the connection's next autocommit write from
 * committing); the engine resets a statement only after get(), hence the get().
 */
export function compiled(db: Database.Database, sql: string): Op[] {
  const statement = db.prepare(`EXPLAIN ${sql}`).raw(true).safeIntegers(false);
  const rows = statement.all([]) as Op[];
  statement.get([]);
  return rows.map(([addr, opcode, p1, p2, p3, p4, p5]) => [Number(addr), opcode, Number(p1), Number(p2), Number(p3), p4 === null ? null : String(p4), Number(p5)]);
}
