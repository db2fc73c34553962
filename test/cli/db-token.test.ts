// `platform db token create|invalidate` against the database mock: the lifecycle of the issue,
// every transition of the specification's token table, and every failure with its exit code.
import { once } from 'node:events';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { createDatabaseTokensClient, listDatabaseTokens } from '@platform-contracts/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_KEY, accepts, DATABASE_ID, libsql, platform, printedTokens, STARTUP_TOKENS, useCliMock } from './support.ts';

const mock = useCliMock();

/** A port nothing listens on: a free one, closed again. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
const DAY_MS = 24 * 60 * 60 * 1000;

const tokenApi = () => createDatabaseTokensClient({ accessKey: ACCESS_KEY, baseUrl: mock.url, fetch: mock.fetch });
const listTokens = async () => (await listDatabaseTokens(tokenApi(), DATABASE_ID)).tokens;
const validCount = async () => (await listTokens()).filter((token) => token.valid).length;

const create = (...options: string[]) => platform(mock, ['db', 'token', 'create', DATABASE_ID, '--no-save', ...options]);
const invalidate = (...options: string[]) => platform(mock, ['db', 'token', 'invalidate', DATABASE_ID, '--force', ...options]);
const envFile = (name: string) => path.join(mock.dir, name);
const readEnvFile = (name: string) => parseEnv(readFileSync(envFile(name), 'utf8'));

describe('the lifecycle of the issue, through the tool', () => {
  let first: { full_access?: string; read_only?: string } = {};

  it('creates a Full Access and a Read Only token, printed once', async () => {
    const run = await create();
    expect(run).toMatchObject({ code: 0, stderr: '' });
    first = printedTokens(run.stdout);
    expect(Object.keys(first).sort()).toEqual(['full_access', 'read_only']);
    for (const token of Object.values(first)) expect(run.stdout.split(token).length - 1).toBe(1);
  });

  it('uses them with @libsql/client: Full Access writes, Read Only reads but cannot write', async () => {
    await libsql(mock, first.full_access!).execute('CREATE TABLE IF NOT EXISTS notes (body TEXT)');
    await libsql(mock, first.full_access!).execute({ sql: 'INSERT INTO notes VALUES (?)', args: ['written with Full Access'] });
    const { rows } = await libsql(mock, first.read_only!).execute('SELECT body FROM notes');
    expect(rows.map((row) => row.body)).toContain('written with Full Access');
    await expect(libsql(mock, first.read_only!).execute("INSERT INTO notes VALUES ('nope')")).rejects.toThrow(/readonly|read-only|SQLITE_READONLY/i);
  });

  it('creates again: the first tokens stay valid, the new ones work at once', async () => {
    const again = printedTokens((await create()).stdout);
    expect(again.full_access).not.toBe(first.full_access);
    for (const token of [...Object.values(first), ...Object.values(again)]) expect(await accepts(mock, token)).toBe(true);
  });

  it('invalidates: every old token is refused at once', async () => {
    const run = await invalidate();
    expect(run.code).toBe(0);
    for (const token of [...Object.values(first), STARTUP_TOKENS.fullAccessToken]) expect(await accepts(mock, token)).toBe(false);
    expect(await validCount()).toBe(0);
  });

  it('regenerates and saves: the new token is in .env with the database URL, and works', async () => {
    const run = await invalidate('--regenerate', '--save-env', '--dotenv', 'lifecycle.env');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const regenerated = printedTokens(run.stdout);
    const saved = readEnvFile('lifecycle.env');
    expect(saved).toEqual({ PLATFORM_DATABASE_AUTH_TOKEN: regenerated.full_access, PLATFORM_DATABASE_URL: mock.databaseUrl });
    const db = libsql(mock, saved.PLATFORM_DATABASE_AUTH_TOKEN!, saved.PLATFORM_DATABASE_URL);
    expect((await db.execute('SELECT count(*) AS n FROM notes')).rows[0]!.n).toBe(1);
    expect(await accepts(mock, first.full_access!)).toBe(false);
  });
});

describe("every transition of the specification's token table", () => {
  /** Brings the database to the state; returns the tokens valid in it. */
  async function arrange(state: 'no token' | 'token valid'): Promise<string[]> {
    expect((await invalidate()).code).toBe(0);
    if (state === 'no token') return [];
    return Object.values(printedTokens((await create()).stdout));
  }

  const transitions = [
    { from: 'no token', trigger: 'generate tokens', args: ['create', DATABASE_ID, '--no-save'], oldStayValid: true, created: 2 },
    { from: 'token valid', trigger: 'generate tokens', args: ['create', DATABASE_ID, '--no-save'], oldStayValid: true, created: 2 },
    { from: 'token valid', trigger: 'regenerate tokens', args: ['invalidate', DATABASE_ID, '--force', '--regenerate'], oldStayValid: false, created: 2 },
    { from: 'token valid', trigger: 'invalidate tokens', args: ['invalidate', DATABASE_ID, '--force'], oldStayValid: false, created: 0 },
  ] as const;

  it.each(transitions)('$from --$trigger--> old tokens stay valid: $oldStayValid, new tokens: $created', async ({ from, args, oldStayValid, created }) => {
    const old = await arrange(from);
    const validBefore = await validCount();
    expect(validBefore).toBe(old.length);

    const run = await platform(mock, ['db', 'token', ...args]);
    expect(run).toMatchObject({ code: 0, stderr: '' });

    const fresh = Object.values(printedTokens(run.stdout));
    expect(fresh).toHaveLength(created);
    for (const token of old) expect(await accepts(mock, token)).toBe(oldStayValid);
    for (const token of fresh) expect(await accepts(mock, token)).toBe(true);
    expect(await validCount()).toBe((oldStayValid ? validBefore : 0) + created);
  });

  it('shows a secret only once: the listing never holds one', async () => {
    const tokens = Object.values(printedTokens((await create()).stdout));
    const listing = JSON.stringify(await listTokens());
    for (const token of [...tokens, STARTUP_TOKENS.fullAccessToken, STARTUP_TOKENS.readOnlyToken]) expect(listing).not.toContain(token);
  });

  it('creates one Read Only token with --read-only: it reads and cannot write', async () => {
    const run = await create('--read-only');
    const printed = printedTokens(run.stdout);
    expect(Object.keys(printed)).toEqual(['read_only']);
    await expect(libsql(mock, printed.read_only!).execute('SELECT 1')).resolves.toBeDefined();
    await expect(libsql(mock, printed.read_only!).execute('CREATE TABLE never (x)')).rejects.toThrow(/readonly|read-only|SQLITE_READONLY/i);
  });

  describe('expiry', () => {
    afterEach(() => vi.useRealTimers());

    it('gives --expiry 30d tokens an expiry 30 days after their creation', async () => {
      const before = Date.now();
      const printed = printedTokens((await create('--expiry', '30d')).stdout);
      const after = Date.now();
      const listed = (await listTokens()).slice(-2);
      expect(listed.map((token) => token.kind)).toEqual(['full_access', 'read_only']);
      for (const token of listed) {
        const lifetime = Date.parse(token.expires_at!) - Date.parse(token.created_at);
        expect(lifetime).toBe(30 * DAY_MS);
        expect(Date.parse(token.created_at)).toBeGreaterThanOrEqual(before - 1000);
        expect(Date.parse(token.created_at)).toBeLessThanOrEqual(after);
      }
      expect(await accepts(mock, printed.full_access!)).toBe(true);
    });

    it('refuses an expired token with 401, and lists it as not valid', async () => {
      const printed = printedTokens((await create('--expiry', '1d')).stdout);
      expect(await accepts(mock, printed.full_access!)).toBe(true);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + DAY_MS + 1000);
      expect(await accepts(mock, printed.full_access!)).toBe(false);
      expect(await accepts(mock, printed.read_only!)).toBe(false);
      expect((await listTokens()).slice(-2).map((token) => token.valid)).toEqual([false, false]);
    });
  });
});

