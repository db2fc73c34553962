// The reference site in headless Chromium (Debian's, driven by playwright-core), from file:// (with
// no mock address) and from /docs/ at the mock's address (served with a mock in process, no port: serveInProcess):
// one navigation reaches every operation of every area, search from one area finds another
// area's field, assumptions are badged and can be hidden, the top bar stays on screen; no request
// leaves for another host and no console error is logged. Test Request and the bar's mock address
// are in try-it.test.ts; the site under the HTTP door's Content-Security-Policy, and the door
// against a page of another origin in the same browser (drive-by, DNS rebinding), in
// test/mock/doors/docs-serving.test.ts. Screenshots are kept in dist/screenshots/site/. The file's
// browser is the run's one Chromium, which another process of the run is given too.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { DOCS_DIR, ROOT } from '../../scripts/lib/paths.ts';
import { expectAccessible } from '../../scripts/lib/site/axe-audit.ts';
import { useMock } from '../support/mock.ts';
import { listAreas, loadBundle, operationsOf } from '../support/openapi.ts';
import {
  finish as finishVisit,
  launchBrowser,
  openSearch,
  operationSection,
  PAGE_TIMEOUT_MS,
  screenshotFolder,
  searchDialog,
  searchFor,
  sidebarEntry,
  siteSources,
  switchToStated,
  typeSearch,
  type Visit,
  visit as visitSite,
} from '../support/site-browser.ts';

// Tests and hooks that load the site wait as long as its pages may (PAGE_TIMEOUT_MS).
vi.setConfig({ testTimeout: PAGE_TIMEOUT_MS, hookTimeout: PAGE_TIMEOUT_MS });

// No page here calls the mock (a database token is asked only when Test Request sends): the mock's address only names where the site is served.
const mock = useMock();
let browser: Browser;
let SCREENSHOTS: string;

beforeAll(async () => {
  browser = await launchBrowser();
  SCREENSHOTS = screenshotFolder();
});
afterAll(async () => browser?.close());

const visit = (url: string) => visitSite(browser, url, mock.url, mock);
const finish = (visited: Visit, screenshot: string) => finishVisit(visited, path.join(SCREENSHOTS, screenshot));

const areas = listAreas();
/**
 * The site from a file, with no mock address (no page here calls the mock: the bar says where Test
 * Request would go; try-it.test.ts opens the file with an address and sends), and from the mock's /docs/.
 */
const sources: (readonly ['file' | 'mock', (query?: string) => string])[] = [
  ['file', () => pathToFileURL(path.join(DOCS_DIR, 'index.html')).href],
  siteSources(() => mock.url)[1],
];

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

  // The one page from a file, opened with no mock address: it renders, and the bar says where Test Request goes by default.
  if (source === 'file')
    it('renders from a file without a mock address and says where Test Request goes', async () => {
      await expect(visited.page.locator('#mock-status').innerText()).resolves.toContain('http://127.0.0.1:4010');
      await visited.page.screenshot({ path: path.join(SCREENSHOTS, 'file-no-mock.png') });
    });

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
    const result = searchDialog(page)
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
    await searchDialog(page).getByRole('option').filter({ hasText: 'Paging' }).first().waitFor();
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
      const dialog = await openSearch(page);
      const results = (text: string) => searchFor(dialog, text);
      const token = await results('token');
      const guide = token.findIndex((option) => /Heading: Database tokens/.test(option));
      expect(guide, token.join('\n')).toBeGreaterThanOrEqual(0);
      expect(guide, token.join('\n')).toBeLessThan(6);
      const lastNonModel = token.findLastIndex((option) => !/^ ?Models:/.test(option));
      expect(token.slice(0, lastNonModel + 1).filter((option) => /^ ?Models:/.test(option))).toEqual([]);
      const zone = await results('storage zone');
      expect(zone[0]).toMatch(/Operation: List storage zones/);
      expect(zone.find((option) => /Models: PullZone/.test(option))).toMatch(/Model of Storage API/);
      await page.keyboard.press('Escape');
    });

  if (source === 'mock')
    it('shows stated facts only on request, keeping the reader’s place, and turns dark', async () => {
      const { page } = visited;
      await show('tag/manage-videos/POST/library/{libraryId}/videos');
      await expect(page.locator('aside').getByText('Manage Collections', { exact: true }).count()).resolves.toBe(1);
      await switchToStated(page);
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

describe("the run's one Chromium (test/support/shared-chromium.ts)", () => {
  it('is the one this file is connected to; another process of the run is given it too, and launches none', () => {
    expect(browser.isConnected()).toBe(true);
    const scratch = inject('runScratch');
    const { wsEndpoint } = JSON.parse(readFileSync(path.join(scratch, 'chromium', 'server.json'), 'utf8')) as { wsEndpoint: string };
    // A process that could not launch one (its browser would be /bin/false) gets the same endpoint.
    const asked = `import { sharedChromium } from './test/support/shared-chromium.ts';
console.log(await sharedChromium(${JSON.stringify(scratch)}, '/bin/false', [], ${process.pid}));`;
    const other = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', asked], { cwd: ROOT, encoding: 'utf8' });
    expect(other.stderr).toBe('');
    expect(other.stdout.trim()).toBe(wsEndpoint);
  });
});
