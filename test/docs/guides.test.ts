// Every control endpoint the mock guide names is one the mock answers; every flag the validation
// proxy guide names is one of platform-mock. (The guides' shell blocks
// run as written against the installed packages: test/support/guide-shell-blocks.ts, from
// test/newcomer/packed-install.test.ts; the proxy guide's table of a drift report's fields is held
// against a real report in test/mock/proxy/proxy.test.ts.) The mock runs in process.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { usage } from '@platform-contracts/mock';
import { describe, expect, it } from 'vitest';
import { GUIDES_DIR } from '../../scripts/lib/site/guides.ts';
import { useMock } from '../support/mock.ts';

const mock = useMock();

describe('the mock guide', () => {
  const text = readFileSync(path.join(GUIDES_DIR, '5-mock.md'), 'utf8');
  const endpoints = [...text.matchAll(/`(GET|POST|PUT|DELETE) (\/_mock\/[a-z/]+)/g)].map((m) => [m[1]!, m[2]!] as const);

  it('names the control endpoints', () => expect(endpoints.length).toBeGreaterThanOrEqual(6));

  it.each(endpoints)('%s %s is an endpoint of the mock', async (method, endpoint) => {
    const response = await mock.fetch(`${mock.url}${endpoint}?namespace=guide-key`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'GET' ? undefined : method === 'PUT' ? '{}' : endpoint.endsWith('advance') ? '{"ms":1}' : undefined,
    });
    expect([404, 405]).not.toContain(response.status);
  });
});

describe('the validation proxy guide', () => {
  const text = readFileSync(path.join(GUIDES_DIR, '7-validation-proxy.md'), 'utf8');
  const flags = [...new Set([...text.matchAll(/(?<![\w-])--([a-z][a-z-]+)/g)].map((m) => m[1]!))].filter(
    (flag) => flag !== 'retry' && !flag.startsWith('retry-'),
  );

  it('names the proxy flags', () =>
    expect(flags).toEqual(expect.arrayContaining(['proxy', 'proxy-only', 'mock-only', 'drift-report', 'fail-on-drift', 'record'])));

  it.each(flags)('--%s is an option of platform-mock', (flag) => expect(usage()).toMatch(new RegExp(`--${flag}(?![\\w-])`)));
});

describe('the guides’ prose', () => {
  /** Paragraphs of plain text: blocks between blank lines that are not code, a list, a table, a heading or markup. */
  const paragraphs = (file: string) =>
    readFileSync(path.join(GUIDES_DIR, file), 'utf8')
      .replace(/^( *)```[\s\S]*?^\1```/gm, '')
      .split(/\n\s*\n/)
      .map((block) => block.trim())
      .filter((block) => block && !/^([-*|#><]|\d+\.|`|\{\{)/.test(block));
  const files = readdirSync(GUIDES_DIR).filter((file) => file.endsWith('.md'));

  it.each(files)('%s: no paragraph starts mid-sentence', (file) => {
    expect(
      paragraphs(file)
        .filter((paragraph) => /^[a-z]/.test(paragraph))
        .map((paragraph) => paragraph.split('\n')[0]),
    ).toEqual([]);
  });

  it('the Authentication guide says invalidating stops every token of the database, as the CLI and the mock do', () => {
    const text = readFileSync(path.join(GUIDES_DIR, '2-authentication.md'), 'utf8');
    const invalidate = /^npx platform db token invalidate (\S+) .*# (.*)$/m.exec(text);
    expect(invalidate?.[2]).toBe(`every token of ${invalidate?.[1]} stops working at once`);
    expect(text).not.toMatch(/tokens? of the (access )?key\b/);
    expect(text).toMatch(/invalidating or regenerating makes every token of\s+the database invalid at once/);
  });
});
