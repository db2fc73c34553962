// The guides' shell examples work as printed against the mock, and every control endpoint the
// mock guide names is one the mock answers.
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { GUIDES_DIR } from '../../scripts/lib/site-guides.ts';
import { useMock } from '../support/mock.ts';

const mock = useMock();
const run = promisify(execFile);

const guides = readdirSync(GUIDES_DIR).filter((file) => file.endsWith('.md'));
/** Every ```sh block of the guides that calls the API through $BASE_URL. */
const blocks = guides.flatMap((file) =>
  [...readFileSync(path.join(GUIDES_DIR, file), 'utf8').matchAll(/^ *```sh\n([\s\S]*?)^ *```/gm)]
    .map((m, index) => [`${file} #${index + 1}`, m[1]!.replace(/^ {3}/gm, '')] as const)
    .filter(([, block]) => block.includes('$BASE_URL')),
);

describe('the guides’ shell examples', () => {
  it('are found', () => expect(blocks.length).toBeGreaterThanOrEqual(4));

  it.each(blocks)('%s answers 2xx from the mock', async (_name, block) => {
    // Every curl must succeed (--fail): a 4xx or 5xx stops the block with a non-zero exit.
    const script = `set -e\ncurl() { command curl --fail --silent --show-error --output /dev/null "$@"; }\n${block}`;
    const env = { ...process.env, BASE_URL: mock.url, ACCESS_KEY: 'guide-key', PLATFORM_DATABASE_AUTH_TOKEN: mock.database.fullAccessToken };
    const result = await run('bash', ['--norc', '--noprofile', '-c', script], { env, timeout: 20_000 });
    expect(result.stderr).toBe('');
  });
});

describe('the mock guide', () => {
  const text = readFileSync(path.join(GUIDES_DIR, '5-mock.md'), 'utf8');
  const endpoints = [...text.matchAll(/`(GET|POST|PUT|DELETE) (\/_mock\/[a-z/]+)/g)].map((m) => [m[1]!, m[2]!] as const);

  it('names the control endpoints', () => expect(endpoints.length).toBeGreaterThanOrEqual(6));

  it.each(endpoints)('%s %s is an endpoint of the mock', async (method, endpoint) => {
    const response = await fetch(`${mock.url}${endpoint}?namespace=guide-key`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'GET' ? undefined : method === 'PUT' ? '{}' : endpoint.endsWith('advance') ? '{"ms":1}' : undefined,
    });
    expect([404, 405]).not.toContain(response.status);
  });
});
