// Every package's declarations compile as a user compiles them: the tarballs `pnpm pack` makes
// (the README's `pnpm pack:all`, run once per vitest run: test/support/packed-project.ts), unpacked into a project's node_modules (their dependencies linked from the workspace, no
// install), and one file importing every entry point, type-checked with skipLibCheck: false,
// strict and exactOptionalPropertyTypes, under moduleResolution node16 and bundler, with the oldest
// TypeScript the packages support and the latest (test/consumer/package.json pins both). publint
// and attw --profile esm-only check every tarball's manifest and exports map here too.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryPoints } from '../../scripts/lib/build/entry-points.ts';
import { ROOT, scopedName } from '../../scripts/lib/paths.ts';
import { PACKAGES } from '../../scripts/pack.ts';
import { inTurn, type Outcome, outcomeOf } from '../support/in-turn.ts';
import { packedOnce } from '../support/packed-project.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'published-types-'));
const project = path.join(scratch, 'project');
const modules = path.join(project, 'node_modules');
const tarballs = new Map<string, string>();

/** The TypeScript versions users may compile with: the oldest the packages support and the latest. */
const COMPILERS = Object.entries(JSON.parse(readFileSync(path.join(ROOT, 'test/consumer/package.json'), 'utf8')).devDependencies as Record<string, string>).map(
  ([alias, spec]) => ({ alias, version: spec.replace('npm:typescript@', ''), tsc: path.join(ROOT, 'test/consumer/node_modules', alias, 'bin/tsc') }),
);
const RESOLUTIONS = { node16: ['--module', 'node16', '--moduleResolution', 'node16'], bundler: ['--module', 'esnext', '--moduleResolution', 'bundler'] };
/** Node's types, linked as a user installs them beside the packages' optional peers (the mock's vitest fixtures, MSW handlers, Testcontainers module). */
const NODE_TYPES = '@types/node';

const manifestOf = (name: string) => JSON.parse(readFileSync(path.join(modules, scopedName(name), 'package.json'), 'utf8'));

function link(from: string, target: string) {
  mkdirSync(path.dirname(from), { recursive: true });
  rmSync(from, { recursive: true, force: true });
  symlinkSync(target, from, 'dir');
}

