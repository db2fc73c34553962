// /v3/cursor answers lines of JSON: the stream's baton first, then one entry per line.
const baseUrl = process.env.BASE_URL ?? 'http://127.0.0.1:4010'; // the local mock unless BASE_URL is set
const token = process.env.PLATFORM_DATABASE_AUTH_TOKEN!;

const response = await fetch(new URL('/v3/cursor', baseUrl), {
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify({ batch: { steps: [{ stmt: { sql: 'SELECT 1 AS one' } }] } }),
});
const [head, ...entries] = (await response.text()).trim().split('\n').map((line) => JSON.parse(line) as { type?: string });
console.log('baton', (head as { baton: string | null }).baton);
for (const entry of entries) console.log(entry.type);
