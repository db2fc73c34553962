// Everything that reaches into Scalar's browser bundle (@scalar/api-reference's standalone.js),
// in one place. The bundle is shipped with the site as it is, but for three things checked here:
// it must load nothing from another host (the site works offline); what its search looks in
// passes through one hook, `window.PLATFORM_SEARCH_INDEX(items)` (site/app.js), which gives each
// guide section its text (Scalar indexes a heading's title only) and plain text for a group's
// description (it holds HTML: the Assumed badge); and its results pass through another,
// `window.PLATFORM_SEARCH_RESULTS(results, query)`, which ranks operations and guides above models
// and names the area of each operation and model. Scalar's search has no option for any of it;
// when a new Scalar version changes the code a hook is put into, the build fails and says so.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
// The package exports no path to its browser bundle; it sits beside its main entry (dist/).
export const SCALAR_SCRIPT = path.join(path.dirname(require.resolve('@scalar/api-reference')), 'browser', 'standalone.js');

/**
 * The one call of Scalar's search over the reference (Fuse), `fuse.value.search(query.value, { limit })`,
 * in the composable that answers `{ results, query }` (the API client's own search is another).
 */
const SEARCH_CALL = /\b[\w$]+\.value\.search\(([\w$]+)\.value,\{limit:[\w$]+\}\)(?=\),query:)/g;

/**
 * The one call that makes the entries Scalar's search looks in, from the document's navigation:
 * `build(doc(e), { labels: ..., modelsSectionLabel: ... ?? 'Models' })`.
 */
const INDEX_CALL = /\b[\w$]+\([\w$]+\([\w$]+\),\{labels:[\w$]+\([\w$]+\),modelsSectionLabel:[\w$]+\([\w$]+\)\?\?`Models`\}\)/g;

/** The bundle with its search entries and results passed through the hooks; throws when it cannot be done safely. */
export function withSearchHook(script: string): string {
  for (const [name, pattern] of [
    ['search call', SEARCH_CALL],
    ['search index', INDEX_CALL],
  ] as const) {
    const found = [...script.matchAll(pattern)].length;
    if (found !== 1)
      throw new Error(
        `${path.basename(SCALAR_SCRIPT)}: expected one ${name} to hook (found ${found}); check scripts/lib/scalar-adapter.ts against this Scalar version`,
      );
  }
  return script
    .replace(SEARCH_CALL, (call, query: string) => `(globalThis.PLATFORM_SEARCH_RESULTS||(r=>r))(${call},${query}.value)`)
    .replace(INDEX_CALL, (call) => `(globalThis.PLATFORM_SEARCH_INDEX||(i=>i))(${call})`);
}

/** Throws when the bundle would load something from another host at run time. */
export function checkOffline(script: string): void {
  // Fonts come from fonts.scalar.com unless withDefaultFonts is false (it is, in site/app.js).
  for (const loader of [/@import\s+url\(["']?https?:/, /<script[^>]+src=["']https?:/i]) {
    if (loader.test(script)) throw new Error(`${path.basename(SCALAR_SCRIPT)} loads something from another host (${loader}): check it`);
  }
}

/** Scalar's bundle as the site ships it. */
export function siteScalarScript(file = SCALAR_SCRIPT): string {
  const script = readFileSync(file, 'utf8');
  checkOffline(script);
  return withSearchHook(script);
}
