// The reference site in headless Chromium (Debian's, driven by playwright-core), from file:// and
// from the mock's /docs/: one navigation reaches every operation of every area, search from one
// area finds another area's field, assumptions are badged and can be hidden, the top bar stays on
// screen; no request leaves for another host and no console error is logged (the served site
// under its Content-Security-Policy). Test Request and the bar's mock address are in
// try-it.test.ts. And the mock against a page of another origin in the
// same browser (issue 23): a drive-by page cannot read tokens or state, run SQL or change state,
// and a DNS-rebound name is refused. `evil.test` resolves to 127.0.0.1 in this browser only.
// Screenshots are kept in dist/screenshots/site/.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DOCS_DIR } from '../../scripts/lib/paths.ts';
import { expectAccessible } from '../../scripts/lib/site/axe-audit.ts';
import { useHttpMock } from '../support/mock.ts';
import { listAreas, loadBundle, operationsOf } from '../support/openapi.ts';
import {
  finish as finishVisit,
  launchBrowser,
  operationSection,
  PAGE_TIMEOUT_MS,
  rendered,
  screenshotFolder,
  searchResults,
  sidebarEntry,
  siteSources,
  typeSearch,
  type Visit,
  visit as visitSite,
} from '../support/site-browser.ts';

// Tests and hooks that load the site wait as long as its pages may (PAGE_TIMEOUT_MS).
vi.setConfig({ testTimeout: PAGE_TIMEOUT_MS, hookTimeout: PAGE_TIMEOUT_MS });

// A page opened from a file has the origin null: the mock answers it only when told to.
const mock = useHttpMock(undefined, { corsOrigins: ['null'] });
let browser: Browser;
let SCREENSHOTS: string;

beforeAll(async () => {
  browser = await launchBrowser();
  SCREENSHOTS = screenshotFolder();
});
afterAll(async () => browser?.close());

const visit = (url: string) => visitSite(browser, url, mock.url);
const finish = (visited: Visit, screenshot: string) => finishVisit(visited, path.join(SCREENSHOTS, screenshot));

const areas = listAreas();
const sources = siteSources(() => mock.url);