describe('prompts (answered through the injected input)', () => {
  beforeEach(async () => {
    expect((await invalidate('--regenerate')).code).toBe(0);
  });

  it('invalidates after "y" to the confirmation, which names all tokens for the database', async () => {
    const run = await platform(mock, ['db', 'token', 'invalidate', DATABASE_ID], {
      interactive: true,
      answers: [{ question: /Invalidate ALL tokens for database my-database\?/, answer: 'y' }],
    });
    expect(run.code).toBe(0);
    expect(await validCount()).toBe(0);
  });

  it('changes nothing after "n" (exit 1)', async () => {
    const before = await validCount();
    const run = await platform(mock, ['db', 'token', 'invalidate', DATABASE_ID], { interactive: true, answers: [{ question: /Invalidate ALL/, answer: 'n' }] });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('platform: error: not confirmed: nothing changed\n');
    expect(await validCount()).toBe(before);
  });

  it('offers to save after create; "y" writes the token and the missing URL, keeping the other lines', async () => {
    writeFileSync(envFile('keep.env'), '# my settings\nOTHER=1\nexport PLATFORM_DATABASE_AUTH_TOKEN=stale\n');
    const run = await platform(mock, ['db', 'token', 'create', DATABASE_ID, '--dotenv', 'keep.env'], {
      interactive: true,
      answers: [{ question: /Save the Full Access token to keep\.env as PLATFORM_DATABASE_AUTH_TOKEN\?/, answer: 'y' }],
    });
    expect(run.code).toBe(0);
    const printed = printedTokens(run.stdout);
    expect(readFileSync(envFile('keep.env'), 'utf8')).toBe(
      `# my settings\nOTHER=1\nPLATFORM_DATABASE_AUTH_TOKEN=${printed.full_access}\nPLATFORM_DATABASE_URL=${mock.databaseUrl}\n`,
    );
  });

  it('keeps a PLATFORM_DATABASE_URL already in the file, and saves the Read Only token of --read-only', async () => {
    writeFileSync(envFile('url.env'), 'PLATFORM_DATABASE_URL=libsql://mine.example.invalid\n');
    const run = await platform(mock, ['db', 'token', 'create', DATABASE_ID, '--read-only', '--dotenv', 'url.env'], {
      interactive: true,
      answers: [{ question: /Save the Read Only token/, answer: 'y' }],
    });
    expect(run.code).toBe(0);
    expect(readEnvFile('url.env')).toEqual({
      PLATFORM_DATABASE_URL: 'libsql://mine.example.invalid',
      PLATFORM_DATABASE_AUTH_TOKEN: printedTokens(run.stdout).read_only,
    });
  });

  it('writes nothing after "n" to saving, and does not ask with --no-save', async () => {
    const declined = await platform(mock, ['db', 'token', 'create', DATABASE_ID, '--dotenv', 'declined.env'], {
      interactive: true,
      answers: [{ question: /Save the/, answer: 'n' }],
    });
    expect(declined.code).toBe(0);
    const skipped = await platform(mock, ['db', 'token', 'create', DATABASE_ID, '--no-save', '--dotenv', 'declined.env'], { interactive: true });
    expect(skipped.code).toBe(0);
    expect(skipped.stdout).not.toMatch(/Save the|Not saved/);
    expect(() => readFileSync(envFile('declined.env'))).toThrow(/ENOENT/);
  });

  it('does not ask without a terminal, and says how to save', async () => {
    const run = await platform(mock, ['db', 'token', 'create', DATABASE_ID, '--dotenv', 'no-terminal.env']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Not saved to no-terminal\.env: no terminal to ask/);
    expect(() => readFileSync(envFile('no-terminal.env'))).toThrow(/ENOENT/);
  });
});

