// Generated SQL for the differential test (test/areas/database/libsql-generated.test.ts): a
// schema of up to three tables (STRICT, WITHOUT ROWID, vector columns, defaults and constraints),
// rows, then statements over a small fixed set of names, so that most of them meet something
// that exists: DML, queries, ALTER TABLE in all its forms (RENAME TO, RENAME COLUMN, ADD COLUMN,
// DROP COLUMN, libSQL's ALTER COLUMN), views, triggers, indexes and vector indexes with
// vector_top_k, transactions, and statements sqld refuses. Both sides run whatever comes out;
// errors are compared like results. No statement turns a blob into text: the `libsql` package
// panics on text that is not UTF-8 (libsql 0.9.30 value.rs), which a vector's bytes are not.
import fc from 'fast-check';

const TABLES = ['t0', 't1', 't2'];
const COLUMNS = ['c0', 'c1', 'c2', 'c3'];
// Renames and new columns also use t3, c4 and c5, which no CREATE TABLE makes.
/** The names, the first ones more often: every script has t0, and every table c0. */
const weighted = (names: string[]) => fc.oneof(...names.map((name, at) => ({ weight: names.length - at, arbitrary: fc.constant(name) })));
const table = weighted(TABLES);
const column = weighted(COLUMNS);
const view = fc.constantFrom('v0', 'v1');
const index = fc.constantFrom('i0', 'i1');
const trigger = fc.constantFrom('g0', 'g1');

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;
const vector = fc.array(fc.integer({ min: -4, max: 4 }), { minLength: 2, maxLength: 2 }).map((values) => `vector32('[${values.join(',')}]')`);

/** A literal of every storage class, with edges: 64-bit bounds, tiny and huge floats, quotes, blobs, vectors. */
export const literal: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }).map(String),
  fc.constantFrom('9223372036854775807', '-9223372036854775808', '0', '-0', '9007199254740993'),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e300, max: 1e300 }).map((value) => (/^-?\d+$/.test(String(value)) ? `${value}.0` : String(value))),
  fc.constantFrom('0.1', '1e308', '5e-324', '1.5e-10', '123456789.125'),
  fc.string({ maxLength: 6 }).map(quoted),
  fc.constant('NULL'),
  fc.uint8Array({ maxLength: 4 }).map((bytes) => `x'${Buffer.from(bytes).toString('hex')}'`),
  vector,
);

const columnType = fc.constantFrom('INTEGER', 'TEXT', 'REAL', 'BLOB', 'NUMERIC', 'F32_BLOB(2)', 'F32_BLOB(2)', '');
/** STRICT tables take only these types; the others are made one of them. */
const STRICT_TYPE: Record<string, string> = { NUMERIC: 'INTEGER', 'F32_BLOB(2)': 'BLOB', '': 'ANY' };

const columnDefinition = (name: string, { primaryKey = false, strict = false } = {}) =>
  fc
    .tuple(columnType, fc.boolean(), fc.option(literal, { nil: undefined }), fc.boolean())
    .map(([type, notNull, fallback, unique]) =>
      [
        name,
        strict ? (STRICT_TYPE[type] ?? type) : type,
        primaryKey ? 'PRIMARY KEY' : '',
        notNull ? 'NOT NULL' : '',
        fallback ? `DEFAULT (${fallback})` : '',
        unique && !primaryKey ? 'UNIQUE' : '',
      ]
        .filter(Boolean)
        .join(' '),
    );

/** CREATE TABLE of the given name with a primary key or not, STRICT or not, WITHOUT ROWID (with a primary key) or not. */
const createTableNamed = (name: string) =>
  fc.tuple(fc.integer({ min: 1, max: 4 }), fc.boolean(), fc.boolean(), fc.boolean()).chain(([count, primaryKey, strict, withoutRowid]) =>
    fc.tuple(...COLUMNS.slice(0, count).map((col, at) => columnDefinition(col, { primaryKey: primaryKey && at === 0, strict }))).map((columns) => {
      const options = [strict ? 'STRICT' : '', withoutRowid && primaryKey ? 'WITHOUT ROWID' : ''].filter(Boolean).join(', ');
      return `CREATE TABLE ${name} (${columns.join(', ')})${options ? ` ${options}` : ''}`;
    }),
  );
export const createTable = table.chain(createTableNamed);

const insert = fc
  .tuple(table, fc.array(literal, { minLength: 1, maxLength: 4 }), fc.boolean(), fc.constantFrom('', 'OR REPLACE ', 'OR IGNORE '), fc.boolean())
  .map(
    ([name, values, returning, conflict, named]) =>
      `INSERT ${conflict}INTO ${name}${named ? ` (${COLUMNS.slice(0, values.length).join(', ')})` : ''} VALUES (${values.join(', ')})${returning ? ' RETURNING *' : ''}`,
  );
const insertColumn = fc.tuple(table, column, literal).map(([name, col, value]) => `INSERT INTO ${name} (${col}) VALUES (${value})`);
const update = fc.tuple(table, column, literal, column).map(([name, col, value, where]) => `UPDATE ${name} SET ${col} = ${value} WHERE ${where} IS NOT NULL`);
const remove = fc.tuple(table, column, literal).map(([name, col, value]) => `DELETE FROM ${name} WHERE ${col} = ${value}`);

