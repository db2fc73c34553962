// The faults found in the database area, one case each, over HTTP as clients send them. The
// host-file cases check that no file appeared and nothing on disk changed, for both tokens.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseMock, FULL_ACCESS_TOKEN, HEALTH_PATH, READ_ONLY_TOKEN, useDatabaseMock } from '../../support/database.ts';

type Result =
  | { type: 'ok'; response: { type: string; result?: any; is_autocommit?: boolean } }
  | { type: 'error'; error: { message: string; code: string | null } };
interface Answer {
  status: number;
  baton: string | null;
  results: Result[];
}

const execute = (sql: string, extra: Record<string, unknown> = {}) => ({ type: 'execute', stmt: { sql, ...extra } });
const close = { type: 'close' };

function pipelineOf(mock: DatabaseMock) {
  return async (requests: unknown[], options: { token?: string; baton?: string | null; version?: 2 | 3; host?: string } = {}): Promise<Answer> => {
    const response = await mock.fetch(`${mock.url}/v${options.version ?? 2}/pipeline`, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.token ?? FULL_ACCESS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ baton: options.baton ?? null, requests }),
    });
    const body = response.headers.get('content-type')?.includes('json') ? await response.json() : { results: [], baton: null };
    return { status: response.status, baton: body.baton ?? null, results: body.results ?? [] };
  };
}

const errorOf = (result: Result | undefined) => (result?.type === 'error' ? result.error : undefined);
const rowsOf = (result: Result | undefined) => (result?.type === 'ok' ? result.response.result.rows : undefined);
const integer = (value: number) => ({ type: 'integer', value: String(value) });

