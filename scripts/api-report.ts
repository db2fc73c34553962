// `pnpm api-report`: each package's public API as API Extractor reports it, etc/<package>.api.md,
// a committed file that reviewers read. The report covers every entry point with types (the
// package's root exports, then each subpath as a namespace named after it). It reads the built
// declarations (run after `pnpm build`). Without --update it compares a fresh report with the
// committed one and fails on a difference: with no changeset naming the package, the change is
// unannounced (add one: `pnpm changeset`); with one whose bump is too small for it (an export added
// needs a minor, one removed a major: lib/release/api-bump.ts), it says so; otherwise the committed
// report is stale (run --update).
// --update writes the reports, and refuses to where the check would fail but for staleness.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Extractor, ExtractorConfig, ExtractorLogLevel } from '@microsoft/api-extractor';
import { checkNames, parseScriptArgs } from './lib/args.ts';
import { entryPoints } from './lib/build/entry-points.ts';
import { ROOT, scopedName } from './lib/paths.ts';
import { apiChange, type Bump, bumpsOfChangesets, covers } from './lib/release/api-bump.ts';
import { fail } from './lib/run.ts';

/** The packages with types (the CLI has none). */
const API_PACKAGES = ['contracts', 'client', 'mock'] as const;
const REPORT_DIR = path.join(ROOT, 'etc');
const reportPath = (name: string, dir = REPORT_DIR) => path.join(dir, `${name}.api.md`);
const ENTRY = '.api-report-entry.d.ts';

/** One declaration file that exports every entry point: the root's exports, each subpath as a namespace. */
function entrySource(name: string): string {
  return entryPoints(name)
    .map(({ subpath, types }) => {
      const from = `./${path.relative('dist', types.replace(/\.d\.ts$/, '.js'))}`;
      return subpath === '.' ? `export * from '${from}';` : `export * as ${subpath.slice(2).replace(/\W/g, '_')} from '${from}';`;
    })
    .join('\n');
}

/** Writes the package's report into `dir`; returns its text. */
function writeReport(name: string, dir: string): string {
  const packageFolder = path.join(ROOT, 'packages', name);
  const entry = path.join(packageFolder, 'dist', ENTRY);
  writeFileSync(entry, `${entrySource(name)}\n`);
  try {
    const config = ExtractorConfig.prepare({
      configObject: {
        projectFolder: packageFolder,
        mainEntryPointFilePath: entry,
        // The client re-exports the contracts' types as namespaces (`export type * as Video from`), which API Extractor follows only into a package it bundles.
        bundledPackages: name === 'contracts' ? [] : [scopedName('contracts')],
        compiler: {
          overrideTsconfig: { compilerOptions: { strict: true, skipLibCheck: true, types: ['node'], module: 'nodenext', moduleResolution: 'nodenext' } },
        },
        apiReport: { enabled: true, reportFileName: name, reportFolder: dir, reportTempFolder: dir },
        docModel: { enabled: false },
        dtsRollup: { enabled: false },
        tsdocMetadata: { enabled: false },
        messages: {
          extractorMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
          compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Warning } },
          tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
        },
      },
      configObjectFullPath: path.join(packageFolder, 'api-extractor.json'),
      packageJsonFullPath: path.join(packageFolder, 'package.json'),
    });
    const result = Extractor.invoke(config, {
      localBuild: true,
      showVerboseMessages: false,
      messageCallback: (message) => void (message.handled = message.logLevel === ExtractorLogLevel.None),
    });
    if (result.errorCount > 0) throw new Error(`API Extractor failed for ${scopedName(name)} (${result.errorCount} errors)`);
  } finally {
    rmSync(entry, { force: true });
  }
  return readFileSync(reportPath(name, dir), 'utf8');
}

/** What is wrong with each package's committed report, given its fresh one and the bump the pending changesets give each package. */
export function reportProblems(fresh: Map<string, string>, committedOf: (name: string) => string | undefined, bumps: Map<string, Bump>): string[] {
  return [...fresh].flatMap(([name, text]) => {
    const committed = committedOf(name);
    if (committed === text) return [];
    const file = path.relative(ROOT, reportPath(name));
    const bump = bumps.get(scopedName(name));
    if (bump === undefined)
      return [
        `the public API of ${scopedName(name)} changed (${file} differs) and no changeset names it: add one (\`pnpm changeset\`, the bump and an upgrade note), then run \`pnpm api-report --update\``,
      ];
    const { least, added, removed } = apiChange(committed, text);
    if (!covers(bump, least)) {
      const what = [removed.length > 0 ? `removes ${removed.join(', ')}` : '', added.length > 0 ? `adds ${added.join(', ')}` : '']
        .filter(Boolean)
        .join(' and ');
      return [`the public API of ${scopedName(name)} ${what}: a ${least} change at least, and the pending changesets give it ${bump}: raise the bump`];
    }
    return [`${file} is stale: run \`pnpm api-report --update\` and commit it`];
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const spec = {
    usage: 'pnpm api-report [package...] [--update]',
    description: `Compares each package's public API (API Extractor, every entry point with types) with its
committed report, etc/<package>.api.md, and fails on a difference: add a changeset naming the
package (\`pnpm changeset\`; a minor bump at least for a new export, a major one for a removed
export), then --update. Reads the built declarations: run \`pnpm build\` first.`,
    positionals: { package: `one of ${API_PACKAGES.join(', ')} (default: all)` },
    options: {
      update: { type: 'boolean' as const, description: 'write the reports to etc/ (only for packages a changeset names, or with no committed report)' },
    },
  };
  const { values, positionals } = parseScriptArgs(spec);
  const names = checkNames(spec, positionals, [...API_PACKAGES], 'package');
  const chosen = API_PACKAGES.filter((name) => names.length === 0 || names.includes(name));
  const dir = mkdtempSync(path.join(tmpdir(), 'api-report-'));
  try {
    const fresh = new Map(chosen.map((name) => [name, writeReport(name, dir)] as const));
    const committedOf = (name: string) => (existsSync(reportPath(name)) ? readFileSync(reportPath(name), 'utf8') : undefined);
    const bumps = bumpsOfChangesets(path.join(ROOT, '.changeset'));
    if (values.update) {
      mkdirSync(REPORT_DIR, { recursive: true });
      for (const [name, text] of fresh) {
        const committed = committedOf(name);
        if (committed === text) continue;
        const problem = committed === undefined ? undefined : reportProblems(new Map([[name, text]]), () => committed, bumps)[0];
        if (problem !== undefined && !problem.includes('is stale')) fail(problem);
        writeFileSync(reportPath(name), text);
        console.log(`wrote ${path.relative(ROOT, reportPath(name))}`);
      }
    } else {
      const problems = reportProblems(fresh, committedOf, bumps);
      for (const problem of problems) console.error(`error: ${problem}`);
      if (problems.length > 0) process.exit(1);
      console.log(`api-report: ${chosen.length} packages match etc/`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
