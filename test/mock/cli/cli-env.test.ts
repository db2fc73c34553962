// The mock's options through environment variables (PLATFORM_MOCK_<OPTION>), as a container or a
// CI service gives them: every option reachable, arguments winning, switches and lists read one
// way, a bad value named by its variable, and other variables (PORT, HOST) ignored.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { argsFromEnv, envName } from '../../../packages/mock/src/cli/cli-env.ts';
import { parseOptions } from '../../../packages/mock/src/cli/cli-options.ts';
import { ROOT } from '../../../scripts/lib/paths.ts';

const parsed = (env: Record<string, string>, argv: string[] = []) => parseOptions(argv, env);

describe('PLATFORM_MOCK_* variables', () => {
  const cases: [name: string, env: Record<string, string>, argv: string[], read: (options: ReturnType<typeof parseOptions>) => unknown, expected: unknown][] = [
    ['a number', { PLATFORM_MOCK_PORT: '4999' }, [], (o) => o.start.port, 4999],
    ['a host', { PLATFORM_MOCK_HOST: '0.0.0.0' }, [], (o) => o.start.host, '0.0.0.0'],
    ['an argument over its variable', { PLATFORM_MOCK_PORT: '4999' }, ['--port', '5001'], (o) => o.start.port, 5001],
    ['an argument written --name=value over its variable', { PLATFORM_MOCK_PORT: '4999' }, ['--port=5002'], (o) => o.start.port, 5002],
    [
      'a list separated by commas and spaces',
      { PLATFORM_MOCK_ALLOWED_HOST: 'mock, mock.test,.internal' },
      [],
      (o) => o.start.allowedHosts,
      ['mock', 'mock.test', '.internal'],
    ],
    [
      'a repeatable option given as arguments, not merged with its variable',
      { PLATFORM_MOCK_AREA: 'dns' },
      ['--area', 'video'],
      (o) => o.start.areas,
      ['video'],
    ],
    ['a switch on', { PLATFORM_MOCK_QUIET: '1' }, [], (o) => o.values.quiet, true],
    ['a switch on, as true', { PLATFORM_MOCK_DYNAMIC: 'TRUE' }, [], (o) => o.start.dynamic, true],
    ['a switch off', { PLATFORM_MOCK_QUIET: '0' }, [], (o) => o.values.quiet, undefined],
    ['an empty variable, as unset', { PLATFORM_MOCK_PORT: '' }, [], (o) => o.start.port, 4010],
    ["an area's option", { PLATFORM_MOCK_DB_PER_HOST: 'yes' }, [], (o) => o.values['db-per-host'], true],
    ['a file option', { PLATFORM_MOCK_COVERAGE: path.join(tmpdir(), 'coverage.json') }, [], (o) => o.coverageFile, path.join(tmpdir(), 'coverage.json')],
    ['PORT and HOST, not read', { PORT: '4999', HOST: '0.0.0.0' }, [], (o) => [o.start.port, o.start.host], [4010, '127.0.0.1']],
    ['--help, never from a variable', { PLATFORM_MOCK_HELP: '1' }, [], (o) => o.values.help, undefined],
  ];
  it.each(cases)('reads %s', (_name, env, argv, read, expected) => {
    expect(read(parsed(env, argv))).toEqual(expected);
  });

  const refused: [name: string, env: Record<string, string>, message: RegExp][] = [
    ['a switch that is neither on nor off', { PLATFORM_MOCK_QUIET: 'maybe' }, /^PLATFORM_MOCK_QUIET must be 1, true, yes, 0, false or no, got "maybe"$/],
    ['a bad number', { PLATFORM_MOCK_PORT: 'abc' }, /^--port must be a whole number from 0 to 65535, got "abc" \(set by PLATFORM_MOCK_PORT\)$/],
    ['an unknown area', { PLATFORM_MOCK_AREA: 'weather' }, /^unknown area weather/],
  ];
  it.each(refused)('refuses %s, naming the variable', (_name, env, message) => {
    expect(() => parsed(env)).toThrow(message);
  });

  it('names a variable for every option the help lists, but --help and --version', () => {
    const { from } = argsFromEnv({ port: { type: 'string' }, quiet: { type: 'boolean' }, help: { type: 'boolean' } }, [], {
      PLATFORM_MOCK_PORT: '1',
      PLATFORM_MOCK_QUIET: '1',
      PLATFORM_MOCK_HELP: '1',
    });
    expect([...from.values()]).toEqual(['PLATFORM_MOCK_PORT', 'PLATFORM_MOCK_QUIET']);
    expect(envName('max-records-per-zone')).toBe('PLATFORM_MOCK_MAX_RECORDS_PER_ZONE');
  });

  it('works for the built CLI: a usage error from a variable exits 2 naming it', () => {
    const run = spawnSync(process.execPath, [path.join(ROOT, 'packages/mock/bin/platform-mock.js')], {
      encoding: 'utf8',
      env: { ...process.env, PLATFORM_MOCK_PORT: '70000', PLATFORM_MOCK_DB_DIR: mkdtempSync(path.join(tmpdir(), 'env-db-')) },
      timeout: 30_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^error: --port must be a whole number from 0 to 65535, got "70000" \(set by PLATFORM_MOCK_PORT\)/);
  });
});
