// An area's changelog (openapi/<area>/CHANGELOG.md), written whole from its released revisions:
// each revision's entry lists what changed since the one before, in the sentences of the
// breaking-change rules (scripts/lib/breaking/rules.ts), the same that `pnpm check:breaking`
// prints. The reference site shows the file as it is. The dates are the file's own record: an
// entry keeps the date it was released on.
import { existsSync, readFileSync } from 'node:fs';
import { compareContracts, type Finding, foldAcrossSources, type Level } from '../breaking/compare.ts';
import { compareNegativeCases } from '../breaking/negative-cases.ts';
import { type Release, readRelease, releasedVersions } from './releases.ts';

const HEADINGS: Record<Level, string> = {
  error: 'Breaking changes',
  warning: 'Changes that may break a client',
  info: 'Other changes',
};

/** Markdown that shows the sentence as it is (`application/*+json` keeps its star). */
const escapeMarkdown = (text: string) => text.replace(/([\\*<`])/g, '\\$1');

/** One change as a changelog line: the sentence and its rule. */
export const changelogLine = (finding: Finding) => `- ${escapeMarkdown(finding.text)} (\`${finding.rule}\`)`;

/** The dates of the entries a changelog has: revision -> yyyy-mm-dd. */
export function entryDates(file: string): Map<string, string> {
  const dates = new Map<string, string>();
  if (!existsSync(file)) return dates;
  for (const [, revision, date] of readFileSync(file, 'utf8').matchAll(/^## (\S+) \((\d{4}-\d{2}-\d{2})\)/gm)) dates.set(revision!, date!);
  return dates;
}

const titleOf = (release: Release) => String((release.document.info as { title?: unknown } | undefined)?.title ?? 'Contract');
const apiVersionOf = (release: Release) => String((release.document.info as { version?: unknown } | undefined)?.version);

/** The body of a revision's entry: its changes since `previous`, grouped by level. */
function entryBody(previous: Release | undefined, release: Release): string {
  if (!previous) return '- First recorded release of this contract.';
  const findings = [
    ...foldAcrossSources(compareContracts(previous.document, release.document)),
    ...compareNegativeCases(previous.negativeCases, release.negativeCases),
  ];
  const sections: string[] = [];
  const [was, is] = [apiVersionOf(previous), apiVersionOf(release)];
  // info.version once moved with the contract's revisions; it names the platform API's version now.
  if (was !== is && (release.document.info as Record<string, unknown>)['x-revision'] !== undefined) {
    sections.push(
      `The contract names the version of the platform's ${titleOf(release)} in \`info.version\`: ${is} (it said ${was}). Its own revision is \`info.x-revision\`.`,
    );
  }
  if (release.note) sections.push(release.note);
  // The first revision with negative cases: they were the contract's invalid request examples before.
  if (previous.negativeCases.length === 0 && release.negativeCases.length > 0) {
    sections.push(
      `The invalid request examples and their 4xx answers moved out of the contract into negative cases beside it (\`${release.version}_examples/\`, one Specmatic external example each); every example left in the contract is valid by its schema.`,
    );
  }
  for (const level of ['error', 'warning', 'info'] as const) {
    const lines = findings.filter((f) => f.level === level).map(changelogLine);
    if (lines.length > 0) sections.push(`### ${HEADINGS[level]}\n\n${lines.join('\n')}`);
  }
  if (findings.length === 0) sections.push('- No change to the operations (descriptions, examples or notes only).');
  return sections.join('\n\n');
}

/** The whole changelog of an area, newest revision first; `dates` gives each entry's date. */
export function renderChangelog(openapiDir: string, area: string, dates: Map<string, string>): string {
  const releases = releasedVersions(openapiDir, area).map((version) => readRelease(openapiDir, area, version));
  if (releases.length === 0) return '';
  const entries = releases.map((release, i) => {
    const date = dates.get(release.version);
    return `## ${release.version}${date ? ` (${date})` : ''}\n\n${entryBody(releases[i - 1], release)}\n`;
  });
  return `# ${titleOf(releases.at(-1)!)} changelog\n\n${entries.reverse().join('\n')}`;
}