const queries = [
  table.map((name) => `SELECT * FROM ${name} ORDER BY 1, 2, 3, 4`),
  table.map((name) => `SELECT * FROM ${name}`),
  fc.tuple(table, column).map(([name, col]) => `SELECT ${col}, typeof(${col}), quote(${col}) FROM ${name} ORDER BY ${col}`),
  fc.tuple(table, column).map(([name, col]) => `SELECT count(*), sum(${col}), total(${col}), max(${col}), group_concat(quote(${col})) FROM ${name}`),
  fc
    .tuple(table, column)
    .map(
      ([name, col]) =>
        `SELECT CASE WHEN typeof(${col}) = 'blob' THEN quote(${col}) ELSE CAST(${col} AS TEXT) END, ${col} + 0.5, ${col} * 2 FROM ${name} ORDER BY rowid`,
    ),
  fc.tuple(table, column, vector).map(([name, col, v]) => `SELECT vector_distance_cos(${col}, ${v}) FROM ${name} ORDER BY rowid`),
  fc.tuple(index, vector, fc.integer({ min: 1, max: 3 })).map(([idx, v, k]) => `SELECT id FROM vector_top_k('${idx}', ${v}, ${k}) ORDER BY id`),
  fc.tuple(literal, literal).map(([a, b]) => `SELECT ${a}, ${b}, ${a} + ${b}, quote(${a}) || quote(${b}), ${a} = ${b}, typeof(${a} * ${b})`),
  view.map((name) => `SELECT * FROM ${name} ORDER BY 1`),
  table.map((name) => `PRAGMA table_info(${name})`),
  fc.constant('SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY name'),
];

const alter = [
  fc.tuple(table, weighted(['t3', ...TABLES])).map(([from, to]) => `ALTER TABLE ${from} RENAME TO ${to}`),
  fc.tuple(table, column, weighted(['c4', 'c5', ...COLUMNS])).map(([name, from, to]) => `ALTER TABLE ${name} RENAME COLUMN ${from} TO ${to}`),
  fc
    .tuple(table, weighted(['c4', 'c5', ...COLUMNS]))
    .chain(([name, col]) => columnDefinition(col).map((definition) => `ALTER TABLE ${name} ADD COLUMN ${definition}`)),
  fc.tuple(table, column).map(([name, col]) => `ALTER TABLE ${name} DROP COLUMN ${col}`),
  fc.tuple(table, column).chain(([name, col]) => columnDefinition(col).map((definition) => `ALTER TABLE ${name} ALTER COLUMN ${col} TO ${definition}`)),
];

const schema = [
  fc.tuple(view, table, column).map(([name, from, col]) => `CREATE VIEW ${name} AS SELECT ${col} FROM ${from}`),
  view.map((name) => `DROP VIEW ${name}`),
  fc
    .tuple(trigger, table, table, column, column)
    .map(([name, on, into, col, from]) => `CREATE TRIGGER ${name} AFTER INSERT ON ${on} BEGIN INSERT INTO ${into} (${col}) VALUES (new.${from}); END`),
  trigger.map((name) => `DROP TRIGGER ${name}`),
  fc.tuple(fc.boolean(), index, table, column).map(([unique, name, on, col]) => `CREATE ${unique ? 'UNIQUE ' : ''}INDEX ${name} ON ${on} (${col})`),
  fc.tuple(index, table, column).map(([name, on, col]) => `CREATE INDEX ${name} ON ${on} (libsql_vector_idx(${col}))`),
  index.map((name) => `DROP INDEX ${name}`),
  table.map((name) => `DROP TABLE ${name}`),
  createTable,
];

const other = [
  fc.constantFrom('BEGIN', 'COMMIT', 'ROLLBACK', 'SAVEPOINT s', 'RELEASE s', 'ROLLBACK TO s'),
  fc.constantFrom('PRAGMA foreign_keys = ON', 'PRAGMA foreign_keys = OFF', 'PRAGMA foreign_key_check', 'PRAGMA integrity_check', 'PRAGMA user_version = 3'),
  fc.constantFrom('VACUUM', 'ANALYZE', 'REINDEX', 'PRAGMA optimize', 'PRAGMA cache_size = 10', 'CREATE TEMP TABLE tmp (x)', 'CREATE TEMP VIEW tv AS SELECT 1'),
];

const statement = fc.oneof(
  { weight: 6, arbitrary: fc.oneof(insert, insertColumn, update, remove) },
  { weight: 5, arbitrary: fc.oneof(...queries) },
  { weight: 4, arbitrary: fc.oneof(...alter) },
  { weight: 3, arbitrary: fc.oneof(...schema) },
  { weight: 1, arbitrary: fc.oneof(...other) },
);

/** A script: a schema (1 to 3 tables), some rows, then statements of every kind. */
export const script: fc.Arbitrary<string[]> = fc
  .integer({ min: 1, max: 3 })
  .chain((count) => fc.tuple(...TABLES.slice(0, count).map(createTableNamed)))
  .chain((tables) =>
    fc
      .tuple(fc.array(insert, { minLength: 2, maxLength: 6 }), fc.array(statement, { minLength: 4, maxLength: 16 }))
      .map(([rows, statements]) => [...tables, ...rows, ...statements]),
  );