describe('failures: one line on stderr, an exit code, nothing changed, no secret', () => {
  beforeEach(async () => {
    expect((await invalidate('--regenerate')).code).toBe(0);
  });

  const token = ['db', 'token'];
  const failures = [
    {
      name: 'no access key',
      args: [...token, 'create', DATABASE_ID, '--no-save'],
      env: { PLATFORM_ACCESS_KEY: undefined },
      code: 3,
      message: /^no access key: set PLATFORM_ACCESS_KEY or pass --access-key$/,
    },
    {
      name: 'an empty access key',
      args: [...token, 'invalidate', DATABASE_ID, '--force'],
      env: { PLATFORM_ACCESS_KEY: ' ' },
      code: 3,
      message: /^no access key/,
    },
    {
      name: 'no API URL',
      args: [...token, 'create', DATABASE_ID, '--no-save'],
      env: { PLATFORM_API_BASE_URL: undefined },
      code: 3,
      message: /^no API URL: set PLATFORM_API_BASE_URL/,
    },
    { name: 'an unknown database (create)', args: [...token, 'create', 'other-database', '--no-save'], code: 4, message: /^unknown database "other-database"/ },
    {
      name: 'an unknown database (invalidate)',
      args: [...token, 'invalidate', 'other-database', '--force'],
      code: 4,
      message: /^unknown database "other-database"/,
    },
    { name: 'no database ID', args: [...token, 'create', '--no-save'], code: 2, message: /^no database: pass DATABASE_ID or set PLATFORM_DATABASE_ID$/ },
    {
      name: 'expiry 30x',
      args: [...token, 'create', DATABASE_ID, '--expiry', '30x'],
      code: 2,
      message: /^bad expiry "30x": write a number of days with the suffix d, for example 30d, or never$/,
    },
    { name: 'expiry 0d', args: [...token, 'create', DATABASE_ID, '--expiry', '0d'], code: 2, message: /^bad expiry "0d": a token must last at least 1d$/ },
    { name: 'expiry 30', args: [...token, 'create', DATABASE_ID, '--expiry', '30'], code: 2, message: /^bad expiry "30"/ },
    {
      name: 'invalidate without a terminal and without --force',
      args: [...token, 'invalidate', DATABASE_ID],
      code: 2,
      message: /^refusing to invalidate tokens without confirmation: no terminal to ask; pass --yes \(or --force\)$/,
    },
    {
      name: '--save-env without --regenerate',
      args: [...token, 'invalidate', DATABASE_ID, '--force', '--save-env'],
      code: 2,
      message: /^--save-env saves the regenerated token and requires --regenerate$/,
    },
  ];

  it.each(failures)('$name: exit $code', async ({ args, env, code, message }) => {
    const before = await listTokens();
    const run = await platform(mock, args, { env });
    expect(run.code).toBe(code);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.replace(/^platform: error: /, '')).toMatch(message);
    expect(run.stderr).not.toContain(ACCESS_KEY);
    expect(run.stdout).toBe('');
    expect(await listTokens()).toEqual(before);
  });

  it('a refused access key: exit 3', async () => {
    const refusing: typeof globalThis.fetch = async () => new Response(null, { status: 401 });
    const run = await platform(mock, [...token, 'create', DATABASE_ID, '--no-save'], { fetch: refusing });
    expect(run).toEqual({ code: 3, stdout: '', stderr: 'platform: error: the access key was refused (401): check PLATFORM_ACCESS_KEY\n' });
  });

  it('an API that cannot be reached: exit 1, naming the URL', async () => {
    const closed = await closedPort();
    const url = `http://127.0.0.1:${closed}`;
    const run = await platform(mock, [...token, 'create', DATABASE_ID, '--no-save'], { env: { PLATFORM_API_BASE_URL: url }, fetch: globalThis.fetch });
    expect(run).toEqual({ code: 1, stdout: '', stderr: `platform: error: cannot reach the API at ${url} (ECONNREFUSED)\n` });
  });

  it('an unknown option: commander says so, exit 2', async () => {
    const run = await platform(mock, [...token, 'create', DATABASE_ID, '--bogus']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/unknown option --bogus /);
  });

  const commands = [
    { command: 'create', args: [...token, 'create', DATABASE_ID], interactive: true },
    { command: 'invalidate --regenerate --save-env', args: [...token, 'invalidate', DATABASE_ID, '--force', '--regenerate', '--save-env'], interactive: false },
  ];
  const unusableFiles = [
    { file: 'a-folder.env', reason: 'cannot read the environment file {path}: it is a directory (EISDIR)' },
    { file: 'missing-folder/.env', reason: 'cannot write the environment file {path}: its folder does not exist (ENOENT)' },
  ];
  const unwritable = commands.flatMap((command) => unusableFiles.map((file) => ({ ...command, ...file })));

  it.each(unwritable)('an unusable .env ($file, $command): exit 5, the tokens printed once and nowhere else', async ({ args, interactive, file, reason }) => {
    mkdirSync(envFile('a-folder.env'), { recursive: true });
    const run = await platform(mock, [...args, '--dotenv', file], { interactive, answers: interactive ? [{ question: /Save the/, answer: 'y' }] : [] });
    expect(run.code).toBe(5);
    expect(run.stderr).toBe(`platform: error: ${reason.replace('{path}', envFile(file))}; the new tokens are printed above\n`);
    const printed = Object.values(printedTokens(run.stdout));
    expect(printed).toHaveLength(2);
    for (const secret of printed) {
      expect(run.stdout.split(secret).length - 1).toBe(1);
      expect(run.stderr).not.toContain(secret);
    }
  });
});
