// Test Request and the bar's mock address on the reference site, in headless Chromium, from
// file:// and from the mock's /docs/. Each operation's Test Request sends the credentials of its
// own security requirement and no other (the access key to the management APIs, the database
// token to the SQL pipeline only, nothing to an operation without one), before and after the
// database token exists; every operation's Test Request, as it is pre-filled, is answered 2xx (from
// the served site: one operation of each kind of security requirement opened by its own button,
// the others chosen one after another in one Test Request's own sidebar, each on the entry its
// button shows); the token is asked of the mock on the first database send only; each operation's
// authentication card shows what its Test Request sends. "Use" (a new mock address) and the
// stated-facts switch keep one fragment in the address; when the mock gives no token, the bar
// says how to start it, in the repository and where the package is installed.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROOT } from '../../scripts/lib/paths.ts';
import { expectAccessible } from '../../scripts/lib/site/axe-audit.ts';
import { useHttpMock } from '../support/mock.ts';
import { listAreas, operationsOf } from '../support/openapi.ts';
import {
  finish,
  launchBrowser,
  operationHash,
  operationSection,
  PAGE_TIMEOUT_MS,
  rendered,
  screenshotFolder,
  siteSources,
  switchToStated,
  testRequest,
  type Visit,
  visit,
} from '../support/site-browser.ts';

// Tests and hooks that load the site wait as long as its pages may (PAGE_TIMEOUT_MS).
vi.setConfig({ testTimeout: PAGE_TIMEOUT_MS, hookTimeout: PAGE_TIMEOUT_MS });

const mock = useHttpMock(undefined, { corsOrigins: ['null'] });
let browser: Browser;
let screenshots: string;
beforeAll(async () => {
  browser = await launchBrowser();
  screenshots = screenshotFolder('try-it');
});
afterAll(async () => browser?.close());

interface Tried {
  area: string;
  tag: string;
  method: string;
  path: string;
  /** Its summary: Test Request's request section is named after it. */
  summary: string;
  /** The schemes of the operation's (first) security requirement: what Test Request must send, and only that. */
  schemes: string[];
}

const BEARER = 'DatabaseAccessToken';
const all: Tried[] = listAreas().flatMap((area) =>
  operationsOf(area).map(({ path: urlPath, method, source }) => ({
    area,
    tag: source.tags[0],
    method,
    path: urlPath,
    summary: source.summary!,
    schemes: Object.keys(source.security?.[0] ?? {}).sort(),
  })),
);
const preferGet = (list: Tried[]) => list.find((tried) => tried.method === 'get') ?? list[0]!;
/** The area whose pipeline takes the database token. */
const databaseArea = all.find((tried) => tried.schemes.includes(BEARER))!.area;
/** An operation of another area (a GET), the first one tried: the token must never reach it. */
const first = preferGet(all.filter((tried) => tried.area !== databaseArea && tried.schemes.length > 0));
/** The database area's operations, one per security requirement (a GET where there is one): the token, the access key, nothing. */
const databaseOperations = all.filter((tried) => tried.area === databaseArea);
const databaseKinds = [...new Set(databaseOperations.map((tried) => tried.schemes.join('+')))].map((kind) => {
  const list = databaseOperations.filter((tried) => tried.schemes.join('+') === kind);
  return list.find((tried) => tried.path === '/v2/pipeline') ?? preferGet(list); // the pipeline's first example is SELECT 1
});
const pipeline = databaseKinds.find((tried) => tried.schemes.includes(BEARER))!;

