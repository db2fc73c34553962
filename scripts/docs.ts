// Builds the reference site in dist/docs/: an index of the areas and one Redoc page per area.
// Everything the pages need ships with them (Redoc's standalone bundle from the redoc package,
// the contract inlined), so the site works offline and from file://.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { stringify } from 'yaml';
import { DOCS_DIR, ROOT, bundlePath, listAreas } from './lib/paths.ts';
import { fail } from './lib/run.ts';
import { addCodeSamples, markAssumptions } from './lib/samples.ts';

import type { Json } from './lib/openapi.ts';

const REDOC_SCRIPT = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
// Redoc's sidebar footer loads its logo from Redocly's CDN, with no option to turn it off; the
// shipped copy points it at an inline image instead so that the site never leaves its host.
const REDOC_CDN_LOGO = '"https://cdn.redoc.ly/redoc/logo-mini.svg"';
const INLINE_LOGO = `"data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#8a94a6"/></svg>')}"`;
const FAVICON = '<link rel="icon" href="data:,">';

function offlineRedocScript(): string {
  const script = readFileSync(REDOC_SCRIPT, 'utf8');
  if (!script.includes(REDOC_CDN_LOGO)) fail(`redoc.standalone.js no longer references ${REDOC_CDN_LOGO}: check what it loads from other hosts`);
  if (/https:\/\/cdn\./.test(script.replaceAll(REDOC_CDN_LOGO, ''))) fail('redoc.standalone.js references another CDN address: check it');
  return script.replaceAll(REDOC_CDN_LOGO, INLINE_LOGO);
}

const FONT_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const REDOC_OPTIONS = {
  theme: {
    typography: { fontFamily: FONT_STACK, headings: { fontFamily: FONT_STACK }, code: { fontFamily: 'ui-monospace, Menlo, Consolas, monospace' } },
  },
  hideDownloadButton: false,
  expandResponses: '200',
  jsonSampleExpandLevel: 2,
  sortPropsAlphabetically: false,
};

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON that is safe inside a <script> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export interface AreaSummary {
  area: string;
  title: string;
  version: string;
  baseUrl: string;
  authentication: string;
  summary: string;
}

export function summarize(area: string, document: Json): AreaSummary {
  const server = document.servers?.[0];
  const baseUrl = server
    ? server.url.replace(/\{(\w+)\}/g, (_: string, name: string) => server.variables?.[name]?.default ?? `{${name}}`)
    : '(not stated)';
  const schemes = document.components?.securitySchemes ?? {};
  const authentication = Object.values(schemes as Record<string, Json>)
    .map((scheme) => {
      if (scheme.type === 'apiKey') return `API key in the \`${scheme.name}\` ${scheme.in === 'header' ? 'header' : `${scheme.in} parameter`}`;
      if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer') return 'token in the `Authorization: Bearer <token>` header';
      return scheme.type === 'http' ? `HTTP ${scheme.scheme} authentication` : scheme.type;
    })
    .join('; ');
  const summary = document.info.summary ?? String(document.info.description ?? '').split(/\n\s*\n/)[0];
  return { area, title: document.info.title, version: document.info.version, baseUrl, authentication: authentication || 'none', summary };
}

