// Everything that reaches into Scalar's browser bundle (@scalar/api-reference's standalone.js),
// in one place. The bundle is shipped with the site as it is, but for two things checked here:
// it must load nothing from another host (the site works offline), and its search results pass
// through one hook, `window.PLATFORM_SEARCH_RESULTS(results, query)` (site/app.js), which ranks operations and
// guides above models and names a model's area. Scalar's search has no option for either; when
// a new Scalar version changes the code the hook is put into, the build fails and says so.
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

/** The bundle with its search results passed through the hook; throws when it cannot be done safely. */
export function withSearchHook(script: string): string {
  const calls = [...script.matchAll(SEARCH_CALL)];
  if (calls.length !== 1) throw new Error(`${path.basename(SCALAR_SCRIPT)}: expected one search call to hook (found ${calls.length}); check scripts/lib/scalar-adapter.ts against this Scalar version`);
  return script.replace(SEARCH_CALL, (call, query: string) => `(globalThis.PLATFORM_SEARCH_RESULTS||(r=>r))(${call},${query}.value)`);
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
