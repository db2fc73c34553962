// What only the HTTP door does (mock/http-server.ts, doors/http-io.ts, doors/access.ts), gathered
// from the tests that otherwise run the mock in process: a body over the limit answered 413 as it
// is read off the socket (announced or streamed, never a reset connection), CORS for a listed
// origin, the health endpoint, the network faults (reset, hang, truncate) played on a real
// socket as a client meets them, and the door's hot path (no promise where nothing waits, kept
// answers sent as bytes encoded once) still checking every request and answer: a planted invalid
// answer and an invalid body are caught, and a kept answer's bytes go only while it is kept; a
// request's headers are read off node's getter once; a long text answer goes on the wire as node:http
// sends it, its text not copied onto its head, head and text in one write to the socket.
import diagnostics from 'node:diagnostics_channel';
import { createServer, IncomingMessage, request } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { PlatformRequestError, PlatformTimeoutError } from '@platform-contracts/client';
import { defineArea, HEALTH_PATH, type RunningMock, type StartMockOptions, startMock } from '@platform-contracts/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoorAnswer } from '../../../packages/mock/src/doors/door.ts';
import { httpDoorSends } from '../../../packages/mock/src/doors/http/http-door.ts';
import { LONG_TEXT, NOSNIFF, send } from '../../../packages/mock/src/doors/http/http-io.ts';
import { GIVEN_AREAS, type GivenAreas } from '../../../packages/mock/src/mock/options.ts';
import { recordedVideoClient } from '../../support/recording-fetch.ts';
import { smallContract } from '../../support/small-contract.ts';

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