/** The operation's request as the browser sent it: `/library/{libraryId}/videos` matches `/library/42/videos`. */
const sentBy = (tried: Tried, mockHost: string) => {
  const pattern = new RegExp(`^${tried.path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
  return (request: Request) =>
    request.method() === tried.method.toUpperCase() && new URL(request.url()).host === mockHost && pattern.test(new URL(request.url()).pathname);
};

/** What the open Test Request's authentication card shows: the selected scheme (or none) and the values filled in. */
async function authCard(page: Page) {
  const dialog = testRequest(page);
  const label = dialog
    .getByText(/^(Selected Auth Type: \S+|Select Auth Type)$/)
    .filter({ visible: true })
    .first();
  await label.waitFor();
  const scheme = /Selected Auth Type: (\S+)/.exec(await label.innerText())?.[1];
  // The card's fields render after its label: wait for them (a selected scheme has at least one), or for its "none".
  if (scheme) await dialog.locator('input[id^="scalar-client"]').filter({ visible: true }).first().waitFor();
  else await dialog.getByText('No authentication selected').filter({ visible: true }).first().waitFor();
  const values = await dialog
    .locator('input[id^="scalar-client"]')
    .filter({ visible: true })
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  const none = await dialog.getByText('No authentication selected').filter({ visible: true }).count();
  return { scheme, values, none };
}

/** Test Request's own navigation (its sidebar, one entry per operation and per example), shown. */
async function testRequestSidebar(page: Page) {
  const sidebar = testRequest(page).locator('aside');
  if (!(await sidebar.isVisible())) await testRequest(page).locator('button.scalar-sidebar-toggle').click();
  await sidebar.waitFor();
  return sidebar;
}

/** The operation's entry in Test Request's sidebar: its first example's, where it has examples (what its Test Request button opens), else its own. */
function sidebarEntryOf(page: Page, tried: Tried) {
  const operation = testRequest(page).locator(`aside li[data-sidebar-id$="/${tried.method.toUpperCase()}${tried.path}"]`);
  const firstExample = testRequest(page).locator(`aside li[data-sidebar-id*="/${tried.method.toUpperCase()}${tried.path}/example/"]`).first();
  return { operation, firstExample };
}

/** The id of the operation's entry that `chooseInSidebar` picks: its first example's, where it has examples, else its own. */
async function firstEntryOf(page: Page, tried: Tried) {
  const { operation, firstExample } = sidebarEntryOf(page, tried);
  return (await firstExample.count()) > 0 ? firstExample.getAttribute('data-sidebar-id') : operation.getAttribute('data-sidebar-id');
}

/** Closes Test Request, if open, and waits until it is gone (before another operation's button is clicked, or the bar is used). */
async function closeTestRequest(page: Page) {
  if (!(await testRequest(page).isVisible())) return;
  await page.keyboard.press('Escape');
  await testRequest(page).waitFor({ state: 'hidden' });
}

/** The sidebar entry Test Request shows now: the id of the entry marked as the current page. */
const currentEntry = (page: Page) =>
  testRequest(page)
    .locator('aside button[aria-current="page"]')
    .evaluate((button) => button.closest('li')?.getAttribute('data-sidebar-id'));

/**
 * In the open Test Request, shows another operation's request from its own sidebar, as its Test
 * Request button would (the same entry: each test that opens an operation by its button checks
 * which entry that is), and waits for the request section named after it.
 */
async function chooseInSidebar(page: Page, tried: Tried) {
  const sidebar = await testRequestSidebar(page);
  const group = sidebar.locator(`li[data-sidebar-id$="/${operationHash(tried.tag)}"] > div > button[aria-expanded="false"]`);
  if ((await group.count()) > 0) await group.click();
  const { operation, firstExample } = sidebarEntryOf(page, tried);
  const operationButton = operation.locator(':scope > div > button, :scope > button');
  const expanded = await operationButton.getAttribute('aria-expanded');
  if (expanded === null) {
    await operationButton.click(); // an operation without examples is an entry of its own
  } else {
    if (expanded === 'false') await operationButton.click(); // its examples, shown
    await firstExample.locator(':scope > button').click();
  }
  await testRequest(page).locator(`section[aria-label="Request: ${tried.summary}"]`).waitFor();
}

const sources = siteSources(() => mock.url);

/** Scalar's hash for the overview, which it sets on a page opened without one. */
const OVERVIEW = '#description/introduction';

/** An address nothing listens on: a port the system gave and took back. */
const deadAddress = () =>
  new Promise<string>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(`http://127.0.0.1:${port}`));
    });
  });

