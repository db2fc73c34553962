// Bundles every area's contract into packages/contracts/bundles/<area>.yaml and .json.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ROOT, BUNDLE_DIR, bundlePath, listAreas } from './lib/paths.ts';
import { syncRedoclyConfig } from './lib/redocly-config.ts';
import { REDOCLY_ENV, fail, runBin } from './lib/run.ts';
import { checkAreas, parseScriptArgs, plural } from './lib/args.ts';

/** Bundles the named areas (all of them when none is named). */
export function bundle(only: string[] = []) {
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
  }
  console.log(`bundled ${plural(areas.length, 'area')} into ${path.relative(ROOT, BUNDLE_DIR)}/: ${areas.join(', ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const spec = {
    usage: 'pnpm bundle [area...]',
    description: 'Bundles each area\'s contract (openapi/<area>/) with Redocly into packages/contracts/bundles/<area>.yaml and .json.',
    positionals: { area: 'an area of openapi/ (default: every area)' },
  };
  bundle(checkAreas(spec, parseScriptArgs(spec).positionals, listAreas()));
}
