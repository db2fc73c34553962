// The database area of the mock for a test file, with known tokens and the mock's clock, and
// after every test a check that each request validated against the contract and each answer
// matches it. The mock runs in process (`createMock`, its `fetch`: give it to clients) unless the
// test asks for a real port (`{ port: true }`): for ws:// URLs, raw HTTP, or another process.

import { type AreaOptions, createMock, HEALTH_PATH, type Mock, type RequestLogEntry, startMock } from '@platform-contracts/mock';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { validateAnswer } from './openapi.ts';

export { HEALTH_PATH };
export const FULL_ACCESS_TOKEN = 'test-full-access-token';
export const READ_ONLY_TOKEN = 'test-read-only-token';

/** The database area's options (startMock's and createMock's `database`). */
export type DatabaseMockOptions = NonNullable<AreaOptions['database']>;

/** Where the mock answers: in process (the default), or on a free port of its HTTP door. */
export interface DatabaseDoor {
  /** Listen on a free port: for a WebSocket (ws:// URLs), raw HTTP, or a client in another process. */
  port?: boolean;
}

export interface DatabaseHost {
  /** The base URL: with `port`, a real one; in process, one that only `fetch` below reaches. */
  url: string;
  /** The mock's fetch in process, the global fetch with `port`. */
  fetch: typeof globalThis.fetch;
  info: Mock['areas']['database'];
  mock: Mock;
  /** Moves the mock's clock forward (token and stream expiry follow it). */
  advance(ms: number): void;
  close(): Promise<void>;
  /** Each request answered, with its request violations (for the after-each check). */
  onRequest?: (entry: { operationId?: string; violations: string[] }) => void;
}

/** The mock serving the database area alone: in process, or on a free port with `{ port: true }`. */
export async function startDatabaseHost(options: DatabaseMockOptions = {}, { port = false }: DatabaseDoor = {}): Promise<DatabaseHost> {
  const mockOptions = {
    areas: ['database'],
    database: options,
    onRequest: (entry: RequestLogEntry) =>
      host.onRequest?.({
        operationId: entry.operation?.operationId,
        violations: entry.violations
          .filter((v) => v.location[0] === 'request' || v.location[0] === 'response')
          .map((v) => `${v.location.join('.')}: ${v.message}`),
      }),
  };
  const mock = port ? await startMock({ port: 0, ...mockOptions }) : await createMock(mockOptions);
  const host: DatabaseHost = {
    url: mock.url,
    fetch: port ? globalThis.fetch : mock.fetch,
    info: mock.areas.database,
    mock,
    advance: (ms) => mock.clock.advance(ms),
    close: () => mock.close(),
  };
  return host;
}

export interface DatabaseMock {
  readonly url: string;
  readonly host: DatabaseHost;
  /** The mock's fetch (give it to clients), checking every pipeline answer against the contract (after each test). */
  readonly fetch: typeof globalThis.fetch;
  /** The current test sends invalid requests on purpose: skip the request check once. */
  allowInvalidRequests(): void;
}

const CHECKED: Record<string, string> = { '/v2/pipeline': 'runPipeline', '/v3/pipeline': 'runPipelineV3', '/v3/cursor': 'runCursor' };

/** The database area for a test file, with the test tokens, in process unless `door` asks for a port. */
export function useDatabaseMock(options: DatabaseMockOptions = {}, door: DatabaseDoor = {}): DatabaseMock {
  let host: DatabaseHost | undefined;
  let violations: string[] = [];
  let answerProblems: string[] = [];
  let invalidAllowed = false;

  beforeAll(async () => {
    host = await startDatabaseHost({ fullAccessToken: FULL_ACCESS_TOKEN, readOnlyToken: READ_ONLY_TOKEN, ...options }, door);
    host.onRequest = (entry) => violations.push(...entry.violations);
  });
  afterAll(async () => {
    await host?.close();
  });
  afterEach(() => {
    const problems = { requestViolations: invalidAllowed ? [] : violations, answerProblems };
    violations = [];
    answerProblems = [];
    invalidAllowed = false;
    expect(problems).toEqual({ requestViolations: [], answerProblems: [] });
  });

  const checkingFetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(typeof input === 'object' && 'url' in input ? input.url : String(input));
    if (!host) throw new Error('the mock has not started');
    const response = await host.fetch(input, init);
    const operationId = CHECKED[url.pathname];
    if (operationId) {
      const contentType = response.headers.get('content-type') ?? '';
      const text = await response.clone().text();
      const body = text && /json/.test(contentType) ? JSON.parse(text) : text || undefined;
      const problems = validateAnswer('database', operationId, response.status, body, contentType || undefined);
      answerProblems.push(...problems.map((p) => `${response.status}: ${p}`));
    }
    return response;
  };

  return {
    get url() {
      if (!host) throw new Error('the mock has not started');
      return host.url;
    },
    get host() {
      if (!host) throw new Error('the mock has not started');
      return host;
    },
    fetch: checkingFetch,
    allowInvalidRequests: () => {
      invalidAllowed = true;
    },
  };
}
