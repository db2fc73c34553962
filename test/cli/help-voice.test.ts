// One voice for help and usage errors across the repository's commands: the `platform` CLI, the
// mock (`platform-mock`, and `pnpm start` / `pnpm mock`, which run it under their own names) and
// the scripts. The rules are one table, checked on every help text; the two CLIs' help is also
// expected text (test/cli/expected/), so that any change to it is seen and reviewed.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listAreas, ROOT } from '../../scripts/lib/paths.ts';
import { loadBundle } from '../support/openapi.ts';

const MOCK_BIN = path.join(ROOT, 'packages/mock/bin/platform-mock.js');
const PLATFORM_BIN = path.join(ROOT, 'packages/cli/bin/platform.js');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

const run = (command: string, args: string[], env: Record<string, string> = {}) => {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...env } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
};

/** Every help text the repository's commands print. */
const HELPS: [string, () => string][] = [
  ['platform --help', () => run(process.execPath, [PLATFORM_BIN, '--help']).stdout],
  ['platform db token --help', () => run(process.execPath, [PLATFORM_BIN, 'db', 'token', '--help']).stdout],
  ...['create', 'invalidate', 'list'].map((name): [string, () => string] => [
    `platform db token ${name} --help`,
    () => run(process.execPath, [PLATFORM_BIN, 'db', 'token', name, '--help']).stdout,
  ]),
  ['platform-mock --help', () => run(process.execPath, [MOCK_BIN, '--help']).stdout],
  ['pnpm start --help', () => run(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--help']).stdout],
  ['pnpm mock --help', () => run(process.execPath, ['--import', 'tsx', 'scripts/mock.ts', '--help']).stdout],
  ...['lint', 'bundle', 'build', 'check-breaking', 'pack'].map((name): [string, () => string] => [
    `scripts/${name}.ts --help`,
    () => run(TSX, [`scripts/${name}.ts`, '--help']).stdout,
  ]),
];

/** A row of options or endpoints: two spaces, the term, two spaces or more, the description. */
const ROW = /^ {2}(\S.*?) {2,}(\S.*)$/;

/** The rules, each a check of one help text that returns what breaks it. */
const RULES: [string, (help: string) => string[]][] = [
  ['no line is wider than 100 characters', (help) => help.split('\n').filter((line) => line.length > 100)],
  ['every description starts with a capital', (help) => help.split('\n').flatMap((line) => (ROW.exec(line)?.[2] ?? 'A').match(/^[a-z].*/) ?? [])],
  ['a default is written (default: X), never (default X) nor a bare (N)', (help) => help.match(/\(default [^:]|\(\d+\)$/gm) ?? []],
  ['no section is empty: a heading is followed by what it heads', (help) => [...help.matchAll(/^(\S[^\n]*:)\n(?=\n|$)/gm)].map((match) => match[1]!)],
  [
    'the descriptions of one list start in one column',
    (help) =>
      help.split(/\n(?=\S)/).flatMap((section) => {
        const columns = new Set(
          section.split('\n').flatMap((line) => {
            const match = ROW.exec(line);
            return match ? [line.indexOf(match[2]!)] : [];
          }),
        );
        return columns.size > 1 ? [`${section.split('\n')[0]} ${[...columns].join(', ')}`] : [];
      }),
  ],
];

describe.each(HELPS)('%s', (_name, help) => {
  let text: string | undefined;
  const helpText = () => (text ??= help());
  it('prints help', () => expect(helpText()).toMatch(/^Usage: /));
  it.each(RULES)('%s', (_rule, broken) => expect(broken(helpText())).toEqual([]));
});

describe('the expected help (test/cli/expected/)', () => {
  it.each([
    ['platform--help.txt', () => run(process.execPath, [PLATFORM_BIN, '--help']).stdout],
    ['platform-mock--help.txt', () => run(process.execPath, [MOCK_BIN, '--help']).stdout],
  ])('%s', (file, help) => expect(help()).toBe(readFileSync(path.join(ROOT, 'test/cli/expected', file), 'utf8')));

  it('heads each area\'s mock options with the area\'s name as its contract gives it ("DNS area")', () => {
    const help = run(process.execPath, [MOCK_BIN, '--help']).stdout;
    const headings = help.match(/^\S.* area:$/gm) ?? [];
    const titles = listAreas().map((area) => `${String(loadBundle(area).info.title).replace(/ API$/, '')} area:`);
    expect(headings.length).toBeGreaterThan(0);
    for (const heading of headings) expect(titles).toContain(heading);
    expect(help).not.toMatch(/^Dns area:/m);
  });
});

describe('usage errors: the command as typed, its help named, one wording', () => {
  // The mock and the scripts give the error, then the help to read; `platform` keeps every error to one line (its README says so).
  const UNKNOWN =
    /^(?:error: unknown option --prot\nRun `(.+) --help` for the options\.|platform: error: unknown option --prot \(`(platform) --help` lists the options\))\n$/;
  it.each([
    ['platform-mock', () => run(process.execPath, [MOCK_BIN, '--prot']), 'platform-mock'],
    [
      'pnpm start',
      () => run(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--prot'], { PLATFORM_BUILD_RECORD: path.join(ROOT, 'dist/.build-record.json') }),
      'pnpm start',
    ],
    ['pnpm mock', () => run(process.execPath, ['--import', 'tsx', 'scripts/mock.ts', '--prot']), 'pnpm mock'],
    ['platform', () => run(process.execPath, [PLATFORM_BIN, '--prot']), 'platform'],
    ['pnpm lint', () => run(TSX, ['scripts/lint.ts', '--prot']), 'pnpm lint'],
  ])('%s --prot', (_name, command, program) => {
    const result = command();
    expect(result.status).toBe(2);
    const stderr = result.stderr.replace(/^note: [\s\S]*?\n(?=error)/, ''); // pnpm mock notes an out-of-date build first
    expect(stderr).toMatch(UNKNOWN);
    const match = UNKNOWN.exec(stderr);
    expect(match?.[1] ?? match?.[2]).toBe(program);
  });

  it('pnpm platform ... --env-file, which Node takes for itself, gets the CLI\'s own message (no "node: .env: not found", exit 9)', () => {
    const script = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.platform!;
    const result = spawnSync(`${script} db token create my-database --env-file no-such.env`, { cwd: ROOT, shell: true, encoding: 'utf8' });
    expect({ status: result.status, stderr: result.stderr }).toEqual({
      status: 2,
      stderr: 'platform: error: --env-file is now --dotenv (Node takes --env-file for itself)\n',
    });
  });
});
