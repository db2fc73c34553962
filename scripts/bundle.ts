// Bundles every area's contract into packages/contracts/bundles/<area>.yaml and .json. Lint,
// check:breaking and the build each need the bundles; `bundleIfChanged` makes them only when an
// input changed since the last full bundle (recorded as `bundles` in dist/.build-record.json), so
// `pnpm test` bundles once.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { checkAreas, parseScriptArgs, plural } from './lib/args.ts';
import { fingerprint, readRecord, whyStale, writeRecord } from './lib/build/freshness.ts';
import { syncRedoclyConfig } from './lib/generate/redocly-config.ts';
import { BUILD_RECORD, BUNDLE_DIR, bundlePath, listAreas, negativeCasesDir, OPENAPI_DIR, ROOT } from './lib/paths.ts';
import { fail, REDOCLY_ENV, runBin } from './lib/run.ts';

/** What the bundles are made from. */
export const BUNDLE_INPUTS = ['openapi', 'redocly.yaml', 'scripts/bundle.ts', 'scripts/lib/generate/redocly-config.ts'];
const bundleStep = () => ({
  name: 'bundles',
  inputs: BUNDLE_INPUTS,
  outputs: listAreas().flatMap((area) => [bundlePath(area, 'yaml'), bundlePath(area, 'json'), negativeCasesDir(area)].map((file) => path.relative(ROOT, file))),
  run() {},
});

/** Bundles the named areas (all of them when none is named). */
export function bundle(only: string[] = []) {
  const inputs = only.length === 0 ? fingerprint(ROOT, BUNDLE_INPUTS) : undefined;
  const known = listAreas();
  const unknown = only.filter((area) => !known.includes(area));
  if (unknown.length > 0) fail(`unknown area ${unknown.join(', ')}; the areas are ${known.join(', ')}`);
  const areas = only.length > 0 ? only : known;
  syncRedoclyConfig();
  if (only.length === 0) rmSync(BUNDLE_DIR, { recursive: true, force: true });
  if (!runBin('redocly', ['bundle', ...only], { env: REDOCLY_ENV, output: 'on-failure' }).ok) fail('bundling failed (see above)');
  for (const area of areas) {
    const document = parse(readFileSync(bundlePath(area, 'yaml'), 'utf8'));
    writeFileSync(bundlePath(area, 'json'), `${JSON.stringify(document, null, 2)}\n`);
    copyNegativeCases(area);
  }
  if (inputs) writeRecord(BUILD_RECORD, { ...readRecord(BUILD_RECORD), bundles: inputs });
  console.log(`bundled ${plural(areas.length, 'area')} into ${path.relative(ROOT, BUNDLE_DIR)}/: ${areas.join(', ')}`);
}

/**
 * Copies the area's negative cases (openapi/<area>/openapi_examples/, one Specmatic external
 * example per invalid request and its 4xx) beside its bundle as <area>_examples/, the folder
 * name Specmatic looks for next to <area>.yaml.
 */
function copyNegativeCases(area: string) {
  const target = negativeCasesDir(area);
  rmSync(target, { recursive: true, force: true });
  const source = path.join(OPENAPI_DIR, area, 'openapi_examples');
  mkdirSync(target, { recursive: true });
  if (existsSync(source)) cpSync(source, target, { recursive: true });
}

/**
 * Bundles every area unless the bundles are as the current sources would make them (named areas:
 * always); says which. Returns whether it bundled.
 */
export function bundleIfChanged(only: string[] = [], { recordFile = BUILD_RECORD, run = bundle, log = console.log } = {}): boolean {
  const why = only.length > 0 ? 'areas named' : !existsSync(BUNDLE_DIR) ? 'no bundles' : whyStale(ROOT, bundleStep(), readRecord(recordFile));
  if (!why) {
    log(`bundles up to date in ${path.relative(ROOT, BUNDLE_DIR)}/`);
    return false;
  }
  run(only);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const spec = {
    usage: 'pnpm bundle [area...]',
    description:
      "Bundles each area's contract (openapi/<area>/) with Redocly into packages/contracts/bundles/<area>.yaml and .json, and copies its negative cases (openapi/<area>/openapi_examples/) to bundles/<area>_examples/.",
    positionals: { area: 'an area of openapi/ (default: every area)' },
  };
  bundle(checkAreas(spec, parseScriptArgs(spec).positionals, listAreas()));
}
