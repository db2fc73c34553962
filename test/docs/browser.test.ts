// The reference site in headless Chromium (Debian's, driven by playwright-core), from file:// and
// from the mock's /docs/: one navigation reaches every operation of every area, search from one
// area finds another area's field, Test Request gets 2xx answers from the mock, assumptions are
// badged and can be hidden; no request leaves for another host and no console error is logged
// (the served site under its Content-Security-Policy); a database token is asked of the mock only
// when the first database request is sent. And the mock against a page of another origin in the
// same browser (issue 23): a drive-by page cannot read tokens or state, run SQL or change state,
// and a DNS-rebound name is refused. `evil.test` resolves to 127.0.0.1 in this browser only.
// Screenshots are kept in dist/screenshots/site/.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_DIR, ROOT } from '../../scripts/lib/paths.ts';
import { useMock } from '../support/mock.ts';
import { listAreas, loadBundle, operationsOf } from '../support/openapi.ts';

const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOTS = path.join(ROOT, 'dist', 'screenshots', 'site');
// A page opened from a file has the origin null: the mock answers it only when told to.
const mock = useMock(undefined, { corsOrigins: ['null'] });
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run \`pnpm setup:browser\``);
  if (!existsSync(path.join(DOCS_DIR, 'index.html'))) throw new Error('the site is not built: run `pnpm build`');
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--host-resolver-rules=MAP evil.test 127.0.0.1', '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  rmSync(SCREENSHOTS, { recursive: true, force: true });
  mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => browser?.close());

interface Visit {
  page: Page;
  foreignRequests: string[];
  consoleErrors: string[];
  /** Database token requests the page sent. */
  tokenRequests: string[];
}

/** Opens the site, recording every request to a host other than the site's and the mock's, and every console error. */
async function visit(url: string): Promise<Visit> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const own = new URL(url);
  const mockHost = new URL(mock.url).host;
  const foreignRequests: string[] = [];
  const consoleErrors: string[] = [];
  const tokenRequests: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/database\/[^/]+\/tokens$/.test(request.url())) tokenRequests.push(request.url());
    const target = new URL(request.url());
    const local =
      ['data:', 'blob:'].includes(target.protocol) || (target.protocol === 'file:' && own.protocol === 'file:') || target.host === mockHost || (own.protocol !== 'file:' && target.host === own.host);
    if (!local) foreignRequests.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('body[data-rendered="true"]').waitFor();
  await page.locator('aside').getByText('Quickstart', { exact: true }).waitFor();
  return { page, foreignRequests, consoleErrors, tokenRequests };
}

