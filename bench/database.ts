// Statements per second through the mock over HTTP (with the real @libsql/client) against the
// same statements run directly on the embedded engine the mock uses, in this process.
import { existsSync } from 'node:fs';
import { createClient } from '@libsql/client';
import { startMock } from '@platform/mock';
import Database from 'libsql';

const ROWS = 1_000;
const ROUNDS = 5;
const BUNDLE = new URL('../packages/contracts/bundles/database.json', import.meta.url);

const CREATE = 'CREATE TABLE IF NOT EXISTS bench (id INTEGER PRIMARY KEY, label TEXT, amount REAL)';
const INSERT = 'INSERT INTO bench (label, amount) VALUES (?, ?)';
const SELECT = 'SELECT id, label, amount FROM bench ORDER BY id LIMIT ?';
const rowArgs = (i: number): [string, number] => [`row ${i}`, i * 1.5];

/** The fastest of a few rounds, in seconds. */
async function best(run: () => unknown): Promise<number> {
  let fastest = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    await run();
    fastest = Math.min(fastest, (performance.now() - started) / 1000);
  }
  return fastest;
}

async function throughMock() {
  const mock = await startMock({ port: 0, areas: ['database'] });
  try {
    const db = createClient({ url: mock.url, authToken: mock.areas.database.fullAccessToken });
    await db.execute(CREATE);
    const insertBatch = await best(() => db.batch(Array.from({ length: ROWS }, (_, i) => ({ sql: INSERT, args: rowArgs(i) })), 'write'));
    const select = await best(async () => {
      const { rows } = await db.execute({ sql: SELECT, args: [ROWS] });
      if (rows.length !== ROWS) throw new Error(`the select gave ${rows.length} rows, not ${ROWS}`);
    });
    db.close();
    return { insertBatch, select };
  } finally {
    await mock.close();
  }
}

async function direct() {
  const db = new Database(':memory:');
  db.exec(CREATE);
  const insert = db.prepare(INSERT);
  const select = db.prepare(SELECT);
  const insertBatch = await best(() => {
    db.exec('BEGIN IMMEDIATE');
    for (let i = 0; i < ROWS; i++) insert.run(rowArgs(i));
    db.exec('COMMIT');
  });
  const selectTime = await best(() => {
    if (select.all([ROWS]).length !== ROWS) throw new Error('the direct select gave too few rows');
  });
  db.close();
  return { insertBatch, select: selectTime };
}

if (!existsSync(BUNDLE)) {
  console.error('error: packages/contracts/bundles/database.json is missing: run `pnpm bundle database` (or `pnpm bundle`) first');
  process.exit(1);
}

const mockTimes = await throughMock();
const directTimes = await direct();
const perSecond = (statements: number, seconds: number) => Math.round(statements / seconds);
const lines = [
  // A 1,000-row insert batch is 1,000 statements (plus BEGIN/COMMIT); the select is one statement giving 1,000 rows.
  { name: `insert batch (${ROWS} rows)`, statements: ROWS, mock: mockTimes.insertBatch, direct: directTimes.insertBatch },
  { name: `select (${ROWS} rows)`, statements: 1, mock: mockTimes.select, direct: directTimes.select },
];
console.log(`database: best of ${ROUNDS} rounds; mock = @libsql/client over HTTP through the mock, direct = libsql in process`);
console.table(
  lines.map((line) => ({
    benchmark: line.name,
    'mock statements/s': perSecond(line.statements, line.mock),
    'direct statements/s': perSecond(line.statements, line.direct),
    'mock rows/s': perSecond(ROWS, line.mock),
    'direct rows/s': perSecond(ROWS, line.direct),
    'direct ÷ mock throughput': Number((line.mock / line.direct).toFixed(1)),
  })),
);
