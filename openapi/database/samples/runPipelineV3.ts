// Version 3 of the pipeline with plain fetch: get_autocommit tells whether a transaction is open.
const baseUrl = process.env.BASE_URL ?? 'http://127.0.0.1:4010'; // the local mock unless BASE_URL is set
const token = process.env.PLATFORM_DATABASE_AUTH_TOKEN!;

const response = await fetch(new URL('/v3/pipeline', baseUrl), {
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify({
    requests: [{ type: 'execute', stmt: { sql: 'BEGIN' } }, { type: 'get_autocommit' }, { type: 'execute', stmt: { sql: 'ROLLBACK' } }, { type: 'close' }],
  }),
});
const answer = (await response.json()) as { results: { type: string; response?: { type: string; is_autocommit?: boolean } }[] };
console.log('inside BEGIN, autocommit is', answer.results[1]?.response?.is_autocommit);
