// The fetch door reads a call's URL string without the URL parser when the parser would keep it
// as it is (request-target.ts). Whatever it reads must be what URL gives (host, path and query);
// the common calls of a suite must take that path, and what URL changes or reads apart must not.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastTarget } from '../../../packages/mock/src/doors/fetch/request-target.ts';

const byUrl = (input: string) => {
  const url = new URL(input);
  return { host: url.host, target: url.pathname + url.search };
};
const ORIGIN = 'http://127.0.0.1:4010';

const FAST = [
  `${ORIGIN}/library/42/videos`,
  `${ORIGIN}/shield/shield-zones?page=2&perPage=10`,
  `${ORIGIN}/dnszone/12345/import`,
  `${ORIGIN}/_mock/reset?namespace=key-1`,
  `${ORIGIN}/`,
  `${ORIGIN}/a%20b/c%2Fd?q=%C3%BC`,
  'https://api.example.test/v3/pipeline',
  'http://localhost:3000/library/1/collections/2?search=a:b@c',
];

const PARSED = [
  [`${ORIGIN}`, 'no path'],
  [`${ORIGIN}/a/../b`, 'a dot segment'],
  [`${ORIGIN}/a/./b`, 'a dot segment'],
  [`${ORIGIN}/a/%2e%2E/b`, 'an encoded dot segment'],
  [`${ORIGIN}/a/..`, 'a dot segment at the end'],
  [`${ORIGIN}/a?`, 'an empty query'],
  [`${ORIGIN}/a#part`, 'a fragment'],
  [`${ORIGIN}/a b`, 'a space'],
  [`${ORIGIN}/ü`, 'a character beyond ASCII'],
  [`${ORIGIN}/a?q='x'`, 'a quote in the query'],
  [`${ORIGIN}/a\\b`, 'a backslash'],
  [`${ORIGIN}/a\tb`, 'a tab'],
  ['HTTP://127.0.0.1:4010/a', 'a scheme in capitals'],
  ['http://LOCALHOST:4010/a', 'a host in capitals'],
  ['http://localhost:80/a', 'the default port'],
  ['http://user:secret@localhost:4010/a', 'credentials'],
  [' http://localhost:4010/a', 'a leading space'],
  ['ftp://localhost/a', 'another scheme'],
  ['/library/42/videos', 'a relative URL'],
] as const;

describe("the fetch door's URL reading", () => {
  it.each(FAST)('takes %s as URL reads it, without the parser', (input) => {
    expect(fastTarget(input)).toEqual(byUrl(input));
  });

  it.each(PARSED)('leaves %s to the parser (%s)', (input) => {
    expect(fastTarget(input)).toBeUndefined();
  });

  it('never reads a URL otherwise than URL does (any text of the characters that matter)', () => {
    const tricky = fc.constantFrom(...'aZ09-._~!$&()*+,;=:@%/?#\'" <>`{}\\\t\n.é'.split(''), '%2e', '%2E', '..', '%zz', '%20');
    fc.assert(
      fc.property(fc.constantFrom(ORIGIN, 'http://localhost:80', 'https://a.test', 'http://A.test:1'), fc.array(tricky, { maxLength: 12 }), (origin, parts) => {
        const input = `${origin}/${parts.join('')}`;
        const fast = fastTarget(input);
        let parsed: ReturnType<typeof byUrl> | undefined;
        try {
          parsed = byUrl(input);
        } catch {
          parsed = undefined;
        }
        if (fast !== undefined) expect(fast).toEqual(parsed);
      }),
      { seed: 58, numRuns: 2000 },
    );
  });
});
