// Running the `platform` tool in process against the database mock: injected arguments,
// environment and streams (prompts answered through stdin), and every answer of the mock
// checked against the contract (after each test).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { type Client, createClient } from '@libsql/client';
import { type RequestLogEntry, type RunningMock, startMock } from '@platform-contracts/mock';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { run } from '../../packages/cli/src/run.ts';
import { validateAnswer } from '../support/openapi.ts';

export const DATABASE_ID = 'my-database';
// The start-up tokens belong to the namespace of the access key `default`.
export const ACCESS_KEY = 'default';
export const STARTUP_TOKENS = { fullAccessToken: 'startup-full-access-token', readOnlyToken: 'startup-read-only-token' };

/** The operation of a request to the database area, by method and path. */
function operationOf(method: string, pathname: string): string | undefined {
  if (pathname === '/v2/pipeline' && method === 'POST') return 'runPipeline';
  if (/^\/database\/[^/]+\/tokens$/.test(pathname)) return method === 'GET' ? 'listDatabaseTokens' : 'createDatabaseTokens';
  if (/^\/database\/[^/]+\/tokens\/invalidate$/.test(pathname)) return 'invalidateDatabaseTokens';
  return undefined;
}

export interface CliMock {
  readonly url: string;
  /** The database URL clients use against this mock, derived from its origin. */
  readonly databaseUrl: string;
  /** A fetch that checks every answer of the area against the contract. */
  readonly fetch: typeof globalThis.fetch;
  /** A temporary folder for this test file (environment files). */
  readonly dir: string;
}

export function useCliMock(): CliMock {
  let mock: RunningMock | undefined;
  let dir = '';
  let entries: RequestLogEntry[] = [];
  let answerProblems: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'platform-cli-'));
    // The mock's clock reads Date.now at each call, so that the tests' fake Date moves it.
    mock = await startMock({ port: 0, areas: ['database'], database: STARTUP_TOKENS, now: () => Date.now(), onRequest: (entry) => entries.push(entry) });
  });
  afterAll(async () => {
    await mock?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => {
    const responseViolations = entries.flatMap((e) => e.violations.filter((v) => v.location[0] === 'response'));
    const problems = { responseViolations, answerProblems };
    entries = [];
    answerProblems = [];
    expect(problems).toEqual({ responseViolations: [], answerProblems: [] });
  });

  const checkingFetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const response = await globalThis.fetch(request);
    const operationId = operationOf(request.method, new URL(request.url).pathname);
    if (operationId) {
      const contentType = response.headers.get('content-type') ?? '';
      const text = await response.clone().text();
      const body = text && /json/.test(contentType) ? JSON.parse(text) : text || undefined;
      const problems = validateAnswer('database', operationId, response.status, body, contentType || undefined);
      answerProblems.push(...problems.map((p) => `${operationId} ${response.status}: ${p}`));
    }
    return response;
  };

  return {
    get url() {
      if (!mock) throw new Error('the mock has not started');
      return mock.url;
    },
    get databaseUrl() {
      return `${this.url.replace(/^http:/, 'libsql:')}?tls=0`;
    },
    fetch: checkingFetch,
    get dir() {
      return dir;
    },
  };
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliRunOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** Someone answers prompts (as at a terminal). Default false, as in CI. */
  interactive?: boolean;
  /** A fetch to use instead of the mock's checking one. */
  fetch?: typeof globalThis.fetch;
  /** Answers typed when the output shows the question, in order. */
  answers?: { question: RegExp; answer: string }[];
}

/** Runs `platform <args>` in process against the mock. */
export async function platform(mock: CliMock, args: string[], options: CliRunOptions = {}): Promise<CliRun> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  const pending = [...(options.answers ?? [])];
  stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
    const next = pending[0];
    if (next?.question.test(out)) {
      pending.shift();
      setImmediate(() => stdin.write(`${next.answer}\r`));
    }
  });
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const code = await run(args, {
    env: { PLATFORM_API_BASE_URL: mock.url, PLATFORM_ACCESS_KEY: ACCESS_KEY, ...options.env },
    cwd: options.cwd ?? mock.dir,
    stdin,
    stdout,
    stderr,
    interactive: options.interactive ?? false,
    fetch: options.fetch ?? mock.fetch,
  });
  expect(pending, 'every prepared answer was asked for').toEqual([]);
  return { code, stdout: stripAnsi(out), stderr: stripAnsi(err) };
}

const stripAnsi = (text: string) => text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');

/** The tokens a run printed, by kind. */
export function printedTokens(stdout: string): { full_access?: string; read_only?: string } {
  const tokens: { full_access?: string; read_only?: string } = {};
  for (const [, label, token] of stdout.matchAll(/^ {2}(Full Access|Read Only) +(\S+)$/gm)) {
    tokens[label === 'Full Access' ? 'full_access' : 'read_only'] = token;
  }
  return tokens;
}

/** The real @libsql/client, its answers checked against the contract. */
export const libsql = (mock: CliMock, authToken: string, url = mock.databaseUrl): Client =>
  createClient({ url, authToken, intMode: 'number', fetch: mock.fetch });

/** Whether the pipeline accepts the token: a read succeeds, or the answer is 401. */
export async function accepts(mock: CliMock, token: string): Promise<boolean> {
  try {
    await libsql(mock, token).execute('SELECT 1');
    return true;
  } catch (error) {
    if (/401/.test(String((error as Error).message))) return false;
    throw error;
  }
}
