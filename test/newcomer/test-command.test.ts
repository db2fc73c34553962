// `pnpm test` bundles the contracts once and reuses a fresh build: lint, check:breaking and the
// build share the bundles (bundleIfChanged, on the inputs recorded at the last full bundle), and
// the build stage only runs the steps whose inputs changed (`pnpm build --changed`).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE_INPUTS, bundleIfChanged } from '../../scripts/bundle.ts';
import { fingerprint } from '../../scripts/lib/freshness.ts';
import { ROOT } from '../../scripts/lib/paths.ts';
import { STAGES } from '../../scripts/test.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'bundle-record-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** bundleIfChanged against a record file of our own, with bundling replaced by a recorder. */
function attempt(record: object | undefined, only: string[] = []) {
  const recordFile = path.join(scratch, `record-${Math.random().toString(36).slice(2)}.json`);
  if (record) writeFileSync(recordFile, JSON.stringify(record));
  const bundled: string[][] = [];
  const log: string[] = [];
  const ran = bundleIfChanged(only, { recordFile, run: (areas = []) => bundled.push(areas), log: (line) => log.push(line) });
  return { ran, bundled, log };
}

describe('the bundles, shared by lint, check:breaking and the build', () => {
  const current = fingerprint(ROOT, BUNDLE_INPUTS);

  it('are reused when no input changed since the last full bundle', () => {
    expect(attempt({ bundles: current })).toEqual({ ran: false, bundled: [], log: ['bundles up to date in packages/contracts/bundles/'] });
  });

  it('are made again when a source changed, was added or removed, or nothing was recorded', () => {
    const [file] = Object.keys(current);
    expect(attempt({ bundles: { ...current, [file!]: 'another hash' } }).bundled).toEqual([[]]);
    expect(attempt({ bundles: { ...current, 'openapi/gone.yaml': 'x' } }).bundled).toEqual([[]]);
    expect(attempt({}).bundled).toEqual([[]]);
    expect(attempt(undefined).bundled).toEqual([[]]);
  });

  it('are always made for named areas (a partial bundle is never recorded as the whole)', () => {
    expect(attempt({ bundles: current }, ['dns']).bundled).toEqual([['dns']]);
  });
});

describe('pnpm test’s stages', () => {
  it('build only what changed, after lint and check:breaking made the bundles', () => {
    expect(STAGES.map(([name]) => name)).toEqual(['lint', 'check:breaking', 'build', 'typecheck', 'vitest']);
    expect(STAGES.find(([name]) => name === 'build')![2]).toContain('--changed');
  });
});
