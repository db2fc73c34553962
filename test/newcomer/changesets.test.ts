// The packages' versions and changelogs are kept by changesets (.changeset/config.json): in a
// copy of the workspace's manifests, a changeset for one package moves its version, writes its
// CHANGELOG.md, and moves the exact ranges its dependents would publish; `pnpm version-packages`
// then moves the client's User-Agent version with its package.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, scopedName } from '../../scripts/lib/paths.ts';
import { syncClientVersion } from '../../scripts/version-packages.ts';

const copy = mkdtempSync(path.join(tmpdir(), 'changesets-'));
const read = (file: string) => readFileSync(path.join(copy, file), 'utf8');
const versionIn = (dir: string, name: string) => JSON.parse(readFileSync(path.join(dir, 'packages', name, 'package.json'), 'utf8')).version as string;
const minor = (version: string) => version.replace(/^(\d+)\.(\d+)\.\d+$/, (_m, major, minorPart) => `${major}.${Number(minorPart) + 1}.0`);
let result: ReturnType<typeof spawnSync>;

beforeAll(() => {
  for (const file of ['package.json', 'pnpm-workspace.yaml', '.changeset/config.json']) cpSync(path.join(ROOT, file), path.join(copy, file));
  for (const name of readdirSync(path.join(ROOT, 'packages'))) {
    for (const file of ['package.json', 'CHANGELOG.md', 'src/internal/version.ts']) {
      if (!existsSync(path.join(ROOT, 'packages', name, file))) continue;
      mkdirSync(path.dirname(path.join(copy, 'packages', name, file)), { recursive: true });
      cpSync(path.join(ROOT, 'packages', name, file), path.join(copy, 'packages', name, file));
    }
  }
  writeFileSync(path.join(copy, '.changeset/mock-serves-more.md'), `---\n"${scopedName('mock')}": minor\n"${scopedName('client')}": minor\n---\n\nA change users of the mock and the client read about.\n`);
  result = spawnSync(path.join(ROOT, 'node_modules/.bin/changeset'), ['version'], { cwd: copy, encoding: 'utf8' });
}, 60_000);
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('changeset version', () => {
  it('moves the versions of the packages the changeset names, and only those', () => {
    expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
    expect(versionIn(copy, 'mock')).toBe(minor(versionIn(ROOT, 'mock')));
    expect(versionIn(copy, 'client')).toBe(minor(versionIn(ROOT, 'client')));
    expect(versionIn(copy, 'contracts')).toBe(versionIn(ROOT, 'contracts'));
    expect(existsSync(path.join(copy, '.changeset/mock-serves-more.md'))).toBe(false);
  });

  it('writes the change into the package’s changelog, under its new version', () => {
    expect(read('packages/mock/CHANGELOG.md')).toMatch(new RegExp(`## ${minor(versionIn(ROOT, 'mock')).replaceAll('.', '\\.')}\\n\\n### Minor Changes\\n\\n- .*A change users of the mock`));
    // The client's changelog keeps the entries `pnpm release` wrote for the contracts.
    expect(read('packages/client/CHANGELOG.md')).toContain(readFileSync(path.join(ROOT, 'packages/client/CHANGELOG.md'), 'utf8').split('\n').slice(2).join('\n').trim());
  });

  it('keeps workspace ranges, which pnpm pack makes exact', () => {
    expect(JSON.parse(read('packages/cli/package.json')).dependencies[scopedName('client')]).toBe('workspace:*');
  });

  it('is followed by the client’s User-Agent version (pnpm version-packages)', () => {
    expect(syncClientVersion(path.join(copy, 'packages/client'))).toBe(minor(versionIn(ROOT, 'client')));
    expect(read('packages/client/src/internal/version.ts')).toContain(`VERSION = '${minor(versionIn(ROOT, 'client'))}'`);
  });
});