async function finish({ page, foreignRequests, consoleErrors }: Pick<Visit, 'page' | 'foreignRequests' | 'consoleErrors'>, screenshot: string) {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${screenshot}.png`) });
  expect(foreignRequests).toEqual([]);
  expect(consoleErrors).toEqual([]);
  await page.close();
}

const areas = listAreas();
const sources = [
  ['file', (query = '') => `${pathToFileURL(path.join(DOCS_DIR, 'index.html')).href}?mock=${encodeURIComponent(mock.url)}${query ? `&${query}` : ''}`],
  ['mock', (query = '') => `${mock.url}/docs/index.html${query ? `?${query}` : ''}`],
] as const;

const sidebarEntry = (page: Page, method: string, urlPath: string) => page.locator(`aside li[data-sidebar-id$="/${method.toUpperCase()}${urlPath}"]`);
const operationSection = (page: Page, tag: string, method: string, urlPath: string) =>
  page.locator(`[id$="/tag/${tag.toLowerCase().replace(/\s+/g, '-')}/${method.toUpperCase()}${urlPath}"]`).first();

describe.each(sources)('the reference site from %s', (source, site) => {
  // One page per source for every check but the stated-facts view: loading the site is the slow part.
  let visited: Visit;
  beforeAll(async () => {
    visited = await visit(site());
  });
  const show = async (hash: string) => {
    await visited.page.goto(`${site()}#${hash}`);
    await visited.page.locator('body[data-rendered="true"]').waitFor();
  };

  it('reaches every operation of every area from one navigation', async () => {
    const { page } = visited;
    const sidebar = page.locator('aside');
    for (const area of areas) {
      const document = loadBundle(area);
      await expect(sidebar.getByText(`${document.info.title} ${document.info.version}`, { exact: true }).count()).resolves.toBe(1);
      for (const tag of document.tags) await sidebar.getByRole('button', { name: `Open Group - ${tag.name}`, exact: true }).click();
      for (const { path: urlPath, method, source: operation } of operationsOf(area)) {
        await expect(sidebarEntry(page, method, urlPath).innerText()).resolves.toContain(operation.summary);
      }
    }
    // And an entry leads to its operation.
    const last = operationsOf(areas.at(-1)!).at(-1)!;
    await sidebarEntry(page, last.method, last.path).locator('a').first().click();
    await expect(operationSection(page, last.source.tags[0], last.method, last.path).innerText()).resolves.toContain(last.source.summary);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${source}-navigation.png`) });
  });

  it('finds a storage field and a guide by searching from the video section', async () => {
    const { page } = visited;
    await show('tag/manage-videos/POST/library/{libraryId}/videos');
    await operationSection(page, 'Manage Videos', 'post', '/library/{libraryId}/videos').waitFor();
    const search = async (text: string) => {
      await page.locator('aside').getByRole('button', { name: /search/i }).first().click();
      await page.getByRole('combobox').fill(text);
    };
    await search('ReplicationRegions');
    const result = page.getByRole('option').filter({ hasText: /Models:\s*StorageZone\b/ }).first();
    await result.click();
    await expect(page.locator('[id$="/models/StorageZone-content"]').first().innerText()).resolves.toContain('ReplicationRegions');
    const field = page.locator('[id$="/models/StorageZone-content"]').getByText('ReplicationRegions', { exact: true }).first();
    await field.scrollIntoViewIfNeeded();
    await field.waitFor({ state: 'visible' });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${source}-search.png`) });

    await search('Paging');
    await page.getByRole('option').filter({ hasText: 'Paging' }).first().waitFor();
    await page.keyboard.press('Escape');
  });

  async function tryIt(operationId: string, tag: string, method: string, urlPath: string, target: string) {
    const { page } = visited;
    await show(`tag/${tag.toLowerCase().replace(/\s+/g, '-')}/${method.toUpperCase()}${urlPath}`);
    const section = operationSection(page, tag, method, urlPath);
    await section.getByRole('button', { name: /test request/i }).click();
    const answered = page.waitForResponse((response) => response.url() === `${mock.url}${target}` && response.request().method() === method.toUpperCase());
    await page.getByRole('button', { name: /^send/i }).first().click();
    const response = await answered;
    await page.getByText(`${response.status()} `).first().waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, `${source}-try-${operationId}.png`) });
    await page.keyboard.press('Escape');
    return response;
  }

  it('sends createVideo to the mock with Test Request and shows its 2xx answer', async () => {
    const response = await tryIt('createVideo', 'Manage Videos', 'post', '/library/{libraryId}/videos', '/library/42/videos');
    expect(response.status()).toBeGreaterThanOrEqual(200);
    expect(response.status()).toBeLessThan(300);
    expect(await response.request().headerValue('accesskey')).toBeTruthy();
    expect(await response.request().headerValue('authorization')).toBeNull(); // the database token goes only to the database
    expect(await response.json()).toMatchObject({ videoLibraryId: 42, title: 'Product launch keynote' });
  });

  it('runs SELECT 1 on the database pipeline with Test Request, with a token asked of the mock on that first send only', async () => {
    expect(visited.tokenRequests).toEqual([]); // loading and browsing the page asked for none
    const response = await tryIt('runPipeline', 'SQL Pipeline', 'post', '/v2/pipeline', '/v2/pipeline');
    expect(response.request().postData()).toContain('SELECT 1');
    expect(await response.request().headerValue('authorization')).toMatch(/^Bearer \S+/);
    expect(response.status()).toBe(200);
    const answer = await response.json();
    expect(answer.results[0]).toMatchObject({ type: 'ok', response: { type: 'execute', result: { rows: [[{ type: 'integer', value: '1' }]] } } });
    expect(visited.tokenRequests).toHaveLength(1);
  });

  it('badges assumptions in the navigation and the reference, with a legend', async () => {
    const { page } = visited;
    await show('tag/manage-collections');
    await expect(page.locator('.platform-bar .legend').innerText()).resolves.toMatch(/Assumed\s+not stated by the specification/);
    const assumedEntry = sidebarEntry(page, 'get', '/library/{libraryId}/collections').locator('> a');
    const statedEntry = sidebarEntry(page, 'post', '/library/{libraryId}/videos').locator('> a');
    await assumedEntry.waitFor();
    const badge = (entry: typeof assumedEntry) => entry.evaluate((a) => getComputedStyle(a, '::after').content);
    await expect(badge(assumedEntry)).resolves.toBe('"Assumed"');
    await expect(badge(statedEntry)).resolves.toBe('none');
    const note = operationSection(page, 'Manage Collections', 'get', '/library/{libraryId}/collections');
    await expect(note.locator('.assumed-badge').count()).resolves.toBeGreaterThan(0);
    await expect(note.innerText()).resolves.toContain('Not stated by the specification');
    await page.screenshot({ path: path.join(SCREENSHOTS, `${source}-assumptions.png`) });
    // Its source is one click away, inside the site.
    await note.getByRole('link', { name: 'source' }).first().click();
    await page.waitForURL(/#description\/sources-for-video$/);
    await page.locator('[id$="description/sources-for-video"]').first().waitFor();
  });

  it('shows what Test Request sends in its authentication card, and no empty card', async () => {
    const { page } = visited;
    await show('tag/manage-videos/POST/library/{libraryId}/videos');
    await expect(page.getByText('No authentication selected').filter({ visible: true }).count()).resolves.toBe(0);
    await operationSection(page, 'Manage Videos', 'post', '/library/{libraryId}/videos').getByRole('button', { name: /test request/i }).click();
    await page.getByText(/Selected Auth Type: AccessKey/).first().waitFor();
    await expect(page.evaluate(() => Array.from(document.querySelectorAll('input')).some((input) => input.value === 'docs-try-it'))).resolves.toBe(true);
    await page.keyboard.press('Escape');
  });

  it('made no request to another host and logged no console error', () => {
    expect(visited.foreignRequests).toEqual([]);
    expect(visited.consoleErrors).toEqual([]);
  });

  // Once, on the served site: the layout, search, view and theme do not depend on where the page comes from.
  if (source === 'mock') it.each([390, 1024, 1400])('keeps the whole top bar on screen at %i px, wrapping it, with Scalar below it', async (width) => {
    const { page } = visited;
    await page.setViewportSize({ width, height: 800 });
    await page.locator('#mock-status[data-ready="true"]').waitFor();
    const layout = await page.evaluate(() => {
      const bar = document.querySelector('.platform-bar')!;
      const parts = [...Array.from(bar.children), document.getElementById('mock-status')!].map((element) => {
        const box = element.getBoundingClientRect();
        return { id: element.id || element.className || element.tagName, left: box.left, right: box.right, clipped: element.scrollWidth > element.clientWidth + 1 };
      });
      const header = getComputedStyle(document.documentElement).getPropertyValue('--scalar-custom-header-height').trim();
      return { parts, barHeight: bar.getBoundingClientRect().height, header, viewport: document.documentElement.clientWidth };
    });
    for (const part of layout.parts) {
      expect(part.left, part.id).toBeGreaterThanOrEqual(0);
      expect(part.right, part.id).toBeLessThanOrEqual(layout.viewport);
      expect(part.clipped, part.id).toBe(false);
    }
    expect(layout.header).toBe(`${Math.round(layout.barHeight)}px`);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${source}-bar-${width}.png`) });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  if (source === 'mock') it('ranks operations and guides above models in search, and names a model’s area', async () => {
    const { page } = visited;
    const results = async (text: string) => {
      await page.locator('aside').getByRole('button', { name: /search/i }).first().click();
      await page.getByRole('combobox').fill(text);
      await page.getByRole('option').first().waitFor();
      const options = (await page.getByRole('option').allInnerTexts()).map((option) => option.replace(/\s+/g, ' '));
      await page.keyboard.press('Escape');
      return options;
    };
    const token = await results('token');
    const guide = token.findIndex((option) => /Heading: Database tokens/.test(option));
    expect(guide, token.join('\n')).toBeGreaterThanOrEqual(0);
    expect(guide, token.join('\n')).toBeLessThan(6);
    const lastNonModel = token.findLastIndex((option) => !/^ ?Models:/.test(option));
    expect(token.slice(0, lastNonModel + 1).filter((option) => /^ ?Models:/.test(option))).toEqual([]);
    const zone = await results('storage zone');
    expect(zone[0]).toMatch(/Operation: List storage zones/);
    expect(zone.find((option) => /Models: PullZone/.test(option))).toMatch(/Model of Storage API/);
  });

  if (source === 'mock') it('shows stated facts only on request, keeping the reader’s place, and turns dark', async () => {
    await visited.page.close();
    visited = await visit(`${site()}#tag/manage-videos/POST/library/{libraryId}/videos`);
    const { page } = visited;
    await expect(page.locator('aside').getByText('Manage Collections', { exact: true }).count()).resolves.toBe(1);
    await Promise.all([page.waitForURL(/view=stated/), page.locator('#stated-only').check()]);
    await page.locator('body[data-rendered="true"]').waitFor();
    await page.locator('aside').getByText('Quickstart', { exact: true }).waitFor();
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe('#tag/manage-videos/POST/library/{libraryId}/videos');
    await expect(page.locator('#stated-only').isChecked()).resolves.toBe(true);
    await expect(page.locator('aside').getByText('Manage Collections', { exact: true }).count()).resolves.toBe(0);
    await expect(page.locator('aside').getByText('Manage Videos', { exact: true }).count()).resolves.toBe(1);
    await expect(page.locator('aside').getByText('Shield Zones', { exact: true }).count()).resolves.toBe(1); // stated operations whose security is assumed
    for (const name of ['Shield Zones', 'WAF Rules']) await page.locator('aside').getByRole('button', { name: `Open Group - ${name}`, exact: true }).click();
    const badges = await page.evaluate(() =>
      Array.from(document.querySelectorAll('aside li[data-sidebar-id] a')).filter((a) => getComputedStyle(a, '::after').content.includes('Assumed')).map((a) => a.textContent),
    );
    expect(badges).toEqual([]);
    // An operation the view leaves out, from a link: its group, or the overview when the group goes too.
    await page.goto('about:blank');
    await page.goto(`${site('view=stated')}#tag/manage-collections/GET/library/{libraryId}/collections`);
    await page.locator('body[data-rendered="true"]').waitFor();
    expect(new URL(page.url()).hash).not.toMatch(/manage-collections/);

    await page.getByRole('button', { name: /dark mode/i }).first().click();
    await page.locator('body.dark-mode').waitFor();
    await finish(visited, `${source}-stated-dark`);
  });
});

