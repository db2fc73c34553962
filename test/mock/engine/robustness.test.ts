// Bad input against every operation the mock serves: random bodies, wrong types, huge strings,
// deep nesting, invalid JSON, wrong content types, oversized bodies, random paths and methods.
// (Load runs live in bench/mock.ts.) In process (mock.fetch): a streamed body over the limit at
// the HTTP door is in test/mock/doors/http-door.test.ts.
// Every answer is a 4xx with the operation's documented error body, or a problem body from the
// mock itself (404, 405, 413, 415, 422); never a 5xx or a hang. Then a bounded load run.

import { createMock, type Mock } from '@platform-contracts/mock';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, listAreas, loadBundle, type Operation, operationsOf, resolveRef, validateAnswer } from '../../support/openapi.ts';

// A fixed seed, so that every run (and CI) tries the same inputs and a failure can be repeated;
// set FAST_CHECK_SEED to another number to explore further inputs.
fc.configureGlobal({ seed: Number(process.env.FAST_CHECK_SEED ?? 20261121) });

const MAX_BODY_BYTES = 256 * 1024;
const REQUEST_TIMEOUT_MS = 5_000;
const RUNS_PER_OPERATION = 60;
/** Statuses the mock answers itself, with a problem body, when no operation answers. */
const MOCK_PROBLEM_STATUSES = [404, 405, 406, 413, 415, 422];

let mock: Mock;
beforeAll(async () => {
  // The pipeline has a limit of its own (maxPipelineBodyBytes): the same here, so that every operation has one.
  mock = await createMock({ maxBodyBytes: MAX_BODY_BYTES, database: { maxPipelineBodyBytes: MAX_BODY_BYTES } });
});
afterAll(async () => {
  await mock?.close();
});

const served = listAreas().flatMap((area) => operationsOf(area));

interface Sent {
  status: number;
  contentType: string;
  text: string;
}

