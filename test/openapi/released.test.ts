// Each contract is the released file of its revision: once a contract changes, its info.x-revision
// must move and `pnpm release` record it (openapi/<area>/released/<revision>.yaml, the changelog,
// a changeset), so that a revision a reader sees on the site or in a package is one contract.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { OPENAPI_DIR } from '../../scripts/lib/paths.ts';
import { revisionOf } from '../../scripts/lib/release/releases.ts';
import { listAreas, loadBundle } from '../support/openapi.ts';

/** Where two documents first differ, as a JSON path, for the failure message. */
function firstDifference(a: unknown, b: unknown, at = '#'): string | undefined {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return at;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const found = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${at}/${key}`);
    if (found) return found;
  }
  return at;
}

/** What is wrong with an area's release state; undefined when the contract is its released file. */
function releaseProblem(area: string, current: { info: { version: string } }, openapiDir = OPENAPI_DIR): string | undefined {
  const revision = revisionOf(current);
  const file = path.join(openapiDir, area, 'released', `${revision}.yaml`);
  const shown = path.relative(path.dirname(openapiDir), file);
  const next = `raise info.x-revision in openapi/${area}/openapi.yaml (the next minor for a compatible change, the next major for a breaking one; \`pnpm check:breaking\` tells which) and run \`pnpm release\``;
  if (!existsSync(file)) return `${area} revision ${revision} was never released (no ${shown}): run \`pnpm release\``;
  const where = firstDifference(parse(readFileSync(file, 'utf8')), current);
  return where ? `${area}: the contract differs from ${shown}, the released file of its revision ${revision} (first at ${where}): ${next}` : undefined;
}

describe.each(listAreas())('the %s contract', (area) => {
  it('is the released file of its revision', () => {
    expect(releaseProblem(area, loadBundle(area))).toBeUndefined();
  });
});

describe('the check', () => {
  it('names the file and says to raise the revision and run pnpm release when a contract changed', () => {
    const changed = structuredClone(loadBundle('dns'));
    changed.info.description = `${changed.info.description ?? ''} (changed)`;
    expect(releaseProblem('dns', changed)).toMatch(
      /^dns: the contract differs from openapi\/dns\/released\/[\d.]+\.yaml, the released file of its revision [\d.]+ \(first at #\/info\/description\): raise info\.x-revision in openapi\/dns\/openapi\.yaml .* and run `pnpm release`$/,
    );
  });

  it('says to run pnpm release for a revision never released', () => {
    const unreleased = { ...structuredClone(loadBundle('dns')), info: { ...loadBundle('dns').info, 'x-revision': '99.0.0' } };
    expect(releaseProblem('dns', unreleased)).toBe('dns revision 99.0.0 was never released (no openapi/dns/released/99.0.0.yaml): run `pnpm release`');
  });
});
