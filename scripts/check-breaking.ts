// `pnpm check:breaking`: compares each area's bundle with its last released contract and fails,
// listing each change with its location, when a client of the released version would break.
import { readFileSync } from 'node:fs';
import { bundle } from './bundle.ts';
import { findBreakingChanges } from './lib/breaking.ts';
import { OPENAPI_DIR, bundlePath, listAreas } from './lib/paths.ts';
import { latestRelease } from './lib/releases.ts';
import { fail } from './lib/run.ts';

export function checkBreaking(openapiDir: string, areas: string[], currentOf: (area: string) => Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const area of areas) {
    const released = latestRelease(openapiDir, area);
    if (!released) {
      problems.push(`${area}: no released contract in openapi/${area}/released/; run \`pnpm release\``);
      continue;
    }
    const current = currentOf(area);
    const changes = findBreakingChanges(released.document, current);
    const version = (current.info as { version: string }).version;
    console.log(`${area}: ${released.version} (released) -> ${version}: ${changes.length === 0 ? 'no breaking change' : `${changes.length} breaking change(s)`}`);
    for (const change of changes) problems.push(`${area}: ${change.description} at ${change.location}`);
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = process.argv.slice(2);
  bundle(only);
  const problems = checkBreaking(OPENAPI_DIR, only.length > 0 ? only : listAreas(), (area) => JSON.parse(readFileSync(bundlePath(area, 'json'), 'utf8')));
  if (problems.length > 0) fail(`breaking changes against the released contracts:\n  ${problems.join('\n  ')}`);
}
