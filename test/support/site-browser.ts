// The reference site in headless Chromium (Debian's, driven by playwright-core), shared by the site's
// browser tests: one Chromium per run, shared by the files (shared-chromium.ts), a page that records every request to a host other than
// the site's and the mock's and every console error, and the locators of Scalar's navigation and
// operations. Screenshots go to dist/screenshots/site/.
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { DOCS_DIR, ROOT } from '../../scripts/lib/paths.ts';
import { sharedChromium } from './shared-chromium.ts';

const CHROMIUM = '/usr/bin/chromium';
/**
 * How long a page's waits (and a test or hook that loads a page: `vi.setConfig` in each browser
 * test file) may take: loading Scalar's 4 MB bundle and rendering took 10 to 60 s on a loaded
 * 2-core machine. A bound against hanging, not a measure: nothing asserts how fast.
 */
export const PAGE_TIMEOUT_MS = 120_000;
export const SCREENSHOTS = path.join(ROOT, 'dist', 'screenshots', 'site');

/** The arguments of the run's Chromium: `evil.test` resolves to 127.0.0.1 in this browser only. */
const CHROMIUM_ARGS = [
  '--host-resolver-rules=MAP evil.test 127.0.0.1',
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Chromium, once the site is built: a connection to the run's one Chromium (launched by the first
 * file that asks, test/support/shared-chromium.ts); each file opens its own pages and contexts, and
 * its `browser.close()` closes them and disconnects.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run \`pnpm setup:tools\``);
  if (!existsSync(path.join(DOCS_DIR, 'index.html'))) throw new Error('the site is not built: run `pnpm build`');
  return chromium.connect(await sharedChromium(inject('runScratch'), CHROMIUM, CHROMIUM_ARGS, inject('runPid')));
}

/** An empty folder for a test file's screenshots: SCREENSHOTS itself (its images only) or a folder under it. */
export function screenshotFolder(name = ''): string {
  const folder = path.join(SCREENSHOTS, name);
  mkdirSync(folder, { recursive: true });
  for (const file of readdirSync(folder).filter((file) => file.endsWith('.png'))) rmSync(path.join(folder, file));
  return folder;
}

export interface Visit {
  page: Page;
  foreignRequests: string[];
  consoleErrors: string[];
  /** Database token requests the page sent. */
  tokenRequests: string[];
}

/** A mock in process: its address (which no socket listens on) and its fetch. */
export interface InProcessMock {
  readonly url: string;
  readonly fetch: typeof globalThis.fetch;
}

const SITE_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.yaml': 'application/yaml',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/**
 * The site and a mock in process behind the mock's address, with no port: the browser's requests
 * to that origin are answered from the built site (dist/docs, under /docs/) and by `mock.fetch`
 * (everything else), as the HTTP door serves both. What only the door does (Host, CORS, the
 * site's caching and compression) is tested in test/mock/doors/.
 */
/** The site's files, read once per test file (the site does not change while its tests run). */
const siteFiles = new Map<string, Promise<Buffer>>();
const siteFile = (file: string) => siteFiles.get(file) ?? siteFiles.set(file, readFile(file)).get(file)!;

export async function serveInProcess(target: Page | BrowserContext, mock: InProcessMock): Promise<void> {
  const origin = new URL(mock.url).origin;
  await target.route(
    (url) => url.origin === origin,
    async (route) => {
      const request = route.request();
      const { pathname } = new URL(request.url());
      if (pathname === '/docs' || pathname.startsWith('/docs/')) {
        const relative = decodeURIComponent(pathname.slice('/docs'.length)).replace(/^\/+/, '') || 'index.html';
        const file = path.resolve(DOCS_DIR, relative);
        if (!file.startsWith(path.resolve(DOCS_DIR) + path.sep) || !existsSync(file)) return route.fulfill({ status: 404, body: `Not found: ${pathname}` });
        return route.fulfill({ status: 200, contentType: SITE_TYPES[path.extname(file)] ?? 'application/octet-stream', body: await siteFile(file) });
      }
      const body = request.postDataBuffer();
      const answer = await mock.fetch(request.url(), { method: request.method(), headers: request.headers(), body: body ? new Uint8Array(body) : undefined });
      const headers: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        headers[name] = value;
      });
      return route.fulfill({ status: answer.status, headers, body: Buffer.from(await answer.arrayBuffer()) });
    },
  );
}

/**
 * Opens the site, recording every request to a host other than the site's and the mock's, and
 * every console error; with `inProcess`, the site and that mock are served without a port (serveInProcess).
 */
