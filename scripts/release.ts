// `pnpm release`: for every area whose contract revision (info.x-revision) is not recorded yet,
// records the bundled contract as openapi/<area>/released/<revision>.yaml (and its RELEASE-NOTE.md
// as released/<revision>.md), writes the area's
// changelog again from its revisions, and writes a changeset for the packages that carry the
// contract (the client and the contracts package: major for a breaking change, minor otherwise).
// The packages' versions move only through changesets (`pnpm version-packages`).
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundle } from './bundle.ts';
import { parseScriptArgs } from './lib/args.ts';
import { compareContracts, type Finding, foldAcrossSources } from './lib/breaking/compare.ts';
import { compareNegativeCases, examplesDirOf, readNegativeCases } from './lib/breaking/negative-cases.ts';
import { bundlePath, listAreas, OPENAPI_DIR, ROOT, scopedName } from './lib/paths.ts';
import { changelogLine, entryDates, renderChangelog } from './lib/release/changelog.ts';
import { bumpVersion, compareVersions, latestRelease, majorOf, noteFileOf, releasedDir, releasedVersions, revisionOf } from './lib/release/releases.ts';
import { fail } from './lib/run.ts';

export { bumpVersion } from './lib/release/releases.ts';

type Json = Record<string, any>;

export interface ReleaseInput {
  openapiDir: string;
  /** Where the changesets go (.changeset/). */
  changesetDir: string;
  areas: string[];
  /** The area's bundle as YAML text. */
  bundleYaml(area: string): string;
  bundleJson(area: string): Json;
  date: string;
}

export interface AreaRelease {
  area: string;
  revision: string;
  previous?: string;
  breaking: boolean;
  /** The changeset written for it, relative to its folder. */
  changeset: string;
}

/** An area's note for its next revision: what moved, in words, where the rules see nothing (kept as released/<revision>.md). */
const RELEASE_NOTE = 'RELEASE-NOTE.md';

/** The packages a contract release moves: the ones that ship the contract and its types. */
const CONTRACT_PACKAGES = ['client', 'contracts'].map(scopedName);

/** Why an area's revision cannot be released as it is, or undefined. */
function releaseProblem(area: string, revision: string, previous: string | undefined, breaking: Finding[]): string | undefined {
  if (!/^\d+\.\d+\.\d+$/.test(revision))
    return `${area}: info.x-revision is ${JSON.stringify(revision)}; write the contract's revision as major.minor.patch (see openapi/EXTENSIONS.md)`;
  if (!previous) return undefined;
  if (compareVersions(revision, previous) <= 0) return `${area}: info.x-revision ${revision} is not after the last released revision ${previous}; raise it`;
  if (breaking.length > 0 && majorOf(revision) <= majorOf(previous)) {
    return `${area}: revision ${revision} breaks the clients of ${previous} (${breaking.length === 1 ? 'a breaking change' : `${breaking.length} breaking changes`}, see \`pnpm check:breaking\`); a breaking revision is the next major: ${bumpVersion(previous, 'major')}`;
  }
  return undefined;
}

/** The changeset of a contract release: the packages it moves, and what changed, in the changelog's words. */
export function changesetText(
  area: string,
  title: string,
  apiVersion: string,
  revision: string,
  previous: string | undefined,
  findings: Finding[],
  note?: string,
): string {
  const bump = findings.some((f) => f.level === 'error') ? 'major' : 'minor';
  const header = `---\n${CONTRACT_PACKAGES.map((name) => `"${name}": ${bump}`).join('\n')}\n---\n\n`;
  if (!previous) {
    return `${header}New area: the \`${area}\` contract, revision ${revision} (${title} ${apiVersion}), as \`${scopedName('client')}/${area}\` and \`${scopedName('contracts')}/${area}\`.\n`;
  }
  const lines = foldAcrossSources(findings)
    .filter((f) => f.level !== 'info')
    .map(changelogLine);
  const compatible = foldAcrossSources(findings).filter((f) => f.level === 'info').length;
  const rest = compatible > 0 ? [`- ${compatible === 1 ? 'one compatible change' : `${compatible} compatible changes`} (openapi/${area}/CHANGELOG.md)`] : [];
  const body = [...lines, ...rest];
  const said = `${header}The \`${area}\` contract, revision ${revision} (was ${previous}; ${title} ${apiVersion})${body.length > 0 ? `:\n\n${body.join('\n')}` : ': descriptions, examples or notes only.'}\n`;
  return note ? `${said}\n${note}\n` : said;
}