beforeAll(() => {
  mkdirSync(modules, { recursive: true });
  writeFileSync(path.join(project, 'package.json'), '{ "name": "consumer", "private": true, "type": "module" }\n');
  const packed = packedOnce();
  if (packed.status !== 0) throw new Error(`pnpm pack:all failed (exit ${packed.status}):\n${packed.output}`);
  for (const name of PACKAGES) {
    const tarball = packed.tarballs[name];
    if (!tarball) throw new Error(`pnpm pack:all wrote no tarball of ${name}:\n${packed.output}`);
    tarballs.set(name, tarball);
    const dir = path.join(modules, scopedName(name));
    mkdirSync(dir, { recursive: true });
    const untar = spawnSync('tar', ['-xzf', tarball, '-C', dir, '--strip-components=1'], { encoding: 'utf8' });
    if (untar.status !== 0) throw new Error(untar.stderr);
  }
  for (const name of PACKAGES) {
    for (const dependency of Object.keys(manifestOf(name).dependencies ?? {}).filter((dependency) => !dependency.startsWith(scopedName('')))) {
      link(path.join(modules, dependency), path.join(ROOT, 'packages', name, 'node_modules', dependency));
    }
  }
  for (const name of PACKAGES) {
    const peers = Object.keys(manifestOf(name).peerDependencies ?? {}).filter((peer) => peer !== 'typescript');
    for (const peer of peers) {
      const installed = [path.join(ROOT, 'node_modules', peer), path.join(ROOT, 'packages', name, 'node_modules', peer)].find((dir) => existsSync(dir));
      if (!installed) throw new Error(`${scopedName(name)}'s peer ${peer} is installed neither at the root nor in packages/${name}`);
      link(path.join(modules, peer), installed);
    }
  }
  link(path.join(modules, NODE_TYPES), path.join(ROOT, 'node_modules', NODE_TYPES));
  const specifiers = PACKAGES.flatMap((name) => entryPoints(name, manifestOf(name).exports ?? {}).map(({ specifier }) => specifier));
  writeFileSync(
    path.join(project, 'consumer.ts'),
    `${specifiers.map((specifier, index) => `import * as entry${index} from '${specifier}';`).join('\n')}\nexport const entries = [${specifiers.map((_, index) => `entry${index}`).join(', ')}];\n`,
  );
}, 120_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs a command in the project. */
const run = (command: string, args: string[]) =>
  new Promise<{ status: number | null; output: string }>((resolve) => {
    execFile(command, args, { cwd: project, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` }),
    );
  });

const FLAGS = ['--noEmit', '--strict', '--exactOptionalPropertyTypes', '--skipLibCheck', 'false', '--target', 'es2022', '--types', 'node'];
/** Every check's command, by the test that reads it: the compilers first (the longest), then publint and attw per tarball. */
const CHECKS: [key: string, command: () => [string, string[]]][] = [
  ...COMPILERS.flatMap(({ alias, tsc }) =>
    Object.entries(RESOLUTIONS).map(([name, resolution]): [string, () => [string, string[]]] => [
      `${alias} ${name}`,
      () => [process.execPath, [tsc, ...FLAGS, ...resolution, 'consumer.ts']],
    ]),
  ),
  ...PACKAGES.flatMap((name): [string, () => [string, string[]]][] => [
    [`publint ${name}`, () => [path.join(ROOT, 'node_modules/.bin/publint'), ['--strict', '--pack', 'false', path.join(modules, scopedName(name))]]],
    [`attw ${name}`, () => [path.join(ROOT, 'node_modules/.bin/attw'), [tarballs.get(name)!, '--profile', 'esm-only', '--format', 'ascii']]],
  ]),
];
// Started once the project is set up, two at a time, the next as soon as one ends; each test
// waits for its own.
let checks = new Map<string, Promise<Outcome<{ status: number | null; output: string }>>>();
beforeAll(() => {
  const outcomes = inTurn(
    CHECKS.map(
      ([, command]) =>
        () =>
          run(...command()),
    ),
    2,
  );
  checks = new Map(CHECKS.map(([key], index) => [key, outcomes[index]!]));
});
const checked = (key: string) => outcomeOf(checks.get(key)!);

describe('the TypeScript versions the packages support', () => {
  it.each(PACKAGES.filter((name) => name !== 'cli'))('%s states the oldest checked here as its optional peer typescript', (name) => {
    const oldest = COMPILERS.find(({ alias }) => alias === 'typescript-oldest')!.version;
    expect(manifestOf(name).peerDependencies?.typescript).toBe(`>=${oldest.split('.').slice(0, 2).join('.')}`);
    expect(manifestOf(name).peerDependenciesMeta?.typescript).toEqual({ optional: true });
  });
});

describe('the consumer file', () => {
  it('imports every entry point of every package that has types', () => {
    const consumer = readFileSync(path.join(project, 'consumer.ts'), 'utf8');
    for (const specifier of [scopedName('client'), `${scopedName('client')}/database`, `${scopedName('mock')}/vitest`, `${scopedName('contracts')}/database`]) {
      expect(consumer).toContain(`from '${specifier}'`);
    }
  });
});

describe.each(COMPILERS)('the packed declarations under TypeScript $version ($alias)', ({ alias, tsc, version }) => {
  it('is the version pinned', async () => expect((await run(process.execPath, [tsc, '--version'])).output.trim()).toBe(`Version ${version}`));

  it.each(Object.keys(RESOLUTIONS))(
    'compile with skipLibCheck: false, strict, exactOptionalPropertyTypes, moduleResolution %s',
    async (name) => {
      const result = await checked(`${alias} ${name}`);
      expect(result.output).toBe('');
      expect(result.status).toBe(0);
    },
    120_000,
  );
});

describe.each([...PACKAGES])('the %s tarball', (name) => {
  it('passes publint (strict)', async () => {
    const result = await checked(`publint ${name}`);
    expect(result.status, result.output).toBe(0);
  }, 60_000);

  it('passes attw --profile esm-only', async () => {
    const result = await checked(`attw ${name}`);
    expect(result.status, result.output).toBe(0);
  }, 60_000);
});
