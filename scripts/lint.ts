// `pnpm lint`: Redocly (recommended-strict) on the sources, then Spectral (.spectral.yaml) on the
// bundles. Every finding is shown at the source file and line under openapi/, including
// Spectral's, which it makes against the bundle. Without an area, Biome (biome.jsonc) also checks
// the TypeScript's format and lint rules. Any error or warning fails.
import path from 'node:path';
import { bundleIfChanged } from './bundle.ts';
import { checkAreas, parseScriptArgs, plural } from './lib/args.ts';
import { syncRedoclyConfig } from './lib/generate/redocly-config.ts';
import { bundlePath, listAreas, OPENAPI_DIR, ROOT } from './lib/paths.ts';
import { REDOCLY_ENV, runBin } from './lib/run.ts';
import { SourceLocator } from './lib/source-location.ts';

export interface Finding {
  file: string;
  line: number;
  col: number;
  severity: 'error' | 'warning' | 'info' | 'hint';
  rule: string;
  message: string;
}

interface RedoclyReport {
  problems: { ruleId: string; severity: string; message: string; location: { source: { ref: string }; start?: { line: number; col: number } }[] }[];
}

/** Redocly prints one JSON report per area, back to back. */
export function parseRedoclyReports(stdout: string): RedoclyReport[] {
  return stdout
    .split(/(?<=\})(?=\{\s*"totals")/)
    .filter((part) => part.trim())
    .map((part) => JSON.parse(part) as RedoclyReport);
}

function redoclyFindings(areas: string[]): { findings: Finding[]; failure?: string } {
  const run = runBin('redocly', ['lint', '--format=json', ...areas], { env: REDOCLY_ENV, output: 'capture' });
  let reports: RedoclyReport[];
  try {
    reports = parseRedoclyReports(run.stdout);
  } catch {
    // Not a report: Redocly could not read a source (bad YAML, a missing $ref file); its own text says where.
    return { findings: [], failure: run.output.trim() || 'redocly lint failed without a message' };
  }
  const findings = reports.flatMap((report) =>
    report.problems.map((problem): Finding => {
      const where = problem.location[0];
      return {
        file: path.resolve(ROOT, where?.source.ref ?? ''),
        line: where?.start?.line ?? 1,
        col: where?.start?.col ?? 1,
        severity: problem.severity === 'error' ? 'error' : 'warning',
        rule: problem.ruleId,
        message: problem.message,
      };
    }),
  );
  return { findings, failure: run.ok || findings.length > 0 ? undefined : run.output.trim() };
}

interface SpectralResult {
  code: string;
  path: (string | number)[];
  message: string;
  severity: number;
  source?: string;
  range: { start: { line: number; character: number } };
}

const SPECTRAL_SEVERITY = ['error', 'warning', 'info', 'hint'] as const;

/** Spectral's results against a bundle, moved to the source file and line they come from. */
export function spectralToSource(results: SpectralResult[], areaOfBundle: (file: string) => string | undefined): Finding[] {
  const locators = new Map<string, SourceLocator>();
  return results.map((result) => {
    const area = result.source ? areaOfBundle(result.source) : undefined;
    const base = { severity: SPECTRAL_SEVERITY[result.severity] ?? 'error', rule: result.code, message: result.message };
    if (!area) return { ...base, file: result.source ?? '', line: result.range.start.line + 1, col: result.range.start.character + 1 };
    let locator = locators.get(area);
    if (!locator) locators.set(area, (locator = new SourceLocator(path.join(OPENAPI_DIR, area, 'openapi.yaml'))));
    return { ...base, ...locator.locate(result.path) };
  });
}

function spectralFindings(areas: string[]): { findings: Finding[]; failure?: string } {
  const bundles = areas.map((area) => bundlePath(area, 'yaml'));
  const run = runBin('spectral', ['lint', '--format=json', '--fail-severity=warn', ...bundles], { output: 'capture' });
  let results: SpectralResult[];
  try {
    // Spectral appends a sentence after the JSON when there is nothing to report.
    results = JSON.parse(run.stdout.slice(0, run.stdout.lastIndexOf(']') + 1));
  } catch {
    return { findings: [], failure: run.output.trim() || 'spectral lint failed without a message' };
  }
  const areaOfBundle = (file: string) => areas.find((area) => path.resolve(bundlePath(area, 'yaml')) === path.resolve(file));
  return { findings: spectralToSource(results, areaOfBundle) };
}

