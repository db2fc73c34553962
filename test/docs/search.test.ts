// The reference site's search, in headless Chromium, served with a mock in process (no port): every section of every
// guide is found by the words of its text, not only its heading (Scalar indexes headings; the
// site gives each section its text, site/app.js); each operation found says which area defines
// it, as each model does; no result shows markup (a group's description holds the Assumed badge's HTML).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GUIDES_DIR } from '../../scripts/lib/site/guides.ts';
import { useMock } from '../support/mock.ts';
import { listAreas, loadBundle, operationsOf } from '../support/openapi.ts';
import { finish, launchBrowser, openSearch, PAGE_TIMEOUT_MS, screenshotFolder, searchFor, type Visit, visit } from '../support/site-browser.ts';

// Tests and hooks that load the site wait as long as its pages may (PAGE_TIMEOUT_MS).
vi.setConfig({ testTimeout: PAGE_TIMEOUT_MS, hookTimeout: PAGE_TIMEOUT_MS });

const mock = useMock();
let browser: Browser;
let visited: Visit;
/** The search, opened once: each query replaces the last in it, as a reader changes the words. */
let dialog: Locator;
let SCREENSHOTS: string;
beforeAll(async () => {
  browser = await launchBrowser();
  SCREENSHOTS = screenshotFolder('search');
  visited = await visit(browser, `${mock.url}/docs/index.html`, mock.url, mock);
  dialog = await openSearch(visited.page);
});
afterAll(async () => {
  if (visited) {
    await visited.page.keyboard.press('Escape');
    await finish(visited, path.join(SCREENSHOTS, 'search'));
  }
  await browser?.close();
});

/** The results of a search, as the reader reads them (one line each). */
const search = (text: string) => searchFor(dialog, text);

/**
 * Every section of the guides, read from site/guides/ here: a heading of level 1 or 2 with its
 * text up to the next one, and the guide it belongs to.
 */
function guideSections(): { guide: string; heading: string; text: string }[] {
  return readdirSync(GUIDES_DIR)
    .filter((file) => file.endsWith('.md'))
    .sort()
    .flatMap((file) => {
      const sections: { guide: string; heading: string; text: string }[] = [];
      let inCode = false;
      for (const line of readFileSync(path.join(GUIDES_DIR, file), 'utf8').split('\n')) {
        if (/^ *```/.test(line)) inCode = !inCode;
        const heading = inCode ? null : /^(#{1,2}) (.+)$/.exec(line);
        if (heading) sections.push({ guide: sections[0]?.heading ?? heading[2]!, heading: heading[2]!.replace(/`/g, ''), text: '' });
        else if (sections.length > 0) sections.at(-1)!.text += `${line}\n`;
      }
      return sections;
    });
}

/** Lowercase words of six letters or more of a text as the reader sees it (no HTML tags). */
const wordsOf = (text: string) =>
  new Set(
    text
      .replace(/<[^>]+>/g, ' ')
      .toLowerCase()
      .match(/[a-z][a-z-]{4,}[a-z]/g) ?? [],
  );

describe('search finds every guide section by the words of its text', () => {
  const sections = guideSections().filter((section) => section.text.trim() !== '' && !section.text.includes('{{'));
  const reference = wordsOf(
    listAreas()
      .map((area) => JSON.stringify(loadBundle(area)))
      .join(' '),
  );
  // For each section, a word of its text that no other section's text or heading holds: one the
  // contracts do not use either if it has one, the longest such.
  const cases = sections.map((section) => {
    const taken = wordsOf(
      sections
        .filter((other) => other !== section)
        .map((other) => `${other.heading} ${other.text}`)
        .join(' '),
    );
    const own = [...wordsOf(section.text)]
      .filter((word) => !taken.has(word) && !section.heading.toLowerCase().includes(word))
      .sort((a, b) => Number(reference.has(a)) - Number(reference.has(b)) || b.length - a.length || a.localeCompare(b));
    return [`${section.guide} › ${section.heading}`, section, own[0]] as const;
  });

  it('has a word of its own for every section (else the test could not tell)', () => {
    expect(cases.length).toBeGreaterThanOrEqual(12);
    expect(cases.filter(([, , word]) => word === undefined).map(([name]) => name)).toEqual([]);
  });

  it.each(cases)('%s, searched for its word', async (_name, section, word) => {
    const results = await search(word!);
    expect(
      results.some((result) => result.startsWith(`Heading: ${section.heading} ,`)),
      `${word}:\n${results.join('\n')}`,
    ).toBe(true);
  });

  it.each([
    ['fault', 'Control endpoints'],
    ['Prefer', 'Asking for an answer'],
    ['retry', 'Control endpoints'],
  ])('"%s" finds the mock guide\'s section %s', async (word, heading) => {
    const results = await search(word);
    expect(results, results.join('\n')).toContain(`Heading: ${heading} , Description: The mock`);
  });
});

describe('search results', () => {
  it('name the area of each operation they hold, as the navigation groups it', async () => {
    const titles = new Map(listAreas().map((area) => [area, `${loadBundle(area).info.title} ${loadBundle(area).info.version}`]));
    const operations = listAreas().flatMap((area) => operationsOf(area).map((operation) => ({ area, summary: operation.source.summary as string })));
    for (const query of ['storage zone', 'token', 'dns']) {
      const results = (await search(query)).filter((result) => result.startsWith('Operation: '));
      expect(results.length, query).toBeGreaterThan(0);
      for (const result of results) {
        const operation = operations.find(({ summary }) => result.startsWith(`Operation: ${summary} ,`));
        expect(operation, result).toBeDefined();
        expect(result, query).toMatch(new RegExp(` · ${titles.get(operation!.area)!.replace(/\./g, '\\.')}$`));
      }
    }
  });

  it.each(['dns', 'assumed', 'badge', 'span'])('show no markup, searched for %s', async (query) => {
    const results = await search(query);
    expect(results.filter((result) => /<\/?[a-z][^>]*>|class=|\]\(#/.test(result))).toEqual([]);
  });
});