function areaPage(summary: AreaSummary, document: Json): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${FAVICON}
<title>${escapeHtml(summary.title)} ${escapeHtml(summary.version)} reference</title>
<style>body { margin: 0; font-family: ${FONT_STACK}; } .back { display: block; padding: 8px 16px; font-size: 14px; background: #f5f7fa; border-bottom: 1px solid #e1e4e8; }</style>
</head>
<body>
<a class="back" href="index.html">&larr; All areas</a>
<div id="redoc"></div>
<script src="redoc.standalone.js"></script>
<script>
  Redoc.init(${scriptJson(document)}, ${scriptJson(REDOC_OPTIONS)}, document.getElementById('redoc'));
</script>
</body>
</html>
`;
}

function indexPage(summaries: AreaSummary[]): string {
  const rows = summaries
    .map(
      (s) => `    <section class="area">
      <h2><a href="${s.area}.html">${escapeHtml(s.title)}</a> <span class="version">${escapeHtml(s.version)}</span></h2>
      <p>${escapeHtml(s.summary)}</p>
      <dl>
        <dt>Base URL</dt><dd><code>${escapeHtml(s.baseUrl)}</code></dd>
        <dt>Authentication</dt><dd>${escapeHtml(s.authentication).replace(/`([^`]+)`/g, '<code>$1</code>')}</dd>
        <dt>Contract</dt><dd><a href="openapi/${s.area}.yaml">${s.area}.yaml</a> · <a href="openapi/${s.area}.json">${s.area}.json</a></dd>
      </dl>
    </section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${FAVICON}
<title>Platform API reference</title>
<style>
  body { font-family: ${FONT_STACK}; max-width: 860px; margin: 40px auto; padding: 0 16px; color: #1f2328; line-height: 1.5; }
  h1 { margin-bottom: 4px; } .lead { color: #57606a; margin-top: 0; }
  .area { border: 1px solid #d0d7de; border-radius: 8px; padding: 4px 20px 12px; margin: 16px 0; }
  .version { font-size: 14px; color: #57606a; font-weight: normal; }
  dl { display: grid; grid-template-columns: 140px 1fr; gap: 4px 12px; margin: 0; } dt { color: #57606a; } dd { margin: 0; }
</style>
</head>
<body>
<h1>Platform API reference</h1>
<p class="lead">One reference page per area, rendered from the OpenAPI contracts.</p>
<main>
${rows}
</main>
</body>
</html>
`;
}

/** The specification's order of the areas; any other area follows, alphabetically. */
const SPEC_ORDER = ['video', 'database', 'shield', 'containers', 'storage', 'dns'];
const bySpecOrder = (a: string, b: string) => (SPEC_ORDER.indexOf(a) + 1 || 99) - (SPEC_ORDER.indexOf(b) + 1 || 99) || a.localeCompare(b);

export function buildDocs(only: string[] = []) {
  const areas = (only.length > 0 ? only : listAreas()).sort(bySpecOrder);
  for (const area of areas) if (!existsSync(bundlePath(area, 'json'))) fail(`dist/openapi/${area}.json is missing: run \`pnpm bundle\` first`);
  rmSync(DOCS_DIR, { recursive: true, force: true });
  mkdirSync(path.join(DOCS_DIR, 'openapi'), { recursive: true });
  writeFileSync(path.join(DOCS_DIR, 'redoc.standalone.js'), offlineRedocScript());
  const missingSamples: string[] = [];
  const summaries = areas.map((area) => {
    const document = JSON.parse(readFileSync(bundlePath(area, 'json'), 'utf8'));
    const summary = summarize(area, document);
    try {
      missingSamples.push(...addCodeSamples(area, document).missing);
    } catch (error) {
      fail(`${area}: ${(error as Error).message}`);
    }
    markAssumptions(document);
    writeFileSync(path.join(DOCS_DIR, `${area}.html`), areaPage(summary, document));
    writeFileSync(path.join(DOCS_DIR, 'openapi', `${area}.json`), `${JSON.stringify(document, null, 2)}\n`);
    writeFileSync(path.join(DOCS_DIR, 'openapi', `${area}.yaml`), stringify(document));
    return summary;
  });
  if (missingSamples.length > 0) fail(`operations without a TypeScript sample:\n  ${missingSamples.join('\n  ')}`);
  writeFileSync(path.join(DOCS_DIR, 'index.html'), indexPage(summaries));
  console.log(`reference site for ${areas.length} areas in ${path.relative(ROOT, DOCS_DIR)}/index.html`);
}

if (import.meta.url === `file://${process.argv[1]}`) buildDocs(process.argv.slice(2));