/** Paths in the tools' messages, relative to the repository like the file names. */
const relativeIn = (text: string) => text.split(`${ROOT.replace(/\/$/, '')}/`).join('');

function formatFinding(finding: Finding): string {
  return `${path.relative(ROOT, finding.file)}:${finding.line}:${finding.col}  ${finding.severity}  ${finding.rule}  ${relativeIn(finding.message)}`;
}

/**
 * The findings sorted by place, each once with how many times the tools reported it: a source
 * used in several places (an example or a schema that several operations share) is reported once
 * per use, which is one thing to fix at one file and line.
 */
function distinctFindings(findings: Finding[]): { finding: Finding; times: number }[] {
  const byLine = new Map<string, { finding: Finding; times: number }>();
  const sorted = [...findings].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col);
  for (const finding of sorted) {
    const seen = byLine.get(formatFinding(finding));
    if (seen) seen.times += 1;
    else byLine.set(formatFinding(finding), { finding, times: 1 });
  }
  return [...byLine.values()];
}

/** One line per distinct finding. */
export const findingLines = (findings: Finding[]) =>
  distinctFindings(findings).map(
    ({ finding, times }) => `${formatFinding(finding)}${times === 1 ? '' : ` (reported ${times} times: once per place that uses it)`}`,
  );

if (import.meta.url === `file://${process.argv[1]}`) {
  const spec = {
    usage: 'pnpm lint [area...]',
    description: `Lints the contracts: Redocly's recommended-strict rules on the sources under openapi/, then the
house rules (.spectral.yaml, spectral/functions/) and OWASP's on the bundles. Each finding is
shown as file:line:col at the source file to edit. Without an area, also the TypeScript's format
and lint rules (Biome, biome.jsonc; \`pnpm format\` writes the format). Fails on any error or
warning.`,
    positionals: { area: 'an area of openapi/ (default: every area)' },
    epilogue: 'Exit codes: 0 clean, 1 findings (or a source that cannot be read), 2 usage.',
  };
  const only = checkAreas(spec, parseScriptArgs(spec).positionals, listAreas());
  const areas = only.length > 0 ? only : listAreas();
  syncRedoclyConfig();
  const redocly = redoclyFindings(only);
  const redoclyErrors = redocly.findings.some((f) => f.severity === 'error') || redocly.failure !== undefined;
  // Spectral reads the bundles, which cannot be made while a source is unreadable or a $ref dangles.
  let spectral: { findings: Finding[]; failure?: string; skipped?: boolean } = { findings: [], skipped: true };
  if (!redoclyErrors) {
    bundleIfChanged(only);
    spectral = spectralFindings(areas);
  }
  // The TypeScript of the packages, scripts, benchmarks and tests: format and lint (Biome), for a whole run.
  const code = only.length === 0 ? runBin('biome', ['ci', '--error-on-warnings', '--colors=off', '.'], { output: 'capture' }) : undefined;
  if (code && !code.ok)
    console.error(
      `${relativeIn(code.output.trim())}\nerror: the TypeScript breaks the format or a lint rule (biome.jsonc): run \`pnpm format\` for the format; the findings above say the rest`,
    );
  const findings = distinctFindings([...redocly.findings, ...spectral.findings]).map(({ finding }) => finding);
  for (const line of findingLines([...redocly.findings, ...spectral.findings])) console.log(line);
  for (const failure of [redocly.failure, spectral.failure]) if (failure) console.error(relativeIn(failure));
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.filter((f) => f.severity === 'warning').length;
  if (code && !code.ok) process.exitCode = 1;
  if (errors + warnings > 0 || redocly.failure || spectral.failure) {
    const counts =
      errors + warnings > 0
        ? `${plural(errors, 'error')}, ${plural(warnings, 'warning')} in ${plural(areas.length, 'area')}`
        : 'a source cannot be read (see above)';
    const skipped = spectral.skipped ? '; the house rules (Spectral) run once these errors are fixed' : '';
    console.error(`error: lint failed: ${counts}${skipped}`);
    process.exit(1);
  }
  if (code && !code.ok) process.exit(1);
  console.log(`lint: no errors, no warnings in ${plural(areas.length, 'area')}${code ? ', nor in the TypeScript (format and lint rules)' : ''}`);
}
