// The reference site on a phone, a tablet and a desktop (390, 1024 and 1440 px wide, 844 high; the
// phone as a phone's browser lays it out), in headless Chromium, served with a mock in process (no port): nothing is
// wider than the screen (a guide's table scrolls inside its own box), what stays at the top once
// the reader scrolls is at most a tenth of the screen, Test Request's Send button is whole, and
// dark mode covers the site's own bar, before Scalar has loaded too. Search is in search.test.ts.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectAccessible } from '../../scripts/lib/site/axe-audit.ts';
import { useMock } from '../support/mock.ts';
import { launchBrowser, operationSection, PAGE_TIMEOUT_MS, screenshotFolder, serveInProcess, testRequest } from '../support/site-browser.ts';

// Tests and hooks that load the site wait as long as its pages may (PAGE_TIMEOUT_MS).
vi.setConfig({ testTimeout: PAGE_TIMEOUT_MS, hookTimeout: PAGE_TIMEOUT_MS });

const mock = useMock();
let browser: Browser;
let SCREENSHOTS: string;
beforeAll(async () => {
  browser = await launchBrowser();
  SCREENSHOTS = screenshotFolder('layout');
});
afterAll(async () => browser?.close());

const HEIGHT = 844;
/** The longest path of the reference: its Test Request's address line is the widest. */
const LONGEST = { tag: 'Access Tokens', method: 'post', path: '/database/{databaseId}/tokens/invalidate' };

/** A page of the served site at this width; a phone's browser widens its layout to the widest content, so the phone is emulated as one. */
async function open(width: number, hash = '', options: { colorScheme?: 'dark' | 'light'; blockScalar?: boolean } = {}): Promise<Page> {
  const phone = width < 640;
  const context = await browser.newContext({
    viewport: { width, height: HEIGHT },
    isMobile: phone,
    hasTouch: phone,
    colorScheme: options.colorScheme ?? 'light',
  });
  // The page's waits are bounded as the tests are (PAGE_TIMEOUT_MS); no test opens a page itself.
  context.setDefaultTimeout(PAGE_TIMEOUT_MS);
  await serveInProcess(context, mock);
  const page = await context.newPage();
  if (options.blockScalar) await page.route('**/assets/scalar.js', (route) => route.abort());
  await page.goto(`${mock.url}/docs/index.html${hash}`, { waitUntil: options.blockScalar ? 'domcontentloaded' : 'load' });
  if (!options.blockScalar) {
    await page.locator('body[data-rendered="true"]').waitFor();
    await page.locator('aside').getByText('Quickstart', { exact: true }).waitFor({ state: 'attached' });
  }
  return page;
}
const close = async (page: Page) => page.context().close();

/** The desktop widths share one page (loading the site is the slow part), resized from one to the next; a phone is emulated in a page of its own. */
let desktop: Page | undefined;
async function pageAt(width: number): Promise<Page> {
  if (width < 640) return open(width);
  desktop ??= await open(width);
  await desktop.setViewportSize({ width, height: HEIGHT });
  return desktop;
}
afterAll(async () => desktop && close(desktop));

/** How far the page reaches past the screen's right edge, and the elements that reach past it without a scrolling box of their own. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement)
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      return false;
    };
    const past = Array.from(document.querySelectorAll('body *'))
      .filter((element) => element.getBoundingClientRect().right > width + 1 && element.getBoundingClientRect().width > 0 && !scrolls(element))
      .filter((element) => !element.closest('.scalar-toaster')) // Scalar's toasts wait off-screen, in a fixed box
      .map((element) => `${element.tagName.toLowerCase()}.${Array.from(element.classList).slice(0, 2).join('.')}`);
    return { by: document.documentElement.scrollWidth - width, past: [...new Set(past)].slice(0, 5) };
  });

/** What stays at the top of the screen once the page is scrolled: the bottom of the lowest sticky or fixed bar there. */
const keptAtTop = (page: Page) =>
  page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight / 2);
    const bars = Array.from(document.querySelectorAll('body *')).filter((element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return (
        ['sticky', 'fixed'].includes(style.position) &&
        style.visibility !== 'hidden' &&
        box.top <= 1 &&
        box.bottom > 0 &&
        box.width > window.innerWidth / 2 &&
        box.height < window.innerHeight / 2
      );
    });
    return Math.max(0, ...bars.map((element) => element.getBoundingClientRect().bottom));
  });