describe.each(sources)('Test Request and the bar of the reference site from %s', (source, site) => {
  let visited: Visit;
  let accessKey: string;
  let token = '';
  /** Every header value sent by a Test Request that does not declare the database token. */
  const otherHeaders: string[] = [];
  beforeAll(async () => {
    visited = await visit(browser, site(), mock.url);
    accessKey = await visited.page.evaluate(() => (window as unknown as { PLATFORM_SITE_CONFIG: { accessKey: string } }).PLATFORM_SITE_CONFIG.accessKey);
  });
  afterAll(async () => {
    if (visited && !visited.page.isClosed()) await visited.page.close();
  });

  /**
   * Test Request of one operation, sent: opened by its button on the reference (after closing any
   * Test Request open), or, with `via: 'sidebar'`, chosen in the open Test Request's own sidebar
   * and left open for the next. An operation opened by its button also says which sidebar entry
   * its button showed, the one `chooseInSidebar` picks.
   */
  async function tryIt(tried: Tried, { via = 'button', keepOpen = false }: { via?: 'button' | 'sidebar'; keepOpen?: boolean } = {}) {
    const { page } = visited;
    let entries: { shown: string | null | undefined; firstOf: string | null } | undefined;
    if (via === 'sidebar') await chooseInSidebar(page, tried);
    else {
      await closeTestRequest(page);
      const hash = operationHash(tried.tag, tried.method, tried.path);
      await page.goto(`${site()}#${hash}`);
      await page.locator('body[data-rendered="true"]').waitFor();
      await operationSection(page, tried.tag, tried.method, tried.path)
        .getByRole('button', { name: /test request/i })
        .click();
      await testRequest(page).locator(`section[aria-label="Request: ${tried.summary}"]`).waitFor();
      entries = { shown: await currentEntry(page), firstOf: await firstEntryOf(page, tried) };
    }
    const before = await authCard(page);
    const sent = page.waitForRequest(sentBy(tried, new URL(mock.url).host));
    await testRequest(page).getByRole('button', { name: /^send/i }).first().click();
    const request = await sent;
    const response = (await request.response())!;
    await testRequest(page).getByText(`${response.status()} `).first().waitFor();
    const after = await authCard(page);
    if (tried.schemes.includes(BEARER)) {
      await page.screenshot({ path: path.join(screenshots, `${source}-${tried.area}-${tried.method}-${tried.schemes.join('+')}.png`) });
      // Sent and answered (once: the page is the same from a file).
      if (source === 'mock') await expectAccessible(page, `Test Request of ${tried.method.toUpperCase()} ${tried.path}, answered`);
    }
    if (!keepOpen) await closeTestRequest(page);
    return { headers: await request.allHeaders(), status: response.status(), before, after, entries };
  }

  /** The checks every Test Request passes: its card shows its own scheme, and it sends that scheme's credential and no other. */
  function expectOwnCredentials(tried: Tried, { headers, status, after }: Awaited<ReturnType<typeof tryIt>>) {
    expect(status, `${tried.method} ${tried.path}`).toBeGreaterThanOrEqual(200);
    expect(status, `${tried.method} ${tried.path}`).toBeLessThan(300);
    expect(after.scheme).toBe(tried.schemes[0]);
    expect(after.none).toBe(tried.schemes.length === 0 ? 1 : 0);
    if (tried.schemes.includes('AccessKey')) {
      expect(headers.accesskey).toBe(accessKey);
      expect(after.values).toEqual([accessKey]);
    } else expect(headers.accesskey).toBeUndefined();
    if (tried.schemes.includes(BEARER)) {
      expect(headers.authorization).toBe(`Bearer ${token}`);
      expect(after.values).toEqual([token]); // the card shows the token the mock gave, not a placeholder
    } else {
      expect(headers.authorization).toBeUndefined();
      otherHeaders.push(...Object.values(headers));
    }
  }

  /** An operation opened by its Test Request button shows the sidebar entry `chooseInSidebar` picks for it. */
  function expectSidebarEntry(tried: Tried, { entries }: Awaited<ReturnType<typeof tryIt>>) {
    expect(entries?.shown, `${tried.method} ${tried.path}`).toBeTruthy();
    expect(entries?.shown, `${tried.method} ${tried.path}`).toBe(entries?.firstOf);
  }

  it(`sends ${first.area}'s ${first.method.toUpperCase()} ${first.path} its access key and nothing of the database, before any token exists`, async () => {
    const result = await tryIt(first);
    expectSidebarEntry(first, result);
    expect(result.before).toEqual(result.after);
    expectOwnCredentials(first, result);
    expect(visited.tokenRequests).toEqual([]); // loading, browsing and another area's request asked for no token
  });

  it(`sends ${pipeline.method.toUpperCase()} ${pipeline.path} the database token the mock gave on that first send, and no access key`, async () => {
    const result = await tryIt(pipeline);
    expectSidebarEntry(pipeline, result);
    expect(visited.tokenRequests).toHaveLength(1);
    token = /^Bearer (\S+)$/.exec(result.headers.authorization ?? '')?.[1] ?? '';
    expect(token).toMatch(/^mock-full-access-/);
    expect(result.before.scheme).toBe(BEARER);
    expect(result.before.values).toEqual(['asked-of-the-mock-on-first-send']); // the card says where the token will come from
    expectOwnCredentials(pipeline, result);
  });

  // The other database operations (the one without security first), then the first one again; once,
  // from the served site (where the page comes from changes no header).
  const afterwards =
    source === 'mock' ? [...databaseKinds.filter((tried) => tried !== pipeline)].sort((a, b) => a.schemes.length - b.schemes.length).concat(first) : [];
  // Every other operation, in contract order (a collection is read and renamed before it is deleted;
  // the database's tokens are invalidated after every use of the token): Test Request pre-fills a
  // request the mock accepts. Once, from the served site.
  const rest = source === 'mock' ? all.filter((tried) => tried !== first && !databaseKinds.includes(tried)) : [];
  // Both in one Test Request: the first opened by its button (with the first test's and the
  // pipeline's, each kind of security requirement is opened by its button once), each next one
  // chosen in Test Request's own sidebar (the entry its button shows).
  const batch = [...afterwards, ...rest];
  const inBatch = (tried: Tried) => tryIt(tried, { via: tried === batch[0] ? 'button' : 'sidebar', keepOpen: true });

  if (afterwards.length > 0)
    it.each(afterwards.map((tried) => [`${tried.area}'s ${tried.method.toUpperCase()} ${tried.path}`, tried] as const))(
      'sends %s only its own credentials once the token exists, and its card shows them',
      async (_name, tried) => {
        const result = await inBatch(tried);
        if (tried === batch[0]) expectSidebarEntry(tried, result);
        expectOwnCredentials(tried, result);
      },
    );

  /** Test Requests of the operation the site asks its token of (they are token requests too, of the user's making). */
  let tokensOperationSends = 0;
  if (rest.length > 0)
    it.each(rest.map((tried) => [`${tried.area}'s ${tried.method.toUpperCase()} ${tried.path}`, tried] as const))(
      'pre-fills %s with a request the mock answers 2xx, with only its own credentials',
      async (_name, tried) => {
        const result = await inBatch(tried);
        if (tried === batch[0]) expectSidebarEntry(tried, result);
        expectOwnCredentials(tried, result);
        if (tried.method === 'post' && /^\/database\/\{[^}]+\}\/tokens$/.test(tried.path)) tokensOperationSends += 1;
      },
    );

  it('sent the database token nowhere else, asked for it once, called no other host and logged no error', async () => {
    expect(token).not.toBe('');
    expect(otherHeaders.filter((value) => value.includes(token))).toEqual([]);
    expect(visited.tokenRequests).toHaveLength(1 + tokensOperationSends);
    expect(visited.foreignRequests).toEqual([]);
    expect(visited.consoleErrors).toEqual([]);
  });

  // The bar, on the same page once the Test Requests are checked ("Use" reloads it).
  /** Back to the overview, where a page opened without a hash is: Scalar gives it this hash. */
  const toOverview = (page: Page) => page.evaluate((overview) => (location.hash = overview), OVERVIEW);
  /** On the overview (Scalar gave it its hash): enter an address and press Use; resolves once the page shows that mock. */
  async function use(page: Page, address: string) {
    await page.waitForFunction((overview) => location.hash === overview, OVERVIEW);
    await page.locator('#mock-url').fill(address);
    await Promise.all([page.waitForURL((url) => url.searchParams.get('mock') === address), page.getByRole('button', { name: 'Use', exact: true }).click()]);
    await rendered(page);
    await expect(page.locator('#mock-status').innerText()).resolves.toContain(`Test Request goes to ${address}`);
  }
  /** The address once the reader goes on to the Quickstart: one '#', and the Quickstart's fragment alone (it was #description/introduction/description/quickstart). */
  async function expectOneFragment(page: Page) {
    await page.locator('aside').getByText('Quickstart', { exact: true }).click();
    await page.waitForURL(/#description\/quickstart/);
    expect(page.url().split('#')).toHaveLength(2);
    expect(new URL(page.url()).hash).toBe('#description/quickstart');
  }

  if (source === 'mock')
    it('keeps one fragment in the address after "Use" and a switch to stated facts on the overview', async () => {
      const { page } = visited;
      await closeTestRequest(page); // the last operation's Test Request
      await toOverview(page);
      await use(page, mock.url.replace('127.0.0.1', 'localhost')); // another address of the same mock
      expect(new URL(page.url()).hash).not.toContain(`${OVERVIEW.slice(1)}/`);
      await page.waitForFunction((overview) => location.hash === overview, OVERVIEW);
      await switchToStated(page);
      await expectOneFragment(page);
      await finish(visited, path.join(screenshots, `${source}-use-and-stated`));
    });

  if (source === 'file')
    it('keeps one fragment after "Use"; a mock there that gives no token is told how to start, in the repository and where the package is installed', async () => {
      const { page } = visited;
      await toOverview(page);
      await use(page, await deadAddress());
      await expectOneFragment(page);

      await page.goto(`${page.url().split('#')[0]}#${operationHash(pipeline.tag, pipeline.method, pipeline.path)}`);
      await operationSection(page, pipeline.tag, pipeline.method, pipeline.path)
        .getByRole('button', { name: /test request/i })
        .click();
      await testRequest(page).getByRole('button', { name: /^send/i }).first().click();
      const status = page.locator('#mock-status');
      await status.getByText(/did not give a database token/).waitFor();
      const manifest = JSON.parse(readFileSync(path.join(ROOT, 'packages/mock/package.json'), 'utf8')) as { name: string; bin: Record<string, string> };
      const scripts = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
      expect(scripts.mock).toBeDefined(); // `pnpm mock` is the repository's
      const text = await status.innerText();
      expect(text).toContain('pnpm mock --cors-origin null in the contracts repository');
      expect(text).toContain(`npx ${Object.keys(manifest.bin)[0]} --cors-origin null where ${manifest.name} is installed`);
      await page.screenshot({ path: path.join(screenshots, `${source}-use-no-token.png`) });
    });
});
