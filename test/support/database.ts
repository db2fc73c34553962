// The database area's mock for a test file: known tokens, and after every test a check that
// each request validated against the contract and each answer matches it.
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startMock, type RequestLogEntry, type RunningMock } from '@platform/mock';
import { validateAnswer } from './openapi.ts';

export const FULL_ACCESS_TOKEN = 'test-full-access-token';
export const READ_ONLY_TOKEN = 'test-read-only-token';

export interface DatabaseMock {
  readonly url: string;
  /** A fetch that checks every pipeline answer against the contract (checked after each test). */
  readonly fetch: typeof globalThis.fetch;
  /** The current test sends invalid requests on purpose: skip the request check once. */
  allowInvalidRequests(): void;
}

export function useDatabaseMock(options: { streamIdleMs?: number } = {}): DatabaseMock {
  let mock: RunningMock | undefined;
  let entries: RequestLogEntry[] = [];
  let answerProblems: string[] = [];
  let invalidAllowed = false;

  beforeAll(async () => {
    mock = await startMock({
      port: 0,
      areas: ['database'],
      database: { fullAccessToken: FULL_ACCESS_TOKEN, readOnlyToken: READ_ONLY_TOKEN, streamIdleMs: options.streamIdleMs },
      onRequest: (entry) => entries.push(entry),
    });
  });
  afterAll(async () => {
    await mock?.close();
  });
  afterEach(() => {
    const requestViolations = invalidAllowed ? [] : entries.flatMap((e) => e.violations.filter((v) => v.location[0] === 'request'));
    const responseViolations = entries.flatMap((e) => e.violations.filter((v) => v.location[0] === 'response'));
    const problems = { requestViolations, responseViolations, answerProblems };
    entries = [];
    answerProblems = [];
    invalidAllowed = false;
    expect(problems).toEqual({ requestViolations: [], responseViolations: [], answerProblems: [] });
  });

  const checkingFetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const response = await globalThis.fetch(input, init);
    if (url.pathname === '/v2/pipeline') {
      const contentType = response.headers.get('content-type') ?? '';
      const text = await response.clone().text();
      const body = text && /json/.test(contentType) ? JSON.parse(text) : text || undefined;
      const problems = validateAnswer('database', 'runPipeline', response.status, body, contentType || undefined);
      answerProblems.push(...problems.map((p) => `${response.status}: ${p}`));
    }
    return response;
  };

  return {
    get url() {
      if (!mock) throw new Error('the mock has not started');
      return mock.url;
    },
    fetch: checkingFetch,
    allowInvalidRequests: () => {
      invalidAllowed = true;
    },
  };
}
