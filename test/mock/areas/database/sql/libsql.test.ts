// The mock's database engine is libSQL's (its WebAssembly build, SQLite 3.45.1 as the native
// `libsql` package reports): libSQL's own SQL runs, SQLite's later features are not there, and the
// sandbox is decided by what a statement does: SQLite's internal functions of ALTER TABLE run in
// an ALTER TABLE and nowhere else, the authorizer's arguments are read per action code, and what
// libSQL adds that reaches outside the connection is refused. Declared column types are checked
// against the native engine in this process.
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqlEngine, type EngineDatabase, type SqlEngine } from '../../../../../packages/mock/src/areas/database/sql/index.ts';
import type { Access, SqlOutcome, SqlRequest } from '../../../../../packages/mock/src/areas/database/sql/statements/requests.ts';
import {
  ALLOWED_FUNCTIONS,
  ALLOWED_MODULES,
  ALTER_TABLE_FUNCTIONS,
  Sandbox,
  SQLITE_DENY,
  SQLITE_OK,
} from '../../../../../packages/mock/src/areas/database/sql/statements/sandbox.ts';
import { close, ENGINE_LIMITS, execute } from '../../../../support/sql-engine.ts';

/** The engine's functions and virtual-table modules the sandbox refuses, each with its reason (sandbox.ts). */
const REFUSED_FUNCTIONS = ['fts3_tokenizer', 'sqlite_log', 'unknown'];
const REFUSED_MODULES = [
  'bytecode',
  'dbstat',
  'json_each',
  'json_tree',
  'pragma_function_list',
  'pragma_module_list',
  'sqlite_dbpage',
  'sqlite_stmt',
  'tables_used',
  'vector_top_k',
];

const engine: SqlEngine = createSqlEngine({ limits: ENGINE_LIMITS });
let nextStream = 1;
let nextDatabase = 1;
afterAll(() => engine.close());

/** A fresh database, and a way to run requests on it (one stream each). */
function freshDatabase() {
  const database: EngineDatabase = engine.database('libsql\u0000g', `db-${nextDatabase++}`);
  const run = (requests: SqlRequest[], access: Access = 'full'): Promise<SqlOutcome[]> => database.executor.run(nextStream++, access, [...requests, close]);
  const rows = async (sql: string, access: Access = 'full') => {
    const [outcome] = await run([execute(sql)], access);
    if (outcome?.type !== 'ok' || outcome.response.type !== 'execute') throw new Error(`${sql}: ${JSON.stringify(outcome)}`);
    return outcome.response.result.rows.map((row) => row.map((value) => ('value' in value ? value.value : 'base64' in value ? value.base64 : null)));
  };
  return { run, rows };
}

