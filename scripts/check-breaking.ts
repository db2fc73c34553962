// `pnpm check:breaking`: compares each area's bundle with its last released contract revision and
// prints one line per change, as `pnpm lint` prints its findings: the source file:line:col, the
// level, the rule (scripts/lib/breaking/rules.ts) and the sentence, which names the operations and
// the element. It fails on an error (a change that breaks clients of the released revision) and
// ends with what to do next.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bundleIfChanged } from './bundle.ts';
import { checkAreas, parseScriptArgs, plural } from './lib/args.ts';
import { compareContracts, type Finding, formatFinding, RULES } from './lib/breaking/compare.ts';
import { compareNegativeCases, readNegativeCases } from './lib/breaking/negative-cases.ts';
import { bundlePath, listAreas, OPENAPI_DIR, ROOT, scopedName } from './lib/paths.ts';
import { bumpVersion, latestRelease, revisionOf } from './lib/release/releases.ts';
import { SourceLocator } from './lib/source-location.ts';

export interface AreaReport {
  area: string;
  /** The last released revision, if any. */
  released?: string;
  revision: string;
  findings: Finding[];
}

/** Each area's changes against its last released revision, located in `openapiDir`'s sources. */
export function checkBreaking(openapiDir: string, areas: string[], currentOf: (area: string) => Record<string, unknown>): AreaReport[] {
  return areas.map((area) => {
    const current = currentOf(area);
    const released = latestRelease(openapiDir, area);
    if (!released) return { area, revision: revisionOf(current), findings: [] };
    const locator = new SourceLocator(path.join(openapiDir, area, 'openapi.yaml'));
    const findings = [
      ...compareContracts(released.document, current, { locate: (bundlePath) => locator.locate(bundlePath) }),
      ...compareNegativeCases(released.negativeCases, readNegativeCases(path.join(openapiDir, area, 'openapi_examples'))),
    ];
    return { area, released: released.version, revision: revisionOf(current), findings };
  });
}

/** The problems that fail the check: breaking changes, and areas never released. */
export function problemsOf(reports: AreaReport[]): string[] {
  return reports.flatMap((report) =>
    report.released === undefined
      ? [`${report.area}: no released contract in openapi/${report.area}/released/; run \`pnpm release\``]
      : report.findings.filter((f) => f.level === 'error').map((f) => `${report.area}: ${f.text}`),
  );
}

/** What to do about breaking changes in these areas, as the last lines of a failed check. */
export function nextSteps(openapiDir: string, areas: string[]): string {
  const lines = [
    'What next, for each area listed:',
    '  - not meant to break its clients: undo the change (or make it compatible: a new optional field instead of a renamed one).',
  ];
  for (const area of areas) {
    const released = latestRelease(openapiDir, area)?.version;
    if (!released) continue;
    const root = path.relative(ROOT, path.join(openapiDir, area, 'openapi.yaml'));
    lines.push(
      `  - ${area}, meant to break: raise info.x-revision in ${root} to ${bumpVersion(released, 'major')}, then run \`pnpm release\` (records the revision and its changelog, writes a changeset that moves ${scopedName('client')} to a new major version).`,
    );
  }
  return lines.join('\n');
}

const relative = (file: string) => path.relative(ROOT, file);

if (import.meta.url === `file://${process.argv[1]}`) {
  const spec = {
    usage: 'pnpm check:breaking [area...] [--all] [--rules]',
    description: `Bundles the contracts and compares each with its last released revision
(openapi/<area>/released/<revision>.yaml). Prints one line per change: the source file:line:col,
the level (error: breaks the clients of that revision; warning: may break some), the rule and the
operations with what changed. Fails on an error, then says what to do next.`,
    positionals: { area: 'an area of openapi/ (default: every area)' },
    options: {
      all: { type: 'boolean' as const, description: 'also print the compatible changes (level info), as the changelogs list them' },
      rules: { type: 'boolean' as const, description: 'print every rule (id and level) and stop' },
    },
    epilogue: 'Exit codes: 0 no breaking change, 1 breaking changes (or an area never released), 2 usage.',
  };
  const { values, positionals } = parseScriptArgs(spec);
  if (values.rules) {
    const width = Math.max(...RULES.map((rule) => rule.id.length));
    for (const rule of RULES) console.log(`${rule.id.padEnd(width)}  ${rule.level}`);
    process.exit(0);
  }
  const only = checkAreas(spec, positionals, listAreas());
  bundleIfChanged(only);
  const areas = only.length > 0 ? only : listAreas();
  const reports = checkBreaking(OPENAPI_DIR, areas, (area) => JSON.parse(readFileSync(bundlePath(area, 'json'), 'utf8')));
  for (const report of reports) {
    const shown = report.findings.filter((f) => values.all || f.level !== 'info');
    const count = (level: Finding['level'], noun: string) => plural(report.findings.filter((f) => f.level === level).length, noun);
    const summary =
      report.released === undefined
        ? 'never released'
        : `${count('error', 'breaking change')}, ${count('warning', 'warning')}, ${count('info', 'compatible change')}`;
    console.log(`${report.area}: revision ${report.released ?? '-'} (released) -> ${report.revision}: ${summary}`);
    for (const finding of shown) console.log(formatFinding(finding, relative));
  }
  const unreleased = reports.filter((report) => report.released === undefined).map((report) => report.area);
  const breaking = reports.flatMap((report) => report.findings.filter((f) => f.level === 'error').map(() => report.area));
  if (unreleased.length > 0 || breaking.length > 0) {
    const lines = [
      ...(breaking.length > 0 ? [`error: ${plural(breaking.length, 'breaking change')} against the released contracts (the lines marked error above)`] : []),
      ...unreleased.map((area) => `error: ${area} has no released contract in openapi/${area}/released/; run \`pnpm release\``),
    ];
    console.error(`${lines.join('\n')}${breaking.length > 0 ? `\n\n${nextSteps(OPENAPI_DIR, [...new Set(breaking)])}` : ''}`);
    process.exit(1);
  }
}
