// What only the HTTP door does (mock/http-server.ts, doors/http-io.ts, doors/access.ts), gathered
// from the tests that otherwise run the mock in process: a body over the limit answered 413 as it
// is read off the socket (announced or streamed, never a reset connection), CORS for a listed
// origin, the health endpoint, and the network faults (reset, hang, truncate) played on a real
// socket as a client meets them.
import { request } from 'node:http';
import { PlatformRequestError, PlatformTimeoutError } from '@platform-contracts/client';
import { HEALTH_PATH, type RunningMock, type StartMockOptions, startMock } from '@platform-contracts/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedVideoClient } from '../../support/recording-fetch.ts';

const MAX_BODY_BYTES = 64 * 1024;
const auth = { AccessKey: 'http-door' };
const collectionsPath = '/library/7/collections';

async function withMock<T>(options: StartMockOptions, use: (mock: RunningMock) => Promise<T>): Promise<T> {
  const mock = await startMock({ port: 0, areas: ['video'], ...options });
  try {
    return await use(mock);
  } finally {
    await mock.close();
  }
}

const isProblem = (body: { type?: unknown; title?: unknown; status?: unknown; detail?: unknown }, status: number) =>
  typeof body.type === 'string' && typeof body.title === 'string' && body.status === status && typeof body.detail === 'string';

describe('a body over the limit', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ port: 0, areas: ['video'], maxBodyBytes: MAX_BODY_BYTES });
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('answers 413 to every one of 10 uploads of about 2 MB with a Content-Length, none reset', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024, 'x');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(`${mock.url}/library/1/videos`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: new Uint8Array(big),
        }).then((r) => r.status),
      ),
    );
    expect(answers).toEqual(Array(10).fill(413));
  });

  it('answers 413 with a problem body to a node:http upload that announced its length', async () => {
    const { hostname, port } = new URL(mock.url);
    const body = Buffer.alloc(MAX_BODY_BYTES * 4, 'x');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          hostname,
          port,
          path: '/library/1/videos',
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json', 'content-length': body.length },
        },
        (res) => {
          res.resume();
          res.once('end', () => resolve(res.statusCode!));
        },
      );
      req.once('error', reject);
      req.end(body);
    });
    expect(status).toBe(413);
  });

  it('answers 413 for a streamed body without a length that goes over the limit', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_BODY_BYTES * 2) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${mock.url}/library/1/videos`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(isProblem(await response.json(), 413)).toBe(true);
  });
});

describe('CORS', () => {
  it('answers a preflight from a listed origin and marks its answers readable by that origin only (never *)', () =>
    withMock({ corsOrigins: ['http://app.example'] }, async (mock) => {
      const preflight = await fetch(`${mock.url}/library/1/videos`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://app.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'accesskey, content-type' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
      expect(preflight.headers.get('access-control-allow-headers')!.split(', ')).toEqual(expect.arrayContaining(['accesskey', 'content-type']));
      expect(preflight.headers.get('access-control-allow-origin')).toBe('http://app.example');

      const answers = [
        await fetch(`${mock.url}${collectionsPath}`, { headers: { ...auth, Origin: 'http://app.example' } }),
        await fetch(`${mock.url}/nowhere`, { headers: { Origin: 'http://app.example' } }),
      ];
      for (const answer of answers) expect(answer.headers.get('access-control-allow-origin')).toBe('http://app.example');
      const other = await fetch(`${mock.url}${collectionsPath}`, { headers: { ...auth, Origin: 'http://other.example' } });
      expect(other.status).toBe(403);
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    }));
});

describe(`health endpoint ${HEALTH_PATH}`, () => {
  it('answers 200 with the areas served, and 405 to other methods', () =>
    withMock({}, async (mock) => {
      const health = await fetch(`${mock.url}${HEALTH_PATH}`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok', areas: ['video'], operations: mock.operations.length });
      const post = await fetch(`${mock.url}${HEALTH_PATH}`, { method: 'POST' });
      expect(post.status).toBe(405);
      expect(post.headers.get('content-type')).toBe('application/problem+json');
    }));
});

describe('network faults on a real socket', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ port: 0, areas: ['video'] });
  });
  afterAll(async () => {
    await mock?.close();
  });
  const collections = { params: { path: { libraryId: 42 } } };
  let keys = 0;
  /** A fresh namespace with one network fault on listCollections. */
  const faulted = (network: 'reset' | 'hang' | 'truncate', count?: number) => {
    const key = `http-fault-${++keys}`;
    mock.namespace(key).fault({ operationId: 'listCollections', network, ...(count === undefined ? {} : { count }) });
    return key;
  };
  const attemptsOf = (accessKey: string, options: { retry?: false; timeoutMs?: number } = {}) => recordedVideoClient(fetch, mock.url, accessKey, options);

  it('resets the connection: the client retries a GET past it', async () => {
    const { client, attempts } = attemptsOf(faulted('reset', 1));
    const { data } = await client.GET('/library/{libraryId}/collections', collections);
    expect(data?.items).toBeDefined();
    expect(attempts).toEqual(['network', 200]);
  });

  it('resets the connection: without retries the call fails with a PlatformRequestError', async () => {
    const { client } = attemptsOf(faulted('reset'), { retry: false });
    await expect(client.GET('/library/{libraryId}/collections', collections)).rejects.toThrow(PlatformRequestError);
  });

  it("hangs until the client's timeout", async () => {
    const { client } = attemptsOf(faulted('hang', 1), { retry: false, timeoutMs: 50 });
    await expect(client.GET('/library/{libraryId}/collections', collections)).rejects.toThrow(PlatformTimeoutError);
  });

  it('truncates the body: reading it fails', async () => {
    const response = await fetch(`${mock.url}/library/42/collections`, { headers: { AccessKey: faulted('truncate', 1) } });
    expect(response.status).toBe(200);
    await expect(response.json()).rejects.toThrow();
  });
});
