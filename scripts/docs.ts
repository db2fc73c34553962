// Builds the reference site in dist/docs/: one page over every area, rendered by Scalar's API
// reference from one merged document (see site/README.md for why). Everything the page needs
// ships with it (Scalar's standalone bundle, the fonts, the document as a script), so the site
// works offline, from file:// and from the mock's /docs/, and asks no other host for anything.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { stringify } from 'yaml';
import { parseScriptArgs } from './lib/args.ts';
import type { Json } from './lib/openapi.ts';
import { readCassettes } from './lib/parity/cassette.ts';
import { parityReport } from './lib/parity/report.ts';
import { bundlePath, DOCS_DIR, listAreas, OPENAPI_DIR, PLATFORM_CASSETTES, ROOT } from './lib/paths.ts';
import { releasedVersions } from './lib/release/releases.ts';
import { fail } from './lib/run.ts';
import { type AreaInput, assumedNavigationCss, combineAreas, labelComponents, markAssumptions, statedOnly } from './lib/site/document.ts';
import { headingLink, SITE_DIR, siteDescription, sourcesHeading } from './lib/site/guides.ts';
import { showParity } from './lib/site/parity.ts';
import { addCodeSamples, MOCK_URL } from './lib/site/samples.ts';
import { siteScalarScript } from './lib/site/scalar-adapter.ts';

const require = createRequire(import.meta.url);
const FONTS = [
  { family: 'Inter', file: require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2') },
  { family: 'JetBrains Mono', file: require.resolve('@fontsource-variable/jetbrains-mono/files/jetbrains-mono-latin-wght-normal.woff2') },
];
/** The database Test Request uses on the mock, and the access key it sends (the mock accepts any). */
const TRY_IT = { databaseId: 'my-database', accessKey: 'docs-try-it' };
/** How the page tells a reader to start the mock: the repository's script, or the package's own command. */
function startMock() {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'packages/mock/package.json'), 'utf8')) as { name: string; bin: Record<string, string> };
  const [command] = Object.keys(manifest.bin);
  return { repository: 'pnpm mock', installed: `npx ${command}`, packageName: manifest.name };
}
/** A first example for the pipeline that any database answers, so that Test Request works at once. */
const SELECT_ONE = {
  summary: 'SELECT 1 (answers on any database, the mock too)',
  value: { requests: [{ type: 'execute', stmt: { sql: 'SELECT 1' } }, { type: 'close' }] },
};

/** The specification's order of the areas; any other area follows, alphabetically. */
const SPEC_ORDER = ['video', 'database', 'shield', 'containers', 'storage', 'dns'];
const bySpecOrder = (a: string, b: string) => (SPEC_ORDER.indexOf(a) + 1 || 99) - (SPEC_ORDER.indexOf(b) + 1 || 99) || a.localeCompare(b);

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON that is safe inside a <script> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function fontFaces(): string {
  return FONTS.map(({ family, file }) => {
    const data = readFileSync(file).toString('base64');
    return `@font-face { font-family: "${family}"; font-style: normal; font-weight: 100 900; font-display: swap; src: url(data:font/woff2;base64,${data}) format("woff2"); }`;
  }).join('\n');
}