describe('the reference site from file:// without a mock address', () => {
  it('renders, says where Test Request goes, and calls nothing', async () => {
    const visited = await visit(pathToFileURL(path.join(DOCS_DIR, 'index.html')).href);
    await expect(visited.page.locator('#mock-status').innerText()).resolves.toContain('http://127.0.0.1:4010');
    await finish(visited, 'file-no-mock');
  });
});

describe('a page of another origin in the same browser (drive-by), and DNS rebinding', () => {
  /** The hostile page's script: every attack the issue reports, each result as [what, outcome, status, text]. */
  const attacks = (mockUrl: string, token: string) => `
    const mock = ${JSON.stringify(mockUrl)};
    const json = { 'Content-Type': 'application/json' };
    const attempt = (what, send) => send().then(async (r) => [what, 'answered', r.status, await r.text()], (e) => [what, 'failed', 0, String(e)]);
    window.attacks = Promise.all([
      attempt('mint a token', () => fetch(mock + '/database/my-database/tokens', { method: 'POST', headers: { AccessKey: 'default', ...json }, body: '{}' })),
      attempt('read the state', () => fetch(mock + '/_mock/state')),
      attempt('read the faults', () => fetch(mock + '/_mock/faults')),
      attempt('run SQL', () => fetch(mock + '/v2/pipeline', { method: 'POST', headers: { Authorization: 'Bearer ${token}', ...json }, body: JSON.stringify({ requests: [{ type: 'execute', stmt: { sql: 'SELECT 1' } }] }) })),
      // Simple requests: a browser sends them without asking first, so only the mock can refuse them.
      attempt('reset every namespace', () => fetch(mock + '/_mock/reset', { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body: '{}' })),
      attempt('advance the clock', () => fetch(mock + '/_mock/clock/advance', { method: 'POST', mode: 'no-cors', body: '{"ms":86400000}' })),
      attempt('add a fault', () => fetch(mock + '/_mock/faults', { method: 'POST', mode: 'no-cors', body: '{"operationId":"listStorageZones","status":500}' })),
    ]);`;

  let hostile: Server;
  let hostileUrl: string;
  beforeAll(async () => {
    hostile = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>Win a prize</title><script>${attacks(mock.url, mock.database.fullAccessToken)}</script>`);
    });
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    hostileUrl = `http://evil.test:${(hostile.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => hostile?.close(() => resolve())));

  const control = async (path: string) => (await fetch(`${mock.url}${path}`)).json();

  it('cannot read a token, the state or SQL results, nor reset, move the clock or add a fault', async () => {
    // Something a reset would forget.
    const marker = await fetch(`${mock.url}/library/42/collections`, { method: 'POST', headers: { AccessKey: 'default', 'Content-Type': 'application/json' }, body: '{"name":"kept through a drive-by"}' });
    expect(marker.status).toBe(200);
    const clockBefore = await control('/_mock/clock');

    const page = await browser.newPage();
    const refused: number[] = [];
    page.on('response', (response) => response.url().startsWith(mock.url) && refused.push(response.status()));
    await page.goto(hostileUrl);
    const results = (await page.evaluate('window.attacks')) as [string, string, number, string][];
    await page.close();

    for (const [what, outcome, status, text] of results) {
      // A read fails in the page; a simple request comes back opaque (status 0, no text).
      expect({ what, outcome, status, leaked: text.includes('"token"') || text.includes('version') }).toEqual({ what, outcome: what.startsWith('read') || what.startsWith('mint') || what.startsWith('run') ? 'failed' : 'answered', status: 0, leaked: false });
    }
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((status) => status === 403)).toBe(true); // every request that reached the mock was refused
    expect((await control('/_mock/clock')).offsetMs).toBe(clockBefore.offsetMs);
    expect((await control('/_mock/faults')).faults).toEqual([]);
    const collections = await (await fetch(`${mock.url}/library/42/collections?search=drive-by`, { headers: { AccessKey: 'default' } })).json();
    expect(JSON.stringify(collections)).toContain('kept through a drive-by');
  });

  it('refuses a DNS-rebound name: the page at evil.test on the mock\'s port gets 403, not the state', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`http://evil.test:${new URL(mock.url).port}/_mock/state`);
    expect(response?.status()).toBe(403);
    const text = await page.locator('body').innerText();
    expect(text).toContain('is not allowed');
    expect(text).not.toContain('"version"');
    await page.close();
  });
});
