// `pnpm api-report`: each package's public API as API Extractor reports it, etc/<package>.api.md,
// a committed file that reviewers read. The report covers every entry point with types (the
// package's root exports, then each subpath as a namespace named after it). It reads the built
// declarations (run after `pnpm build`). Without --update it compares a fresh report with the
// committed one and fails on a difference: with no changeset naming the package, the change is
// unannounced (add one: `pnpm changeset`); with one, the committed report is stale (run --update).
// --update writes the reports, and refuses to for a package no changeset names.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Extractor, ExtractorConfig, ExtractorLogLevel } from '@microsoft/api-extractor';
import { checkNames, parseScriptArgs } from './lib/args.ts';
import { entryPoints } from './lib/entry-points.ts';
import { ROOT, scopedName } from './lib/paths.ts';
import { fail } from './lib/run.ts';

/** The packages with types (the CLI has none). */
export const API_PACKAGES = ['contracts', 'client', 'mock'] as const;
export const REPORT_DIR = path.join(ROOT, 'etc');
export const reportPath = (name: string, dir = REPORT_DIR) => path.join(dir, `${name}.api.md`);
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
export function writeReport(name: string, dir: string): string {
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

/** The packages a pending changeset (.changeset/*.md) names in its front matter. */
export function namedByChangesets(changesetDir = path.join(ROOT, '.changeset')): Set<string> {
  const named = new Set<string>();
  for (const file of readdirSync(changesetDir).filter((file) => file.endsWith('.md') && file !== 'README.md')) {
    const front = /^---\n([\s\S]*?)\n---/.exec(readFileSync(path.join(changesetDir, file), 'utf8'))?.[1] ?? '';
    for (const match of front.matchAll(/^["']?([^"':\s]+)["']?\s*:/gm)) named.add(match[1]!);
  }
  return named;
}

/** What is wrong with each package's committed report, given its fresh one. */
export function reportProblems(fresh: Map<string, string>, committedOf: (name: string) => string | undefined, named: Set<string>): string[] {
  return [...fresh].flatMap(([name, text]) => {
    if (committedOf(name) === text) return [];
    const file = path.relative(ROOT, reportPath(name));
    return named.has(scopedName(name))
      ? [`${file} is stale: run \`pnpm api-report --update\` and commit it`]
      : [
          `the public API of ${scopedName(name)} changed (${file} differs) and no changeset names it: add one (\`pnpm changeset\`, the bump and an upgrade note), then run \`pnpm api-report --update\``,
        ];
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const spec = {
    usage: 'pnpm api-report [package...] [--update]',
    description: `Compares each package's public API (API Extractor, every entry point with types) with its
committed report, etc/<package>.api.md, and fails on a difference: add a changeset naming the
package (\`pnpm changeset\`), then --update. Reads the built declarations: run \`pnpm build\` first.`,
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
    const named = namedByChangesets();
    if (values.update) {
      mkdirSync(REPORT_DIR, { recursive: true });
      for (const [name, text] of fresh) {
        const committed = committedOf(name);
        if (committed === text) continue;
        if (committed !== undefined && !named.has(scopedName(name)))
          fail(`the public API of ${scopedName(name)} changed and no changeset names it: add one first (\`pnpm changeset\`)`);
        writeFileSync(reportPath(name), text);
        console.log(`wrote ${path.relative(ROOT, reportPath(name))}`);
      }
    } else {
      const problems = reportProblems(fresh, committedOf, named);
      for (const problem of problems) console.error(`error: ${problem}`);
      if (problems.length > 0) process.exit(1);
      console.log(`api-report: ${chosen.length} packages match etc/`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
