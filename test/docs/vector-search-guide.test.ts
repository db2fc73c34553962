// The vector search guide's snippet (site/guides/8-vector-search.md), run as written against the
// mock's HTTP door with the environment the guides read (test/newcomer/packed-install.test.ts
// runs it again on the packed packages): it leaves the table, its rows and the vector index it
// describes, and vector_top_k finds what the guide says it finds.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createClient } from '@libsql/client';
import { afterAll, expect, it } from 'vitest';
import { blocksOf } from '../support/doc-blocks.ts';
import { useHttpMock } from '../support/mock.ts';

const mock = useHttpMock(['database']);
const scratch = mkdtempSync(path.join(tmpdir(), 'vector-guide-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const [snippet, ...others] = blocksOf('site/guides/8-vector-search.md').filter((block) => block.language === 'ts');

it('has one TypeScript snippet', () => {
  expect(snippet?.code).toMatch(/vector_top_k/);
  expect(others).toEqual([]);
});

it('runs against the mock and leaves what it describes', async () => {
  const host = new URL(mock.url).host;
  const env = { PLATFORM_DATABASE_URL: `libsql://${host}?tls=0`, PLATFORM_DATABASE_AUTH_TOKEN: mock.database.fullAccessToken };
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  const file = path.join(scratch, 'snippet.ts');
  writeFileSync(file, `${snippet!.code.replaceAll('127.0.0.1:4010', host)}\nexport {};\n`);
  Object.assign(process.env, env);
  try {
    await import(pathToFileURL(file).href);
  } finally {
    for (const [name, value] of Object.entries(saved))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  }
  const db = createClient({ url: `http://${host}`, authToken: mock.database.fullAccessToken });
  try {
    const { rows } = await db.execute(
      "SELECT m.title FROM vector_top_k('movies_embedding', vector32('[0.88, 0.12, 0.2]'), 2) AS k JOIN movies AS m ON m.rowid = k.id ORDER BY m.title",
    );
    expect(rows.map((row) => row.title)).toEqual(['Alien', 'Aliens']);
    expect((await db.execute('SELECT vector_extract(embedding) AS v FROM movies WHERE id = 2')).rows[0]?.v).toBe('[0.1,0.9,0.3]');
  } finally {
    db.close();
  }
});
