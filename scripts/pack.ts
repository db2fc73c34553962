// `pnpm pack:all`: every package as `pnpm pack` packs it (and so as `pnpm publish` would publish
// it), all in one folder (dist/packages/ by default), ready for `npm install <folder>/<tarball>...`
// in another project. The packages' own manifests say what is published: `files`,
// `publishConfig.exports` (no `development` condition), the mock's `prepack` (the site); pnpm
// makes `workspace:*` versions exact. This script only builds what changed and calls pnpm pack.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkNames, parseScriptArgs, plural } from './lib/args.ts';
import { PACKAGE_SCOPE, ROOT, scopedName, tarballName } from './lib/paths.ts';
import { cleanNpmEnv, pnpmCommand } from './lib/pnpm.ts';
import { fail } from './lib/run.ts';

/** The packages, dependencies first. */
export const PACKAGES = ['contracts', 'client', 'mock', 'cli'] as const;
const DEFAULT_OUT = path.join(ROOT, 'dist/packages');

type Json = Record<string, any>;

/** A package that cannot be packed; the message says what to run. */
class PackError extends Error {}

const packageJson = (name: string): Json => JSON.parse(readFileSync(path.join(ROOT, 'packages', name, 'package.json'), 'utf8'));

/** What must exist before a package can be packed, with what to run otherwise. */
function checkBuilt(name: string, manifest: Json) {
  for (const entry of (manifest.files ?? []).filter((file: string) => file !== 'docs')) {
    if (!existsSync(path.join(ROOT, 'packages', name, entry))) throw new PackError(`packages/${name}/${entry} is missing: run \`pnpm build\` first`);
  }
}

/** `pnpm pack` in packages/<name>, into `out`; returns the tarball's path. */
function packOne(name: string, out: string): string {
  const manifest = packageJson(name);
  if (!manifest.files) throw new PackError(`packages/${name}/package.json has no "files": list what the package ships`);
  checkBuilt(name, manifest);
  const [command, prefix] = pnpmCommand();
  const result = spawnSync(command, [...prefix, 'pack', '--pack-destination', out], {
    cwd: path.join(ROOT, 'packages', name),
    encoding: 'utf8',
    env: cleanNpmEnv(),
  });
  if (result.status !== 0) throw new PackError(`pnpm pack failed for ${manifest.name}: ${`${result.stdout}${result.stderr}`.trim()}`);
  const tarball = path.join(out, tarballName(name, manifest.version));
  if (!existsSync(tarball)) throw new PackError(`pnpm pack did not write ${tarball}`);
  return tarball;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const spec = {
    usage: 'pnpm pack:all [package...] [--out DIR]',
    description: `Writes each package (${PACKAGES.map(scopedName).join(', ')}) with \`pnpm pack\`, as
\`pnpm publish\` would publish it, to one folder, building first what changed. Install them in
another project with npm install <folder>/${tarballName('contracts', '<version>')} <folder>/${tarballName('mock', '<version>')} ...
(with the ${PACKAGE_SCOPE} packages each depends on; see the packages' READMEs).`,
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
