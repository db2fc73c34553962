// The journal's matchers (packages/mock/src/journal/matchers.ts), registered by @platform-contracts/mock/vitest:
// each expectation that must pass, and each that must fail with a message listing what the
// namespace did instead, the closest first. One table of cases; the namespace's requests are
// made once, in process, and read through every kind of receiver the matchers take.

import { createMock, type Mock } from '@platform-contracts/mock';
import type { CallExpectation } from '@platform-contracts/mock/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '@platform-contracts/mock/vitest';

const KEY = 'matchers';
let mock: Mock;
beforeAll(async () => {
  mock = await createMock({ areas: ['video', 'database'] });
  const send = (target: string, init: RequestInit = {}) =>
    mock.fetch(`${mock.url}${target}`, { ...init, headers: { AccessKey: KEY, 'content-type': 'application/json', ...(init.headers as object) } });
  await send('/library/42/videos', { method: 'POST', body: JSON.stringify({ title: 'Keynot', thumbnailTime: 1500 }) });
  await send('/library/42/videos', { method: 'POST', body: JSON.stringify({ title: 'Keynote' }) });
  await send('/library/42/collections?page=2&itemsPerPage=5');
  await send('/library/7/collections', { method: 'POST', body: JSON.stringify({ name: 'Talks' }) });
  await send('/library/42/videos', { method: 'POST', body: '{"title":9223372036854775807}' }); // a 400, with an int64 beyond 2^53
  const issued = await (await send('/database/my-database/tokens', { method: 'POST', body: '{}' })).json();
  const pipeline = {
    requests: [
      { type: 'execute', stmt: { sql: 'CREATE TABLE audit (what TEXT)' } },
      { type: 'execute', stmt: { sql: "INSERT INTO audit VALUES ('published')" } },
    ],
  };
  await mock.fetch(`${mock.url}/v2/pipeline`, {
    method: 'POST',
    headers: { authorization: `Bearer ${issued.tokens[0].token}` },
    body: JSON.stringify(pipeline),
  });
});
afterAll(() => mock.close());

const namespace = () => mock.namespace(KEY);

const PASSING: [string, string, CallExpectation][] = [
  ['an operation called at all', 'createVideo', {}],
  ['a body matched partially', 'createVideo', { body: { title: 'Keynote' } }],
  ['a body with an asymmetric matcher inside', 'createVideo', { body: { title: expect.stringMatching(/^Key/), thumbnailTime: expect.any(Number) } }],
  ['exactly as many calls as said', 'createVideo', { times: 3 }],
  ['a body matched exactly once', 'createVideo', { body: { title: 'Keynote' }, times: 1 }],
  ['a query and a status', 'listCollections', { query: { page: '2' }, status: 200 }],
  ['path parameters by their declared names', 'createCollection', { params: { libraryId: '7' }, body: { name: 'Talks' } }],
  ['an int64 beyond 2^53, read exactly', 'createVideo', { body: { title: 9223372036854775807n }, status: 400 }],
];

describe('toHaveCalled passes', () => {
  it.each(PASSING)('for %s', async (_name, operationId, expected) => {
    await expect(namespace()).toHaveCalled(operationId, expected);
  });

  it("on a namespace handle, its entries, or the fixture's namespace alike", async () => {
    await expect(namespace().requests()).toHaveCalled('createVideo', { body: { title: 'Keynote' } });
    const { connectNamespace } = await import('@platform-contracts/mock/vitest');
    await expect(connectNamespace(mock.url, KEY, mock.fetch)).toHaveCalled('createVideo', { body: { title: 'Keynote' }, times: 1 });
  });
});

const FAILING: [string, string, CallExpectation, RegExp[]][] = [
  [
    'a body that was never sent, listing the closest call first',
    'createVideo',
    { body: { title: 'Keynote', thumbnailTime: 1500 } },
    [
      /^expected the namespace to have called createVideo with \{"body":\{"title":"Keynote","thumbnailTime":1500\}\}, but it did 0 times\./,
      /What it called instead, closest first \(7 requests\):\n {2}1\. createVideo POST \/library\/42\/videos -> 200 {2}body \{"title":"Keynot","thumbnailTime":1500\} {2}\(differs at body\.title\)\n {2}2\. createVideo POST \/library\/42\/videos -> 200 {2}body \{"title":"Keynote"\} {2}\(differs at body\.thumbnailTime\)/,
    ],
  ],
  [
    'too few calls',
    'createVideo',
    { body: { title: 'Keynote' }, times: 2 },
    [/to have called createVideo with \{"body":\{"title":"Keynote"\}\} 2 times, but it did once\./, /\(matches\)/],
  ],
  [
    'an operation never called, its own calls listed first by arrival',
    'deleteCollection',
    {},
    [/but it did 0 times\.\n.*\n {2}1\. createVideo POST \/library\/42\/videos -> 200 .*\(another operation\)/],
  ],
  [
    'the wrong status',
    'listCollections',
    { status: 404 },
    [/1\. listCollections GET \/library\/42\/collections\?page=2&itemsPerPage=5 -> 200 {2}\(differs at status\)/],
  ],
  ['a query parameter that differs', 'listCollections', { query: { page: '3' } }, [/differs at query\.page/]],
  [
    'an int64 that differs in its last digit',
    'createVideo',
    { body: { title: 9223372036854775806n } },
    [
      /with \{"body":\{"title":9223372036854775806\}\}/,
      /1\. createVideo POST \/library\/42\/videos -> 400 {2}body \{"title":9223372036854775807\} {2}\(differs at body\.title\)/,
    ],
  ],
];

describe('toHaveCalled fails', () => {
  it.each(FAILING)('for %s, saying what was called instead', async (_name, operationId, expected, messages) => {
    const error = await expect(namespace())
      .toHaveCalled(operationId, expected)
      .then(
        () => undefined,
        (thrown: Error) => thrown,
      );
    expect(error, 'the expectation passed').toBeInstanceOf(Error);
    for (const message of messages) expect(error!.message).toMatch(message);
  });

  it('says when the namespace made no request at all', async () => {
    await expect(expect(mock.namespace('silent')).toHaveCalled('createVideo')).rejects.toThrow(
      /but it did 0 times\.\nWhat it called instead, closest first \(0 requests\):\n {2}\(no request at all\)/,
    );
  });

  it('negated, says how often it was called', async () => {
    await expect(namespace()).not.toHaveCalled('deleteCollection');
    await expect(expect(namespace()).not.toHaveCalled('createVideo', { body: { title: 'Keynote' } })).rejects.toThrow(
      'expected the namespace not to have called createVideo with {"body":{"title":"Keynote"}}, but it did once',
    );
  });

  it('refuses a receiver that is not a namespace', async () => {
    await expect(expect({}).toHaveCalled('createVideo')).rejects.toThrow(/take a namespace/);
  });
});

describe('toHaveRunSql', () => {
  it.each([
    ['its text, whitespace aside', 'CREATE  TABLE audit\n (what TEXT)', {}],
    ['a RegExp', /^INSERT INTO audit/, { times: 1 }],
  ] as const)('passes for %s', async (_name, sql, expected) => {
    await expect(namespace()).toHaveRunSql(sql, expected);
  });

  it('fails with the SQL it ran, the closest first', async () => {
    await expect(expect(namespace()).toHaveRunSql('INSERT INTO audit VALUES (?)')).rejects.toThrow(
      /but it did 0 times\.\nThe SQL it ran, closest first:\n {2}1\. INSERT INTO audit VALUES \('published'\)\n {2}2\. CREATE TABLE audit \(what TEXT\)/,
    );
  });
});
