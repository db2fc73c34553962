// @platform-contracts/contracts' bundle helpers: where the bundles are (from src/ and from the built dist/),
// reading one, and the one-line errors for an unknown area, a missing file and a corrupt one.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AREAS, type AreaName, BUNDLE_DIR, BundleError, bundlePath, isAreaName, readBundle } from '@platform-contracts/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/paths.ts';

const PACKAGE_BUNDLES = path.join(ROOT, 'packages/contracts/bundles');
const scratch = mkdtempSync(path.join(tmpdir(), 'contracts-bundles-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('bundlePath and readBundle', () => {
  it('locate the bundles in the package’s bundles/ folder', () => {
    expect(path.resolve(BUNDLE_DIR)).toBe(PACKAGE_BUNDLES);
    expect(bundlePath('video', 'json')).toBe(path.join(PACKAGE_BUNDLES, 'video.json'));
    expect(bundlePath('dns', 'yaml')).toBe(path.join(PACKAGE_BUNDLES, 'dns.yaml'));
  });

  it.each(AREAS.map((area) => [area]))('readBundle(%s) is the parsed JSON bundle', (area) => {
    expect(readBundle(area)).toEqual(JSON.parse(readFileSync(path.join(PACKAGE_BUNDLES, `${area}.json`), 'utf8')));
  });

  it('resolve to the same folder from the built package (dist/, no development condition)', () => {
    const script =
      "const m = await import('@platform-contracts/contracts'); console.log(JSON.stringify([import.meta.resolve('@platform-contracts/contracts'), m.BUNDLE_DIR, m.bundlePath('video', 'json')]));";
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr, 'run `pnpm build` first').toBe('');
    const [entry, dir, file] = JSON.parse(run.stdout) as string[];
    expect(entry).toMatch(/\/packages\/contracts\/dist\/index\.js$/);
    expect(path.resolve(dir!)).toBe(PACKAGE_BUNDLES);
    expect(file).toBe(path.join(PACKAGE_BUNDLES, 'video.json'));
  });
});

describe('readBundle errors: one line naming the file and what to run', () => {
  const write = (name: string, text: string) => {
    const dir = mkdtempSync(path.join(scratch, `${name}-`));
    writeFileSync(path.join(dir, 'video.json'), text);
    return dir;
  };

  it.each([
    ['a missing bundle', () => mkdtempSync(path.join(scratch, 'empty-')), /video\.json is missing: run `pnpm bundle` first$/],
    ['a truncated bundle', () => write('truncated', '{"openapi": "3.1.0", "paths": {'), /video\.json is not valid JSON \(.+\): run `pnpm bundle` again$/],
    ['an empty file', () => write('empty-file', ''), /video\.json is not valid JSON \(.+\): run `pnpm bundle` again$/],
    ['JSON that is not an OpenAPI document', () => write('array', '[1, 2]'), /video\.json is not an OpenAPI document: run `pnpm bundle` again$/],
  ])('%s', (_name, makeDir, message) => {
    const dir = makeDir();
    let error: unknown;
    try {
      readBundle('video', { dir });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(BundleError);
    const text = (error as Error).message;
    expect(text).toMatch(message);
    expect(text).toContain(path.join(dir, 'video.json'));
    expect(text).not.toContain('\n');
  });

  it('an unknown area names the areas there are', () => {
    expect(() => readBundle('nope' as AreaName)).toThrow(new BundleError(`unknown area "nope"; the areas are ${AREAS.join(', ')}`));
    expect(() => bundlePath('../video' as AreaName, 'json')).toThrow(BundleError);
  });
});

describe('isAreaName', () => {
  it.each([...AREAS.map((area) => [area, true] as const), ['Video', false], ['', false], [undefined, false], ['toString', false]] as const)(
    '%s -> %s',
    (value, expected) => {
      expect(isAreaName(value)).toBe(expected);
    },
  );
});