async function send(method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}): Promise<Sent> {
  const response = await mock.fetch(`${mock.url}${path}`, { method, ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
}

/** Credentials that pass the operation's security scheme, so that validation is reached. */
function credentials(entry: Operation): Record<string, string> {
  const document = loadBundle(entry.area);
  const requirement = (entry.source.security ?? document.security ?? [])[0] ?? {};
  const headers: Record<string, string> = {};
  for (const name of Object.keys(requirement)) {
    const scheme = document.components.securitySchemes[name];
    if (scheme.type === 'http' && scheme.scheme === 'bearer') headers.authorization = `Bearer ${mock.areas.database.fullAccessToken}`;
    else if (scheme.type === 'apiKey' && scheme.in === 'header') headers[scheme.name] = 'robustness-test-key';
  }
  return headers;
}

const concretePath = (entry: Operation) => entry.path.replace(/\{[^}]+\}/g, '1');

function requestBodySchema(entry: Operation): { contentTypes: string[]; properties: string[] } {
  const document = loadBundle(entry.area);
  const body = resolveRef(document, entry.source.requestBody);
  const contentTypes = Object.keys(body?.content ?? {});
  const schema = resolveRef(document, body?.content?.[contentTypes[0] ?? '']?.schema);
  return { contentTypes, properties: Object.keys(schema?.properties ?? {}) };
}

function queryNames(entry: Operation): string[] {
  const document = loadBundle(entry.area);
  return (entry.source.parameters ?? [])
    .map((p: Json) => resolveRef(document, p))
    .filter((p: Json) => p.in === 'query')
    .map((p: Json) => p.name);
}

const isProblem = (body: Json, status: number) =>
  typeof body?.type === 'string' && typeof body?.title === 'string' && body?.status === status && typeof body?.detail === 'string';

const parse = (text: string): Json => {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** The answer is one the contract documents for the operation, or the mock's own problem body. */
function expectDocumentedAnswer(entry: Operation, answer: Sent) {
  expect(answer.status, answer.text.slice(0, 500)).toBeLessThan(500);
  const body = parse(answer.text);
  if (answer.contentType.startsWith('application/problem+json') && MOCK_PROBLEM_STATUSES.includes(answer.status)) {
    expect(isProblem(body, answer.status), answer.text.slice(0, 500)).toBe(true);
    return;
  }
  expect(validateAnswer(entry.area, entry.operationId, answer.status, body, answer.contentType || 'application/json')).toEqual([]);
}

/** A bad request for an operation: the body, its content type and the query string vary. */
function badRequest(entry: Operation) {
  const { contentTypes, properties } = requestBodySchema(entry);
  const names = properties.length > 0 ? properties : ['name'];
  const wrongValue = fc.oneof(
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.string(),
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.object({ maxDepth: 2 }),
  );
  const json = (value: unknown) => JSON.stringify(value);
  const body = fc.oneof(
    fc.jsonValue({ maxDepth: 3 }).map(json),
    fc.dictionary(fc.constantFrom(...names), wrongValue).map(json),
    fc.dictionary(fc.string({ maxLength: 8 }), wrongValue, { maxKeys: 4 }).map(json),
    fc
      .integer({ min: 10_000, max: MAX_BODY_BYTES - 100 })
      .map((n) => described(`{"${names[0]}": a string of ${n} characters}`, json({ [names[0]!]: 'x'.repeat(n) }))),
    fc
      .integer({ min: 100, max: 5_000 })
      .map((depth) => described(`{"${names[0]}": arrays nested ${depth} deep}`, `{"${names[0]}":${'['.repeat(depth)}${']'.repeat(depth)}}`)),
    fc.string({ maxLength: 40 }).filter((text) => !isJson(text)),
  );
  const contentType = fc.constantFrom(
    ...contentTypes,
    'application/json',
    'text/plain',
    'application/xml',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
    'application/json; charset=utf-16',
  );
  const query = fc.dictionary(fc.constantFrom(...queryNames(entry), 'unknown'), fc.string({ maxLength: 12 }), { maxKeys: 3 });
  return fc.record({ body, contentType, query });
}

/** A long body that fast-check reports by its description instead of its text. */
function described(description: string, text: string): string {
  return Object.assign(new String(text), { [fc.toStringMethod]: () => description }) as unknown as string;
}

function isJson(text: string) {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe('bad input to every operation', () => {
  it.each(served.map((entry) => [`${entry.area} ${entry.operationId}`, entry] as const))(
    '%s: answers with a documented body, never a 5xx',
    async (_name, entry) => {
      await fc.assert(
        fc.asyncProperty(badRequest(entry), async ({ body, contentType, query }) => {
          const search = new URLSearchParams(query).toString();
          const answer = await send(entry.method.toUpperCase(), `${concretePath(entry)}${search ? `?${search}` : ''}`, {
            headers: { ...credentials(entry), 'content-type': contentType },
            ...(entry.method === 'get' || entry.method === 'head' ? {} : { body: String(body) }),
          });
          expectDocumentedAnswer(entry, answer);
        }),
        { numRuns: RUNS_PER_OPERATION, endOnFailure: true },
      );
    },
  );

  const withBody = served.filter((entry) => entry.source.requestBody);

  it.each(withBody.map((entry) => [`${entry.area} ${entry.operationId}`, entry] as const))(
    '%s: answers 400-range for a body that is not JSON',
    async (_name, entry) => {
      const [contentType = 'application/json'] = requestBodySchema(entry).contentTypes.filter((type) => type.includes('json'));
      const answer = await send(entry.method.toUpperCase(), concretePath(entry), {
        headers: { ...credentials(entry), 'content-type': contentType },
        body: '{"unterminated":',
      });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expectDocumentedAnswer(entry, answer);
    },
  );

  it.each(withBody.map((entry) => [`${entry.area} ${entry.operationId}`, entry] as const))(
    '%s: answers 413 for a body over the limit',
    async (_name, entry) => {
      const oversized = JSON.stringify({ padding: 'x'.repeat(MAX_BODY_BYTES) });
      const answer = await send(entry.method.toUpperCase(), concretePath(entry), {
        headers: { ...credentials(entry), 'content-type': 'application/json' },
        body: oversized,
      });
      expect(answer.status).toBe(413);
      expect(isProblem(JSON.parse(answer.text), 413)).toBe(true);
    },
  );
});

describe('random paths and methods', () => {
  const segment = fc.oneof(
    fc.constantFrom('library', 'storagezone', 'shield', 'dnszone', 'mc', 'v2', 'v1', '1', '..', '%', '%zz', '%E0%A4%A', '_mock', 'docs'),
    fc.stringMatching(/^[A-Za-z0-9._~%!$&'()*+,;=:@-]{0,12}$/),
  );
  const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'PROPFIND', 'FOO');

  it('never answers 5xx, and explains 404 and 405 with a problem body', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 0, maxLength: 5 }), method, fc.jsonValue({ maxDepth: 2 }), async (segments, verb, body) => {
        const withBody = !['GET', 'HEAD'].includes(verb);
        const answer = await send(verb, `/${segments.join('/')}`, {
          headers: { AccessKey: 'k', 'content-type': 'application/json' },
          ...(withBody ? { body: JSON.stringify(body) } : {}),
        });
        expect(answer.status, `${verb} /${segments.join('/')}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
        if (verb !== 'HEAD' && (answer.status === 404 || answer.status === 405) && answer.contentType.startsWith('application/problem+json')) {
          expect(isProblem(JSON.parse(answer.text), answer.status)).toBe(true);
        }
      }),
      { numRuns: 500, endOnFailure: true },
    );
  });
});

describe('after the bad input', () => {
  it('still answers a normal request correctly', async () => {
    const answer = await send('POST', '/library/42/videos', {
      headers: { AccessKey: 'k', 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Keynote' }),
    });
    expect(answer.status).toBe(200);
    expect(validateAnswer('video', 'createVideo', 200, JSON.parse(answer.text))).toEqual([]);
    expect(JSON.parse(answer.text)).toMatchObject({ title: 'Keynote', videoLibraryId: 42 });
  });
});
