// `tsx scripts/audit-a11y.ts`: the built reference site, served by the mock, audited with axe-core
// in Chromium at 390, 1024 and 1440 px, light and dark: the overview, every operation of every area,
// every guide, the search dialog and Test Request (open, sent, answered). Prints each view's
// serious and critical WCAG 2.1 A/AA violations and the totals; exits 1 when there is one.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { AREAS, operationsOf } from '@platform-contracts/contracts';
import { startMock } from '@platform-contracts/mock';
import { chromium, type Page } from 'playwright-core';
import { checkNames, parseScriptArgs, usageError } from './lib/args.ts';
import { DOCS_DIR } from './lib/paths.ts';
import { fail } from './lib/run.ts';
import { audit, describeFindings, type Finding } from './lib/site/axe-audit.ts';

const CHROMIUM = '/usr/bin/chromium';

const spec = {
  usage: 'tsx scripts/audit-a11y.ts [--width N]... [--scheme light|dark]... [--only overview|operations|guides|search|try-it]...',
  description: `Audits the built reference site (dist/docs, served by the mock) with axe-core in Debian's
Chromium: every operation of every area, every guide, the overview, the search dialog and Test
Request (open, sent, answered), at each width and scheme. Prints the serious and critical WCAG 2.1
A/AA violations of each view (rule, count, example selectors) and the totals; exits 1 if any.
Takes minutes: every view is a full axe run.`,
  options: {
    width: { type: 'string', multiple: true, value: 'N', description: 'a viewport width in px (default: 390, 1024 and 1440)' },
    scheme: { type: 'string', multiple: true, value: 'NAME', description: 'light or dark (default: both)' },
    only: { type: 'string', multiple: true, value: 'KIND', description: 'overview, operations, guides, search or try-it (default: all)' },
  },
} as const;

const KINDS = ['overview', 'operations', 'guides', 'search', 'try-it'];
const { values } = parseScriptArgs(spec);
const widths = (values.width ?? ['390', '1024', '1440']).map((width) => {
  if (!/^\d+$/.test(width) || Number(width) < 200) usageError(spec, `--width takes a width in px of at least 200, got ${width}`);
  return Number(width);
});
const schemes = checkNames(spec, values.scheme ?? ['light', 'dark'], ['light', 'dark'], 'scheme') as ('light' | 'dark')[];
const only = new Set(checkNames(spec, values.only ?? KINDS, KINDS, 'kind'));

if (!existsSync(path.join(DOCS_DIR, 'openapi', 'platform.json'))) fail('the site is not built: run `pnpm build` (or `pnpm site`) first');
if (!existsSync(CHROMIUM)) fail(`${CHROMIUM} is missing: run \`pnpm setup:tools\``);
/** Every operation the site shows, from the contracts' model (the site merges every area's). */
const operations = AREAS.flatMap(operationsOf)
  .filter((operation) => Array.isArray(operation.source.tags))
  .map(({ method, path: urlPath, source }) => ({ method, path: urlPath, tag: (source.tags as string[])[0]! }));
/** Test Request on the database pipeline (a bearer token) and on the operation with the longest path (an access key, the widest address line). */
const triedOperations = [
  operations.find((operation) => operation.path === '/v2/pipeline')!,
  operations.reduce((longest, operation) => (operation.path.length > longest.path.length ? operation : longest)),
];
const hashOf = (tag: string, method: string, urlPath: string) => `tag/${tag.toLowerCase().replace(/\s+/g, '-')}/${method.toUpperCase()}${urlPath}`;

const mock = await startMock({ port: 0 });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const totals = { views: 0, failing: 0, elements: 0 };
const byRule = new Map<string, number>();

function report(view: string, findings: Finding[]) {
  totals.views++;
  if (findings.length === 0) return;
  totals.failing++;
  for (const finding of findings) {
    totals.elements += finding.count;
    byRule.set(finding.rule, (byRule.get(finding.rule) ?? 0) + finding.count);
  }
  console.log(`${view}\n  ${describeFindings(findings).replace(/\n/g, '\n  ')}`);
}

async function show(page: Page, hash: string) {
  await page.evaluate((target) => (location.hash = target), hash);
  await page.locator(`[id$="${hash}"]`).first().waitFor({ state: 'attached', timeout: 30_000 });
}

try {
  for (const scheme of schemes)
    for (const width of widths) {
      const phone = width < 640;
      const viewsBefore = totals.views;
      const context = await browser.newContext({ viewport: { width, height: 844 }, isMobile: phone, hasTouch: phone, colorScheme: scheme });
      const page = await context.newPage();
      page.setDefaultTimeout(120_000);
      await page.goto(`${mock.url}/docs/index.html`);
      await page.locator('body[data-rendered="true"]').waitFor();
      await page.locator(`body.${scheme}-mode`).waitFor({ state: 'attached' });
      await page.locator('aside').getByText('Quickstart', { exact: true }).waitFor({ state: 'attached' });
      const at = `${width} px ${scheme}`;
      if (only.has('overview')) report(`overview, ${at}`, await audit(page));
      if (only.has('guides')) {
        const guides = await page.evaluate(() =>
          [...new Set(Array.from(document.querySelectorAll('aside li[data-sidebar-id*="description/"]'), (li) => li.getAttribute('data-sidebar-id')!))].map(
            (id) => id.slice(id.indexOf('description/')),
          ),
        );
        for (const guide of guides) {
          await show(page, guide);
          report(`${guide}, ${at}`, await audit(page));
        }
      }
      if (only.has('operations'))
        for (const operation of operations) {
          await show(page, hashOf(operation.tag, operation.method, operation.path));
          report(`${operation.method.toUpperCase()} ${operation.path}, ${at}`, await audit(page));
        }
      if (only.has('try-it'))
        for (const tried of triedOperations) {
          const hash = hashOf(tried.tag, tried.method, tried.path);
          const name = `${tried.method.toUpperCase()} ${tried.path}`;
          await show(page, hash);
          await page
            .locator(`[id$="${hash}"]`)
            .first()
            .getByRole('button', { name: /test request/i })
            .click();
          const send = page.getByRole('button', { name: /^send/i }).first();
          await send.waitFor();
          report(`Test Request of ${name} open, ${at}`, await audit(page));
          await send.click();
          await page
            .getByText(/^[1-5]\d\d /)
            .first()
            .waitFor();
          report(`Test Request of ${name} answered, ${at}`, await audit(page));
          await page.keyboard.press('Escape');
        }
      if (only.has('search')) {
        // On a phone the navigation, with its search, opens from the menu.
        if (phone) await page.getByRole('button', { name: 'Open Menu' }).click();
        await page
          .locator('aside')
          .getByRole('button', { name: /search/i })
          .first()
          .click();
        await page.getByRole('combobox').fill('token');
        await page.getByRole('option').first().waitFor();
        report(`search dialog, ${at}`, await audit(page));
        await page.keyboard.press('Escape');
      }
      await context.close();
      console.log(`${at}: ${totals.views - viewsBefore} views audited`);
    }
} finally {
  await browser.close();
  await mock.close();
}
console.log(
  `\n${totals.views} views audited (${widths.length} widths × ${schemes.length} schemes), ${totals.failing} with a violation, ${totals.elements} elements in all`,
);
for (const [rule, count] of byRule) console.log(`  ${rule}: ${count}`);
process.exit(totals.failing > 0 ? 1 : 0);
