// The repository's commands as a newcomer meets them: no script hidden behind one of pnpm's own
// commands, every script answers --help, usage errors exit 2, and the README says what is needed.
import { exec, execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/paths.ts';
import { cleanNpmEnv, pnpmCommand } from '../../scripts/lib/pnpm.ts';
import { blocksOf } from '../support/doc-blocks.ts';
import { listAreas } from '../support/openapi.ts';

const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string>; engines: { node: string } };
const scripts = Object.entries(manifest.scripts);
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

type Ran = { status: number | null; stdout: string; stderr: string };
const settle = (resolve: (ran: Ran) => void) => (error: (Error & { code?: unknown }) | null, stdout: string, stderr: string) =>
  resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
/** A command line in a shell, or a file with arguments, from the root; the tests that spawn one run at once (it.concurrent), each waiting for its own process. */
const runShell = (command: string, env?: NodeJS.ProcessEnv) =>
  new Promise<Ran>((resolve) => exec(command, { cwd: ROOT, encoding: 'utf8', env }, settle(resolve)));
const runFile = (file: string, args: string[]) => new Promise<Ran>((resolve) => execFile(file, args, { cwd: ROOT, encoding: 'utf8' }, settle(resolve)));

/**
 * What `pnpm <name>` does itself instead of running the script `<name>`: pnpm 10's commands and
 * the ones it hands to npm (`pnpm docs` opens the npm website). `start` and `test` are left out:
 * those commands run the script of that name.
 */
const PNPM_COMMANDS = `add approve-builds audit bin cache cat-file cat-index c config create dedupe deploy dlx doctor env exec
fetch find-hash help i ignored-builds import init install install-test it licenses link ln list ls ll la outdated pack
patch patch-commit patch-remove prune publish rb rebuild recursive m remove rm uninstall un unlink restart root run
self-update server setup store t up update upgrade why get set
access adduser bugs deprecate dist-tag docs edit home info issues login logout owner ping prefix profile pkg repo s search
set-script show star stars team token unpublish unstar v version view whoami xmas`.split(/\s+/);

describe('package.json scripts', () => {
  it.each(scripts.map(([name]) => [name]))("%s is not one of pnpm's own commands", (name) => {
    expect(PNPM_COMMANDS).not.toContain(name);
  });

  /** The TypeScript file a script runs, if it runs one of ours. */
  const ownScript = (command: string) => /^(?:tsx|node --import tsx) (scripts\/[\w-]+\.ts)$/.exec(command)?.[1];

  // Every program in scripts/ (the libraries are in scripts/lib/), the ones package.json does not name too, stops at --help.
  const programs = readdirSync(path.join(ROOT, 'scripts'))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => `scripts/${file}`);
  it('finds the programs in scripts/: every one package.json runs', () => {
    for (const [, command] of scripts) if (ownScript(command)) expect(programs).toContain(ownScript(command));
  });
  it.each(programs)('%s handles --help', (file) => {
    expect(readFileSync(path.join(ROOT, file), 'utf8'), `${file} does not handle --help`).toMatch(/parseScriptArgs\(|'--help'/);
  });

  it.concurrent.each(scripts)('%s answers --help (%s)', async (name, command) => {
    const file = ownScript(command);
    if (file) {
      // Never run a script that would not stop at --help (it would do its job for real).
      expect(readFileSync(path.join(ROOT, file), 'utf8'), `${file} does not handle --help`).toMatch(/parseScriptArgs|'--help'/);
    }
    const result = await runShell(`${command} --help`, { ...process.env, PATH: `${path.join(ROOT, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}` });
    expect(result.status, result.stderr).toBe(0);
    if (file) expect(result.stdout).toMatch(new RegExp(`^Usage: pnpm ${name.replace(':', '\\:')}\\b`, 'i'));
    else expect(result.stdout.trim().length).toBeGreaterThan(0);
  });

  it.concurrent.each([
    ['lint', 'scripts/lint.ts'],
    ['bundle', 'scripts/bundle.ts'],
    ['check:breaking', 'scripts/check-breaking.ts'],
  ])('pnpm %s with an unknown area is a usage error: exit 2, the areas listed', async (_name, file) => {
    const result = await runFile(path.join(ROOT, 'node_modules/.bin/tsx'), [file, 'nosuch']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^error: unknown area nosuch; the areas are ${[...listAreas()].sort().join(', ')}\n`));
  });

  it.concurrent.each([['--colour'], ['nosuch']])('pnpm bench %s is a usage error', async (...args) => {
    const result = await runFile(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/bench.ts', ...args]);
    expect(result.status, args.join(' ')).toBe(2);
    expect(result.stderr).toMatch(/^error: /);
  });
});

describe('the README', () => {
  it('names the exact Node version the packages need', () => {
    const minimum = /^>=(\d+\.\d+)\.0/.exec(manifest.engines.node)?.[1];
    expect(minimum).toBeDefined();
    expect(readme.split('\n').slice(0, 12).join('\n')).toContain(`Node ${minimum}`);
    expect(readme).not.toMatch(/Node 20[,)]/);
  });

  it('describes every option `pnpm mock --help` lists', () => {
    const result = spawnSync(process.execPath, [path.join(ROOT, 'packages/mock/bin/platform-mock.js'), '--help'], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    const options = [...new Set(result.stdout.match(/--[a-z][a-z-]+/g) ?? [])].filter((option) => option !== '--help' && option !== '--version');
    expect(options.length).toBeGreaterThan(3);
    for (const option of options) expect(readme, option).toContain(`\`${option}`);
  });

  it("runs commands that exist: every `pnpm <name>` it mentions is a script or one of pnpm's", () => {
    const named = [...readme.matchAll(/`(?:npx -y )?pnpm(?:@10)? ([a-z][\w:-]*)/g)].map((match) => match[1]!);
    for (const name of new Set(named)) expect(name in manifest.scripts || ['install', 'add', 'exec', 'pack', 'publish'].includes(name), name).toBe(true);
    expect(existsSync(path.join(ROOT, 'scripts', 'pack.ts'))).toBe(true);
  });

  it('gives the commands in their fastest form, an installed pnpm, and says what npx costs instead', () => {
    const commands = blocksOf('README.md')
      .filter((block) => block.language === 'sh')
      .map((block) => block.code);
    expect(commands.filter((code) => /\bnpx -y pnpm/.test(code))).toEqual([]);
    expect(readme.split('\n').slice(0, 12).join('\n')).toContain('`npm install -g pnpm@10`');
    expect(readme).toMatch(/write `npx -y pnpm@10` in its place[\s\S]{0,200}slower by 5 to 10 seconds/);
  });
});

describe('pnpm in this repository', () => {
  it("shows no notice of a newer pnpm (update-notifier=false in .npmrc), whatever the user's own settings", () => {
    const [command, prefix] = pnpmCommand();
    const { npm_config_update_notifier: _notifier, ...env } = cleanNpmEnv();
    const result = spawnSync(command, [...prefix, 'config', 'get', 'update-notifier'], { cwd: ROOT, encoding: 'utf8', env });
    expect(result.stdout.trim(), result.stderr).toBe('false');
  }, 60_000);
});
