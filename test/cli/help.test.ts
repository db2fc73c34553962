// The tool's help lists every option of the specification, and the `platform` binary works as
// a child process against the mock.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/paths.ts';
import { ACCESS_KEY, accepts, DATABASE_ID, platform, printedTokens, useCliMock } from './support.ts';

const mock = useCliMock();
const BIN = path.join(ROOT, 'node_modules/.bin/platform');

/** The options platform-api.md names for the tool ("Authentication"), and how the tool is configured. */
const SPECIFIED = [
  'create',
  'invalidate',
  '[DATABASE_ID]',
  '--read-only',
  '--expiry',
  '30d',
  '--no-save',
  '--force',
  '--regenerate',
  '--save-env',
  'requires --regenerate',
  'PLATFORM_DATABASE_AUTH_TOKEN',
  'PLATFORM_API_BASE_URL',
  'PLATFORM_ACCESS_KEY',
];

async function binary(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await promisify(execFile)(BIN, args, { env: { PATH: process.env.PATH, ...env }, timeout: 30_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout: string; stderr: string };
    return { code: failed.code ?? -1, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('help', () => {
  it.each([[['db', 'token', '--help']], [['--help']]])('platform %j lists every option of the specification', async (args) => {
    const run = await platform(mock, args);
    expect(run.code).toBe(0);
    const help = run.stdout.replace(/\s+/g, ' ');
    const missing = SPECIFIED.filter((option) => !help.includes(option));
    expect(missing).toEqual([]);
  });

  it('explains each subcommand with its own options', async () => {
    const create = (await platform(mock, ['db', 'token', 'create', '--help'])).stdout;
    expect(create.replace(/\s+/g, ' ')).toMatch(
      /-e, --expiry <duration> Expire after a number of days, written with the suffix d \(for example 30d\), or never/,
    );
    expect(create).toMatch(/--api-url <url>/);
    const invalidate = (await platform(mock, ['db', 'token', 'invalidate', '--help'])).stdout;
    expect(invalidate).toMatch(/-y, --yes\s+Do not ask for confirmation/);
  });

  it('lists the exit codes', async () => {
    const help = (await platform(mock, ['--help'])).stdout;
    for (const code of [0, 1, 2, 3, 4, 5]) expect(help).toMatch(new RegExp(`^ {2}${code} {2}\\S`, 'm'));
  });
});

describe('the platform binary', () => {
  it('prints the help of db token', async () => {
    const run = await binary(['db', 'token', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--save-env');
  });

  it('creates tokens against the mock, and they work', async () => {
    const run = await binary(['db', 'token', 'create', DATABASE_ID, '--no-save'], { PLATFORM_API_BASE_URL: mock.url, PLATFORM_ACCESS_KEY: ACCESS_KEY });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(await accepts(mock, printedTokens(run.stdout).full_access!)).toBe(true);
  });

  it('ends with exit code 3 and one line when the access key is missing', async () => {
    const run = await binary(['db', 'token', 'create', DATABASE_ID, '--no-save'], { PLATFORM_API_BASE_URL: mock.url });
    expect(run).toEqual({ code: 3, stdout: '', stderr: 'platform: error: no access key: set PLATFORM_ACCESS_KEY or pass --access-key\n' });
  });
});
