import { createDatabaseClient, DatabaseError } from '@platform-contracts/client';

// url and authToken default to PLATFORM_DATABASE_URL and PLATFORM_DATABASE_AUTH_TOKEN.
const db = createDatabaseClient({ url: process.env.PLATFORM_DATABASE_URL ?? 'http://127.0.0.1:4010', authToken: process.env.PLATFORM_DATABASE_AUTH_TOKEN! });

await db.batch([
  'CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)',
  { sql: 'INSERT INTO notes (body) VALUES (?)', args: ['first note'] },
]);
const { rows } = await db.execute('SELECT id, body FROM notes WHERE id > ?', [0]);
for (const row of rows) console.log(row.id, row.body);

// The raw pipeline, exactly as the protocol has it:
const answer = await db.pipeline([{ type: 'execute', stmt: { sql: 'SELECT 1' } }, { type: 'close' }]);
for (const result of answer.results) {
  if (result.type === 'error') throw new DatabaseError(result.error.message, result.error.code ?? null);
  console.log(result.response.type);
}
