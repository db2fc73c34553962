// No secret leaves the client through a side route: a server that echoes the access key back
// (in the error body, in its request ID header, URL-encoded) and a network error that carries
// it are redacted in messages, `cause`, raw `error` bodies, `util.inspect` and JSON.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import {
  ClientConfigError,
  createDatabaseTokens,
  createDatabaseTokensClient,
  createPlatformClient,
  createVideoClient,
  DatabaseTokensApiError,
  PlatformRequestError,
  VideoApiError,
} from '@platform-contracts/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SECRET = 'sk/live+7f3c2a very secret';
let server: Server;
let baseUrl = '';

beforeAll(async () => {
  // Answers every request 400 (404 for token paths), echoing the AccessKey header everywhere it can.
  server = createServer((request, response) => {
    const key = String(request.headers.accesskey ?? '');
    const status = request.url?.includes('/tokens') ? 404 : 400;
    response.writeHead(status, { 'content-type': 'application/json', 'x-request-id': `req-${key}` });
    response.end(
      JSON.stringify({
        success: false,
        statusCode: status,
        message: `bad key ${key}`,
        error_key: 'database.not_found',
        echoed: { [key]: encodeURIComponent(key), list: [key] },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});

/** Every way an error can be shown or logged. */
const renderings = (value: unknown) => [
  String(value),
  (value as Error).message ?? '',
  (value as Error).stack ?? '',
  inspect(value, { depth: Infinity, showHidden: true }),
  JSON.stringify(value),
];
const expectNoSecret = (...values: unknown[]) => {
  for (const value of values) {
    for (const text of renderings(value)) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(encodeURIComponent(SECRET));
    }
  }
};

describe('a server that echoes the access key', () => {
  it('is redacted in failure, its body, its request id, the raw error body, inspect and JSON', async () => {
    const video = createVideoClient({ accessKey: SECRET, baseUrl });
    const result = await video.POST('/library/{libraryId}/videos', { params: { path: { libraryId: 1 } }, body: { title: 't' } });
    expect(result.failure).toBeInstanceOf(VideoApiError);
    expect(result.failure?.message).toBe('POST /library/1/videos answered 400: bad key [redacted] (request req-[redacted])');
    expect(result.failure?.requestId).toBe('req-[redacted]');
    expect(result.error).toMatchObject({ message: 'bad key [redacted]', echoed: { '[redacted]': '[redacted]', list: ['[redacted]'] } });
    expectNoSecret(result.failure, result.error, JSON.parse(JSON.stringify(result.failure)));
  });

  it('is redacted in the error thrown with throwOnError', async () => {
    const platform = createPlatformClient({ accessKey: SECRET, videoBaseUrl: baseUrl, throwOnError: true });
    const thrown = await platform.video.GET('/library/{libraryId}/collections', { params: { path: { libraryId: 1 } } }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(VideoApiError);
    expectNoSecret(thrown);
  });

  it("is redacted in a helper's error (database tokens), which is the area's one error class", async () => {
    const tokens = createDatabaseTokensClient({ accessKey: SECRET, baseUrl });
    const thrown = await createDatabaseTokens(tokens, 'my-database').catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(DatabaseTokensApiError);
    expect(thrown).toMatchObject({ status: 404, errorKey: 'database.not_found', message: expect.stringContaining('bad key [redacted]') });
    expectNoSecret(thrown);
  });
});

describe('a network error that carries the key', () => {
  it('is redacted in the message and in every cause, which keeps its name and code', async () => {
    const leaky: typeof fetch = async () => {
      throw new TypeError(`fetch failed for ${SECRET}`, { cause: Object.assign(new Error(`connect ECONNREFUSED ${SECRET}`), { code: 'ECONNREFUSED' }) });
    };
    const video = createVideoClient({ accessKey: SECRET, baseUrl, fetch: leaky, retry: false });
    const error = await video.GET('/library/{libraryId}/collections', { params: { path: { libraryId: 1 } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformRequestError);
    expect((error as Error).message).toBe('GET /library/1/collections failed: fetch failed for [redacted]');
    const cause = (error as Error).cause as Error & { cause: Error & { code: string } };
    expect(cause).toMatchObject({ name: 'TypeError', message: 'fetch failed for [redacted]' });
    expect(cause.cause).toMatchObject({ message: 'connect ECONNREFUSED [redacted]', code: 'ECONNREFUSED' });
    expectNoSecret(error);
  });
});

describe('a header fetch refuses', () => {
  it.each([
    ['an access key with a line break', { accessKey: `${SECRET}\nX-Injected: 1` }],
    ['a header name with a space', { accessKey: SECRET, headers: { 'bad name': 'x' } }],
    ['a header value with a line break', { accessKey: SECRET, headers: { 'X-Tag': 'a\r\nb' } }],
  ])('%s: a ClientConfigError when the client is made, without the key', (_name, options) => {
    const error = (() => {
      try {
        createVideoClient({ ...options, baseUrl: 'http://api.example.test' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ClientConfigError);
    expect((error as Error).message).toMatch(/^createVideoClient: Headers\.\w+: .* is an invalid header (name|value)/s);
    for (const text of renderings(error)) expect(text).not.toContain('very secret');
  });

  it('a header set to undefined or null is left out, as before', () => {
    expect(() =>
      createVideoClient({ accessKey: SECRET, baseUrl: 'http://api.example.test', headers: { 'X-A': undefined, 'X-B': null } as never }),
    ).not.toThrow();
  });
});

describe('credentials in a base URL', () => {
  it('are refused without being echoed', () => {
    for (const url of ['http://user:hunter2-secret@api.example.test', 'ftp://user:hunter2-secret@api.example.test']) {
      const error = (() => {
        try {
          createVideoClient({ accessKey: 'k', baseUrl: url });
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ClientConfigError);
      for (const text of renderings(error)) expect(text).not.toContain('hunter2-secret');
    }
  });
});
