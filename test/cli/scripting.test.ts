// The tool in scripts and pipelines: --json, --version, --timeout, the turso-style short flags,
// the env-file option Node cannot take, a closed pipe, a wrong base path, and secrets that a
// server or a URL could make it print.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROOT } from '../../scripts/lib/paths.ts';
import { ACCESS_KEY, accepts, DATABASE_ID, platform, printedTokens, useCliMock } from './support.ts';

const mock = useCliMock();
const BIN = path.join(ROOT, 'packages/cli/bin/platform.js');
const cliPackage = JSON.parse(readFileSync(path.join(ROOT, 'packages/cli/package.json'), 'utf8')) as { version: string };

/** Runs the built binary; with `closedPipe` nobody reads its standard output. */
async function binary(args: string[], { env = {}, cwd = ROOT, closedPipe = false } = {}) {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { PATH: process.env.PATH, ...env } });
  let stdout = '';
  let stderr = '';
  // A reader gone before the tool writes (as `| head -1` is once it has its line): every write meets a closed pipe.
  if (closedPipe) child.stdout.destroy();
  else child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number];
  return { code, stdout, stderr };
}

describe('--json', () => {
  it('create prints one JSON object with the tokens, and never asks to save', async () => {
    const run = await platform(mock, ['--json', 'db', 'token', 'create', DATABASE_ID], { interactive: true });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const answer = JSON.parse(run.stdout) as { database_id: string; tokens: { kind: string; token: string }[] };
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expect(answer.database_id).toBe(DATABASE_ID);
    expect(answer.tokens.map((token) => token.kind)).toEqual(['full_access', 'read_only']);
    expect(await accepts(mock, answer.tokens[0]!.token)).toBe(true);
  });

  it('invalidate needs --yes, then prints the outcome and the file it saved to', async () => {
    const refused = await platform(mock, ['--json', 'db', 'token', 'invalidate', DATABASE_ID], { interactive: true });
    expect(refused.code).toBe(2);
    expect(JSON.parse(refused.stderr)).toEqual({ error: { message: expect.stringMatching(/--json never asks; pass --yes$/), exitCode: 2 } });

    const run = await platform(mock, ['--json', 'db', 'token', 'invalidate', DATABASE_ID, '-y', '--regenerate', '--save-env', '--dotenv', 'json.env']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const answer = JSON.parse(run.stdout) as { invalidated: number; tokens: { kind: string; token: string }[]; saved_to: string };
    expect(answer.saved_to).toBe(path.join(mock.dir, 'json.env'));
    expect(parseEnv(readFileSync(answer.saved_to, 'utf8')).PLATFORM_DATABASE_AUTH_TOKEN).toBe(answer.tokens.find((t) => t.kind === 'full_access')!.token);
  });

  it('reports a failure as one JSON object on stderr with the exit code', async () => {
    const run = await platform(mock, ['--json', 'db', 'token', 'create', 'no-such-database']);
    expect(run).toEqual({
      code: 4,
      stdout: '',
      stderr: `${JSON.stringify({ error: { message: 'unknown database "no-such-database": the account has no database with this ID', exitCode: 4 } })}\n`,
    });
  });
});

describe('short flags, as the turso CLI has them', () => {
  it('-r creates only a Read Only token; -e never and -e 7d set the expiry', async () => {
    const readOnly = await platform(mock, ['db', 'token', 'create', DATABASE_ID, '--no-save', '-r']);
    expect(Object.keys(printedTokens(readOnly.stdout))).toEqual(['read_only']);
    const never = await platform(mock, ['db', 'token', 'create', DATABASE_ID, '--no-save', '-e', 'never']);
    expect(never.stdout).toContain('they never expire');
    const week = await platform(mock, ['db', 'token', 'create', DATABASE_ID, '--no-save', '-e', '7d']);
    expect(week.stdout).toMatch(/they expire at \d{4}-/);
  });

  it('-y confirms invalidation without a terminal', async () => {
    const run = await platform(mock, ['db', 'token', 'invalidate', DATABASE_ID, '-y']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^Invalidated \d+ tokens? of database my-database\.$/m);
  });
});

describe('the env-file option', () => {
  it('is --dotenv; --env-file (which Node 20 takes for itself) says so', async () => {
    const run = await platform(mock, ['db', 'token', 'invalidate', DATABASE_ID, '-y', '--regenerate', '--save-env', '--env-file', 'x.env']);
    expect(run).toMatchObject({ code: 2, stdout: '', stderr: 'platform: error: --env-file is now --dotenv (Node takes --env-file for itself)\n' });
  });

  it('saves to a file that does not exist yet, through the binary (nodejs/node#54232 cannot take it)', async () => {
    const cwd = mkdtempSync(path.join(tmpdir(), 'platform-dotenv-'));
    const run = await binary(['db', 'token', 'invalidate', DATABASE_ID, '--force', '--regenerate', '--save-env', '--dotenv', 'new.env'], {
      cwd,
      env: { PLATFORM_API_BASE_URL: mock.url, PLATFORM_ACCESS_KEY: ACCESS_KEY },
    });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(parseEnv(readFileSync(path.join(cwd, 'new.env'), 'utf8')).PLATFORM_DATABASE_AUTH_TOKEN).toBe(printedTokens(run.stdout).full_access);
  });
});

describe('the binary', () => {
  it('runs the built JavaScript, with no TypeScript loader at run time', () => {
    expect(existsSync(path.join(ROOT, 'packages/cli/dist/main.js'))).toBe(true);
    expect(readFileSync(BIN, 'utf8')).not.toMatch(/tsx|\.ts['"]/);
  });

  it('--version prints the package version', async () => {
    expect(await binary(['--version'])).toEqual({ code: 0, stdout: `${cliPackage.version}\n`, stderr: '' });
    expect((await platform(mock, ['-V'])).stdout).toBe(`${cliPackage.version}\n`);
  });

  it('exits quietly when the reader closes the pipe (platform --help | head -1)', async () => {
    const run = await binary(['--help'], { closedPipe: true });
    expect(run).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});

describe('failures a script meets', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a request over --timeout: exit 1, naming the limit (fake timers)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const hanging: typeof fetch = (input, init) =>
      new Promise((_resolve, reject) => {
        const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    const running = platform(mock, ['--timeout', '2.5', 'db', 'token', 'create', DATABASE_ID, '--no-save'], { fetch: hanging });
    await vi.advanceTimersByTimeAsync(2_500);
    expect(await running).toEqual({ code: 1, stdout: '', stderr: `platform: error: no answer from the API at ${mock.url} within 2.5 s (--timeout)\n` });
  });

  it('a bad --timeout: exit 2', async () => {
    const run = await platform(mock, ['--timeout', 'soon', 'db', 'token', 'create', DATABASE_ID]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--timeout soon is not valid: write a number of seconds above 0/);
  });

  it('a wrong base path (--api-url $MOCK/v1): exit 3, saying the URL is wrong, not the database', async () => {
    const run = await platform(mock, ['--api-url', `${mock.url}/v1`, 'db', 'token', 'create', DATABASE_ID, '--no-save']);
    expect(run).toEqual({
      code: 3,
      stdout: '',
      stderr: `platform: error: the API URL ${mock.url}/v1 has no POST /database/my-database/tokens (404): check --api-url or PLATFORM_API_BASE_URL (the base URL, without a path such as /v1)\n`,
    });
  });

  it('credentials in --api-url: exit 2, never echoed', async () => {
    const url = mock.url.replace('http://', 'http://admin:url-secret-123@');
    const run = await platform(mock, ['--api-url', url, 'db', 'token', 'create', DATABASE_ID, '--no-save']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^platform: error: bad API URL "http:\/\/\*\*\*@127\.0\.0\.1:\d+": it holds credentials/);
    expect(run.stderr + run.stdout).not.toContain('url-secret-123');
  });

  it('a server that echoes the access key: the key is not printed', async () => {
    const echoing: typeof fetch = async (input, init) => {
      const key = new Request(input, init).headers.get('AccessKey');
      return Response.json({ error_key: 'validation', message: `key ${key} is malformed` }, { status: 400, headers: { 'x-request-id': `id-${key}` } });
    };
    const run = await platform(mock, ['db', 'token', 'create', DATABASE_ID, '--no-save'], { fetch: echoing });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('key [redacted] is malformed');
    expect(run.stderr).not.toContain(ACCESS_KEY);
  });
});
