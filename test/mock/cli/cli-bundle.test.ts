// `platform-mock` starts from one module: the build bundles the CLI's own modules into
// dist/bundle/cli.js (scripts/build-mock.ts), so that Node resolves, reads and links one file where
// it did about a hundred. The packed bin runs in a Node process of its own with a loader hook that
// notes every module loaded; after it answered requests of several areas and its site, the mock's
// own modules loaded are read. The planted case runs the unbundled CLI the same way: the check can fail.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../scripts/lib/paths.ts';
import { MOCK_CLI } from '../../support/mock-cli.ts';

const DIST = path.join(ROOT, 'packages/mock/dist');
const BUNDLE = path.join(DIST, 'bundle');
/** A loader hook that appends each module's URL to the file LOADED_LOG names. */
const HOOKS = `data:text/javascript,${encodeURIComponent(
  "import { appendFileSync } from 'node:fs'; export async function load(url, context, next) { appendFileSync(process.env.LOADED_LOG, url + '\\n'); return next(url, context); }",
)}`;
const REGISTER = `data:text/javascript,${encodeURIComponent(`import { register } from 'node:module'; register(${JSON.stringify(HOOKS)});`)}`;
const ROUTES = ['/_mock/health', '/shield/shield-zones', '/library/42/collections', '/storagezone', '/docs/'];

const scratch = mkdtempSync(path.join(tmpdir(), 'cli-bundle-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The mock's own modules (paths under dist/) that `bin` loaded until it answered ROUTES, each answer's status beside. */
async function loadedBy(bin: string): Promise<{ modules: string[]; statuses: number[] }> {
  const log = path.join(scratch, `${path.basename(bin)}.txt`);
  writeFileSync(log, '');
  const child = spawn(process.execPath, ['--import', REGISTER, bin, '--port', '0', '--quiet'], {
    env: { ...process.env, LOADED_LOG: log },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (/^Ready in/m.test(output)) resolve(/(http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!);
    });
    void exited.then(() => reject(new Error(`exited before it was ready: ${output}`)));
  });
  const statuses: number[] = [];
  for (const route of ROUTES) statuses.push((await fetch(`${url}${route}`, { headers: { AccessKey: 'cli-bundle' } })).status);
  child.kill('SIGTERM');
  await exited;
  const prefix = `file://${DIST}/`;
  const modules = readFileSync(log, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith(prefix))
    .map((line) => line.slice(prefix.length));
  return { modules, statuses };
}

describe('platform-mock starts from its bundle', () => {
  it('answers its routes and its site having loaded none of its own modules but the bundle', async () => {
    const { modules, statuses } = await loadedBy(MOCK_CLI);
    expect(statuses).toEqual(ROUTES.map(() => 200));
    expect(modules.length).toBeGreaterThan(0);
    expect(modules.filter((module) => !module.startsWith('bundle/'))).toEqual([]);
    // What loads only on need (the validation proxy) stays out, in a chunk of its own.
    expect(modules.length).toBeLessThan(readdirSync(BUNDLE).length);
  });

  it('the check finds the modules of an unbundled start (the planted case)', async () => {
    const unbundled = path.join(scratch, 'unbundled.mjs');
    const cli = pathToFileURL(path.join(DIST, 'cli/cli.js')).href;
    writeFileSync(unbundled, `const { runMockCli } = await import(${JSON.stringify(cli)});\nawait runMockCli(process.argv.slice(2));\n`);
    const { modules, statuses } = await loadedBy(unbundled);
    expect(statuses).toEqual(ROUTES.map(() => 200));
    expect(modules.filter((module) => !module.startsWith('bundle/')).length).toBeGreaterThan(50);
  });
});
