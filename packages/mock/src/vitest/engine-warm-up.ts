// The database engine starts in the background (its worker thread, SQLite's module): a mock
// answers at once, and the first SQL waits for the engine. A test suite's setup waits for it here,
// so that no test's own time limit pays for the start (vitest's first test took 5 to 7 s on a
// loaded machine, against its 5 s default).

import { SETUP_HEADER } from '../journal/recorder.ts';
import type { Mock } from '../mock/mock.ts';

/** Runs `SELECT 1` on the mock's start-up database (not logged, no state changed, a setup request: not in coverage); resolves once the engine answered. A mock without the database area resolves at once. */
export async function startDatabaseEngine(mock: Pick<Mock, 'operations' | 'areas' | 'handle'>): Promise<void> {
  if (!mock.operations.some((operation) => operation.area === 'database')) return;
  const answer = await mock.handle({
    method: 'POST',
    target: '/v2/pipeline',
    headers: { authorization: `Bearer ${mock.areas.database.fullAccessToken}`, 'content-type': 'application/json', [SETUP_HEADER]: '1' },
    body: Buffer.from(JSON.stringify({ requests: [{ type: 'execute', stmt: { sql: 'SELECT 1' } }, { type: 'close' }] })),
  });
  const text = typeof answer.body === 'string' ? answer.body : answer.body === undefined ? '' : Buffer.from(answer.body).toString('utf8');
  const failed = answer.status !== 200 || !text.includes('"type":"ok"');
  if (failed) throw new Error(`the mock's database engine did not start (${answer.status}): ${text}`);
}
