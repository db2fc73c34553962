// int64 exact end to end in the mock: values up to 2^63 - 1 (and down to -2^63) are read and
// answered with the same digits, in paths, queries and bodies; 2^63 and beyond answer 400; an
// echoed value never makes an answer break its own schema; the state snapshot keeps them exact.

import { createMock, type Mock } from '@platform-contracts/mock';
import { parse } from 'lossless-json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchemaCompiler } from '../../../packages/mock/src/engine/validation.ts';
import { validateAnswer } from '../../support/openapi.ts';

let mock: Mock;
beforeAll(async () => {
  mock = await createMock({ areas: ['video', 'shield', 'dns', 'database'] });
});
afterAll(async () => {
  await mock?.close();
});

const MAX = '9223372036854775807';
const MIN = '-9223372036854775808';
const JUST_ABOVE_2_53 = '9007199254740993';
const BEYOND = ['9223372036854775808', '-9223372036854775809', '18446744073709551616'];

async function call(method: string, path: string, body?: string, contentType = 'application/json') {
  const response = await mock.fetch(`${mock.url}${path}`, {
    method,
    headers: { AccessKey: 'int64', ...(body === undefined ? {} : { 'content-type': contentType }) },
    body,
  });
  const text = await response.text();
  return { status: response.status, text, contentType: response.headers.get('content-type') ?? '' };
}
/** A number of an answer, as the digits the answer wrote. */
const digitsAt = (text: string, pointer: string[]) => String(pointer.reduce<any>((node, key) => node[key], parse(text)));

describe('paths', () => {
  it.each([MAX, MIN, JUST_ABOVE_2_53])('libraryId %s is answered with the same digits, by create and list', async (id) => {
    const created = await call('POST', `/library/${id}/collections`, '{"name":"int64"}');
    expect(created.status, created.text).toBe(200);
    expect(digitsAt(created.text, ['videoLibraryId'])).toBe(id);
    const video = await call('POST', `/library/${id}/videos`, '{"title":"t"}');
    expect(digitsAt(video.text, ['videoLibraryId'])).toBe(id);
    const list = await call('GET', `/library/${id}/collections?search=int64`);
    expect(digitsAt(list.text, ['items', '0', 'videoLibraryId'])).toBe(id);
  });

  it.each(BEYOND)('libraryId %s (outside int64) answers 400', async (id) => {
    const answer = await call('POST', `/library/${id}/videos`, '{"title":"t"}');
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/libraryId/);
  });

  it('libraries 2^53 and 2^53 + 1 are two libraries', async () => {
    await call('POST', `/library/${JUST_ABOVE_2_53}/collections`, '{"name":"only-in-2^53+1"}');
    const other = await call('GET', '/library/9007199254740992/collections?search=only-in');
    expect(JSON.parse(other.text).totalItems).toBe(0);
  });
});

describe('bodies', () => {
  it('a shield zone ID of 2^63 - 1 is created and answered exactly; the state snapshot keeps it', async () => {
    const answer = await call('PATCH', '/shield/shield-zone', `{"shieldZoneId":${MAX},"shieldZone":{"wafEnabled":true}}`);
    expect(answer.status, answer.text).toBe(202);
    expect(digitsAt(answer.text, ['data', 'shieldZoneId'])).toBe(MAX);
    const rules = await call('GET', `/shield/waf/custom-rules/${MAX}`);
    expect(rules.status).toBe(200);
    const state = await call('GET', '/_mock/state?namespace=int64');
    expect(state.status).toBe(200);
    expect(state.text).toContain(`"shieldZoneId":${MAX}`);
  });

  it.each(BEYOND)('a shield zone ID of %s answers 400', async (id) => {
    const answer = await call('PATCH', '/shield/shield-zone', `{"shieldZoneId":${id},"shieldZone":{}}`);
    expect(answer.status).toBe(400);
  });
});

describe('echoed values keep the answer within its schema', () => {
  // The answer's pageSize is the page size used: as asked for, up to 2^53 - 1. Echoed as 2^63 - 1,
  // JSON.parse read it as 2^63, which the answer's schema (int64, to 2^63 - 1) refuses.
  it.each([
    [MAX, '9007199254740991'],
    [JUST_ABOVE_2_53, '9007199254740991'],
    ['9007199254740991', '9007199254740991'],
    ['25', '25'],
  ])('pageSize=%s on custom WAF rules: 200, the page size used (%s), valid read by any JSON reader', async (asked, used) => {
    const answer = await call('GET', `/shield/waf/custom-rules/1024?pageSize=${asked}`);
    expect(answer.status, answer.text).toBe(200);
    expect(digitsAt(answer.text, ['page', 'pageSize'])).toBe(used);
    const parsed = JSON.parse(answer.text);
    expect(validateAnswer('shield', 'listCustomWafRules', 200, parsed)).toEqual([]);
    // The mock's own int64 format (to 2^63 - 1, exactly) on the value JSON.parse gives.
    const strictInt64 = createSchemaCompiler({}).lazy({ type: 'integer', format: 'int64' })();
    expect(strictInt64(parsed.page.pageSize)).toBe(true);
    expect(parsed.data).toHaveLength(Math.min(parsed.page.totalCount, parsed.page.pageSize));
  });

  it('pageSize=2^63 answers 400', async () => {
    expect((await call('GET', '/shield/waf/custom-rules/1024?pageSize=9223372036854775808')).status).toBe(400);
  });
});

describe('values the mock cannot represent answer a documented 4xx', () => {
  it.each([2147483647, 36501])('createDatabaseTokens with expires_in_days %i answers 400 with the error body', async (days) => {
    const answer = await call('POST', '/database/my-database/tokens', `{"expires_in_days":${days}}`);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ error_key: 'request.invalid', message: expect.stringMatching(/expires_in_days/) });
    expect(validateAnswer('database', 'createDatabaseTokens', 400, JSON.parse(answer.text))).toEqual([]);
  });

  it('expires_in_days 36500 (the maximum) is accepted', async () => {
    const answer = await call('POST', '/database/my-database/tokens', '{"expires_in_days":36500,"kinds":["read_only"]}');
    expect(answer.status, answer.text).toBe(201);
  });

  it('a zone ID beyond 2^53 finds its own zone, not its rounded neighbour', async () => {
    const exported = (await (await mock.fetch(`${mock.url}/_mock/state?namespace=int64-dns`)).json()) as { areas: { dns: { zones: Record<string, unknown> } } };
    exported.areas.dns.zones[JUST_ABOVE_2_53] = { records: [] };
    const put = await mock.fetch(`${mock.url}/_mock/state?namespace=int64-dns`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(exported),
    });
    expect(put.status).toBeLessThan(300);
    const zoneFile = 'a.example.com. 300 IN A 192.0.2.1\n';
    const send = (zoneId: string) =>
      mock.fetch(`${mock.url}/dnszone/${zoneId}/import`, { method: 'POST', headers: { AccessKey: 'int64-dns', 'content-type': 'text/plain' }, body: zoneFile });
    expect((await send(JUST_ABOVE_2_53)).status).toBe(200);
    expect((await send('9007199254740992')).status).toBe(404);
  });
});
