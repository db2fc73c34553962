// A call without middleware goes direct (packages/client/src/internal/direct-call.ts): fetch(url,
// init) with openapi-fetch's serializers, one Request built, by fetch. A call with middleware, or
// with another of openapi-fetch's per-call options (parseAs), goes through openapi-fetch's client.
// Each case is sent both ways, to a fetch that records what it got and answers the case's answer:
// both paths send the same request and give the same result. The direct path is taken (no Request
// reaches fetch) only where no middleware is registered.
import { createDnsClient, createVideoClient, type Middleware, PlatformRequestError, type VideoApiError } from '@platform-contracts/client';
import { describe, expect, it } from 'vitest';

interface Sent {
  /** What fetch was given first: a URL string (direct) or a Request (through openapi-fetch). */
  input: 'url' | 'Request';
  url: string;
  method: string;
  headers: [string, string][];
  body: string;
}

/** A fetch that records each request and answers with `answer()`. */
function recorder(answer: () => Response) {
  const sent: Sent[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const headers: [string, string][] = [];
    request.headers.forEach((value, name) => name !== 'content-length' && headers.push([name, value]));
    sent.push({
      input: typeof input === 'string' ? 'url' : 'Request',
      url: request.url,
      method: request.method,
      headers,
      body: await request.text(),
    });
    return answer();
  };
  return { fetch: fetchImpl, sent };
}

/** Middleware that changes nothing: its presence alone sends the call through openapi-fetch's client. */
const passThrough: Middleware = { onRequest: () => undefined };

const json = (body: unknown, status = 200) => Response.json(body, { status });
const LIST = '/library/{libraryId}/collections';
const ONE = '/library/{libraryId}/collections/{collectionId}';

type Video = ReturnType<typeof createVideoClient>;
interface Case {
  name: string;
  answer: () => Response;
  call: (video: Video) => Promise<unknown>;
}

const cases: Case[] = [
  {
    name: 'GET with path and query parameters, a JSON answer',
    answer: () => json({ totalItems: 0, currentPage: 1, itemsPerPage: 10, items: [] }),
    call: (video) => video.GET(LIST, { params: { path: { libraryId: 42 }, query: { page: 2, search: 'a b&c', orderBy: 'date' } } }),
  },
  {
    name: 'GET with headers of its own, one of them removed with null, and an AbortSignal',
    answer: () => json({ guid: 'g' }),
    call: (video) =>
      video.GET(ONE, {
        params: { path: { libraryId: 1, collectionId: 'a/b' } },
        headers: { 'X-Trace': 't-1', 'user-agent': 'mine/1.0', 'X-Gone': null } as unknown as Record<string, string>,
        signal: new AbortController().signal,
      }),
  },
  {
    name: 'POST with a JSON body (Content-Type added)',
    answer: () => json({ guid: 'g', name: 'n' }),
    call: (video) => video.POST(LIST, { params: { path: { libraryId: 1 } }, body: { name: 'n' } }),
  },
  {
    name: 'POST whose Content-Type is the caller’s (form-urlencoded: the body serialized as a form)',
    answer: () => json({ guid: 'g' }),
    call: (video) =>
      video.POST(LIST, { params: { path: { libraryId: 1 } }, body: { name: 'n' }, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }),
  },
  {
    name: 'DELETE answered 204 with no body',
    answer: () => new Response(null, { status: 204 }),
    call: (video) => video.DELETE(ONE, { params: { path: { libraryId: 1, collectionId: 'c' } } }),
  },
  {
    name: 'a text/plain answer',
    answer: () => new Response('plain words', { headers: { 'content-type': 'text/plain' } }),
    call: (video) => video.GET(ONE, { params: { path: { libraryId: 1, collectionId: 'c' } } }),
  },
  {
    name: 'a failure with a JSON error body',
    answer: () => json({ Message: 'no such library', ErrorKey: 'library.not_found' }, 400),
    call: (video) => video.GET(LIST, { params: { path: { libraryId: 9 } }, retry: false }),
  },
  {
    name: 'a failure with a text error body',
    answer: () => new Response('upstream said no', { status: 403, headers: { 'content-type': 'text/plain' } }),
    call: (video) => video.GET(LIST, { params: { path: { libraryId: 9 } } }),
  },
  {
    name: 'a failure with an empty body',
    answer: () => new Response(null, { status: 404 }),
    call: (video) => video.GET(LIST, { params: { path: { libraryId: 9 } } }),
  },
  {
    name: 'a success whose JSON cannot be read',
    answer: () => new Response('{"items": [', { headers: { 'content-type': 'application/json' } }),
    call: (video) => video.GET(LIST, { params: { path: { libraryId: 1 } } }),
  },
  {
    name: 'a time limit and retries of its own (set up per call, then sent direct)',
    answer: () => json({ totalItems: 0, currentPage: 1, itemsPerPage: 10, items: [] }),
    call: (video) => video.GET(LIST, { params: { path: { libraryId: 1 } }, timeoutMs: 5_000, retry: { retries: 1 } }),
  },
];

/** What a call gave: its data, its raw error body, its failure (class, status, body, message), or what it threw. */
async function outcome(call: Promise<unknown>) {
  try {
    const { data, error, failure, response } = (await call) as { data?: unknown; error?: unknown; failure?: VideoApiError; response: Response };
    return { data, error, status: response.status, failure: failure && [failure.constructor.name, failure.status, failure.body, failure.message] };
  } catch (thrown) {
    return { thrown: thrown instanceof PlatformRequestError ? [thrown.name, thrown.message] : String(thrown) };
  }
}

