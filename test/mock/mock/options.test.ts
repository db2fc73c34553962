// The mock's options as a product, in process (mock.fetch): Prefer (code, example, dynamic), seeds
// and the body limit. CORS and the health endpoint are the HTTP door's
// (test/mock/doors/http-door.test.ts); the CLI's JSON request logs, start-up time and clean
// shutdown on SIGTERM are in test/mock/cli/cli.test.ts.
import type { AreaName } from '@platform-contracts/contracts';
import { createMock, type Mock, type MockOptions } from '@platform-contracts/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBundle, operationsOf, resolveRef, validateAnswer } from '../../support/openapi.ts';

const auth = { AccessKey: 'options-test-key' };
const collectionsPath = '/library/7/collections';

/** The named example of an operation's 200 answer, read from the contract. */
function contractExample(area: AreaName, operationId: string, name: string): unknown {
  const entry = operationsOf(area).find((op) => op.operationId === operationId)!;
  const document = loadBundle(area);
  const examples = resolveRef(document, entry.source.responses['200']).content['application/json'].examples;
  return resolveRef(document, examples[name]).value;
}

async function withMock<T>(options: MockOptions, use: (mock: Mock) => Promise<T>): Promise<T> {
  const mock = await createMock({ areas: ['video'], ...options });
  try {
    return await use(mock);
  } finally {
    await mock.close();
  }
}

describe('Prefer header', () => {
  let mock: Mock;
  beforeAll(async () => {
    mock = await createMock({ areas: ['video'] });
  });
  afterAll(() => mock?.close());

  const get = (prefer: string, url = collectionsPath) => mock.fetch(`${mock.url}${url}`, { headers: { ...auth, Prefer: prefer } });

  it('code= answers the documented status', async () => {
    const response = await get('code=404', `${collectionsPath}/any-collection`);
    expect(response.status).toBe(404);
  });

  it('example= answers the named example of the contract', async () => {
    const response = await get('example=firstPage');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(contractExample('video', 'listCollections', 'firstPage'));
  });

  it('dynamic=true answers a generated body that the contract allows', async () => {
    const response = await get('dynamic=true');
    const body = await response.json();
    expect(response.status).toBe(200);
    expect(validateAnswer('video', 'listCollections', 200, body)).toEqual([]);
    expect(body).not.toEqual(contractExample('video', 'listCollections', 'firstPage'));
  });

  it('answers 422 with a problem body for a Prefer header it cannot read', async () => {
    const response = await get('code=abc');
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ status: 422, title: 'Invalid Prefer header' });
  });
});

describe('dynamic answers with a seed', () => {
  const generated = (seed: string) =>
    withMock({ dynamic: true, seed }, async (mock) => {
      const response = await mock.fetch(`${mock.url}${collectionsPath}`, { headers: { ...auth, Prefer: 'dynamic=true' } });
      return response.json();
    });

  it('repeat for the same seed and differ for another', async () => {
    const [first, again, other] = [await generated('seed-a'), await generated('seed-a'), await generated('seed-b')];
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
  });
});

describe('maxBodyBytes', () => {
  const limit = 200;
  const post = (mock: Mock, bytes: number) =>
    mock.fetch(`${mock.url}/library/1/videos`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x'.repeat(bytes - '{"title":""}'.length) }),
    });

  it('answers 413 with a problem body above the limit and accepts a body at the limit', () =>
    withMock({ maxBodyBytes: limit }, async (mock) => {
      const over = await post(mock, limit + 1);
      expect(over.status).toBe(413);
      expect(await over.json()).toEqual({
        type: 'about:blank',
        title: 'Request body too large',
        status: 413,
        detail: `The mock accepts bodies of at most ${limit} bytes here; the option maxBodyBytes (--max-body-bytes) raises it.`,
      });
      expect((await post(mock, limit)).status).toBe(200);
    }));
});
