// The release flow and the breaking-change gate over released contracts, in a scratch folder.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { checkBreaking } from '../../scripts/check-breaking.ts';
import { bumpVersion, release } from '../../scripts/release.ts';
import { loadBundle, type Json } from '../support/openapi.ts';

let scratch = '';
let openapiDir = '';
let clientDir = '';
const current = new Map<string, Json>();

beforeEach(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'release-'));
  openapiDir = path.join(scratch, 'openapi');
  clientDir = path.join(scratch, 'client');
  mkdirSync(path.join(openapiDir, 'video'), { recursive: true });
  mkdirSync(clientDir);
  writeFileSync(path.join(clientDir, 'package.json'), JSON.stringify({ name: '@platform-contracts/client', version: '0.1.0' }));
  current.set('video', structuredClone(loadBundle('video')));
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

const run = () =>
  release({
    openapiDir,
    clientDir,
    areas: ['video'],
    bundleYaml: (area) => stringify(current.get(area)),
    bundleJson: (area) => current.get(area)!,
    date: '2026-11-21',
  });
const video = () => current.get('video')!;
const clientVersion = () => JSON.parse(readFileSync(path.join(clientDir, 'package.json'), 'utf8')).version;
const changelog = () => readFileSync(path.join(openapiDir, 'video', 'CHANGELOG.md'), 'utf8');

describe('release', () => {
  it('records a first release without moving the client', () => {
    const result = run();
    expect(result.areas).toEqual([{ area: 'video', version: video().info.version, previous: undefined, breaking: false }]);
    expect(existsSync(path.join(openapiDir, 'video', 'released', `${video().info.version}.yaml`))).toBe(true);
    expect(changelog()).toContain(`## ${video().info.version} (2026-11-21)`);
    expect(clientVersion()).toBe('0.1.0');
  });

  it('does nothing while info.version is already released', () => {
    run();
    expect(run().areas).toEqual([]);
  });

  it('moves the client a minor version for a compatible change', () => {
    run();
    const first = video().info.version;
    const next = bumpVersion(first, 'minor');
    video().info.version = next;
    video().paths['/library/{libraryId}/videos'].post.description = 'Now with a longer description.';
    expect(run()).toMatchObject({ clientVersion: '0.2.0', areas: [{ version: next, previous: first, breaking: false }] });
    const entries = [...changelog().matchAll(/^## (\S+) \(2026-11-21\)$/gm)].map(([, version]) => version);
    expect(entries).toEqual([next, first]);
  });

  it("moves the version the client sends in its User-Agent with the package's", () => {
    mkdirSync(path.join(clientDir, 'src/internal'), { recursive: true });
    writeFileSync(path.join(clientDir, 'src/internal/version.ts'), "export const VERSION = '0.1.0';\n");
    run();
    video().info.version = bumpVersion(video().info.version, 'minor');
    video().paths['/library/{libraryId}/videos'].post.description = 'Described once more.';
    run();
    expect(readFileSync(path.join(clientDir, 'src/internal/version.ts'), 'utf8')).toBe(`export const VERSION = '${clientVersion()}';\n`);
    expect(clientVersion()).not.toBe('0.1.0');
  });

  it('moves the client a major version and says so for a breaking change', () => {
    run();
    const major = bumpVersion(video().info.version, 'major');
    video().info.version = major;
    delete video().paths['/library/{libraryId}/collections/{collectionId}'].delete;
    expect(run()).toMatchObject({ clientVersion: '1.0.0', areas: [{ version: major, breaking: true }] });
    expect(changelog()).toMatch(/\*\*Breaking:\*\* removed operation DELETE/);
  });
});

describe('checkBreaking', () => {
  it('asks for a release when an area has none', () => {
    expect(checkBreaking(openapiDir, ['video'], () => video())).toEqual([expect.stringMatching(/no released contract.*pnpm release/)]);
  });

  it('passes the released contract itself and fails on a removed operation, naming it', () => {
    run();
    expect(checkBreaking(openapiDir, ['video'], () => video())).toEqual([]);
    delete video().paths['/library/{libraryId}/videos'];
    expect(checkBreaking(openapiDir, ['video'], () => video())).toEqual([expect.stringMatching(/video: removed operation POST .* at paths\.\/library\/\{libraryId\}\/videos/)]);
  });
});

describe('bumpVersion', () => {
  it.each([
    ['1.2.3', 'major', '2.0.0'],
    ['1.2.3', 'minor', '1.3.0'],
    ['1.2.3', 'patch', '1.2.4'],
    ['0.1.0', 'major', '1.0.0'],
  ] as const)('%s %s -> %s', (from, kind, to) => expect(bumpVersion(from, kind)).toBe(to));
});
