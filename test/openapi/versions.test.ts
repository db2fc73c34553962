// Three versions, one authority each. `info.version` is the version of the platform's API a
// contract describes: the specification's where it states one, an assumed one (x-assumed says
// so) elsewhere, and it does not move with the contract's own revisions. `info.x-revision` is the
// contract's revision, the name of its released file. The client's version moves only through
// changesets, and every released revision ships with one: a new area (a new client subpath)
// cannot ship without a version change.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPENAPI_DIR, ROOT, scopedName } from '../../scripts/lib/paths.ts';
import { readRelease, releasedVersions, unshippedRevisions } from '../../scripts/lib/release/releases.ts';
import { listAreas, loadBundle } from '../support/openapi.ts';

/**
 * The versions the specification states, in its words. Its section "Versioning": "The video API
 * description carries the version 1.5.23. Path versioning appears only in the database pipeline
 * path (`/v2/pipeline`). Version policy, deprecation and the versions of the other APIs: not shown."
 */
const STATED: Record<string, string> = { video: '1.5.23' };

const SEMVER = /\b\d+\.\d+\.\d+\b/g;

describe.each(listAreas())('the %s contract', (area) => {
  const info = loadBundle(area).info;

  it("has info.version: the specification's version, or an assumed one that says so", () => {
    if (STATED[area]) {
      expect(info.version).toBe(STATED[area]);
      expect(info['x-assumed'], 'a stated version is no assumption').toBeUndefined();
      return;
    }
    expect(info['x-assumed'], `openapi/${area}/openapi.yaml: info.version is not in the specification; say so in info's x-assumed`).toMatch(/version/i);
    for (const named of String(info['x-assumed']).match(SEMVER) ?? []) expect(named, "a version info's x-assumed names").toBe(info.version);
  });

  it('keeps info.version through its revisions (it is not the revision)', () => {
    const revisions = releasedVersions(OPENAPI_DIR, area).map((version) => readRelease(OPENAPI_DIR, area, version).document.info!);
    const since = revisions.filter((revisionInfo) => revisionInfo['x-revision'] !== undefined);
    expect(since.length, 'no released revision with info.x-revision').toBeGreaterThan(0);
    for (const revisionInfo of since) expect(revisionInfo.version).toBe(info.version);
  });

  it('has a revision, major.minor.patch, released as its file name', () => {
    expect(info['x-revision']).toMatch(/^\d+\.\d+\.\d+$/);
    expect(releasedVersions(OPENAPI_DIR, area).at(-1)).toBe(info['x-revision']);
  });
});

describe('the stated versions', () => {
  it('name areas that exist', () => {
    for (const area of Object.keys(STATED)) expect(listAreas()).toContain(area);
  });
});

describe('shipping a revision', () => {
  const clientName = scopedName('client');
  it('every area’s last revision is in a pending changeset of the client or in its changelog', () => {
    const problems = unshippedRevisions({
      openapiDir: OPENAPI_DIR,
      changesetDir: path.join(ROOT, '.changeset'),
      clientDir: path.join(ROOT, 'packages/client'),
      clientName,
      areas: listAreas(),
    });
    expect(problems).toEqual([]);
  });

  describe('in a scratch copy', () => {
    let scratch = '';
    const input = () => ({
      openapiDir: path.join(scratch, 'openapi'),
      changesetDir: path.join(scratch, '.changeset'),
      clientDir: path.join(scratch, 'client'),
      clientName,
      areas: ['billing'],
    });
    beforeEach(() => {
      scratch = mkdtempSync(path.join(tmpdir(), 'shipping-'));
      mkdirSync(path.join(scratch, 'openapi/billing/released'), { recursive: true });
      mkdirSync(path.join(scratch, '.changeset'));
      mkdirSync(path.join(scratch, 'client'));
      const manifest = JSON.parse(readFileSync(path.join(ROOT, 'packages/client/package.json'), 'utf8'));
      manifest.exports = { '.': './dist/index.js', './billing': './dist/billing.js', './package.json': './package.json' };
      writeFileSync(path.join(scratch, 'client/package.json'), JSON.stringify(manifest));
      cpSync(path.join(ROOT, 'packages/client/CHANGELOG.md'), path.join(scratch, 'client/CHANGELOG.md'));
    });
    afterEach(() => rmSync(scratch, { recursive: true, force: true }));

    it('refuses a new client subpath whose contract was never released', () => {
      expect(unshippedRevisions(input())).toEqual([
        `billing: ${clientName}/billing ships a contract never released: run \`pnpm release\` (it records the revision and writes the changeset)`,
      ]);
    });

    it('refuses a released revision with no changeset', () => {
      writeFileSync(path.join(scratch, 'openapi/billing/released/1.0.0.yaml'), 'openapi: 3.1.0\n');
      expect(unshippedRevisions(input())).toEqual([
        `billing: revision 1.0.0 is in no pending changeset of ${clientName} nor in its CHANGELOG.md; run \`pnpm release\`, or \`pnpm changeset\` naming the billing contract and 1.0.0`,
      ]);
    });

    it('refuses a changeset that does not move the client', () => {
      writeFileSync(path.join(scratch, 'openapi/billing/released/1.0.0.yaml'), 'openapi: 3.1.0\n');
      writeFileSync(
        path.join(scratch, '.changeset/billing.md'),
        `---\n"${scopedName('mock')}": minor\n---\n\nNew area: the \`billing\` contract, revision 1.0.0.\n`,
      );
      expect(unshippedRevisions(input())).toHaveLength(1);
    });

    it('accepts the changeset pnpm release writes, and the changelog line it becomes', () => {
      writeFileSync(path.join(scratch, 'openapi/billing/released/1.0.0.yaml'), 'openapi: 3.1.0\n');
      writeFileSync(
        path.join(scratch, '.changeset/billing-contract-1-0-0.md'),
        `---\n"${clientName}": minor\n---\n\nNew area: the \`billing\` contract, revision 1.0.0 (Billing API 1.0.0).\n`,
      );
      expect(unshippedRevisions(input())).toEqual([]);
      rmSync(path.join(scratch, '.changeset/billing-contract-1-0-0.md'));
      writeFileSync(
        path.join(scratch, 'client/CHANGELOG.md'),
        `# ${clientName}\n\n## 9.1.0\n\n### Minor Changes\n\n- 0a1b2c3: New area: the \`billing\` contract, revision 1.0.0 (Billing API 1.0.0).\n`,
      );
      expect(unshippedRevisions(input())).toEqual([]);
    });
  });
});
