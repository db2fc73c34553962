// Every control endpoint the mock guide names is one the mock answers. (The guides' shell blocks
// run as written against the installed packages: test/support/guide-shell-blocks.ts, from
// test/newcomer/packed-install.test.ts.)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GUIDES_DIR } from '../../scripts/lib/site-guides.ts';
import { useHttpMock } from '../support/mock.ts';

const mock = useHttpMock();

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
