// Every package packs into a tarball that installs with npm into an empty project and works there:
// `npx platform-mock --port 0` serves every area and the site, `startMock()` and the client work
// from a script, `npx platform --version` prints the version. Packs once for the file (with
// `pnpm pack:all --no-build`, so the build `pnpm test` made is what is packed); npm installs from
// its cache first (--prefer-offline). The mock's README example (a vitest test file) compiles and
// runs there, with vitest and @libsql/client installed as a user would.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, listAreas } from '../../scripts/lib/paths.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'packed-install-'));
const tarballs = path.join(scratch, 'tarballs');
const project = path.join(scratch, 'project');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const versionOf = (name: string) => JSON.parse(readFileSync(path.join(ROOT, 'packages', name, 'package.json'), 'utf8')).version as string;
const tarball = (name: string) => path.join(tarballs, `platform-contracts-${name}-${versionOf(name)}.tgz`);

function pack(names: string[]) {
  const result = spawnSync(TSX, ['scripts/pack.ts', ...names, '--no-build', '--out', tarballs], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`pnpm pack:all ${names.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

function npmInstall(files: string[]) {
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...files], {
    cwd: project,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  if (result.status !== 0) throw new Error(`npm install failed:\n${result.stderr}`);
}

let packOutput = '';
beforeAll(() => {
  packOutput = pack(['contracts', 'client', 'mock']);
  spawnSync('mkdir', ['-p', project]);
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'empty-project', private: true, type: 'module' }));
  npmInstall(['contracts', 'client', 'mock'].map(tarball));
}, 300_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * Runs a command in the project, in its own process group as a terminal would, until it prints
 * its URL; stop() sends SIGINT to the group (Ctrl+C) and resolves with the output once all ended.
 */
function serve(command: string, args: string[]) {
  const child = spawn(command, args, { cwd: project, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match && /Ready/.test(output)) resolve(match[1]!);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited ${code} before it was ready:\n${output}`)));
  });
  const closed = new Promise<string>((resolve) => child.once('close', () => resolve(output)));
  return { url, output: () => output, stop: () => (process.kill(-child.pid!, 'SIGINT'), closed) };
}

describe('pnpm pack:all', () => {
  it('writes one tarball per package into one folder', () => {
    expect(readdirSync(tarballs).sort()).toEqual(['client', 'contracts', 'mock'].map((name) => path.basename(tarball(name))));
    expect(packOutput).toMatch(/packed 3 packages into/);
  });

  it('publishes no workspace ranges, no development sources and nothing private', () => {
    for (const name of ['contracts', 'client', 'mock']) {
      const manifest = readFileSync(path.join(project, 'node_modules/@platform-contracts', name, 'package.json'), 'utf8');
      expect(manifest, name).not.toMatch(/workspace:|"development"|"private"/);
    }
  });

  it('ships the site in the mock as real files, copied only into the package', () => {
    const site = path.join(project, 'node_modules/@platform-contracts/mock/docs');
    expect(lstatSync(site).isSymbolicLink()).toBe(false);
    expect(existsSync(path.join(site, 'index.html'))).toBe(true);
    // In the repository, the mock's site is the current build output, not a copy.
    expect(lstatSync(path.join(ROOT, 'packages/mock/docs')).isSymbolicLink()).toBe(true);
  });
});

describe('installed from the tarballs into an empty project', () => {
  it('npx platform-mock --port 0 serves every area and the site, and stops on Ctrl+C', async () => {
    const mock = serve('npx', ['platform-mock', '--port', '0', '--quiet']);
    try {
      const url = await mock.url;
      const health = (await (await fetch(`${url}/_mock/health`)).json()) as { areas: string[] };
      expect([...health.areas].sort()).toEqual(listAreas());
      const site = await fetch(`${url}/docs/`);
      expect(site.status).toBe(200);
      expect(await site.text()).toMatch(/<html/i);
      for (const area of listAreas()) expect((await fetch(`${url}/docs/openapi/${area}.json`)).status, area).toBe(200);
    } finally {
      const output = await mock.stop();
      expect(output).toMatch(/SIGINT: finishing requests in flight/);
      expect(output).not.toMatch(/\n\s+at |ELIFECYCLE/);
    }
  }, 120_000);

  it('startMock() and the client work from a script', () => {
    writeFileSync(
      path.join(project, 'use.mjs'),
      `import { startMock } from '@platform-contracts/mock';
import { createPlatformClient } from '@platform-contracts/client';
const mock = await startMock({ port: 0 });
const platform = createPlatformClient({ accessKey: 'any', apiBaseUrl: mock.url, videoBaseUrl: mock.url });
const zones = await platform.storage.GET('/storagezone', {});
console.log(JSON.stringify({ areas: [...new Set(mock.operations.map((op) => op.area))].sort(), storageZones: Array.isArray(zones.data), failure: zones.failure ?? null }));
await mock.close();
`,
    );
    const result = spawnSync(process.execPath, ['use.mjs'], { cwd: project, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout.trim().split('\n').at(-1)!)).toEqual({ areas: listAreas(), storageZones: true, failure: null });
  }, 120_000);

  it('runs the vitest example of the mock\'s README, compiled, from the packed packages', () => {
    const readme = readFileSync(path.join(project, 'node_modules/@platform-contracts/mock/README.md'), 'utf8');
    const example = /<!-- example: (\S+) -->\n```ts\n([\s\S]*?)```/.exec(readme);
    expect(example, 'the README marks its example with <!-- example: FILE -->').not.toBeNull();
    const devDependencies = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).devDependencies as Record<string, string>;
    npmInstall(['vitest', '@libsql/client', 'typescript'].map((name) => `${name}@${devDependencies[name]}`));
    spawnSync('mkdir', ['-p', path.join(project, path.dirname(example![1]!))]);
    writeFileSync(path.join(project, example![1]!), example![2]!);
    const compilerOptions = { target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', strict: true, noEmit: true, skipLibCheck: true };
    writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: [example![1]!] }));
    const compiled = spawnSync('npx', ['tsc', '-p', '.'], { cwd: project, encoding: 'utf8' });
    expect(compiled.status, compiled.stdout + compiled.stderr).toBe(0);
    const run = spawnSync('npx', ['vitest', 'run', '--reporter=json'], { cwd: project, encoding: 'utf8' });
    expect(run.status, run.stdout.slice(-3000) + run.stderr.slice(-3000)).toBe(0);
    const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as { numPassedTests: number; numTotalTests: number };
    expect(report.numTotalTests).toBeGreaterThan(0);
    expect(report.numPassedTests).toBe(report.numTotalTests);
  }, 300_000);

  it('npx platform --version prints the version of @platform-contracts/cli', () => {
    pack(['cli']);
    npmInstall([tarball('cli')]);
    const result = spawnSync('npx', ['platform', '--version'], { cwd: project, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe(versionOf('cli'));
  }, 300_000);
});