describe("libSQL's SQL", () => {
  const { run, rows } = freshDatabase();

  it('is SQLite 3.45.1, as the native libsql package reports, with a page size of 4096 for a new database', async () => {
    const native = nativeDatabase();
    expect(native.prepare('SELECT sqlite_version() AS v').get().v).toBe('3.45.1');
    expect(await rows('SELECT sqlite_version()')).toEqual([['3.45.1']]);
    expect(await rows('PRAGMA page_size')).toEqual([['4096']]);
  });

  it('runs vectors, a vector index and vector_top_k', async () => {
    expect(await rows("SELECT vector_extract(vector32('[1,2,3]')), vector_distance_l2(vector32('[1,2,3]'), vector32('[1,2,4]'))")).toEqual([['[1,2,3]', 1]]);
    expect(await rows("SELECT round(vector_distance_cos(vector64('[1,0]'), vector64('[0,1]')), 6), vector_extract(vector('[0.5]'))")).toEqual([[1, '[0.5]']]);
    const outcomes = await run([
      execute('CREATE TABLE docs (id INTEGER PRIMARY KEY, emb F32_BLOB(3))'),
      execute('CREATE INDEX docs_emb ON docs (libsql_vector_idx(emb))'),
      execute("INSERT INTO docs (emb) VALUES (vector32('[1,0,0]')), (vector32('[0,1,0]')), (vector32('[0,0,1]'))"),
    ]);
    expect(outcomes.map((outcome) => outcome.type)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(await rows("SELECT id FROM vector_top_k('docs_emb', vector32('[0,0.9,0.1]'), 2)")).toEqual([['2'], ['3']]);
  });

  it('runs ALTER TABLE in every form, ALTER COLUMN included', async () => {
    const outcomes = await run(
      [
        'CREATE TABLE people (a, b INTEGER, c, d)',
        'ALTER TABLE people RENAME COLUMN b TO bb',
        'ALTER TABLE people DROP COLUMN c',
        'ALTER TABLE people ALTER COLUMN bb TO bb TEXT NOT NULL',
        'ALTER TABLE people RENAME TO persons',
        'ALTER TABLE persons ADD COLUMN e DEFAULT 1',
      ].map(execute),
    );
    expect(outcomes.filter((outcome) => outcome.type !== 'ok')).toEqual([]);
    expect(await rows("SELECT sql FROM sqlite_schema WHERE name = 'persons'")).toEqual([['CREATE TABLE "persons" (a, bb TEXT NOT NULL, d, e DEFAULT 1)']]);
  });

  it('refuses ALTER TABLE to a Read Only token', async () => {
    await run([execute('CREATE TABLE kept (a, b)')]);
    for (const sql of ['ALTER TABLE kept RENAME COLUMN a TO aa', 'ALTER TABLE kept DROP COLUMN b', 'ALTER TABLE kept RENAME TO other'])
      expect((await run([execute(sql)], 'read-only'))[0]).toMatchObject({ type: 'error', error: { code: 'SQLITE_READONLY' } });
  });

  it.each([...ALTER_TABLE_FUNCTIONS])('refuses %s() called by a statement: SQLite calls it only in an ALTER TABLE', async (name, count) => {
    const args = Array.from({ length: count }, (_, i) => (i === 0 ? "'CREATE TABLE x (y)'" : "'main'")).join(', ');
    const [outcome] = await run([execute(`SELECT ${name}(${args})`)]);
    expect(outcome).toMatchObject({ type: 'error', error: { code: 'SQLITE_AUTH', message: expect.stringMatching(`${name}\\(\\) is not allowed`) } });
  });

  it('runs FTS3, FTS4, FTS5 and R*Tree', async () => {
    const outcomes = await run(
      [
        'CREATE VIRTUAL TABLE f3 USING fts3(body)',
        'CREATE VIRTUAL TABLE f4 USING fts4(body)',
        'CREATE VIRTUAL TABLE f5 USING fts5(body)',
        'CREATE VIRTUAL TABLE boxes USING rtree(id, x0, x1)',
        "INSERT INTO f4 VALUES ('hello world')",
        'INSERT INTO boxes VALUES (1, 0, 10)',
      ].map(execute),
    );
    expect(outcomes.filter((outcome) => outcome.type !== 'ok')).toEqual([]);
    expect(await rows("SELECT offsets(f4) FROM f4 WHERE f4 MATCH 'hello'")).toEqual([['0 0 0 5']]);
    expect(await rows('SELECT id FROM boxes WHERE x0 <= 5 AND x1 >= 5')).toEqual([['1']]);
  });

  it("computes as libSQL does, and has none of SQLite's later functions", async () => {
    expect(await rows("SELECT CAST(0.1 + 0.2 AS TEXT), sqlite_compileoption_used('ENABLE_FTS5')")).toEqual([['0.3', '1']]);
    for (const sql of ["SELECT unistr('\\u0041')", 'SELECT percentile(1, 50)', "SELECT if(1, 'a', 'b')"])
      expect((await run([execute(sql)]))[0]).toMatchObject({
        type: 'error',
        error: { code: 'SQL_INPUT_ERROR', message: expect.stringMatching(/no such function/) },
      });
  });
});

describe("the sandbox, against libSQL's additions", () => {
  const { run, rows } = freshDatabase();

  it("allows exactly the engine's functions but the refused ones", async () => {
    const engineFunctions = (await rows('SELECT DISTINCT name FROM pragma_function_list')).map(([name]) => name as string);
    expect([...ALLOWED_FUNCTIONS].filter((name) => !engineFunctions.includes(name))).toEqual([]);
    expect(engineFunctions.filter((name) => !ALLOWED_FUNCTIONS.has(name)).sort()).toEqual(REFUSED_FUNCTIONS);
  });

  it("allows exactly the engine's virtual-table modules but the refused ones, and refuses those", async () => {
    const engineModules = (await rows('SELECT name FROM pragma_module_list')).map(([name]) => name as string);
    expect([...ALLOWED_MODULES].filter((name) => !engineModules.includes(name))).toEqual([]);
    expect(engineModules.filter((name) => !ALLOWED_MODULES.has(name)).sort()).toEqual(REFUSED_MODULES);
    for (const name of ['dbstat', 'sqlite_stmt', 'bytecode'])
      expect((await run([execute(`CREATE VIRTUAL TABLE v_${name} USING ${name}`)]))[0]).toMatchObject({ type: 'error', error: { code: 'SQLITE_AUTH' } });
    const made = await run(
      [
        'CREATE VIRTUAL TABLE words USING fts4(body)',
        'CREATE VIRTUAL TABLE words_terms USING fts4aux(words)',
        'CREATE VIRTUAL TABLE toks USING fts3tokenize(simple)',
      ].map(execute),
    );
    expect(made.filter((outcome) => outcome.type !== 'ok')).toEqual([]);
  });

  it.each([
    ["SELECT fts3_tokenizer('simple')", 'SQLITE_AUTH', /fts3_tokenizer\(\) is not allowed/],
    ["SELECT sqlite_log(1, 'x')", 'SQLITE_AUTH', /sqlite_log\(\) is not allowed/],
    ["SELECT load_extension('x')", 'SQL_INPUT_ERROR', /no such function/],
    ['ATTACH other AS other', 'SQLITE_AUTH', /ATTACH is not allowed/],
    ['ATTACH "other.db" AS other', 'SQLITE_AUTH', /ATTACH is not allowed/],
    ["PRAGMA key = 'secret'", 'SQL_PARSE_ERROR', /unsupported statement/],
    ["PRAGMA rekey = 'secret'", 'SQL_PARSE_ERROR', /unsupported statement/],
    ["CREATE FUNCTION f LANGUAGE wasm AS 'x'", 'SQL_PARSE_ERROR', /unsupported statement/],
    ['DROP FUNCTION f', 'SQL_PARSE_ERROR', /unsupported statement/],
    ['INSERT INTO libsql_wasm_func_table VALUES (1)', 'SQL_PARSE_ERROR', /unsupported statement/],
    ['SELECT count(*) FROM sqlite_dbpage', 'SQLITE_AUTH', /sqlite_dbpage is not allowed/],
  ])('refuses %s', async (sql, code, message) => {
    for (const access of ['full', 'read-only'] as const) {
      expect((await run([execute(sql)], access))[0]).toMatchObject({ type: 'error', error: { code, message: expect.stringMatching(message) } });
    }
  });

  it('reads the authorizer’s arguments per action code: ALTER TABLE names its database first, DROP COLUMN its column last', () => {
    const ALTER_TABLE = 26;
    const sandbox = new Sandbox('full');
    const decide = (action: number, a1: string | 0, a2: string | 0, a3: string | 0) => sandbox.authorize(undefined, action, a1, a2, a3);
    sandbox.beginCompile();
    expect(decide(ALTER_TABLE, 'main', 't', 'dropped_column')).toBe(SQLITE_OK);
    expect(decide(ALTER_TABLE, 'temp', 't', 0)).toBe(SQLITE_OK);
    sandbox.beginCompile();
    expect(decide(ALTER_TABLE, 'aux', 't', 0)).toBe(SQLITE_DENY);
    expect(sandbox.refusal?.message).toMatch(/The database aux is not allowed/);
  });

  it.each([...ALTER_TABLE_FUNCTIONS.keys()])('allows %s() only in the compile of an ALTER TABLE it allowed', (name) => {
    const ALTER_TABLE = 26;
    const FUNCTION = 31;
    const sandbox = new Sandbox('full');
    sandbox.beginCompile();
    expect(sandbox.authorize(undefined, FUNCTION, 0, name, 0)).toBe(SQLITE_DENY);
    sandbox.beginCompile();
    expect(sandbox.authorize(undefined, ALTER_TABLE, 'main', 't', 0)).toBe(SQLITE_OK);
    expect(sandbox.authorize(undefined, FUNCTION, 0, name, 0)).toBe(SQLITE_OK);
    sandbox.beginCompile();
    expect(sandbox.authorize(undefined, FUNCTION, 0, name, 0)).toBe(SQLITE_DENY);
  });
});

/** The native engine (the `libsql` package), in this process. */
function nativeDatabase(): any {
  const Database = createRequire(import.meta.url)('libsql');
  return new Database(':memory:');
}

describe('declared column types, as native libSQL gives them', () => {
  const { run } = freshDatabase();
  const SCHEMA = [
    'CREATE TABLE d (x INTEGER PRIMARY KEY, y "VARCHAR(10)", z, w F32_BLOB(3), v TEXT NOT NULL DEFAULT \'\')',
    'CREATE TABLE e (k INT REFERENCES d (x), note BLOB)',
    "CREATE VIEW dv AS SELECT x AS id, y || '!' AS shout, z FROM d",
  ];
  const QUERIES = [
    'SELECT x, y, z, w, v FROM d',
    'SELECT d.x AS alias, y AS other FROM d',
    'SELECT x + 1, count(*), max(y) FROM d',
    'SELECT * FROM d JOIN e ON e.k = d.x',
    "SELECT (SELECT y FROM d LIMIT 1) AS sub, 1, NULL, 'text'",
    'SELECT * FROM dv',
    'SELECT id FROM (SELECT x AS id FROM d)',
    'WITH c AS (SELECT y FROM d) SELECT y FROM c',
    'SELECT x FROM d UNION SELECT k FROM e',
    'SELECT rowid, oid FROM d',
  ];

  it.each(QUERIES)('%s', async (sql) => {
    const native = nativeDatabase();
    for (const statement of SCHEMA) native.exec(statement);
    const expected = native
      .prepare(sql)
      .columns()
      .map((column: { name: string; type: string | null }) => ({ name: column.name, decltype: column.type }));
    await run(
      SCHEMA.map((statement) => execute(statement.replace('CREATE TABLE', 'CREATE TABLE IF NOT EXISTS').replace('CREATE VIEW', 'CREATE VIEW IF NOT EXISTS'))),
    );
    const [described, executed] = await run([{ type: 'describe', sql }, execute(sql)]);
    expect(described).toMatchObject({ type: 'ok', response: { result: { cols: expected } } });
    expect(executed).toMatchObject({ type: 'ok', response: { result: { cols: expected } } });
  });
});

describe('texts, as native libSQL gives them', () => {
  const { rows } = freshDatabase();
  // The same expression's text through native libSQL and through the mock's answer (its JSON rows
  // writer, json-rows.ts, and column() both): a U+FEFF is a character of the value wherever it stands.
  // (A NUL inside a text is not compared: the native package's reader stops at it, sqld's keeps the
  // text by its length, as the mock does: wasm.ts column.)
  const TEXTS = [
    ["'plain'", 'ASCII'],
    ["char(65279) || 'a'", 'a leading U+FEFF'],
    ["'a' || char(65279)", 'a trailing U+FEFF'],
    ['char(65279)', 'only U+FEFF'],
    ["char(65279, 65279) || 'b'", 'two leading U+FEFF'],
    ["'héllo ' || char(128512)", 'non-ASCII and astral'],
  ];

  it.each(TEXTS)('%s (%s)', async (expression) => {
    const expected = nativeDatabase().prepare(`SELECT ${expression}`).raw().get();
    expect(await rows(`SELECT ${expression}`)).toEqual([expected]);
  });
});

describe('a statement run again after a schema change', () => {
  const { run } = freshDatabase();
  const SCHEMA = ['CREATE TABLE t (a INTEGER)', 'INSERT INTO t VALUES (1)'];
  const ALTER = "ALTER TABLE t ADD COLUMN b TEXT DEFAULT 'x'";

  it('names the columns the table has now, with their values, as native libSQL does (the kept statement compiled anew)', async () => {
    const native = nativeDatabase();
    for (const statement of [...SCHEMA, ALTER]) native.exec(statement);
    const query = native.prepare('SELECT * FROM t');
    const expected = {
      cols: query.columns().map((column: { name: string; type: string | null }) => ({ name: column.name, decltype: column.type })),
      rows: query.raw().all(),
    };
    // One stream: its connection keeps `SELECT * FROM t` compiled from before the ALTER TABLE.
    const outcomes = await run([...SCHEMA.map(execute), execute('SELECT * FROM t'), execute(ALTER), execute('SELECT * FROM t'), execute('SELECT * FROM t')]);
    for (const outcome of outcomes.slice(4, 6)) {
      if (outcome.type !== 'ok' || outcome.response.type !== 'execute') throw new Error(JSON.stringify(outcome));
      const { cols, rows } = outcome.response.result;
      expect({ cols, rows: rows.map((row) => row.map((value) => ('value' in value ? value.value : null))) }).toEqual({
        cols: expected.cols,
        rows: expected.rows.map((row: unknown[]) => row.map((value) => (typeof value === 'number' || typeof value === 'bigint' ? String(value) : value))),
      });
    }
  });
});