/** Every file under a folder with its size and modification time: what "nothing changed" compares. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const stat = statSync(path.join(dir, name));
    files[name] = stat.isDirectory() ? 'dir' : `${stat.size}:${stat.mtimeMs}`;
  }
  return files;
}

describe('nothing outside the database, for any token', () => {
  const outside = mkdtempSync(path.join(os.tmpdir(), 'db-outside-'));
  const dbDir = mkdtempSync(path.join(os.tmpdir(), 'db-dir-'));
  const mock = useDatabaseMock({ dir: dbDir });
  const pipeline = pipelineOf(mock);
  const secret = path.join(outside, 'secret.txt');
  const target = (name: string) => path.join(outside, name).replace(/'/g, "''");

  beforeAll(async () => {
    writeFileSync(secret, 'host secret');
    const setup = await pipeline([{ type: 'sequence', sql: 'CREATE TABLE t (x); CREATE TABLE log (y)' }, close]);
    expect(setup.results.map((r) => r.type)).toEqual(['ok', 'ok']);
  });
  afterAll(() => rmSync(outside, { recursive: true, force: true }));

  // The engine has no file functions at all (SQLite's WebAssembly build: no readfile, writefile,
  // fsdir, sha3_query, load_extension); what it has is refused by the sandbox (deny by default).
  // As sqld names them: SQLite's refusal at a place in the text (a function) is SQL_INPUT_ERROR,
  // one without a place (a table-valued function) SQLITE_UNKNOWN, sqld's name of SQLITE_ERROR.
  const missing = { code: expect.stringMatching(/^(SQL_INPUT_ERROR|SQLITE_UNKNOWN)$/), message: /no such (function|table)/ };
  const refused = { code: 'SQLITE_AUTH', message: /not allowed/ };
  // What sqld itself does not run (sql/statements/statement-rules.ts) is refused before the engine sees it.
  const unsupported = { code: 'SQL_PARSE_ERROR', message: /unsupported statement/ };
  const cases: { name: string; sql: string; code: unknown; message: RegExp }[] = [
    { name: 'readfile', sql: `SELECT readfile('${target('secret.txt')}')`, ...missing },
    { name: 'writefile', sql: `SELECT writefile('${target('written')}', 'x')`, ...missing },
    {
      name: 'sha3_query running writefile',
      sql: `SELECT sha3_query('SELECT writefile(''${target('pwned.txt').replace(/'/g, "''")}'',''hello'')')`,
      ...missing,
    },
    { name: 'sha3_query running readfile', sql: `SELECT sha3_query('SELECT readfile(''${target('secret.txt').replace(/'/g, "''")}'')')`, ...missing },
    { name: 'sha3_query running ATTACH', sql: `SELECT sha3_query('ATTACH ''${target('via-sha3.db').replace(/'/g, "''")}'' AS x')`, ...missing },
    { name: 'fsdir', sql: `SELECT name FROM fsdir('${target('')}')`, ...missing },
    { name: 'fsdir in a subquery', sql: `SELECT (SELECT count(*) FROM fsdir('/'))`, ...missing },
    { name: 'load_extension', sql: `SELECT load_extension('${target('ext')}')`, ...missing },
    { name: 'ATTACH of a new file', sql: `ATTACH '${target('attached.db')}' AS other`, ...unsupported },
    { name: 'ATTACH of another database in the folder', sql: `ATTACH '${path.join(dbDir, 'other.db').replace(/'/g, "''")}' AS other`, ...unsupported },
    { name: 'ATTACH of an engine file', sql: `ATTACH '/db-1.db' AS other`, ...unsupported },
    { name: 'ATTACH through a URI', sql: `ATTACH 'file:${target('uri.db')}?mode=rwc' AS other`, ...unsupported },
    { name: 'DETACH', sql: 'DETACH main', ...refused },
    { name: 'ATTACH of a name (sqld attaches a namespace by its name)', sql: 'ATTACH other AS other', ...refused },
    { name: 'ATTACH of a quoted name', sql: `ATTACH "${path.join(dbDir, 'other.db').replace(/"/g, '""')}" AS other`, ...refused },
    { name: 'VACUUM INTO', sql: `VACUUM INTO '${target('copy.db')}'`, ...unsupported },
    { name: 'the temp directory pragma', sql: `PRAGMA temp_store_directory = '${target('')}'`, ...unsupported },
    { name: 'a pragma named by a string', sql: "PRAGMA 'busy_timeout' = 100000", ...unsupported },
    { name: 'a schema-qualified pragma named by a string', sql: "PRAGMA main.'mmap_size' = 1000000", ...unsupported },
    { name: 'temp_store_directory named by a string', sql: `PRAGMA 'temp_store_directory' = '${target('')}'`, ...unsupported },
    { name: 'soft_heap_limit named by a string', sql: "PRAGMA 'soft_heap_limit' = 1", ...unsupported },
    { name: 'threads named by a string', sql: "PRAGMA 'threads' = 8", ...unsupported },
    { name: 'hard_heap_limit', sql: 'PRAGMA hard_heap_limit = 1', ...unsupported },
    { name: 'writable_schema', sql: 'PRAGMA writable_schema = 1', ...unsupported },
    { name: 'a function off the allow-list', sql: "SELECT fts3_tokenizer('simple')", ...refused },
    { name: "SQLite's internal function of ALTER TABLE", sql: "SELECT sqlite_rename_quotefix('main', 'CREATE TABLE x (y)')", ...refused },
    { name: 'raw pages', sql: 'SELECT count(*) FROM sqlite_dbpage', ...refused },
  ];

  for (const [kind, token] of [
    ['Full Access', FULL_ACCESS_TOKEN],
    ['Read Only', READ_ONLY_TOKEN],
  ] as const) {
    it.each(cases)(`${kind}: $name is refused`, async ({ sql, code, message }) => {
      const before = { outside: snapshot(outside), dbDir: snapshot(dbDir) };
      const answer = await pipeline([execute(sql), close], { token });
      expect(errorOf(answer.results[0])).toMatchObject({ code, message: expect.stringMatching(message) });
      expect(JSON.stringify(answer)).not.toContain('host secret');
      expect({ outside: snapshot(outside), dbDir: snapshot(dbDir) }).toEqual(before);
      expect(readFileSync(secret, 'utf8')).toBe('host secret');
    });
  }

  it.each([
    ['a sequence', (sql: string) => ({ type: 'sequence', sql: `SELECT 1; ${sql};` })],
    ['a batch step', (sql: string) => ({ type: 'batch', batch: { steps: [{ stmt: { sql } }] } })],
  ])('refuses the same inside %s', async (_name, wrap) => {
    const before = snapshot(outside);
    const answer = await pipeline([wrap(`ATTACH "${path.join(outside, 'via').replace(/"/g, '""')}" AS via`), close]);
    const result = answer.results[0]!;
    const error = result.type === 'error' ? result.error : result.response.result?.step_errors?.[0];
    expect(error).toMatchObject({ code: 'SQLITE_AUTH' });
    expect(snapshot(outside)).toEqual(before);
  });

  // sqld runs no CREATE TEMP ...; `temp.` as the schema's name, it runs. unknown() is innocuous: SQLite itself would run it from the schema.
  it('refuses a function off the allow-list hidden in a TEMP view or trigger when it would run', async () => {
    const answer = await pipeline([
      execute('CREATE VIEW temp.leak AS SELECT unknown(0) AS content'),
      execute('SELECT content FROM leak'),
      execute('CREATE TRIGGER temp.spill AFTER INSERT ON t BEGIN SELECT unknown(0); END'),
      execute('INSERT INTO t VALUES (1)'),
      close,
    ]);
    expect(answer.results.map((r) => r.type)).toEqual(['ok', 'error', 'ok', 'error', 'ok']);
    expect(errorOf(answer.results[1])).toMatchObject({ code: 'SQLITE_AUTH' });
    expect(errorOf(answer.results[3])).toMatchObject({ code: 'SQLITE_AUTH' });
  });

  it.each([
    ['Full Access', FULL_ACCESS_TOKEN],
    ['Read Only', READ_ONLY_TOKEN],
  ])('%s: a view of the database that uses a function off the allow-list is refused when read', async (_kind, token) => {
    await pipeline([execute('CREATE VIEW IF NOT EXISTS options AS SELECT unknown(0) AS content'), close]);
    const answer = await pipeline([execute('SELECT content FROM options'), close], { token });
    expect(errorOf(answer.results[0])).toMatchObject({ code: 'SQLITE_AUTH', message: expect.stringMatching(/not allowed/) });
  });

  it('refuses a value over the limit before making it', async () => {
    const answer = await pipeline([execute('SELECT zeroblob(1000000000)'), execute("SELECT length(printf('%.*c', 1000000000, 'x'))"), close]);
    expect(errorOf(answer.results[0])).toMatchObject({ code: 'SQLITE_TOOBIG', message: expect.stringMatching(/refused before it was made/) });
    // libSQL's printf() (SQLite 3.45) answers NULL past the limit, as the native engine does: nothing was made either way.
    expect(rowsOf(answer.results[1])).toEqual([[{ type: 'null' }]]);
  });

  it('an ATTACH tried in one stream leaves nothing attached in the next streams of the pool', async () => {
    await pipeline([execute(`ATTACH "${path.join(outside, 'carried.db').replace(/"/g, '""')}" AS carried`), close]);
    for (let i = 0; i < 3; i++) {
      const next = await pipeline([execute('SELECT name FROM pragma_database_list ORDER BY seq'), close]);
      expect(rowsOf(next.results[0])).toEqual([[{ type: 'text', value: 'main' }]]);
    }
  });

  it('Read Only: cannot create TEMP objects, and cannot write', async () => {
    const answer = await pipeline(
      [
        execute('CREATE TABLE temp.scratch (x)'),
        execute('CREATE TRIGGER temp.tr AFTER INSERT ON t BEGIN SELECT 1; END'),
        execute('INSERT INTO t VALUES (2)'),
        execute('SELECT count(*) FROM t'),
        close,
      ],
      { token: READ_ONLY_TOKEN },
    );
    expect(answer.results.map((r) => errorOf(r)?.code ?? 'ok')).toEqual(['SQLITE_READONLY', 'SQLITE_READONLY', 'SQLITE_READONLY', 'ok', 'ok']);
  });

  it('Read Only: a pragma that turns query_only off does not let it write (sqld does not run it either)', async () => {
    const answer = await pipeline([execute('PRAGMA query_only = 0'), execute('INSERT INTO t VALUES (3)'), execute('CREATE TABLE temp.scratch (x)'), close], {
      token: READ_ONLY_TOKEN,
    });
    expect(errorOf(answer.results[0])).toMatchObject({ code: 'SQL_PARSE_ERROR' });
    expect(errorOf(answer.results[1])).toMatchObject({ code: 'SQLITE_READONLY' });
    expect(errorOf(answer.results[2])).toMatchObject({ code: 'SQLITE_READONLY' });
  });

  it('keeps the journal in WAL mode (sqld does not set it)', async () => {
    const answer = await pipeline([execute('PRAGMA journal_mode = DELETE'), execute('PRAGMA journal_mode'), close]);
    expect(errorOf(answer.results[0])).toMatchObject({ code: 'SQL_PARSE_ERROR', message: expect.stringMatching(/unsupported statement/) });
    expect(rowsOf(answer.results[1])).toEqual([[{ type: 'text', value: 'wal' }]]);
  });
});

describe('no statement reaches another namespace', () => {
  const mock = useDatabaseMock();
  const pipeline = pipelineOf(mock);

  it.each(['full_access', 'read_only'])('with a %s token, ATTACH of every engine file is refused and nothing of another namespace is read', async (kind) => {
    await pipeline([execute('CREATE TABLE IF NOT EXISTS secrets (v)'), execute("INSERT INTO secrets VALUES ('the other namespace''s secret')"), close]);
    const response = await mock.fetch(`${mock.url}/database/my-database/tokens`, {
      method: 'POST',
      headers: { AccessKey: `intruder-${kind}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kinds: [kind] }),
    });
    const token = ((await response.json()) as { tokens: { token: string }[] }).tokens[0]!.token;
    // By name, as sqld takes an ATTACH (a quoted file name is an unsupported statement there).
    const attempts = Array.from({ length: 8 }, (_, i) => execute(`ATTACH "/db-${i + 1}.db" AS other${i}`));
    const answer = await pipeline([...attempts, execute('SELECT count(*) FROM secrets'), execute('SELECT name FROM pragma_database_list'), close], { token });
    expect(answer.results.slice(0, 8).map((result) => errorOf(result)?.code)).toEqual(Array(8).fill('SQLITE_AUTH'));
    expect(errorOf(answer.results[8])).toMatchObject({ message: expect.stringMatching(/no such table: secrets/) });
    expect(rowsOf(answer.results[9])).toEqual([[{ type: 'text', value: 'main' }]]);
    expect(JSON.stringify(answer)).not.toContain("other namespace's secret");
  });
});

describe('statements that used to lock the database', () => {
  const mock = useDatabaseMock({ lockWaitMs: 200 });
  const pipeline = pipelineOf(mock);
  const count = async () => rowsOf((await pipeline([execute('SELECT count(*) FROM items'), close])).results[0])?.[0]?.[0];

  beforeAll(async () => {
    await pipeline([execute('CREATE TABLE items (id INTEGER PRIMARY KEY, label TEXT)'), close]);
  });

  const cases: { name: string; requests: unknown[] }[] = [
    { name: 'a SELECT with want_rows false', requests: [execute('SELECT * FROM items', { want_rows: false })] },
    {
      name: 'an INSERT ... RETURNING with want_rows false',
      requests: [execute("INSERT INTO items (label) VALUES ('returned') RETURNING id", { want_rows: false })],
    },
    { name: 'a describe of a write', requests: [{ type: 'describe', sql: "INSERT INTO items (label) VALUES ('described')" }] },
    { name: 'an EXPLAIN of a write', requests: [execute("EXPLAIN INSERT INTO items (label) VALUES ('explained')")] },
    { name: 'a SELECT that fails midway', requests: [execute('SELECT CASE WHEN id > 0 THEN abs(-9223372036854775808) END FROM items')] },
  ];

  it.each(cases)('$name leaves every stream free to read and write', async ({ requests }) => {
    const before = (await count()) as { value: string };
    await pipeline([...requests, close]);
    // Another stream writes in autocommit mode; a third one sees the write.
    const write = await pipeline([execute("INSERT INTO items (label) VALUES ('after')"), close]);
    expect(write.results[0]!.type).toBe('ok');
    const after = (await count()) as { value: string };
    const returned = requests.some((r) => JSON.stringify(r).includes('RETURNING')) ? 1 : 0;
    expect(Number(after.value)).toBe(Number(before.value) + 1 + returned);
  });

  it('a write refused with SQLITE_BUSY after the wait leaves no lock behind', async () => {
    const holder = await pipeline([execute('BEGIN IMMEDIATE'), execute("INSERT INTO items (label) VALUES ('held')")]);
    const refused = await pipeline([execute("INSERT INTO items (label) VALUES ('refused')"), close]);
    expect(errorOf(refused.results[0])).toMatchObject({ code: 'SQLITE_BUSY', message: expect.stringMatching(/lockWaitMs/) });
    await pipeline([execute('COMMIT'), close], { baton: holder.baton });
    const later = await pipeline([execute("INSERT INTO items (label) VALUES ('later')"), close]);
    expect(later.results[0]!.type).toBe('ok');
  });
});

describe('nothing shared between streams but the database', () => {
  const mock = useDatabaseMock();
  const pipeline = pipelineOf(mock);

  beforeAll(async () => {
    await pipeline([{ type: 'sequence', sql: 'CREATE TABLE t (x); CREATE TABLE log (y);' }, close]);
  });

  it.each([
    { name: 'PRAGMA defer_foreign_keys', setUp: [execute('PRAGMA defer_foreign_keys = 1')] },
    { name: 'a TEMP trigger', setUp: [execute("CREATE TRIGGER temp.tr AFTER INSERT ON t BEGIN INSERT INTO log VALUES ('fired'); END")] },
    { name: 'PRAGMA foreign_keys and recursive_triggers', setUp: [execute('PRAGMA foreign_keys = 0'), execute('PRAGMA recursive_triggers = 0')] },
  ])('$name set by one stream does not reach the next ones', async ({ setUp }) => {
    for (let i = 0; i < 4; i++) await pipeline([...setUp, close]);
    const next = await pipeline([execute('INSERT INTO t VALUES (1)'), execute('SELECT count(*) FROM log'), execute('PRAGMA foreign_keys'), close]);
    expect(next.results[0]!.type).toBe('ok');
    expect(rowsOf(next.results[1])).toEqual([[integer(0)]]);
    expect(rowsOf(next.results[2])).toEqual([[integer(1)]]);
  });

  it("last_insert_rowid is the stream's own", async () => {
    await pipeline([execute('INSERT INTO t VALUES (5)'), close]);
    const fresh = await pipeline([execute('SELECT last_insert_rowid()'), close]);
    expect(rowsOf(fresh.results[0])).toEqual([[integer(0)]]);
  });
});

describe('readers and writers at once, as in WAL', () => {
  // Lock waits are judged by the mock's clock; this one is long enough never to end on its own here.
  const mock = useDatabaseMock({ lockWaitMs: 600_000 });
  const pipeline = pipelineOf(mock);
  const value = async (sql: string) => rowsOf((await pipeline([execute(sql), close])).results[0])?.[0]?.[0]?.value;

  beforeAll(async () => {
    await pipeline([execute('CREATE TABLE accounts (id INTEGER PRIMARY KEY, balance INTEGER)'), close]);
  });

  it('a second writer waits for the first one, then succeeds', async () => {
    const first = await pipeline([execute('BEGIN IMMEDIATE'), execute('INSERT INTO accounts (balance) VALUES (1)')]);
    expect(first.results.map((r) => r.type)).toEqual(['ok', 'ok']);
    let secondDone = false;
    const second = pipeline([execute('INSERT INTO accounts (balance) VALUES (2)'), close]).finally(() => (secondDone = true));
    // The first writer still works while the second waits: it reads its own row, then commits.
    const during = await pipeline([execute('SELECT count(*) FROM accounts')], { baton: first.baton });
    expect(rowsOf(during.results[0])).toEqual([[integer(1)]]);
    expect(secondDone).toBe(false);
    await pipeline([execute('COMMIT'), close], { baton: during.baton });
    expect((await second).results[0]).toMatchObject({ type: 'ok' });
    expect(await value('SELECT count(*) FROM accounts')).toBe('2');
  });

  it('a reader during a write transaction reads the last commit, without an error', async () => {
    const before = await value('SELECT count(*) FROM accounts');
    const writer = await pipeline([execute('BEGIN'), execute('INSERT INTO accounts (balance) VALUES (3)')]);
    const read = await pipeline([execute('SELECT count(*) FROM accounts'), close], { token: READ_ONLY_TOKEN });
    expect(rowsOf(read.results[0])).toEqual([[{ type: 'integer', value: before }]]);
    await pipeline([execute('ROLLBACK'), close], { baton: writer.baton });
  });

  it('an open read transaction does not block a writer', async () => {
    const reader = await pipeline([execute('BEGIN'), execute('SELECT count(*) FROM accounts')], { token: READ_ONLY_TOKEN });
    const write = await pipeline([execute('INSERT INTO accounts (balance) VALUES (4)'), close]);
    expect(write.results[0]!.type).toBe('ok');
    // The reader keeps its snapshot until it ends its transaction.
    const again = await pipeline([execute('SELECT count(*) FROM accounts'), execute('COMMIT'), execute('SELECT count(*) FROM accounts'), close], {
      baton: reader.baton,
      token: READ_ONLY_TOKEN,
    });
    expect(Number(rowsOf(again.results[2])![0][0].value)).toBe(Number(rowsOf(again.results[0])![0][0].value) + 1);
  });
});

describe('contention: two writers, a reader and a refused writer, then every stream writes', () => {
  const mock = useDatabaseMock({ lockWaitMs: 600_000 });
  const pipeline = pipelineOf(mock);

  it('leaves no lock and no unfinished statement behind in any stream', async () => {
    await pipeline([execute('CREATE TABLE rows (id INTEGER PRIMARY KEY, who TEXT NOT NULL)'), close]);
    const first = await pipeline([execute('BEGIN IMMEDIATE'), execute("INSERT INTO rows (who) VALUES ('first')")]);
    const reader = await pipeline([execute('BEGIN'), execute('SELECT count(*) FROM rows')], { token: READ_ONLY_TOKEN });
    // The second writer waits for the first; the reader's write is refused.
    const second = pipeline([execute("INSERT INTO rows (who) VALUES ('second')")]);
    const readOnly = await pipeline([execute("INSERT INTO rows (who) VALUES ('reader')")], { baton: reader.baton, token: READ_ONLY_TOKEN });
    expect(errorOf(readOnly.results[0])).toMatchObject({ code: 'SQLITE_READONLY' });
    const committed = await pipeline([execute('COMMIT')], { baton: first.baton });
    expect(committed.results[0]!.type).toBe('ok');
    const secondDone = await second;
    expect(secondDone.results[0]!.type).toBe('ok');
    // A third writer is refused by a constraint, after it took the write lock.
    const refused = await pipeline([execute('INSERT INTO rows (who) VALUES (NULL)')]);
    expect(errorOf(refused.results[0])).toMatchObject({ code: 'SQLITE_CONSTRAINT', extended_code: 'SQLITE_CONSTRAINT_NOTNULL' });
    // Every stream goes on: the refused writer, the reader, both writers, and a new one.
    const again = [
      await pipeline([execute("INSERT INTO rows (who) VALUES ('refused, then fine')")], { baton: refused.baton }),
      await pipeline([execute("INSERT INTO rows (who) VALUES ('first again')")], { baton: committed.baton }),
      await pipeline([execute("INSERT INTO rows (who) VALUES ('second again')")], { baton: secondDone.baton }),
      await pipeline([execute("INSERT INTO rows (who) VALUES ('new')")]),
    ];
    expect(again.map((answer) => answer.results[0]!.type)).toEqual(['ok', 'ok', 'ok', 'ok']);
    const read = await pipeline([execute('SELECT count(*) FROM rows'), execute('COMMIT'), execute('SELECT count(*) FROM rows'), close], {
      baton: readOnly.baton,
      token: READ_ONLY_TOKEN,
    });
    expect(rowsOf(read.results[0])).toEqual([[integer(0)]]);
    expect(rowsOf(read.results[2])).toEqual([[integer(6)]]);
    for (const answer of again) await pipeline([close], { baton: answer.baton });
  });
});

describe('an invalidated token', () => {
  const mock = useDatabaseMock({ lockWaitMs: 100 });
  const pipeline = pipelineOf(mock);

  it('has its streams closed and their locks released at once', async () => {
    await pipeline([execute('CREATE TABLE t (x)'), close]);
    const holder = await pipeline([execute('BEGIN IMMEDIATE'), execute('INSERT INTO t VALUES (1)')]);
    const response = await mock.fetch(`${mock.url}/database/my-database/tokens/invalidate`, {
      method: 'POST',
      headers: { AccessKey: 'default', 'content-type': 'application/json' },
      body: JSON.stringify({ regenerate: true }),
    });
    const fresh = ((await response.json()) as { tokens: { kind: string; token: string }[] }).tokens.find((token) => token.kind === 'full_access')!.token;
    const write = await pipeline([execute('INSERT INTO t VALUES (2)'), execute('SELECT count(*) FROM t'), close], { token: fresh });
    expect(write.results[0]!.type).toBe('ok');
    expect(rowsOf(write.results[1])).toEqual([[integer(1)]]);
    const old = await mock.fetch(`${mock.url}/v2/pipeline`, {
      method: 'POST',
      headers: { authorization: `Bearer ${FULL_ACCESS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ baton: holder.baton, requests: [execute('COMMIT')] }),
    });
    expect(old.status).toBe(401);
  });
});

describe('bounded work', () => {
  const mock = useDatabaseMock({ statementTimeoutMs: 600_000, maxResultBytes: 100_000, maxStreams: 4 });
  const pipeline = pipelineOf(mock);

  it('stops a runaway statement while the mock keeps answering, and the database works afterwards', async () => {
    await pipeline([execute('CREATE TABLE kept (x)'), execute('INSERT INTO kept VALUES (1)'), close]);
    let settled = false;
    const runaway = pipeline([execute('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c'), close]).finally(
      () => (settled = true),
    );
    const health = await mock.fetch(`${mock.url}${HEALTH_PATH}`);
    expect(health.status).toBe(200);
    const version = await mock.fetch(`${mock.url}/v2`);
    expect(version.status).toBe(200);
    expect(settled).toBe(false);
    // The time limit is judged by the mock's clock.
    mock.host.advance(600_001);
    const answer = await runaway;
    expect(errorOf(answer.results[0])).toMatchObject({ code: 'SQLITE_INTERRUPT', message: expect.stringMatching(/statementTimeoutMs/) });
    expect(answer.baton).toBeNull();
    const after = await pipeline([execute('SELECT count(*) FROM kept'), close]);
    expect(rowsOf(after.results[0])).toEqual([[integer(1)]]);
  });

  it.each([
    { name: 'a huge blob', sql: 'SELECT zeroblob(100000000)', code: /^(SQLITE_NOMEM|SQLITE_TOOBIG|RESPONSE_TOO_LARGE)$/ },
    {
      name: 'rows past the size limit',
      sql: "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT 20000) SELECT x, 'some text to take room' FROM c",
      code: /^RESPONSE_TOO_LARGE$/,
    },
  ])('refuses $name with a clear error', async ({ sql, code }) => {
    const answer = await pipeline([execute(sql), close]);
    const error = errorOf(answer.results[0]);
    expect(error?.code).toMatch(code);
    expect(error?.message).toMatch(/limit|memory/);
  });

  it('caps the open streams of a namespace; a closed stream makes room', async () => {
    const open: Answer[] = [];
    for (let i = 0; i < 4; i++) open.push(await pipeline([execute('SELECT 1')]));
    const refused = await pipeline([execute('SELECT 1'), close]);
    expect(errorOf(refused.results[0])).toMatchObject({ code: 'STREAM_LIMIT_REACHED', message: expect.stringMatching(/maxStreams/) });
    expect(refused.baton).toBeNull();
    await pipeline([close], { baton: open[0]!.baton });
    expect((await pipeline([execute('SELECT 1'), close])).results[0]!.type).toBe('ok');
    for (const stream of open.slice(1)) await pipeline([close], { baton: stream.baton });
  });

  it('expires idle streams by the clock, releasing their locks', async () => {
    await pipeline([execute('CREATE TABLE idle (x)'), close]);
    const holder = await pipeline([execute('BEGIN IMMEDIATE'), execute('INSERT INTO idle VALUES (2)')]);
    mock.host.advance(10_001);
    const write = await pipeline([execute('INSERT INTO idle VALUES (3)'), execute('SELECT count(*) FROM idle'), close]);
    expect(write.results[0], JSON.stringify(write.results[0])).toMatchObject({ type: 'ok' });
    expect(rowsOf(write.results[1])).toEqual([[integer(1)]]);
    const expired = await mock.fetch(`${mock.url}/v2/pipeline`, {
      method: 'POST',
      headers: { authorization: `Bearer ${FULL_ACCESS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ baton: holder.baton, requests: [execute('COMMIT')] }),
    });
    expect(expired.status).toBe(500);
    expect(await expired.json()).toMatchObject({ code: 'STREAM_EXPIRED' });
  });
});

describe('one database per host name, with a cap on open databases', () => {
  const mock = useDatabaseMock({ perHost: true, maxDatabases: 2 });

  const post = async (host: string, requests: unknown[], baton: string | null = null) => {
    const response = await mock.fetch(`http://${host}.localhost/v2/pipeline`, {
      method: 'POST',
      headers: { authorization: `Bearer ${FULL_ACCESS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ baton, requests }),
    });
    return { status: response.status, body: (await response.json()) as any };
  };

  it('closes an idle database to open another past maxDatabases, and refuses one when every database has open streams', async () => {
    expect((await post('alpha', [execute('CREATE TABLE kept (x)'), execute('INSERT INTO kept VALUES (1)'), close])).body.results[0].type).toBe('ok');
    expect((await post('beta', [execute('SELECT 1'), close])).body.results[0].type).toBe('ok');
    // alpha has no open stream: it closes for gamma, and opens again with its data later.
    expect((await post('gamma', [execute('SELECT 1'), close])).body.results[0].type).toBe('ok');
    const alpha = await post('alpha', [execute('SELECT count(*) FROM kept')]);
    expect(alpha.body.results[0].response.result.rows).toEqual([[integer(1)]]);
    const beta = await post('beta', [execute('SELECT 1')]);
    const refused = await post('delta', [execute('SELECT 1'), close]);
    expect(refused.body.results[0]).toMatchObject({ type: 'error', error: { code: 'DATABASE_LIMIT_REACHED', message: expect.stringMatching(/maxDatabases/) } });
    await post('alpha', [close], alpha.body.baton);
    await post('beta', [close], beta.body.baton);
    expect((await post('delta', [execute('SELECT 1'), close])).body.results[0].type).toBe('ok');
  });
});

describe('a namespace reset', () => {
  const mock = useDatabaseMock();
  const pipeline = pipelineOf(mock);

  it('starts the namespace with empty databases again', async () => {
    await pipeline([execute('CREATE TABLE before_reset (x)'), close]);
    mock.host.mock.reset('default');
    const after = await pipeline([execute('SELECT count(*) FROM before_reset'), close]);
    expect(errorOf(after.results[0])).toMatchObject({ message: expect.stringMatching(/no such table/) });
  });
});
