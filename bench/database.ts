// The database area's speed, as ratios against baselines measured in the same run:
//   - `SELECT 1` round trips through @libsql/client against the mock (target p50 ≤ 0.5 ms),
//     and through @libsql/client on a `file:` URL;
//   - a 1,000-row insert batch and a 1,000-row select through the mock, against the same
//     statements on the embedded engine in this process (target ≤ 3x) and against
//     @libsql/client on a `file:` URL.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createClient, type Client } from '@libsql/client';
import { startMock } from '@platform-contracts/mock';
import Database from 'libsql';

const ROWS = 1_000;
const ROUNDS = 7;
const ROUND_TRIPS = 2_000;
const BUNDLE = new URL('../packages/contracts/bundles/database.json', import.meta.url);

const CREATE = 'CREATE TABLE IF NOT EXISTS bench (id INTEGER PRIMARY KEY, label TEXT, amount REAL)';
const INSERT = 'INSERT INTO bench (label, amount) VALUES (?, ?)';
const SELECT = 'SELECT id, label, amount FROM bench ORDER BY id LIMIT ?';
const rowArgs = (i: number): [string, number] => [`row ${i}`, i * 1.5];

/** The median of a few rounds, in ms. */
async function median(run: () => unknown, rounds = ROUNDS): Promise<number> {
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

/** Percentiles of `SELECT 1` round trips, in ms. */
async function roundTrips(db: Client): Promise<{ p50: number; p90: number; p99: number }> {
  for (let i = 0; i < 200; i++) await db.execute('SELECT 1');
  const times: number[] = [];
  for (let i = 0; i < ROUND_TRIPS; i++) {
    const started = performance.now();
    await db.execute('SELECT 1');
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.floor(times.length * q)]!;
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99) };
}

/** The insert batch and the select through a @libsql/client. */
async function throughClient(db: Client) {
  await db.execute(CREATE);
  const insertBatch = await median(() => db.batch(Array.from({ length: ROWS }, (_, i) => ({ sql: INSERT, args: rowArgs(i) })), 'write'));
  const select = await median(async () => {
    const { rows } = await db.execute({ sql: SELECT, args: [ROWS] });
    if (rows.length !== ROWS) throw new Error(`the select gave ${rows.length} rows, not ${ROWS}`);
  });
  return { insertBatch, select, selectOne: await roundTrips(db) };
}

/** The same statements on the embedded engine in this process (a WAL file, as the mock's). */
async function inProcess(file: string) {
  const db = new Database(file);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec(CREATE);
  const insert = db.prepare(INSERT);
  const select = db.prepare(SELECT);
  const insertBatch = await median(() => {
    db.exec('BEGIN IMMEDIATE');
    for (let i = 0; i < ROWS; i++) insert.run(rowArgs(i));
    db.exec('COMMIT');
  });
  const selectTime = await median(() => {
    if (select.all([ROWS]).length !== ROWS) throw new Error('the in-process select gave too few rows');
  });
  db.close();
  return { insertBatch, select: selectTime };
}

if (!existsSync(BUNDLE)) {
  console.error('error: packages/contracts/bundles/database.json is missing: run `pnpm bundle database` (or `pnpm bundle`) first');
  process.exit(1);
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-database-'));
try {
  const mock = await startMock({ port: 0, areas: ['database'] });
  const viaMock = createClient({ url: mock.url, authToken: mock.areas.database.fullAccessToken });
  const mockTimes = await throughClient(viaMock);
  viaMock.close();
  await mock.close();

  const viaFile = createClient({ url: pathToFileURL(path.join(dir, 'client.db')).href });
  await viaFile.execute('PRAGMA journal_mode = WAL');
  const fileTimes = await throughClient(viaFile);
  viaFile.close();

  const engineTimes = await inProcess(path.join(dir, 'engine.db'));

  const ratio = (a: number, b: number) => Number((a / b).toFixed(1));
  const ms = (value: number) => Number(value.toFixed(3));
  console.log(`database: median of ${ROUNDS} rounds; ${ROUND_TRIPS} SELECT 1 round trips`);
  console.table([
    { benchmark: 'SELECT 1 p50 (ms)', mock: ms(mockTimes.selectOne.p50), 'client file:': ms(fileTimes.selectOne.p50), 'engine in process': null, 'mock ÷ engine': null, 'mock ÷ client file:': ratio(mockTimes.selectOne.p50, fileTimes.selectOne.p50) },
    { benchmark: 'SELECT 1 p90 (ms)', mock: ms(mockTimes.selectOne.p90), 'client file:': ms(fileTimes.selectOne.p90), 'engine in process': null, 'mock ÷ engine': null, 'mock ÷ client file:': ratio(mockTimes.selectOne.p90, fileTimes.selectOne.p90) },
    { benchmark: `insert batch, ${ROWS} rows (ms)`, mock: ms(mockTimes.insertBatch), 'client file:': ms(fileTimes.insertBatch), 'engine in process': ms(engineTimes.insertBatch), 'mock ÷ engine': ratio(mockTimes.insertBatch, engineTimes.insertBatch), 'mock ÷ client file:': ratio(mockTimes.insertBatch, fileTimes.insertBatch) },
    { benchmark: `select, ${ROWS} rows (ms)`, mock: ms(mockTimes.select), 'client file:': ms(fileTimes.select), 'engine in process': ms(engineTimes.select), 'mock ÷ engine': ratio(mockTimes.select, engineTimes.select), 'mock ÷ client file:': ratio(mockTimes.select, fileTimes.select) },
  ]);
  const verdicts = [
    `SELECT 1 p50 ${ms(mockTimes.selectOne.p50)} ms (target ≤ 0.5 ms): ${mockTimes.selectOne.p50 <= 0.5 ? 'met' : 'missed'}`,
    `insert batch ${ratio(mockTimes.insertBatch, engineTimes.insertBatch)}x the engine in process (target ≤ 3x): ${mockTimes.insertBatch <= 3 * engineTimes.insertBatch ? 'met' : 'missed'}`,
    `select ${ratio(mockTimes.select, engineTimes.select)}x the engine in process (target ≤ 3x): ${mockTimes.select <= 3 * engineTimes.select ? 'met' : 'missed'}`,
  ];
  for (const verdict of verdicts) console.log(verdict);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
