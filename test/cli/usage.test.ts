// What issue 26 found missing in the tool, tried as a turso or gh user would: `list`,
// `--expiration`, a token-only output for `$(...)`, usage errors through the `platform: error:`
// prefix and --json, singular and plural wording, and every exit code the README documents.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../packages/cli/src/errors.ts';
import { MAX_DAYS } from '../../packages/cli/src/expiry.ts';
import { ROOT } from '../../scripts/lib/paths.ts';
import { loadBundle } from '../support/openapi.ts';
import { accepts, DATABASE_ID, platform, printedTokens, useCliMock } from './support.ts';

const mock = useCliMock();
const DAY_MS = 86_400_000;
const token = ['db', 'token'];

describe('platform db token list', () => {
  it('lists every token with its kind, expiry and validity, never a secret', async () => {
    const created = await platform(mock, [...token, 'create', DATABASE_ID, '--no-save', '-r', '-e', '3d']);
    const secret = printedTokens(created.stdout).read_only!;
    const run = await platform(mock, [...token, 'list', DATABASE_ID]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^Database my-database: \d+ tokens, \d+ valid\.$/m);
    expect(run.stdout).toMatch(/^ {2}ID +KIND +CREATED +EXPIRES +VALID$/m);
    expect(run.stdout).toMatch(/ Read Only +\S+ +\d{4}-\d\d-\d\dT\S+ +yes$/m);
    expect(run.stdout).not.toContain(secret);
  });

  it('--json prints the API answer, one object', async () => {
    const run = await platform(mock, ['--json', ...token, 'list', DATABASE_ID]);
    expect(run.code).toBe(0);
    const list = JSON.parse(run.stdout) as { database_id: string; tokens: { kind: string; valid: boolean }[] };
    expect(list.database_id).toBe(DATABASE_ID);
    expect(list.tokens.length).toBeGreaterThan(0);
    const text = await platform(mock, [...token, 'list', DATABASE_ID]);
    expect(text.stdout).toContain(`${list.tokens.length} tokens, ${list.tokens.filter((t) => t.valid).length} valid`);
  });

  it('an unknown database: exit 4', async () => {
    const run = await platform(mock, [...token, 'list', 'other-database']);
    expect(run).toMatchObject({ code: EXIT.unknownDatabase, stdout: '' });
  });
});

describe("--expiration, turso's name for --expiry", () => {
  it('sets the expiry as --expiry does', async () => {
    const before = Date.now();
    const run = await platform(mock, ['--json', ...token, 'create', DATABASE_ID, '--expiration', '7d']);
    const expiresAt = Date.parse((JSON.parse(run.stdout) as { tokens: { expires_at: string }[] }).tokens[0]!.expires_at);
    expect(expiresAt - before).toBeGreaterThanOrEqual(7 * DAY_MS - 1000);
    expect(expiresAt - before).toBeLessThan(7 * DAY_MS + 60_000);
  });

  it("takes the contract's longest expiry and refuses one day more as a usage error", async () => {
    expect(MAX_DAYS).toBe(loadBundle('database').components.schemas.CreateDatabaseTokensRequest.properties.expires_in_days.maximum);
    expect((await platform(mock, [...token, 'create', DATABASE_ID, '--no-save', '-r', '--expiration', `${MAX_DAYS}d`])).code).toBe(0);
    const run = await platform(mock, [...token, 'create', DATABASE_ID, '--no-save', '--expiration', `${MAX_DAYS + 1}d`]);
    expect(run).toEqual({ code: 2, stdout: '', stderr: `platform: error: bad expiry "${MAX_DAYS + 1}d": at most ${MAX_DAYS}d\n` });
  });

  it('refuses both names with different values: exit 2', async () => {
    const run = await platform(mock, [...token, 'create', DATABASE_ID, '--no-save', '--expiry', '7d', '--expiration', '8d']);
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: 'platform: error: --expiry 7d and --expiration 8d disagree: --expiration is another name for --expiry; give one\n',
    });
  });
});

describe('--token-only, for TOKEN=$(platform db token create --token-only)', () => {
  it('prints one Full Access token and nothing else, and the token works', async () => {
    const run = await platform(mock, [...token, 'create', DATABASE_ID, '--token-only'], { interactive: true });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^\S+\n$/);
    expect(await accepts(mock, run.stdout.trim())).toBe(true);
    const list = JSON.parse((await platform(mock, ['--json', ...token, 'list', DATABASE_ID])).stdout) as { tokens: { kind: string }[] };
    expect(list.tokens.at(-1)!.kind).toBe('full_access');
  });

  it('with -r, one Read Only token', async () => {
    const run = await platform(mock, [...token, 'create', DATABASE_ID, '-t', '-r']);
    expect(run.stdout).toMatch(/^\S+\n$/);
    const list = JSON.parse((await platform(mock, ['--json', ...token, 'list', DATABASE_ID])).stdout) as { tokens: { kind: string }[] };
    expect(list.tokens.at(-1)!.kind).toBe('read_only');
  });

  it('with --json: exit 2, two outputs asked for', async () => {
    const run = await platform(mock, ['--json', ...token, 'create', DATABASE_ID, '--token-only']);
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stderr)).toEqual({ error: { message: '--token-only and --json are two different outputs; give one', exitCode: 2 } });
  });
});

