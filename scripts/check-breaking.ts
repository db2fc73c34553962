// `pnpm check:breaking`: compares each area's bundle with its last released contract and fails,
// listing each change with its location, when a client of the released version would break;
// it ends with what to do next.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bundleIfChanged } from './bundle.ts';
import { checkAreas, parseScriptArgs, plural } from './lib/args.ts';
import { findBreakingChanges } from './lib/breaking.ts';
import { OPENAPI_DIR, ROOT, bundlePath, listAreas } from './lib/paths.ts';
import { latestRelease } from './lib/releases.ts';

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
    console.log(`${area}: ${released.version} (released) -> ${version}: ${changes.length === 0 ? 'no breaking change' : plural(changes.length, 'breaking change')}`);
    for (const change of changes) problems.push(`${area}: ${change.description} at ${change.location}`);
  }
  return problems;
}

/** What to do about breaking changes in these areas, as the last lines of a failed check. */
export function nextSteps(openapiDir: string, areas: string[]): string {
  const lines = ['What next, for each area listed:', '  - not meant to break its clients: undo the change (or make it compatible: a new optional field instead of a renamed one).'];
  for (const area of areas) {
    const released = latestRelease(openapiDir, area)?.version;
    if (!released) continue;
    const major = `${Number(released.split('.')[0]) + 1}.0.0`;
    const root = path.relative(ROOT, path.join(openapiDir, area, 'openapi.yaml'));
    lines.push(`  - ${area}, meant to break: raise info.version in ${root} to ${major}, then run \`pnpm release\` (records the contract and its changelog, moves @platform-contracts/client to a new major version).`);
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const spec = {
    usage: 'pnpm check:breaking [area...]',
    description: `Bundles the contracts and compares each with its last released contract
(openapi/<area>/released/<version>.yaml). Fails on a change that breaks the clients of that
release: removed or renamed paths, operations, parameters or properties, new required fields
or parameters, narrowed types, enums or bounds, removed status codes or media types. Lists each
with its location, then what to do next.`,
    positionals: { area: 'an area of openapi/ (default: every area)' },
    epilogue: 'Exit codes: 0 no breaking change, 1 breaking changes (or an area never released), 2 usage.',
  };
  const only = checkAreas(spec, parseScriptArgs(spec).positionals, listAreas());
  bundleIfChanged(only);
  const areas = only.length > 0 ? only : listAreas();
  const problems = checkBreaking(OPENAPI_DIR, areas, (area) => JSON.parse(readFileSync(bundlePath(area, 'json'), 'utf8')));
  if (problems.length > 0) {
    const broken = areas.filter((area) => problems.some((problem) => problem.startsWith(`${area}: `)));
    console.error(`error: ${plural(problems.length, 'breaking change')} against the released contracts:\n  ${problems.join('\n  ')}\n\n${nextSteps(OPENAPI_DIR, broken)}`);
    process.exit(1);
  }
}
