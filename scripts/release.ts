// `pnpm release`: for every area whose info.version has not been released yet, records the
// bundled contract as openapi/<area>/released/<version>.yaml and a changelog entry, and moves
// the client's version with it (major on a breaking change, minor otherwise).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundle } from './bundle.ts';
import { describeChanges, findBreakingChanges } from './lib/breaking.ts';
import { OPENAPI_DIR, ROOT, bundlePath, listAreas } from './lib/paths.ts';
import { latestRelease, releasedDir } from './lib/releases.ts';
import { parseScriptArgs } from './lib/args.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface ReleaseInput {
  openapiDir: string;
  clientDir: string;
  areas: string[];
  /** The area's bundle as YAML text. */
  bundleYaml(area: string): string;
  bundleJson(area: string): Json;
  date: string;
}

export interface AreaRelease {
  area: string;
  version: string;
  previous?: string;
  breaking: boolean;
}

function prepend(file: string, title: string, entry: string) {
  const current = existsSync(file) ? readFileSync(file, 'utf8').replace(`# ${title}\n\n`, '') : '';
  writeFileSync(file, `# ${title}\n\n${entry}\n${current}`);
}

export function bumpVersion(version: string, kind: 'major' | 'minor' | 'patch'): string {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  if (kind === 'major') return `${major + 1}.0.0`;
  if (kind === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

export function release(input: ReleaseInput): { areas: AreaRelease[]; clientVersion?: string } {
  const released: AreaRelease[] = [];
  for (const area of input.areas) {
    const current = input.bundleJson(area);
    const version = String(current.info.version);
    const snapshot = path.join(releasedDir(input.openapiDir, area), `${version}.yaml`);
    if (existsSync(snapshot)) continue;
    const previous = latestRelease(input.openapiDir, area);
    const breaking = previous ? findBreakingChanges(previous.document, current) : [];
    const changes = previous ? describeChanges(previous.document, current) : [];
    mkdirSync(path.dirname(snapshot), { recursive: true });
    writeFileSync(snapshot, input.bundleYaml(area));
    const lines = previous
      ? [
          ...breaking.map((c) => `- **Breaking:** ${c.description}`),
          ...changes.filter((c) => c.type !== 'breaking').map((c) => `- ${c.description}`),
        ]
      : ['- First recorded release of this contract.'];
    const entry = `## ${version} (${input.date})\n\n${(lines.length > 0 ? lines : ['- No change to the contract.']).join('\n')}\n`;
    prepend(path.join(input.openapiDir, area, 'CHANGELOG.md'), `${current.info.title} changelog`, entry);
    released.push({ area, version, previous: previous?.version, breaking: breaking.length > 0 });
  }
  const updates = released.filter((r) => r.previous);
  if (updates.length === 0) return { areas: released };

  const packageFile = path.join(input.clientDir, 'package.json');
  const pkg = JSON.parse(readFileSync(packageFile, 'utf8'));
  const clientVersion = bumpVersion(pkg.version, updates.some((r) => r.breaking) ? 'major' : 'minor');
  pkg.version = clientVersion;
  writeFileSync(packageFile, `${JSON.stringify(pkg, null, 2)}\n`);
  // The version the client sends in its User-Agent moves with the package.
  const versionFile = path.join(input.clientDir, 'src/internal/version.ts');
  if (existsSync(versionFile)) writeFileSync(versionFile, readFileSync(versionFile, 'utf8').replace(/VERSION = '[^']*'/, `VERSION = '${clientVersion}'`));
  const contracts = updates.map((r) => `- ${r.area} ${r.previous} -> ${r.version}${r.breaking ? ' (breaking)' : ''}`).join('\n');
  prepend(path.join(input.clientDir, 'CHANGELOG.md'), `${pkg.name} changelog`, `## ${clientVersion} (${input.date})\n\n${contracts}\n`);
  return { areas: released, clientVersion };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  parseScriptArgs({
    usage: 'pnpm release',
    description: `For every area whose info.version is not recorded yet: records the bundled contract as
openapi/<area>/released/<version>.yaml, adds a changelog entry (openapi/<area>/CHANGELOG.md) and
moves @platform-contracts/client's version (major on a breaking change, minor otherwise).`,
  });
  bundle();
  const result = release({
    openapiDir: OPENAPI_DIR,
    clientDir: path.join(ROOT, 'packages/client'),
    areas: listAreas(),
    bundleYaml: (area) => readFileSync(bundlePath(area, 'yaml'), 'utf8'),
    bundleJson: (area) => JSON.parse(readFileSync(bundlePath(area, 'json'), 'utf8')),
    date: new Date().toISOString().slice(0, 10),
  });
  if (result.areas.length === 0) console.log('nothing to release: every area\'s info.version is already recorded');
  for (const r of result.areas) console.log(`released ${r.area} ${r.version}${r.previous ? ` (after ${r.previous}${r.breaking ? ', breaking' : ''})` : ''}`);
  if (result.clientVersion) console.log(`@platform-contracts/client is now ${result.clientVersion}`);
}