export async function visit(browser: Browser, url: string, mockUrl: string, inProcess?: InProcessMock): Promise<Visit> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(PAGE_TIMEOUT_MS);
  if (inProcess) await serveInProcess(page, inProcess);
  const own = new URL(url);
  const mockHost = new URL(mockUrl).host;
  const foreignRequests: string[] = [];
  const consoleErrors: string[] = [];
  const tokenRequests: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/database\/[^/]+\/tokens$/.test(request.url())) tokenRequests.push(request.url());
    const target = new URL(request.url());
    const local =
      ['data:', 'blob:'].includes(target.protocol) ||
      (target.protocol === 'file:' && own.protocol === 'file:') ||
      target.host === mockHost ||
      (own.protocol !== 'file:' && target.host === own.host);
    if (!local) foreignRequests.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await page.goto(url, { waitUntil: 'load' });
  await rendered(page);
  return { page, foreignRequests, consoleErrors, tokenRequests };
}

/** Waits until app.js has handed the document to Scalar and Scalar shows the navigation. */
export async function rendered(page: Page) {
  await page.locator('body[data-rendered="true"]').waitFor();
  await page.locator('aside').getByText('Quickstart', { exact: true }).waitFor();
}

/**
 * Ticks "Stated facts only" and waits for the page it loads to render. A click, not Playwright's
 * `check()`: the box reloads the page, and `check()` reads the new page's box before app.js has
 * set it, takes it for a click that did nothing and clicks again (back to every fact).
 */
export async function switchToStated(page: Page) {
  await Promise.all([page.waitForURL(/view=stated/), page.locator('#stated-only').click()]);
  await rendered(page);
}

/** Scalar's search dialog, where the search's queries look (not the whole reference behind it). */
export const searchDialog = (page: Page) => page.locator('[role="dialog"][aria-label="Search"]');

/** Scalar's Test Request: its dialog over the reference, where each query looks (not the whole reference). */
export const testRequest = (page: Page) => page.locator('[role="dialog"].scalar-client');

/** Opens the navigation's search; its results show as options in the dialog this returns. */
export async function openSearch(page: Page): Promise<Locator> {
  await page
    .locator('aside')
    .getByRole('button', { name: /search/i })
    .first()
    .click();
  return searchDialog(page);
}

/** Opens the navigation's search and types the query; the results show as options. */
export async function typeSearch(page: Page, text: string) {
  await (await openSearch(page)).getByRole('combobox').fill(text);
}

/**
 * The results of a search in the open dialog, as the reader reads them (one line each); the
 * dialog stays open for the next query, as when a reader changes the words.
 */
export async function searchFor(dialog: Locator, text: string): Promise<string[]> {
  await dialog.getByRole('combobox').fill(text);
  const options = dialog.getByRole('option');
  await options.first().waitFor();
  return (await options.allInnerTexts()).map((option) => option.replace(/\s+/g, ' ').trim());
}

/** A screenshot, then: no request left for another host and nothing was logged as an error. */
export async function finish({ page, foreignRequests, consoleErrors }: Pick<Visit, 'page' | 'foreignRequests' | 'consoleErrors'>, screenshot: string) {
  await page.screenshot({ path: `${screenshot}.png` });
  expect(foreignRequests).toEqual([]);
  expect(consoleErrors).toEqual([]);
  await page.close();
}

/** The site from a file (told the mock's address) and from the mock's /docs/; each takes the query to add. */
export const siteSources = (mockUrl: () => string) =>
  [
    ['file', (query = '') => `${pathToFileURL(path.join(DOCS_DIR, 'index.html')).href}?mock=${encodeURIComponent(mockUrl())}${query ? `&${query}` : ''}`],
    ['mock', (query = '') => `${mockUrl()}/docs/index.html${query ? `?${query}` : ''}`],
  ] as const;

/** Scalar's hash of a group or an operation: #tag/<tag slug>[/<METHOD><path>]. */
export const operationHash = (tag: string, method?: string, urlPath?: string) =>
  `tag/${tag.toLowerCase().replace(/\s+/g, '-')}${method ? `/${method.toUpperCase()}${urlPath}` : ''}`;
export const sidebarEntry = (page: Page, method: string, urlPath: string) => page.locator(`aside li[data-sidebar-id$="/${method.toUpperCase()}${urlPath}"]`);
export const operationSection = (page: Page, tag: string, method: string, urlPath: string) =>
  page.locator(`[id$="/${operationHash(tag, method, urlPath)}"]`).first();
