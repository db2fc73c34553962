// The packages' versions and changelogs are kept by changesets (.changeset/config.json): in a
// copy of the workspace's manifests, a changeset for one package moves its version, writes its
// CHANGELOG.md, and moves the exact ranges its dependents would publish; `pnpm version-packages`
// then moves the client's User-Agent version with its package. A contract release (`pnpm release`)
// moves the client only through the changeset it writes: one authority for the client's version.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, scopedName } from '../../scripts/lib/paths.ts';
import { changesetText } from '../../scripts/release.ts';
import { syncClientVersion } from '../../scripts/version-packages.ts';

const copy = mkdtempSync(path.join(tmpdir(), 'changesets-'));
const releaseCopy = mkdtempSync(path.join(tmpdir(), 'changesets-release-'));
const read = (file: string, dir = copy) => readFileSync(path.join(dir, file), 'utf8');
const versionIn = (dir: string, name: string) => JSON.parse(readFileSync(path.join(dir, 'packages', name, 'package.json'), 'utf8')).version as string;
const minor = (version: string) => version.replace(/^(\d+)\.(\d+)\.\d+$/, (_m, major, minorPart) => `${major}.${Number(minorPart) + 1}.0`);
const major = (version: string) => `${Number(version.split('.')[0]) + 1}.0.0`;
let result: ReturnType<typeof spawnSync>;
let afterRelease: ReturnType<typeof spawnSync>;
const breaking = {
  rule: 'api-removed-without-deprecation',
  level: 'error' as const,
  operations: ['DELETE /things/{id}'],
  text: 'DELETE /things/{id} was removed (operationId deleteThing)',
  predicate: 'was removed (operationId deleteThing)',
  bundlePath: [],
};

/** The workspace's manifests, changelogs and the client's version file, in `dir`. */
function copyWorkspace(dir: string) {
  for (const file of ['package.json', 'pnpm-workspace.yaml', '.changeset/config.json']) cpSync(path.join(ROOT, file), path.join(dir, file));
  for (const name of readdirSync(path.join(ROOT, 'packages'))) {
    for (const file of ['package.json', 'CHANGELOG.md', 'src/internal/version.ts']) {
      if (!existsSync(path.join(ROOT, 'packages', name, file))) continue;
      mkdirSync(path.dirname(path.join(dir, 'packages', name, file)), { recursive: true });
      cpSync(path.join(ROOT, 'packages', name, file), path.join(dir, 'packages', name, file));
    }
  }
}
const changesetVersion = (dir: string) => spawnSync(path.join(ROOT, 'node_modules/.bin/changeset'), ['version'], { cwd: dir, encoding: 'utf8' });

beforeAll(() => {
  copyWorkspace(copy);
  writeFileSync(
    path.join(copy, '.changeset/mock-serves-more.md'),
    `---\n"${scopedName('mock')}": minor\n"${scopedName('client')}": minor\n---\n\nA change users of the mock and the client read about.\n`,
  );
  result = changesetVersion(copy);
  // A breaking contract release, as `pnpm release` writes its changeset.
  copyWorkspace(releaseCopy);
  writeFileSync(path.join(releaseCopy, '.changeset/things-contract-2-0-0.md'), changesetText('things', 'Things API', '1.0.0', '2.0.0', '1.4.0', [breaking]));
  afterRelease = changesetVersion(releaseCopy);
}, 60_000);
afterAll(() => {
  rmSync(copy, { recursive: true, force: true });
  rmSync(releaseCopy, { recursive: true, force: true });
});

describe('changeset version', () => {
  it('moves the versions of the packages the changeset names, and only those', () => {
    expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
    expect(versionIn(copy, 'mock')).toBe(minor(versionIn(ROOT, 'mock')));
    expect(versionIn(copy, 'client')).toBe(minor(versionIn(ROOT, 'client')));
    expect(versionIn(copy, 'contracts')).toBe(versionIn(ROOT, 'contracts'));
    expect(existsSync(path.join(copy, '.changeset/mock-serves-more.md'))).toBe(false);
  });

  it('writes the change into the package’s changelog, under its new version', () => {
    expect(read('packages/mock/CHANGELOG.md')).toMatch(
      new RegExp(`## ${minor(versionIn(ROOT, 'mock')).replaceAll('.', '\\.')}\\n\\n### Minor Changes\\n\\n- .*A change users of the mock`),
    );
    // The client's changelog keeps the entries `pnpm release` wrote for the contracts.
    expect(read('packages/client/CHANGELOG.md')).toContain(
      readFileSync(path.join(ROOT, 'packages/client/CHANGELOG.md'), 'utf8').split('\n').slice(2).join('\n').trim(),
    );
  });

  it('takes the changeset of a breaking contract release: the client and the contracts package move a major version', () => {
    expect(afterRelease.status, `${afterRelease.stdout}${afterRelease.stderr}`).toBe(0);
    expect(versionIn(releaseCopy, 'client')).toBe(major(versionIn(ROOT, 'client')));
    expect(versionIn(releaseCopy, 'contracts')).toBe(major(versionIn(ROOT, 'contracts')));
    expect(read('packages/client/CHANGELOG.md', releaseCopy)).toMatch(
      /### Major Changes\n\n- .*The `things` contract, revision 2\.0\.0 \(was 1\.4\.0; Things API 1\.0\.0\):\n\n {2}- DELETE \/things\/\{id\} was removed \(operationId deleteThing\) \(`api-removed-without-deprecation`\)/,
    );
  });

  it('keeps workspace ranges, which pnpm pack makes exact', () => {
    expect(JSON.parse(read('packages/cli/package.json')).dependencies[scopedName('client')]).toBe('workspace:*');
  });

  it('is followed by the client’s User-Agent version (pnpm version-packages)', () => {
    expect(syncClientVersion(path.join(copy, 'packages/client'))).toBe(minor(versionIn(ROOT, 'client')));
    expect(read('packages/client/src/internal/version.ts')).toContain(`VERSION = '${minor(versionIn(ROOT, 'client'))}'`);
  });
});
