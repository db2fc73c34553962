// Which namespace a request belongs to (packages/mock/src/engine/namespace-of.ts), one table of
// its orders: a token an area issued, the operation's access key, an access key carried by a
// request no operation took (or whose credential was refused), `default`. The operations are
// written here with the security the contracts give them (an AccessKey header; a bearer token), and
// one area's token reader stands for the database's.
import { describe, expect, it } from 'vitest';
import { namespaceDecision } from '../../../packages/mock/src/engine/namespace-of.ts';

const ACCESS_KEY = { name: 'AccessKey', type: 'apiKey', in: 'header', keyName: 'AccessKey' };
const BEARER = { name: 'Bearer', type: 'http', scheme: 'bearer' };
const OPERATIONS = {
  'a video call (AccessKey)': { area: 'video', security: [[ACCESS_KEY]] },
  'a pipeline call (bearer token)': { area: 'database', security: [[BEARER]] },
  'a call without security': { area: 'video', security: [] },
  none: undefined,
};
/** The database's tokens: `Bearer token-of-<namespace>` leads to that namespace. */
const databaseToken = (headers: Record<string, string>) => /^Bearer token-of-(\S+)$/.exec(headers.authorization ?? '')?.[1];
const namespaceOf = namespaceDecision(
  new Map([['database', databaseToken]]),
  Object.values(OPERATIONS).filter((o) => o !== undefined),
);

const TOKEN = { authorization: 'Bearer token-of-issuer' };
const KEY = { accesskey: 'key-1' };
type Row = [why: string, operation: keyof typeof OPERATIONS, headers: Record<string, string>, expected: string];
const ROWS: Row[] = [
  // 1. a credential an area issued: the operation's own area's, or any area's when no operation took it
  ["the area's token leads to the namespace that issued it", 'a pipeline call (bearer token)', TOKEN, 'issuer'],
  ["the area's token comes before an access key beside it", 'a pipeline call (bearer token)', { ...TOKEN, ...KEY }, 'issuer'],
  ["another area's token counts for nothing on a routed call", 'a video call (AccessKey)', { ...TOKEN, ...KEY }, 'key-1'],
  ['a token no area issued: the bearer credential runs in default', 'a pipeline call (bearer token)', { authorization: 'Bearer unknown' }, 'default'],
  ["no operation took it: any area's token", 'none', TOKEN, 'issuer'],
  ["no operation took it: any area's token before an access key", 'none', { ...TOKEN, ...KEY }, 'issuer'],
  // 2. the operation's credential
  ["the operation's access key", 'a video call (AccessKey)', KEY, 'key-1'],
  ['an operation without security runs in default, whatever key it carries', 'a call without security', KEY, 'default'],
  // 3. an access key carried by a request no credential satisfied or no operation took
  ['the credential refused (a bearer call with only a key): the key it carries', 'a pipeline call (bearer token)', KEY, 'key-1'],
  ['no operation took it: the access key it carries', 'none', KEY, 'key-1'],
  // 4. default
  ['the credential refused, no key: default', 'a video call (AccessKey)', {}, 'default'],
  ['no operation took it, nothing carried: default', 'none', {}, 'default'],
  ['an empty access key names no namespace', 'none', { accesskey: '' }, 'default'],
  ['the control header names no namespace (a control call names one with ?namespace=)', 'none', { 'x-mock-control': '1' }, 'default'],
];

describe("a request's namespace, decided in one function", () => {
  it.each(ROWS)('%s', (_why, operation, headers, expected) => {
    expect(namespaceOf(headers, OPERATIONS[operation])).toBe(expected);
  });

  it('takes the credential the engine already checked instead of reading it again', () => {
    expect(namespaceOf(KEY, OPERATIONS['a video call (AccessKey)'], { namespace: 'checked' })).toBe('checked');
    // but an area's token still comes first
    expect(namespaceOf({ ...TOKEN, ...KEY }, OPERATIONS['a pipeline call (bearer token)'], { namespace: 'default' })).toBe('issuer');
  });

  it('reads access keys only from the headers some contract names for one', () => {
    const noKeys = namespaceDecision(new Map(), [OPERATIONS['a pipeline call (bearer token)']]);
    expect(noKeys(KEY)).toBe('default');
  });
});