describe.each([390, 1024, 1440])('the reference site at %i px', (width) => {
  let page: Page;
  beforeAll(async () => {
    page = await pageAt(width);
  }, PAGE_TIMEOUT_MS);
  afterAll(async () => page && page !== desktop && close(page));
  const show = async (hash: string, section: string) => {
    await page.evaluate((target) => (location.hash = target), hash);
    await page.locator(`[id$="${section}"]`).first().waitFor();
  };

  it("keeps at most a tenth of the screen at the top once the reader scrolls (the site's bar and Scalar's header)", async () => {
    expect(await keptAtTop(page)).toBeLessThanOrEqual(HEIGHT / 10);
    await page.screenshot({ path: path.join(SCREENSHOTS, `scrolled-${width}.png`) });
  });

  it("fits the screen: nothing is wider than it, and a guide's table scrolls inside its own box", async () => {
    await show('description/paging', 'description/paging');
    expect(await overflow(page)).toEqual({ by: 0, past: [] });
    const table = await page
      .locator('[id$="description/paging"]')
      .first()
      .locator('xpath=following::table[1]')
      .evaluate((element) => ({
        fits: element.getBoundingClientRect().right <= document.documentElement.clientWidth,
        scrolls: getComputedStyle(element).overflowX === 'auto',
      }));
    expect(table).toEqual({ fits: true, scrolls: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, `paging-${width}.png`) });
    // The guides are the page's largest part: audited once, on the phone (its own layout, Scalar's header); the audit script covers every width.
    if (width < 640) await expectAccessible(page, `the Paging guide at ${width} px`);
  });

  it("shows Test Request's Send button whole, on the operation with the longest path", async () => {
    await show(`tag/access-tokens/POST${LONGEST.path}`, `tag/access-tokens/POST${LONGEST.path}`);
    await operationSection(page, LONGEST.tag, LONGEST.method, LONGEST.path)
      .getByRole('button', { name: /test request/i })
      .click();
    const send = testRequest(page).getByRole('button', { name: /^send/i }).first();
    await send.waitFor();
    const box = await send.evaluate((button) => {
      const rect = button.getBoundingClientRect();
      return { left: rect.left >= 0, right: rect.right <= document.documentElement.clientWidth, width: Math.round(rect.width) };
    });
    expect(box).toMatchObject({ left: true, right: true });
    expect(box.width).toBeGreaterThanOrEqual(48);
    expect(await overflow(page)).toEqual({ by: 0, past: [] });
    await page.screenshot({ path: path.join(SCREENSHOTS, `test-request-${width}.png`) });
    await expectAccessible(page, `Test Request open at ${width} px`);
    await page.keyboard.press('Escape');
  });
});

describe('dark mode', () => {
  /** The bar's look: how light its background is (0 black, 1 white), and the color scheme of its native controls. */
  const barLook = (page: Page) =>
    page.evaluate(() => {
      const lightness = (color: string) => {
        const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? ['255', '255', '255']).map(Number);
        return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
      };
      const bar = document.querySelector('.platform-bar')!;
      return {
        bar: lightness(getComputedStyle(bar).backgroundColor) < 0.2,
        text: lightness(getComputedStyle(bar).color) > 0.7,
        field: lightness(getComputedStyle(document.getElementById('mock-url')!).backgroundColor) < 0.2,
        // `light dark` is dark on a dark system, before Scalar sets its theme on the body.
        controls: ['stated-only', 'mock-url'].every((id) => getComputedStyle(document.getElementById(id)!).colorScheme.split(' ').includes('dark')),
      };
    });
  const DARK = { bar: true, text: true, field: true, controls: true };

  const pages: Record<string, Page> = {};
  beforeAll(async () => {
    pages.light = await pageAt(1440);
    for (const width of [390, 1440]) pages[`system-${width}`] = await open(width, '', { colorScheme: 'dark', blockScalar: true });
  }, 3 * PAGE_TIMEOUT_MS);
  afterAll(async () => {
    for (const page of Object.values(pages)) if (page !== desktop) await close(page);
  });

  it("covers the site's own bar and its controls once the reader turns it on", async () => {
    const page = pages.light!;
    await page
      .getByRole('button', { name: /dark mode/i })
      .first()
      .click();
    await page.locator('body.dark-mode').waitFor();
    expect(await barLook(page)).toEqual(DARK);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'dark-1440.png') });
  });

  it.each([390, 1440])("follows the system's dark theme at %i px before Scalar has loaded (Scalar then sets it on the body, as above)", async (width) => {
    expect(await barLook(pages[`system-${width}`]!)).toEqual(DARK);
  });
});
