// The database area of the mock for a test file, with known tokens and the mock's clock, and
// after every test a check that each request validated against the contract and each answer
// matches it.

import { HEALTH_PATH, type RunningMock, startMock } from '@platform-contracts/mock';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { DatabaseMockOptions } from '../../packages/mock/src/areas/database/namespaces/options.ts';
import type { DatabaseInfo } from '../../packages/mock/src/areas/database.ts';
import { validateAnswer } from './openapi.ts';

export { HEALTH_PATH };
export const FULL_ACCESS_TOKEN = 'test-full-access-token';
export const READ_ONLY_TOKEN = 'test-read-only-token';

export interface DatabaseHost {
  url: string;
  info: DatabaseInfo;
  mock: RunningMock;
  /** Moves the mock's clock forward (token and stream expiry follow it). */
  advance(ms: number): void;
  close(): Promise<void>;
  /** Each request answered, with its request violations (for the after-each check). */
  onRequest?: (entry: { operationId?: string; violations: string[] }) => void;
}

/** The mock serving the database area alone, on a free port. */
export async function startDatabaseHost(options: DatabaseMockOptions = {}): Promise<DatabaseHost> {
  const mock = await startMock({
    port: 0,
    areas: ['database'],
    database: options,
    onRequest: (entry) =>
      host.onRequest?.({
        operationId: entry.operation?.operationId,
        violations: entry.violations
          .filter((v) => v.location[0] === 'request' || v.location[0] === 'response')
          .map((v) => `${v.location.join('.')}: ${v.message}`),
      }),
  });
  const host: DatabaseHost = {
    url: mock.url,
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
  /** A fetch that checks every pipeline answer against the contract (checked after each test). */
  readonly fetch: typeof globalThis.fetch;
  /** The current test sends invalid requests on purpose: skip the request check once. */
  allowInvalidRequests(): void;
}

const CHECKED: Record<string, string> = { '/v2/pipeline': 'runPipeline', '/v3/pipeline': 'runPipelineV3', '/v3/cursor': 'runCursor' };

/** The database area for a test file, with the test tokens; options as startMock's `database`. */
export function useDatabaseMock(options: DatabaseMockOptions = {}): DatabaseMock {
  let host: DatabaseHost | undefined;
  let violations: string[] = [];
  let answerProblems: string[] = [];
  let invalidAllowed = false;

  beforeAll(async () => {
    host = await startDatabaseHost({ fullAccessToken: FULL_ACCESS_TOKEN, readOnlyToken: READ_ONLY_TOKEN, ...options });
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
    const response = await globalThis.fetch(input, init);
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
