// The reference site in headless Chromium (Debian's, driven by playwright-core): every area page
// renders every operation, makes no request to another host and logs no console error, both
// from file:// and from the mock's /docs/.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_DIR } from '../../scripts/lib/paths.ts';
import { useMock } from '../support/mock.ts';
import { listAreas, loadBundle, operationsOf } from '../support/openapi.ts';

const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOTS = path.join(DOCS_DIR, 'screenshots');
const areas = listAreas();
const mock = useMock();
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run \`pnpm setup:browser\``);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => browser?.close());

interface Visit {
  page: Page;
  foreignRequests: string[];
  consoleErrors: string[];
}

/** Opens a page, recording every request to a host other than the page's own and every console error. */
async function visit(url: string): Promise<Visit> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const own = new URL(url);
  const foreignRequests: string[] = [];
  const consoleErrors: string[] = [];
  page.on('request', (request) => {
    const target = new URL(request.url());
    const local = ['data:', 'blob:'].includes(target.protocol) || (own.protocol === 'file:' ? target.protocol === 'file:' : target.host === own.host);
    if (!local) foreignRequests.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await page.goto(url, { waitUntil: 'load' });
  return { page, foreignRequests, consoleErrors };
}

const sources = [
  ['file://', () => pathToFileURL(DOCS_DIR).href + '/'],
  ['the mock', () => `${mock.url}/docs/`],
] as const;

describe.each(sources)('the reference site from %s', (source, base) => {
  it('lists every area with its version on the index', async () => {
    const { page, foreignRequests, consoleErrors } = await visit(`${base()}index.html`);
    for (const area of areas) {
      const link = page.locator(`a[href="${area}.html"]`);
      await expect(link.count()).resolves.toBe(1);
      await expect(page.locator('main').innerText()).resolves.toContain(loadBundle(area).info.version);
    }
    if (source === 'file://') await page.screenshot({ path: path.join(SCREENSHOTS, 'index.png'), fullPage: true });
    expect(foreignRequests).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it.each(areas)('renders every operation of the %s area, offline and without errors', async (area) => {
    const { page, foreignRequests, consoleErrors } = await visit(`${base()}${area}.html`);
    for (const { operationId, operation } of operationsOf(area)) {
      const section = page.locator(`[data-section-id="operation/${operationId}"]`);
      await section.waitFor({ state: 'attached', timeout: 15_000 });
      await expect(page.locator(`[data-item-id$="/operation/${operationId}"]`).innerText()).resolves.toContain(operation.summary);
    }
    for (const { operationId, operation } of operationsOf(area).filter((op) => op.operation['x-assumed'])) {
      const text = await page.locator(`[data-section-id="operation/${operationId}"]`).innerText();
      expect(text, `${operationId} is x-assumed but its page does not say so`).toContain('Assumed: not stated by the specification');
      expect(text).toContain(operation['x-assumed']);
    }
    if (source === 'file://') await page.screenshot({ path: path.join(SCREENSHOTS, `${area}.png`) });
    expect(foreignRequests).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });
});
