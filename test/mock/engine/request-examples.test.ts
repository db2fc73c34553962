// Every request example of every contract succeeds against a fresh mock: each example runs in a
// namespace of its own (its own access key, and for the database its own tokens), so that no
// example leans on state another one left. A pipeline example succeeds when every one of its
// results is `ok`. Continuations (a baton) are a second step in the docs, never an example
// of their own, since no fresh server gave that baton out.

import { createMock, type Mock } from '@platform-contracts/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOperationEntries, deref, exactJson, firstExample, type OperationEntry, parametersOf, parameterText } from '../../support/allowed-values.ts';
import { loadBundle, validateAnswer } from '../../support/openapi.ts';

let mock: Mock;
beforeAll(async () => {
  mock = await createMock();
});
afterAll(async () => {
  await mock?.close();
});

interface Case {
  entry: OperationEntry;
  name: string;
  mediaType?: string;
  body?: unknown;
}

function casesOf(entry: OperationEntry): Case[] {
  const document = loadBundle(entry.area);
  const content = deref(document, entry.operation.requestBody)?.content;
  if (!content) return [{ entry, name: 'no body' }];
  return Object.entries<any>(content).flatMap(([mediaType, media]) => {
    const named = Object.entries<any>(media.examples ?? {}).map(([name, example]) => ({
      entry,
      name: `${mediaType} ${name}`,
      mediaType,
      body: deref(document, example).value,
    }));
    return 'example' in media ? [...named, { entry, name: `${mediaType} example`, mediaType, body: media.example }] : named;
  });
}

let fresh = 0;
async function tokensFor(accessKey: string): Promise<string> {
  const response = await mock.fetch(`${mock.url}/database/my-database/tokens`, {
    method: 'POST',
    headers: { AccessKey: accessKey, 'content-type': 'application/json' },
    body: '{"kinds":["full_access"]}',
  });
  return ((await response.json()) as { tokens: { token: string }[] }).tokens[0]!.token;
}

async function run({ entry, mediaType, body }: Case) {
  const document = loadBundle(entry.area);
  const accessKey = `example-${++fresh}`;
  const parameters = parametersOf(entry);
  const target = entry.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(
      parameterText(
        firstExample(
          document,
          parameters.find((p) => p.name === name),
        ),
      ),
    ),
  );
  const headers: Record<string, string> = { AccessKey: accessKey, authorization: `Bearer ${await tokensFor(accessKey)}` };
  if (mediaType) headers['content-type'] = mediaType.replace('*', 'vnd.example');
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : exactJson(body);
  const response = await mock.fetch(`${mock.url}${target}`, { method: entry.method.toUpperCase(), headers, body: payload });
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
}

/** A request example a 4xx answer pairs with by name breaks the request on purpose (test/openapi/contracts.test.ts sends it). */
const negative = ({ entry, name }: Case) =>
  Object.entries<any>(entry.operation.responses ?? {}).some(
    ([status, response]) =>
      status.startsWith('4') &&
      Object.values<any>(deref(loadBundle(entry.area), response)?.content ?? {}).some((media) => name.split(' ').at(-1)! in (media.examples ?? {})),
  );
const cases = allOperationEntries()
  .flatMap(casesOf)
  .filter((example) => !negative(example));

describe('request examples', () => {
  it.each(cases.map((c) => [`${c.entry.operationId}: ${c.name}`, c] as const))('%s succeeds against a fresh mock', async (_name, example) => {
    const answer = await run(example);
    expect(answer.status, answer.text).toBeLessThan(300);
    const lines = answer.contentType.startsWith('application/json')
      ? [answer.text]
      : example.entry.operationId === 'runCursor'
        ? answer.text.trim().split('\n')
        : [];
    const failed = lines.flatMap((line) => {
      const value = JSON.parse(line) as { results?: { type: string; error?: unknown }[]; type?: string };
      return [...(value.results ?? []), value].filter((result) => ['error', 'step_error'].includes(result.type ?? '')).map((result) => JSON.stringify(result));
    });
    expect(failed).toEqual([]);
    if (answer.contentType.startsWith('application/json'))
      expect(validateAnswer(example.entry.area, example.entry.operationId, answer.status, JSON.parse(answer.text))).toEqual([]);
  });

  it('no request example carries a baton', () => {
    expect(
      cases
        .filter((c) => typeof c.body === 'object' && c.body !== null && typeof (c.body as { baton?: unknown }).baton === 'string')
        .map((c) => `${c.entry.operationId}: ${c.name}`),
    ).toEqual([]);
  });
});
