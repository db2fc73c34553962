// `pnpm version-packages`: applies the pending changesets (.changeset/*.md) with changesets'
// `changeset version` (versions, the ranges the packages require of each other, each package's
// CHANGELOG.md), then moves the version the client sends in its User-Agent with its package.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseScriptArgs } from './lib/args.ts';
import { ROOT } from './lib/paths.ts';
import { fail, runBin } from './lib/run.ts';

/** Writes the client package's version into src/internal/version.ts; returns it. */
export function syncClientVersion(clientDir = path.join(ROOT, 'packages/client')): string {
  const { version } = JSON.parse(readFileSync(path.join(clientDir, 'package.json'), 'utf8')) as { version: string };
  const file = path.join(clientDir, 'src/internal/version.ts');
  if (existsSync(file)) writeFileSync(file, readFileSync(file, 'utf8').replace(/VERSION = '[^']*'/, `VERSION = '${version}'`));
  return version;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  parseScriptArgs({
    usage: 'pnpm version-packages',
    description: `Applies the pending changesets (.changeset/, written by \`pnpm changeset\`): moves the packages'
versions, writes their CHANGELOG.md, and moves the client's User-Agent version with its package.`,
  });
  if (!runBin('changeset', ['version']).ok) fail('changeset version failed (see above)');
  console.log(`the client's User-Agent names version ${syncClientVersion()}`);
}