export function release(input: ReleaseInput): { areas: AreaRelease[] } {
  const released: AreaRelease[] = [];
  for (const area of input.areas) {
    const current = input.bundleJson(area);
    const revision = revisionOf(current);
    const snapshot = path.join(releasedDir(input.openapiDir, area), `${revision}.yaml`);
    const changelog = path.join(input.openapiDir, area, 'CHANGELOG.md');
    const dates = entryDates(changelog);
    if (!existsSync(snapshot)) {
      const previous = latestRelease(input.openapiDir, area);
      const negativeCases = path.join(input.openapiDir, area, 'openapi_examples');
      const findings = previous
        ? [...compareContracts(previous.document, current), ...compareNegativeCases(previous.negativeCases, readNegativeCases(negativeCases))]
        : [];
      const problem = releaseProblem(
        area,
        revision,
        previous?.version,
        findings.filter((f) => f.level === 'error'),
      );
      if (problem) throw new Error(problem);
      mkdirSync(path.dirname(snapshot), { recursive: true });
      writeFileSync(snapshot, input.bundleYaml(area));
      if (existsSync(negativeCases)) cpSync(negativeCases, examplesDirOf(snapshot), { recursive: true });
      const noteFile = path.join(input.openapiDir, area, RELEASE_NOTE);
      const note = existsSync(noteFile) ? readFileSync(noteFile, 'utf8').trim() : undefined;
      if (note) writeFileSync(noteFileOf(snapshot), `${note}\n`);
      rmSync(noteFile, { force: true });
      dates.set(revision, input.date);
      const name = `${area}-contract-${revision.replaceAll('.', '-')}.md`;
      mkdirSync(input.changesetDir, { recursive: true });
      writeFileSync(
        path.join(input.changesetDir, name),
        changesetText(area, String(current.info.title), String(current.info.version), revision, previous?.version, findings, note),
      );
      released.push({ area, revision, previous: previous?.version, breaking: findings.some((f) => f.level === 'error'), changeset: name });
    }
    // Written whole each time, so that every entry speaks as the rules do today.
    if (releasedVersions(input.openapiDir, area).length > 0) writeFileSync(changelog, renderChangelog(input.openapiDir, area, dates));
  }
  return { areas: released };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  parseScriptArgs({
    usage: 'pnpm release',
    description: `For every area whose contract revision (info.x-revision) is not recorded yet: records the
bundled contract as openapi/<area>/released/<revision>.yaml, and openapi/<area>/${RELEASE_NOTE} (when there
is one: what moved, in words, where the rules see nothing) as released/<revision>.md, which leads the
revision's changelog entry; writes a changeset that moves
${scopedName('client')} and ${scopedName('contracts')} (major on a breaking change, minor otherwise;
\`pnpm version-packages\` applies it). Writes every area's changelog (openapi/<area>/CHANGELOG.md)
again from its released revisions. Refuses a breaking change without the next major revision.`,
    epilogue: 'Exit codes: 0 released (or nothing to release), 1 a revision that cannot be released, 2 usage.',
  });
  bundle();
  let result: ReturnType<typeof release>;
  try {
    result = release({
      openapiDir: OPENAPI_DIR,
      changesetDir: path.join(ROOT, '.changeset'),
      areas: listAreas(),
      bundleYaml: (area) => readFileSync(bundlePath(area, 'yaml'), 'utf8'),
      bundleJson: (area) => JSON.parse(readFileSync(bundlePath(area, 'json'), 'utf8')),
      date: new Date().toISOString().slice(0, 10),
    });
  } catch (error) {
    fail((error as Error).message);
  }
  if (result.areas.length === 0) console.log("nothing to release: every area's info.x-revision is already recorded (changelogs written again)");
  for (const r of result.areas) {
    console.log(
      `released ${r.area} ${r.revision}${r.previous ? ` (after ${r.previous}${r.breaking ? ', breaking' : ''})` : ' (first release)'}: .changeset/${r.changeset}`,
    );
  }
  if (result.areas.length > 0) console.log("commit the released files, changelogs and changesets; `pnpm version-packages` moves the packages' versions");
}
