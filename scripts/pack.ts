// `pnpm pack:all`: every package as the tarball npm would publish, all in one folder
// (dist/packages/ by default), ready for `npm install <folder>/<tarball>...` in another project.
// Each package is staged in a temporary folder first: its `files` with symbolic links replaced by
// real copies (the mock's site), `workspace:*` versions made exact, the repository-only
// `development` export conditions and scripts removed. Nothing is copied inside the repository.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkNames, parseScriptArgs, plural } from './lib/args.ts';
import { ROOT } from './lib/paths.ts';
import { fail } from './lib/run.ts';

/** The packages, dependencies first. */
export const PACKAGES = ['contracts', 'client', 'mock', 'cli'] as const;
export const DEFAULT_OUT = path.join(ROOT, 'dist/packages');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A package that cannot be packed; the message says what to run. */
export class PackError extends Error {}

const packageJson = (name: string): Json => JSON.parse(readFileSync(path.join(ROOT, 'packages', name, 'package.json'), 'utf8'));

/** Export maps without the `development` condition, which points at TypeScript sources. */
function withoutDevelopment(exports: unknown): unknown {
  if (!exports || typeof exports !== 'object') return exports;
  return Object.fromEntries(Object.entries(exports).filter(([key]) => key !== 'development').map(([key, value]) => [key, withoutDevelopment(value)]));
}

/** The package.json as published: exact versions of the sibling packages, nothing repository-only. */
export function publishedManifest(manifest: Json, versionOf: (name: string) => string): Json {
  const published: Json = { ...manifest };
  delete published.private;
  delete published.scripts;
  delete published.devDependencies;
  if (published.exports) published.exports = withoutDevelopment(published.exports);
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    if (!published[field]) continue;
    published[field] = Object.fromEntries(
      Object.entries(published[field] as Record<string, string>).map(([name, range]) => [name, range.startsWith('workspace:') ? versionOf(name) : range]),
    );
  }
  return published;
}

/** What must exist before a package can be packed, with what to run otherwise. */
function checkBuilt(name: string, manifest: Json) {
  for (const entry of manifest.files ?? []) {
    if (!existsSync(path.join(ROOT, 'packages', name, entry))) throw new PackError(`packages/${name}/${entry} is missing: run \`pnpm build\` first`);
  }
  for (const bin of Object.values((manifest.bin ?? {}) as Record<string, string>)) {
    if (!existsSync(path.join(ROOT, 'packages', name, bin))) throw new PackError(`packages/${name}/${bin} (a bin of ${manifest.name}) is missing`);
  }
}

/** Stages and packs one package into `out`; returns the tarball's path. */
export function packOne(name: string, out: string): string {
  const dir = path.join(ROOT, 'packages', name);
  const manifest = packageJson(name);
  if (!manifest.files) throw new PackError(`packages/${name}/package.json has no "files": list what the package ships`);
  checkBuilt(name, manifest);
  const stage = mkdtempSync(path.join(tmpdir(), `pack-${name}-`));
  try {
    for (const entry of manifest.files as string[]) {
      cpSync(path.join(dir, entry), path.join(stage, entry), { recursive: true, dereference: true, filter: (source) => !source.includes(`${path.sep}node_modules`) });
    }
    for (const extra of ['README.md', 'CHANGELOG.md', 'LICENSE']) if (existsSync(path.join(dir, extra))) cpSync(path.join(dir, extra), path.join(stage, extra));
    const versionOf = (dependency: string) => packageJson(dependency.replace('@platform-contracts/', '')).version as string;
    writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(publishedManifest(manifest, versionOf), null, 2)}\n`);
    const npm = spawnSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', out], { cwd: stage, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });
    if (npm.status !== 0) throw new PackError(`npm pack failed for ${manifest.name}: ${npm.stderr.trim()}`);
    const [packed] = JSON.parse(npm.stdout) as { filename: string }[];
    return path.join(out, packed!.filename);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const spec = {
    usage: 'pnpm pack:all [package...] [--out DIR]',
    description: `Writes each package (${PACKAGES.map((p) => `@platform-contracts/${p}`).join(', ')}) as the tarball npm
would publish to one folder, building first what changed. Install them in another project with
npm install <folder>/platform-contracts-contracts-<version>.tgz <folder>/platform-contracts-mock-<version>.tgz ...
(with the @platform-contracts packages each depends on; see the packages' READMEs).`,
    positionals: { package: `one of ${PACKAGES.join(', ')} (default: all)` },
    options: {
      out: { type: 'string' as const, value: 'DIR', default: path.relative(ROOT, DEFAULT_OUT), description: 'the folder to write the tarballs to' },
      'no-build': { type: 'boolean' as const, description: 'fail, instead of building, when a package is out of date' },
    },
  };
  const { values, positionals } = parseScriptArgs(spec);
  const names = checkNames(spec, positionals, [...PACKAGES], 'package');
  const out = path.resolve(values.out ?? DEFAULT_OUT);
  const { buildStale, staleSteps } = await import('./build.ts');
  if (values['no-build']) {
    const stale = staleSteps();
    if (stale.length > 0) fail(`out of date: ${stale.map((s) => `${s.step} (${s.reason})`).join(', ')}; run \`pnpm build\`, or pack without --no-build`);
  } else {
    await buildStale();
  }
  mkdirSync(out, { recursive: true });
  let tarballs: string[] = [];
  try {
    tarballs = (names.length > 0 ? PACKAGES.filter((name) => names.includes(name)) : PACKAGES).map((name) => packOne(name, out));
  } catch (error) {
    fail(error instanceof PackError ? error.message : String(error));
  }
  console.log(`packed ${plural(tarballs.length, 'package')} into ${path.relative(process.cwd(), out) || '.'}/:`);
  for (const tarball of tarballs) console.log(`  ${path.basename(tarball)}`);
}