function page(title: string, inputs: AreaInput[]): string {
  const contracts = inputs
    .map(({ area, document }) => {
      const released = releasedVersions(OPENAPI_DIR, area)
        .map((v) => `<a href="released/${area}/${v}.yaml">${escapeHtml(v)}</a>`)
        .join(', ');
      return `<li>${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)}: <a href="openapi/${area}.yaml">YAML</a>, <a href="openapi/${area}.json">JSON</a>${released ? `; released: ${released}` : ''}</li>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="assets/site.css">
</head>
<body>
<header class="platform-bar">
  <strong>${escapeHtml(title)}</strong>
  <span class="legend"><span class="assumed-badge">Assumed</span> not stated by the specification (<a href="${headingLink('Assumptions')}">what and why</a>)</span>
  <label><input type="checkbox" id="stated-only"> Stated facts only</label>
  <form id="mock-form"><label for="mock-url">Mock</label><input type="url" id="mock-url" name="mock" spellcheck="false"><button type="submit">Use</button></form>
  <span id="mock-status" role="status"></span>
</header>
<div id="app"></div>
<noscript><p>This reference needs JavaScript. The contracts it shows:</p><ul>
${contracts}
</ul></noscript>
<script>window.PLATFORM_SITE_CONFIG = ${scriptJson({ mockDefault: MOCK_URL, ...TRY_IT, startMock: startMock() })};</script>
<script src="assets/scalar.js"></script>
<script src="assets/a11y.js"></script>
<script src="assets/app.js"></script>
</body>
</html>
`;
}

export function buildDocs(only: string[] = []) {
  const areas = (only.length > 0 ? only : listAreas()).sort(bySpecOrder);
  for (const area of areas)
    if (!existsSync(bundlePath(area, 'json'))) fail(`${path.relative(ROOT, bundlePath(area, 'json'))} is missing: run \`pnpm bundle\` first`);
  rmSync(DOCS_DIR, { recursive: true, force: true });
  for (const dir of ['assets', 'openapi', 'released']) mkdirSync(path.join(DOCS_DIR, dir), { recursive: true });

  const inputs: AreaInput[] = areas.map((area) => ({ area, document: JSON.parse(readFileSync(bundlePath(area, 'json'), 'utf8')) }));
  const missingSamples: string[] = [];
  for (const { area, document } of inputs) {
    mkdirSync(path.join(DOCS_DIR, 'released', area));
    for (const version of releasedVersions(OPENAPI_DIR, area)) {
      copyFileSync(path.join(OPENAPI_DIR, area, 'released', `${version}.yaml`), path.join(DOCS_DIR, 'released', area, `${version}.yaml`));
    }
    try {
      missingSamples.push(...addCodeSamples(area, document).missing);
    } catch (error) {
      fail(`${area}: ${(error as Error).message}`);
    }
    // Each area's contract as the site shows it (with its code samples), before the areas are merged.
    writeFileSync(path.join(DOCS_DIR, 'openapi', `${area}.json`), `${JSON.stringify(document, null, 2)}\n`);
    writeFileSync(path.join(DOCS_DIR, 'openapi', `${area}.yaml`), stringify(document));
  }
  if (missingSamples.length > 0) fail(`operations without a TypeScript sample:\n  ${missingSamples.join('\n  ')}`);

  let combined: Json;
  try {
    combined = combineAreas(inputs, {
      title: 'Platform API reference',
      version: inputs.map(({ area, document }) => `${area} ${document.info.version}`).join(', '),
      description: '',
    });
  } catch (error) {
    fail((error as Error).message);
  }
  labelComponents(inputs, combined);
  // Only cassettes recorded from the platform count: with none, every operation reads "unverified".
  showParity(combined, parityReport(readCassettes(PLATFORM_CASSETTES).map(({ cassette }) => cassette)));
  const pipeline = combined.paths['/v2/pipeline']?.post?.requestBody?.content?.['application/json'];
  if (pipeline?.examples) pipeline.examples = { selectOne: SELECT_ONE, ...pipeline.examples };
  combined.info.description = siteDescription(inputs, combined);

  const titleOf = new Map(inputs.map(({ area, document }) => [area, document.info.title as string]));
  const sourceLink = (area: string | undefined) =>
    area ? `([source](${headingLink(sourcesHeading(titleOf.get(area)!))}))` : `([sources](${headingLink('Assumptions')}))`;
  // The badges in the navigation belong to the full view (app.js marks the body with the view).
  const navigationCss = assumedNavigationCss(combined, 'body:not([data-view="stated"]) ');
  const stated = statedOnly(combined);
  stated.info.description = siteDescription(inputs, stated, true);
  for (const [document, file] of [
    [combined, 'document.js'],
    [stated, 'document-stated.js'],
  ] as const) {
    markAssumptions(document, sourceLink);
    writeFileSync(path.join(DOCS_DIR, 'assets', file), `window.PLATFORM_DOCUMENT = ${scriptJson(document)};\n`);
  }
  writeFileSync(path.join(DOCS_DIR, 'openapi', 'platform.json'), `${JSON.stringify(combined, null, 2)}\n`);

  try {
    writeFileSync(path.join(DOCS_DIR, 'assets', 'scalar.js'), siteScalarScript());
  } catch (error) {
    fail((error as Error).message);
  }
  for (const script of ['app.js', 'a11y.js']) copyFileSync(path.join(SITE_DIR, script), path.join(DOCS_DIR, 'assets', script));
  writeFileSync(path.join(DOCS_DIR, 'assets', 'site.css'), `${fontFaces()}\n${readFileSync(path.join(SITE_DIR, 'site.css'), 'utf8')}\n${navigationCss}`);
  writeFileSync(path.join(DOCS_DIR, 'index.html'), page('Platform API reference', inputs));
  console.log(`reference site for ${areas.length} areas in ${path.relative(ROOT, DOCS_DIR)}/index.html`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { positionals } = parseScriptArgs({
    usage: 'pnpm site [area...]',
    description: `Builds the reference site into dist/docs/ (from the bundles: run pnpm bundle first): one page
over every area (or the areas named), with guides, changelogs, samples and Test Request against
the mock. Open dist/docs/index.html, or run pnpm mock and open http://127.0.0.1:4010/docs/.`,
    positionals: { area: 'an area of openapi/ (default: every area)' },
  });
  buildDocs(positionals);
}