describe('usage errors: the prefix, or JSON with --json; exit 2', () => {
  const cases = [
    {
      name: 'an unknown option',
      args: [...token, 'create', DATABASE_ID, '--bogus'],
      message: /^unknown option --bogus \(`platform --help` lists the options\)$/,
    },
    {
      name: 'an option without its value',
      args: [...token, 'create', DATABASE_ID, '--expiry'],
      message: /^--expiry needs a value \(`platform --help` lists the options\)$/,
    },
    { name: 'an unknown command', args: [...token, 'revoke'], message: /^unknown command revoke/ },
    { name: 'too many arguments', args: [...token, 'list', DATABASE_ID, 'extra'], message: /^too many arguments/ },
    { name: 'no command', args: ['db'], message: /^no command given: use platform db token create, invalidate or list/ },
    {
      name: 'a bad --timeout',
      args: ['--timeout', 'soon', ...token, 'list', DATABASE_ID],
      message: /^--timeout soon is not valid: write a number of seconds above 0/,
    },
  ];

  it.each(cases)('$name: one line with the prefix', async ({ args, message }) => {
    const run = await platform(mock, args);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^platform: error: [^\n]+\n$/);
    expect(run.stderr.replace(/^platform: error: /, '').trimEnd()).toMatch(message);
  });

  it.each(cases)('$name with --json: one JSON object on stderr', async ({ args, message }) => {
    const run = await platform(mock, ['--json', ...args]);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stdout).toBe('');
    const { error } = JSON.parse(run.stderr) as { error: { message: string; exitCode: number } };
    expect(error.exitCode).toBe(EXIT.usage);
    expect(error.message).toMatch(message);
  });

  it('--json after the error is still read', async () => {
    const run = await platform(mock, [...token, 'create', DATABASE_ID, '--bogus', '--json']);
    expect(JSON.parse(run.stderr)).toMatchObject({ error: { exitCode: 2 } });
  });
});

describe('wording', () => {
  it('one token is "it", two are "they"', async () => {
    const one = await platform(mock, [...token, 'create', DATABASE_ID, '--no-save', '-r']);
    expect(one.stdout).toContain('New token (it never expires):');
    expect(one.stdout).toContain('It is shown only this once: keep it somewhere safe.');
    const oneExpiring = await platform(mock, [...token, 'create', DATABASE_ID, '--no-save', '-r', '-e', '2d']);
    expect(oneExpiring.stdout).toMatch(/^New token \(it expires at \d{4}-/m);
    const two = await platform(mock, [...token, 'create', DATABASE_ID, '--no-save']);
    expect(two.stdout).toContain('New tokens (they never expire):');
    expect(two.stdout).toContain('They are shown only this once: keep them somewhere safe.');
    expect(one.stdout + two.stdout).not.toMatch(/New token \(they|New tokens \(it/);
  });
});

describe('exit codes', () => {
  const readme = readFileSync(path.join(ROOT, 'packages/cli/README.md'), 'utf8');
  const documented = new Map([...readme.matchAll(/^\| (\d) \| ([^|]+) \|$/gm)].map(([, code, meaning]) => [Number(code), meaning!.trim()]));

  it('the README documents every exit code the tool has, and no other', () => {
    expect([...documented.keys()].sort()).toEqual(Object.values(EXIT).sort());
  });

  const runs: { code: number; args: string[]; env?: Record<string, string | undefined> }[] = [
    { code: EXIT.ok, args: [...token, 'list', DATABASE_ID] },
    { code: EXIT.failure, args: [...token, 'list', DATABASE_ID], env: { PLATFORM_API_BASE_URL: 'http://127.0.0.1:9' } },
    { code: EXIT.usage, args: [...token, 'list', '--bogus'] },
    { code: EXIT.config, args: [...token, 'list', DATABASE_ID], env: { PLATFORM_ACCESS_KEY: undefined } },
    { code: EXIT.unknownDatabase, args: [...token, 'list', 'no-such-database'] },
    { code: EXIT.envFile, args: [...token, 'invalidate', DATABASE_ID, '-y', '--regenerate', '--save-env', '--dotenv', 'no-folder/.env'] },
  ];

  it.each(runs)('exit $code happens as documented', async ({ code, args, env }) => {
    expect(documented.get(code)).toBeDefined();
    const run = await platform(mock, args, { env, fetch: env?.PLATFORM_API_BASE_URL ? globalThis.fetch : undefined });
    expect(run.code).toBe(code);
  });
});