describe.each(sources)('the reference site from %s', (source, site) => {
  // One page per source: loading the site is the slow part.
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
    // Every group open: the overview and every group's operations are on the page, for axe-core (once: the page is the same from a file).
    if (source === 'mock') await expectAccessible(page, 'the overview, every group open');
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
    await typeSearch(page, 'ReplicationRegions');
    const result = page
      .getByRole('option')
      .filter({ hasText: /Models:\s*StorageZone\b/ })
      .first();
    await result.click();
    await expect(page.locator('[id$="/models/StorageZone-content"]').first().innerText()).resolves.toContain('ReplicationRegions');
    const field = page.locator('[id$="/models/StorageZone-content"]').getByText('ReplicationRegions', { exact: true }).first();
    await field.scrollIntoViewIfNeeded();
    await field.waitFor({ state: 'visible' });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${source}-search.png`) });

    await typeSearch(page, 'Paging');
    await page.getByRole('option').filter({ hasText: 'Paging' }).first().waitFor();
    if (source === 'mock') await expectAccessible(page, 'the search dialog');
    await page.keyboard.press('Escape');
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

  // Once, on the served site: the keyboard path does not depend on where the page comes from.
  if (source === 'mock')
    it('lets the keyboard reach the search and an operation from the top, the focus always ringed', async () => {
      const { page } = visited;
      await show('tag/manage-videos');
      await sidebarEntry(page, 'post', '/library/{libraryId}/videos').waitFor();
      // From the top: the bar's first link (Tab goes on from where the focus last was).
      await page.evaluate(() => {
        window.scrollTo(0, 0);
        document.querySelector<HTMLElement>('.platform-bar a')?.focus();
      });
      const reached = { search: false, operation: false };
      const unringed: string[] = [];
      for (let presses = 0; presses < 200 && !(reached.search && reached.operation); presses++) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement;
          const style = getComputedStyle(element);
          const entry = element.closest('aside li[data-sidebar-id]')?.getAttribute('data-sidebar-id') ?? '';
          return {
            what: `${element.tagName.toLowerCase()} ${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}`,
            search: !!element.closest('aside') && /search/i.test(`${element.getAttribute('aria-label')} ${element.textContent}`),
            operation: /\/(GET|POST|PUT|PATCH|DELETE)\//.test(entry),
            ringed: (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none',
          };
        });
        reached.search ||= focused.search;
        reached.operation ||= focused.operation;
        if (!focused.ringed) unringed.push(focused.what);
      }
      expect(reached).toEqual({ search: true, operation: true });
      expect(unringed).toEqual([]);
    });

  it('made no request to another host and logged no console error', () => {
    expect(visited.foreignRequests).toEqual([]);
    expect(visited.consoleErrors).toEqual([]);
  });

  // Once, on the served site: the layout, search, view and theme do not depend on where the page comes from.
  if (source === 'mock')
    it.each([390, 1024, 1440])('keeps the whole top bar on screen at %i px, wrapping it, with Scalar below it (on a phone it scrolls away)', async (width) => {
      const { page } = visited;
      await page.setViewportSize({ width, height: 800 });
      await page.locator('#mock-status[data-ready="true"]').waitFor();
      const layout = await page.evaluate(() => {
        const bar = document.querySelector('.platform-bar')!;
        const parts = [...Array.from(bar.children), document.getElementById('mock-status')!].map((element) => {
          const box = element.getBoundingClientRect();
          return {
            id: element.id || element.className || element.tagName,
            left: box.left,
            right: box.right,
            clipped: element.scrollWidth > element.clientWidth + 1,
          };
        });
        const header = getComputedStyle(document.documentElement).getPropertyValue('--scalar-custom-header-height').trim();
        return {
          parts,
          barHeight: bar.getBoundingClientRect().height,
          header,
          sticky: getComputedStyle(bar).position === 'sticky',
          viewport: document.documentElement.clientWidth,
        };
      });
      for (const part of layout.parts) {
        expect(part.left, part.id).toBeGreaterThanOrEqual(0);
        expect(part.right, part.id).toBeLessThanOrEqual(layout.viewport);
        expect(part.clipped, part.id).toBe(false);
      }
      expect(layout.sticky).toBe(width > 640);
      expect(layout.header).toBe(layout.sticky ? `${Math.round(layout.barHeight)}px` : '0px');
      await page.screenshot({ path: path.join(SCREENSHOTS, `${source}-bar-${width}.png`) });
      await page.setViewportSize({ width: 1280, height: 900 });
    });

  if (source === 'mock')
    it('ranks operations and guides above models in search, and names a model’s area', async () => {
      const { page } = visited;
      const results = (text: string) => searchResults(page, text);
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

  if (source === 'mock')
    it('shows stated facts only on request, keeping the reader’s place, and turns dark', async () => {
      const { page } = visited;
      await show('tag/manage-videos/POST/library/{libraryId}/videos');
      await expect(page.locator('aside').getByText('Manage Collections', { exact: true }).count()).resolves.toBe(1);
      await Promise.all([page.waitForURL(/view=stated/), page.locator('#stated-only').check()]);
      await rendered(page);
      expect(decodeURIComponent(new URL(page.url()).hash)).toBe('#tag/manage-videos/POST/library/{libraryId}/videos');
      await expect(page.locator('#stated-only').isChecked()).resolves.toBe(true);
      await expect(page.locator('aside').getByText('Manage Collections', { exact: true }).count()).resolves.toBe(0);
      await expect(page.locator('aside').getByText('Manage Videos', { exact: true }).count()).resolves.toBe(1);
      await expect(page.locator('aside').getByText('Shield Zones', { exact: true }).count()).resolves.toBe(1); // stated operations whose security is assumed
      for (const name of ['Shield Zones', 'WAF Rules'])
        await page
          .locator('aside')
          .getByRole('button', { name: `Open Group - ${name}`, exact: true })
          .click();
      const badges = await page.evaluate(() =>
        Array.from(document.querySelectorAll('aside li[data-sidebar-id] a'))
          .filter((a) => getComputedStyle(a, '::after').content.includes('Assumed'))
          .map((a) => a.textContent),
      );
      expect(badges).toEqual([]);
      // An operation the view leaves out, from a link: its group, or the overview when the group goes too.
      await page.goto('about:blank');
      await page.goto(`${site('view=stated')}#tag/manage-collections/GET/library/{libraryId}/collections`);
      await page.locator('body[data-rendered="true"]').waitFor();
      expect(new URL(page.url()).hash).not.toMatch(/manage-collections/);

      await page
        .getByRole('button', { name: /dark mode/i })
        .first()
        .click();
      await page.locator('body.dark-mode').waitFor();
      await expectAccessible(page, 'stated facts only, dark');
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
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<!doctype html><title>Win a prize</title><script>${attacks(mock.url, mock.database.fullAccessToken)}</script>`);
    });
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    hostileUrl = `http://evil.test:${(hostile.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => hostile?.close(() => resolve())));

  const control = async (path: string) => (await fetch(`${mock.url}${path}`)).json();

  it('cannot read a token, the state or SQL results, nor reset, move the clock or add a fault', async () => {
    // Something a reset would forget.
    const marker = await fetch(`${mock.url}/library/42/collections`, {
      method: 'POST',
      headers: { AccessKey: 'default', 'Content-Type': 'application/json' },
      body: '{"name":"kept through a drive-by"}',
    });
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
      expect({ what, outcome, status, leaked: text.includes('"token"') || text.includes('version') }).toEqual({
        what,
        outcome: what.startsWith('read') || what.startsWith('mint') || what.startsWith('run') ? 'failed' : 'answered',
        status: 0,
        leaked: false,
      });
    }
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((status) => status === 403)).toBe(true); // every request that reached the mock was refused
    expect((await control('/_mock/clock')).offsetMs).toBe(clockBefore.offsetMs);
    expect((await control('/_mock/faults')).faults).toEqual([]);
    const collections = await (await fetch(`${mock.url}/library/42/collections?search=drive-by`, { headers: { AccessKey: 'default' } })).json();
    expect(JSON.stringify(collections)).toContain('kept through a drive-by');
  });

  it("refuses a DNS-rebound name: the page at evil.test on the mock's port gets 403, not the state", async () => {
    const page = await browser.newPage();
    const response = await page.goto(`http://evil.test:${new URL(mock.url).port}/_mock/state`);
    expect(response?.status()).toBe(403);
    const text = await page.locator('body').innerText();
    expect(text).toContain('is not allowed');
    expect(text).not.toContain('"version"');
    await page.close();
  });
});