function sendBothWays(testCase: Case) {
  const direct = recorder(testCase.answer);
  const viaClient = recorder(testCase.answer);
  const options = { accessKey: 'k', baseUrl: 'http://api.test', headers: { 'X-Client': 'c' } };
  return {
    direct,
    viaClient,
    results: Promise.all([
      outcome(testCase.call(createVideoClient({ ...options, fetch: direct.fetch }))),
      outcome(testCase.call(createVideoClient({ ...options, fetch: viaClient.fetch, middleware: [passThrough] }))),
    ]),
  };
}

describe('a call sent direct and through openapi-fetch', () => {
  it.each(cases)('$name: the same request and the same result', async (testCase) => {
    const { direct, viaClient, results } = sendBothWays(testCase);
    const [directResult, clientResult] = await results;
    expect(directResult).toEqual(clientResult);
    expect(direct.sent.map(({ input, ...request }) => request)).toEqual(viaClient.sent.map(({ input, ...request }) => request));
    expect(direct.sent.map((request) => request.input)).toEqual(['url']);
    expect(viaClient.sent.map((request) => request.input)).toEqual(['Request']);
  });

  it('serializes a string body as openapi-fetch does (as JSON, unless a serializer of its own is given), both ways', async () => {
    const zone = 'www 3600 IN A 192.0.2.10';
    const answer = () => json({ RecordsSuccessful: 1, RecordsFailed: 0, RecordsSkipped: 0 });
    const sent = [];
    for (const middleware of [[], [passThrough]]) {
      const server = recorder(answer);
      const dns = createDnsClient({ accessKey: 'k', baseUrl: 'http://api.test', fetch: server.fetch, middleware });
      const { data } = await dns.POST('/dnszone/{zoneId}/import', { params: { path: { zoneId: 7 } }, body: zone, headers: { 'Content-Type': 'text/plain' } });
      expect(data).toEqual({ RecordsSuccessful: 1, RecordsFailed: 0, RecordsSkipped: 0 });
      sent.push(server.sent.map(({ input, ...request }) => request));
    }
    expect(sent[0]).toEqual(sent[1]);
    expect(sent[0]![0]!.body).toBe(JSON.stringify(zone));
  });

  it("lets the client's headers replace its User-Agent whatever their case, both ways", async () => {
    const sent = [];
    for (const middleware of [[], [passThrough]]) {
      const server = recorder(() => json({ totalItems: 0, currentPage: 1, itemsPerPage: 10, items: [] }));
      const video = createVideoClient({ accessKey: 'k', baseUrl: 'http://api.test', fetch: server.fetch, headers: { 'user-agent': 'app/2' }, middleware });
      await video.GET(LIST, { params: { path: { libraryId: 1 } } });
      sent.push(server.sent.map(({ input, ...request }) => request));
    }
    expect(sent[0]).toEqual(sent[1]);
    expect(new Headers(sent[0]![0]!.headers).get('user-agent')).toBe('app/2');
  });
});

describe('which way a call goes', () => {
  const answer = () => json({ totalItems: 0, currentPage: 1, itemsPerPage: 10, items: [] });

  it('through openapi-fetch while middleware is registered (use), direct again once it is ejected', async () => {
    const server = recorder(answer);
    const video = createVideoClient({ accessKey: 'k', baseUrl: 'http://api.test', fetch: server.fetch });
    const seen: unknown[] = [];
    const watching: Middleware = { onRequest: ({ request }) => void seen.push(request) };
    await video.GET(LIST, { params: { path: { libraryId: 1 } } });
    video.use(watching);
    await video.GET(LIST, { params: { path: { libraryId: 1 } } });
    video.eject(watching);
    await video.GET(LIST, { params: { path: { libraryId: 1 } } });
    expect(server.sent.map((request) => request.input)).toEqual(['url', 'Request', 'url']);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeInstanceOf(Request);
  });

  it('through openapi-fetch with per-call middleware or parseAs, which it keeps as openapi-fetch does', async () => {
    const server = recorder(answer);
    const video = createVideoClient({ accessKey: 'k', baseUrl: 'http://api.test', fetch: server.fetch });
    await video.GET(LIST, { params: { path: { libraryId: 1 } }, middleware: [passThrough] });
    const { data } = await video.GET(LIST, { params: { path: { libraryId: 1 } }, parseAs: 'text' });
    expect(server.sent.map((request) => request.input)).toEqual(['Request', 'Request']);
    expect(data).toBe(JSON.stringify({ totalItems: 0, currentPage: 1, itemsPerPage: 10, items: [] }));
  });

  it('retries a direct call as it retries one through openapi-fetch (503, then 200)', async () => {
    for (const middleware of [[], [passThrough]]) {
      const statuses = [503, 200];
      const server = recorder(() => json({ totalItems: 0, currentPage: 1, itemsPerPage: 10, items: [] }, statuses.shift()));
      const video = createVideoClient({ accessKey: 'k', baseUrl: 'http://api.test', fetch: server.fetch, retry: { baseDelayMs: 0 }, middleware });
      const { data } = await video.GET(LIST, { params: { path: { libraryId: 1 } } });
      expect(data).toBeDefined();
      expect(server.sent).toHaveLength(2);
    }
  });
});
