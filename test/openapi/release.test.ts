// The release flow in a scratch folder: `pnpm release` records each new contract revision, writes
// the changelog and a changeset for the packages that carry the contract (major for a breaking
// revision, minor otherwise), and refuses a breaking revision that is not the next major. It never
// writes a package's version: changesets do that (test/newcomer/changesets.test.ts).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { checkBreaking, problemsOf } from '../../scripts/check-breaking.ts';
import { scopedName } from '../../scripts/lib/paths.ts';
import { bumpVersion, release } from '../../scripts/release.ts';
import { type Json, loadBundle } from '../support/openapi.ts';

let scratch = '';
let openapiDir = '';
let changesetDir = '';
const current = new Map<string, Json>();

beforeEach(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'release-'));
  openapiDir = path.join(scratch, 'openapi');
  changesetDir = path.join(scratch, '.changeset');
  mkdirSync(path.join(openapiDir, 'video'), { recursive: true });
  current.set('video', structuredClone(loadBundle('video')));
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

const run = (date = '2026-11-21') =>
  release({
    openapiDir,
    changesetDir,
    areas: ['video'],
    bundleYaml: (area) => stringify(current.get(area)),
    bundleJson: (area) => current.get(area)!,
    date,
  });
const video = () => current.get('video')!;
const revision = () => String(video().info['x-revision']);
const changelog = () => readFileSync(path.join(openapiDir, 'video', 'CHANGELOG.md'), 'utf8');
const changesets = () => (existsSync(changesetDir) ? readdirSync(changesetDir).sort() : []);
const changeset = (name: string) => readFileSync(path.join(changesetDir, name), 'utf8');
const bumps = (text: string) => Object.fromEntries([...text.matchAll(/^"([^"]+)": (\w+)$/gm)].map(([, name, bump]) => [name, bump]));
const CARRIERS = [scopedName('client'), scopedName('contracts')];

describe('release', () => {
  it('records a first revision and writes a changeset that ships the new area (minor)', () => {
    const result = run();
    expect(result.areas).toEqual([
      { area: 'video', revision: revision(), previous: undefined, breaking: false, changeset: `video-contract-${revision().replaceAll('.', '-')}.md` },
    ]);
    expect(existsSync(path.join(openapiDir, 'video', 'released', `${revision()}.yaml`))).toBe(true);
    expect(changelog()).toBe(`# Video API changelog\n\n## ${revision()} (2026-11-21)\n\n- First recorded release of this contract.\n`);
    const text = changeset(result.areas[0]!.changeset);
    expect(bumps(text)).toEqual(Object.fromEntries(CARRIERS.map((name) => [name, 'minor'])));
    expect(text).toContain(
      `New area: the \`video\` contract, revision ${revision()} (Video API ${video().info.version}), as \`${scopedName('client')}/video\``,
    );
  });

  it("keeps the area's RELEASE-NOTE.md as the revision's note: it leads the changelog entry and ends the changeset", () => {
    run();
    const first = revision();
    video().info['x-revision'] = bumpVersion(first, 'minor');
    const note = 'Each operation names its own examples of its path parameters.';
    writeFileSync(path.join(openapiDir, 'video', 'RELEASE-NOTE.md'), `${note}\n`);
    run('2026-11-22');
    expect(readFileSync(path.join(openapiDir, 'video', 'released', `${revision()}.md`), 'utf8')).toBe(`${note}\n`);
    expect(existsSync(path.join(openapiDir, 'video', 'RELEASE-NOTE.md'))).toBe(false);
    expect(changelog()).toContain(`## ${revision()} (2026-11-22)\n\n${note}\n\n- No change to the operations`);
    expect(changeset(`video-contract-${revision().replaceAll('.', '-')}.md`)).toContain(`descriptions, examples or notes only.\n\n${note}\n`);
  });

  it('does nothing while info.x-revision is already released', () => {
    run();
    expect(run().areas).toEqual([]);
    expect(changesets()).toHaveLength(1);
  });

  it('writes a minor changeset for a compatible revision, with the changelog entry first', () => {
    run();
    const first = revision();
    video().info['x-revision'] = bumpVersion(first, 'minor');
    video().paths['/library/{libraryId}/collections'].get.parameters.push({ name: 'tag', in: 'query', schema: { type: 'string' } });
    expect(run('2026-11-22').areas).toMatchObject([{ revision: revision(), previous: first, breaking: false }]);
    expect(changelog()).toBe(
      `# Video API changelog\n\n## ${revision()} (2026-11-22)\n\n### Other changes\n\n- GET /library/{libraryId}/collections added the optional query parameter 'tag' (\`new-optional-request-parameter\`)\n\n## ${first} (2026-11-21)\n\n- First recorded release of this contract.\n`,
    );
    const text = changeset(`video-contract-${revision().replaceAll('.', '-')}.md`);
    expect(bumps(text)).toEqual(Object.fromEntries(CARRIERS.map((name) => [name, 'minor'])));
    expect(text).toContain(
      `The \`video\` contract, revision ${revision()} (was ${first}; Video API ${video().info.version}):\n\n- one compatible change (openapi/video/CHANGELOG.md)`,
    );
  });

  it('refuses a breaking change without the next major revision, recording nothing', () => {
    run();
    const first = revision();
    video().info['x-revision'] = bumpVersion(first, 'minor');
    delete video().paths['/library/{libraryId}/collections/{collectionId}'].delete;
    expect(() => run()).toThrow(
      `video: revision ${revision()} breaks the clients of ${first} (a breaking change, see \`pnpm check:breaking\`); a breaking revision is the next major: ${bumpVersion(first, 'major')}`,
    );
    expect(existsSync(path.join(openapiDir, 'video', 'released', `${revision()}.yaml`))).toBe(false);
    expect(changesets()).toHaveLength(1);
  });

  it('refuses a revision that does not move forward', () => {
    run();
    const first = revision();
    video().info['x-revision'] = '0.0.1';
    video().info.description = 'Described again.';
    expect(() => run()).toThrow(`video: info.x-revision 0.0.1 is not after the last released revision ${first}; raise it`);
  });

  it('writes a major changeset for a breaking revision, listing the change as the changelog says it', () => {
    run();
    const first = revision();
    video().info['x-revision'] = bumpVersion(first, 'major');
    const removed = video().paths['/library/{libraryId}/collections/{collectionId}'].delete.operationId;
    delete video().paths['/library/{libraryId}/collections/{collectionId}'].delete;
    expect(run().areas).toMatchObject([{ revision: revision(), breaking: true }]);
    const line = `- DELETE /library/{libraryId}/collections/{collectionId} was removed (operationId ${removed}) (\`api-removed-without-deprecation\`)`;
    expect(changelog()).toContain(`### Breaking changes\n\n${line}`);
    const text = changeset(`video-contract-${revision().replaceAll('.', '-')}.md`);
    expect(bumps(text)).toEqual(Object.fromEntries(CARRIERS.map((name) => [name, 'major'])));
    expect(text).toContain(line);
  });
});

describe('checkBreaking', () => {
  it('asks for a release when an area has none', () => {
    expect(problemsOf(checkBreaking(openapiDir, ['video'], () => video()))).toEqual([
      'video: no released contract in openapi/video/released/; run `pnpm release`',
    ]);
  });

  it('passes the released contract itself and fails on a removed operation, naming it', () => {
    run();
    expect(problemsOf(checkBreaking(openapiDir, ['video'], () => video()))).toEqual([]);
    delete video().paths['/library/{libraryId}/videos'];
    expect(problemsOf(checkBreaking(openapiDir, ['video'], () => video()))).toEqual([
      'video: POST /library/{libraryId}/videos was removed (operationId createVideo)',
    ]);
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