describe('the hot path checks every request and answer', () => {
  const Note = { type: 'object', required: ['id', 'text'], additionalProperties: false, properties: { id: { type: 'integer' }, text: { type: 'string' } } };
  const document = smallContract('Notes', {
    '/notes': {
      get: {
        operationId: 'listNotes',
        responses: { '200': { description: 'Notes', content: { 'application/json': { schema: { type: 'array', items: Note } } } } },
      },
      post: {
        operationId: 'addNote',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['text'], additionalProperties: false, properties: { text: { type: 'string', minLength: 1 } } },
            },
          },
        },
        responses: { '201': { description: 'Added', content: { 'application/json': { schema: Note } } }, '400': { description: 'Invalid' } },
      },
    },
  });
  /** The planted mutation: a note with this text is answered with an id of the wrong type, which the contract refuses. */
  const PLANTED = 'plant an invalid answer';
  const calls = { listNotes: 0, addNote: 0 };
  type Notes = { notes: { id: number; text: string }[] };
  const notes = defineArea<'notes', Record<string, never>, Notes>()({
    name: 'notes',
    setup: () => ({
      seed: () => ({ notes: [] }),
      handlers: {
        listNotes(_request: unknown, { state }: { state: Notes }) {
          calls.listNotes++;
          return { status: 200, body: state.notes };
        },
        addNote(request: { body: unknown }, { state }: { state: Notes }) {
          calls.addNote++;
          const { text } = request.body as { text: string };
          if (text === PLANTED) return { status: 201, body: { id: 'one', text } };
          const note = { id: state.notes.length + 1, text };
          state.notes.push(note);
          return { status: 201, body: note };
        },
      },
    }),
  } as never);
  const given: GivenAreas = { definitions: [notes as never], documents: new Map([['notes', document as never]]) };
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ port: 0, [GIVEN_AREAS]: given } as StartMockOptions);
  });
  afterAll(async () => {
    await mock?.close();
  });
  const send = async (method: string, body?: unknown) => {
    const response = await fetch(`${mock.url}/notes`, {
      method,
      headers: { ...auth, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, text: await response.text(), violations: response.headers.get('sl-violations') };
  };

  it('answers a valid POST, refuses the planted invalid answer with a 500 naming the field, and an invalid body with a 400', async () => {
    const before = { ...calls };
    const sendsBefore = httpDoorSends();
    expect(await send('POST', { text: 'first' })).toMatchObject({ status: 201, text: '{"id":1,"text":"first"}' });
    const planted = await send('POST', { text: PLANTED });
    expect(planted.status).toBe(500);
    expect(JSON.parse(planted.text)).toMatchObject({
      title: 'The mock answer breaks the contract',
      violations: [expect.objectContaining({ location: ['response', 'id'] })],
    });
    const invalid = await send('POST', { text: 42 });
    expect(invalid.status).toBe(400);
    expect(invalid.violations).toMatch(/"body","text"/);
    // The handler ran for the valid body and the planted answer only: an invalid body never reaches it.
    expect(calls.addNote - before.addNote).toBe(2);
    // All three were answered on the door's fast path (sent in the turn the body ended, no promise), the mutation caught there.
    const sendsAfter = httpDoorSends();
    expect([sendsAfter.atOnce - sendsBefore.atOnce, sendsAfter.waited - sendsBefore.waited]).toEqual([3, 0]);
  });

  it("reads a request's headers (node builds them on the first read of its getter) once, as a bare server that reads them once", async () => {
    // Node announces each request on this channel before its 'request' event: an own getter on it counts the reads.
    const descriptor = Object.getOwnPropertyDescriptor(IncomingMessage.prototype, 'headers')!;
    let reads = 0;
    const counted = (message: unknown) => {
      const { request } = message as { request: IncomingMessage };
      Object.defineProperty(request, 'headers', {
        get() {
          reads++;
          return descriptor.get!.call(request);
        },
      });
    };
    diagnostics.subscribe('http.server.request.start', counted);
    const bare = createServer((req, res) => {
      const contentType = req.headers['content-type'];
      req.resume().on('end', () => res.writeHead(201, { 'content-type': contentType ?? '' }).end('{}'));
    });
    try {
      await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
      const post = async (url: string) => {
        const before = reads;
        // Its own access key: the notes the other cases read stay as they were.
        const headers = { AccessKey: 'http-door-headers', 'content-type': 'application/json' };
        const response = await fetch(url, { method: 'POST', headers, body: '{"text":"counted"}' });
        expect(response.status).toBe(201);
        await response.text();
        return reads - before;
      };
      const bareReads = await post(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/notes`);
      expect(await post(`${mock.url}/notes`)).toBe(bareReads);
    } finally {
      diagnostics.unsubscribe('http.server.request.start', counted);
      await new Promise((resolve) => bare.close(resolve));
    }
  });

  it("sends a kept answer's bytes again only while it is kept: a write in between runs the handler again", async () => {
    const listed = calls.listNotes;
    const first = await send('GET');
    const again = await send('GET');
    // Two reads of the same state: the handler ran once, the second was the kept answer's bytes.
    expect(calls.listNotes).toBe(listed + 1);
    expect(again).toEqual(first);
    await send('POST', { text: 'second' });
    const after = await send('GET');
    expect(calls.listNotes).toBe(listed + 2);
    expect(JSON.parse(after.text)).toEqual([...JSON.parse(first.text), { id: 2, text: 'second' }]);
  });
});

describe('a long text answer on the socket', () => {
  /** What node:http's socket was given: each write's chunk (the same string as the body or not) and encoding, and how many writes reached the handle. */
  interface Seen {
    writes: { body: boolean; length: number; encoding: string | undefined }[];
    toHandle: number;
  }
  const asciiText = (length: number) => `{"rows":[${'[1,"row",1.5],'.repeat(Math.ceil(length / 14))}`.slice(0, length - 2) + ']}';
  // Each case: the answer's text, the request's method, and how the door must give it to the socket (the text as it is, in
  // this encoding, apart from its head; or joined to its head as node:http joins a short one).
  const cases: [string, { text: string; method: string; given: 'latin1' | 'utf8' | 'joined'; cors?: boolean }][] = [
    ['ASCII, as long as LONG_TEXT', { text: asciiText(LONG_TEXT), method: 'GET', given: 'latin1' }],
    ['ASCII, 111 KB (a 1,000-row select)', { text: asciiText(111_000), method: 'POST', given: 'latin1' }],
    ['beyond ASCII (Latin-1, the BMP, a surrogate pair)', { text: `["é€😀",${asciiText(LONG_TEXT)}]`, method: 'GET', given: 'utf8' }],
    ['one character shorter than LONG_TEXT: joined to its head', { text: asciiText(LONG_TEXT - 1), method: 'GET', given: 'joined' }],
    ['ASCII, to a HEAD request (no body sent)', { text: asciiText(LONG_TEXT * 2), method: 'HEAD', given: 'latin1' }],
    ['ASCII, with the CORS headers of a listed origin', { text: asciiText(LONG_TEXT * 2), method: 'GET', given: 'latin1', cors: true }],
  ];

  /** The raw bytes a server on `handle` sends to one request (Connection: close, so the socket's end ends the answer). */
  async function rawAnswer(handle: (res: import('node:http').ServerResponse) => void, method: string): Promise<Buffer> {
    const server = createServer((req, res) => {
      res.sendDate = false;
      req.resume().on('end', () => handle(res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
      socket.write(`${method} /v2/pipeline HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      await new Promise((resolve) => socket.once('close', resolve));
      return Buffer.concat(chunks);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it.each(cases)(
    'is sent as node:http sends it whole, its text not copied onto its head, in one write to the socket: %s',
    async (_, { text, method, given, cors }) => {
      const common = cors ? { ...NOSNIFF, 'access-control-allow-origin': 'http://localhost:5173', vary: 'Origin' } : NOSNIFF;
      const headers = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) };
      const answer: DoorAnswer = { status: 200, headers, body: text, violations: [] };
      const seen: Seen = { writes: [], toHandle: 0 };
      const door = await rawAnswer((res) => {
        const socket = res.socket!;
        const write = socket.write.bind(socket) as (chunk: unknown, encoding?: unknown, callback?: unknown) => boolean;
        socket.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
          if (typeof chunk === 'string' && chunk.length > 0)
            seen.writes.push({ body: chunk === text, length: chunk.length, encoding: typeof encoding === 'string' ? encoding : undefined });
          return write(chunk, encoding, callback);
        }) as typeof socket.write;
        const counted = socket as unknown as { _write: (...args: unknown[]) => void; _writev: (...args: unknown[]) => void };
        for (const name of ['_write', '_writev'] as const) {
          const inner = counted[name].bind(socket);
          counted[name] = (...args: unknown[]) => {
            seen.toHandle++;
            inner(...args);
          };
        }
        send(res, answer, common);
      }, method);
      const bare = await rawAnswer((res) => res.writeHead(200, { ...common, ...headers }).end(text), method);
      expect(door.equals(bare), 'the same bytes as node:http sends for writeHead + end(text)').toBe(true);
      expect(door.includes(Buffer.from(text))).toBe(method !== 'HEAD');
      expect(seen.toHandle, 'one write reached the socket').toBe(1);
      const body = seen.writes.filter((write) => write.body);
      if (given === 'joined') {
        expect(body).toEqual([]);
        expect(seen.writes.filter((write) => write.length > text.length)).toHaveLength(1);
      } else {
        expect(body).toEqual(method === 'HEAD' ? [] : [{ body: true, length: text.length, encoding: given }]);
        expect(
          seen.writes.filter((write) => write.length > text.length),
          'no write of the head joined to the text',
        ).toEqual([]);
      }
    },
  );
});
