// The site's guides, changelogs and assumption sources, as the description of its one document:
// each level-1 heading is an entry of the navigation, each level-2 heading an entry below it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Json, resolveRef, walkOperations } from '../openapi.ts';
import { OPENAPI_DIR, ROOT } from '../paths.ts';
import { releasedVersions, revisionOf } from '../release/releases.ts';
import { type AreaInput, assumedNodes } from './document.ts';

export const SITE_DIR = path.join(ROOT, 'site');
export const GUIDES_DIR = path.join(SITE_DIR, 'guides');
const ASSUMPTIONS_FILE = path.join(OPENAPI_DIR, 'ASSUMPTIONS.md');

/** The anchor of a description heading, as the renderer makes it (lower case, words joined by -). */
export const headingSlug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-');
export const headingLink = (heading: string) => `#description/${headingSlug(heading)}`;

export const sourcesHeading = (title: string) => `Sources for ${title.replace(/ API$/, '')}`;

/** Moves every heading of a markdown text down by `levels` (code blocks left alone). */
function demote(markdown: string, levels: number): string {
  let inCode = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (line.startsWith('```')) inCode = !inCode;
      return !inCode && /^#{1,5} /.test(line) ? `${'#'.repeat(levels)}${line}` : line;
    })
    .join('\n');
}

const escapeCell = (text: string) => text.replace(/\|/g, '\\|');

/** "1 operation", "2 operations". */
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** Each area with its version, summary, the number of operations the view shows, and its addresses. */
function areaList(inputs: AreaInput[], view: Json): string {
  return inputs
    .map(({ area, document }) => {
      const servers: Json[] = document.servers ?? [];
      const production = servers.find((s) => !Object.hasOwn(s.variables ?? {}, 'mock_url'));
      const address = production?.url.replace(/\{(\w+)\}/g, (_: string, name: string) => production.variables?.[name]?.default ?? `{${name}}`);
      const schemes = Object.values(document.components?.securitySchemes ?? {}) as Json[];
      const auth = schemes.map((s) => (s.type === 'apiKey' ? `the \`${s.name}\` header` : 'a bearer token')).join(' or ');
      return `- **${document.info.title} ${document.info.version}**: ${escapeCell(document.info.summary ?? '')} ${count(walkOperations(view).filter(({ operation }) => operation['x-area'] === area).length, 'operation')}; ${auth}; production at \`${address}\` (a placeholder). Contract: [YAML](openapi/${area}.yaml), [JSON](openapi/${area}.json).`;
    })
    .join('\n');
}

function errorsTable(inputs: AreaInput[]): string {
  const sections = inputs.map(({ document }) => {
    const byStatus = new Map<string, Set<string>>();
    for (const { operation } of walkOperations(document)) {
      for (const [status, reference] of Object.entries(operation.responses ?? {}) as [string, Json][]) {
        if (!/^[45]/.test(status)) continue;
        const response = resolveRef<Json>(document, reference);
        const bodies = Object.entries(response?.content ?? {}).map(([type, media]: [string, Json]) => {
          const name = media.schema?.$ref?.split('/').pop();
          return name ? `\`${name}\` (${type})` : `${media.schema?.type ?? 'a body'} (${type})`;
        });
        const set = byStatus.get(status) ?? new Set<string>();
        (bodies.length > 0 ? bodies : ['no body']).forEach((b) => set.add(b));
        byStatus.set(status, set);
      }
    }
    const rows = [...byStatus.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([status, bodies]) => `| ${status} | ${[...bodies].join(', ')} |`);
    return `## ${document.info.title} errors\n\n| Status | Body |\n|---|---|\n${rows.join('\n')}`;
  });
  return sections.join('\n\n');
}

function changelogs(inputs: AreaInput[]): string {
  const sections = inputs.map(({ area, document }) => {
    const file = path.join(OPENAPI_DIR, area, 'CHANGELOG.md');
    const released = new Set(releasedVersions(OPENAPI_DIR, area));
    const body = existsSync(file)
      ? readFileSync(file, 'utf8')
          .replace(/^# .*\n+/, '')
          .replace(/^## (\S+)(.*)$/gm, (line, revision: string) =>
            released.has(revision) ? `${line}\n\nContract as released: [${area} revision ${revision} (YAML)](released/${area}/${revision}.yaml)` : line,
          )
      : 'No release recorded yet.';
    const current = `The contract describes the ${document.info.title} ${document.info.version} (\`info.version\`); its revision is ${revisionOf(document)} (\`info.x-revision\`).`;
    return `## ${document.info.title} changelog\n\n${current}\n\n${demote(body.trim(), 1)}`;
  });
  return `# Changelogs\n\nEvery released revision of each area's contract, newest first: what changed for its clients, in the words of \`pnpm check:breaking\` (each change with its rule), and the contract as released.\n\n${sections.join('\n\n')}`;
}

function assumptions(inputs: AreaInput[], combined: Json, stated: boolean): string {
  const counts = inputs.map(({ document }) => `${document.info.title}: ${assumedNodes(document).length}`).join(', ');
  const total = inputs.reduce((sum, { document }) => sum + assumedNodes(document).length, 0);
  const inView = stated
    ? `This view, **stated facts only**, leaves them out (${total} in the full reference: ${counts}); the notes that remain are on what it cannot leave out (versions, server addresses).`
    : `Assumed elements in this reference: ${assumedNodes(combined).length} (${counts}).`;
  const sources = readFileSync(ASSUMPTIONS_FILE, 'utf8').replace(/^# .*\n+/, '');
  return `# Assumptions

<span class="assumed-badge">Assumed</span> marks an element the specification does not state: an
operation (the badge is next to its name, in the navigation too), a field, a parameter, an answer.
Its note says why it was filled in and links to its source below. **Stated facts only**, in the
bar at the top, shows the reference without them (assumed schemas that stated elements use are
kept as a stub that says so).

${inView}

${sources.trim()}

Recorded in the repository as \`openapi/ASSUMPTIONS.md\`.`;
}

/** The guides of site/guides/, in the order of their file names (1-quickstart.md, ...). */
function guides(inputs: AreaInput[]): string {
  return readdirSync(GUIDES_DIR)
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => readFileSync(path.join(GUIDES_DIR, file), 'utf8').replace('{{errors-table}}', errorsTable(inputs)).trim())
    .join('\n\n');
}

/** The description of the site's document, for the full view or (`stated`) the stated-facts view `view`. */
export function siteDescription(inputs: AreaInput[], view: Json, stated = false): string {
  return `# Overview

One reference for every area of the platform's API: one navigation, one search over every
operation, schema, field and guide, and **Test Request** on every operation against the local
mock. It works offline and from a file.

${areaList(inputs, view)}

${guides(inputs)}

${changelogs(inputs)}

${assumptions(inputs, view, stated)}
`;
}
