// Everything that reaches into Scalar's browser bundle (@scalar/api-reference's standalone.js),
// in one place. The bundle is shipped with the site as it is, but for three things checked here:
// it must load nothing from another host (the site works offline); what its search looks in
// passes through one hook, `window.PLATFORM_SEARCH_INDEX(items)` (site/app.js), which gives each
// guide section its text (Scalar indexes a heading's title only) and plain text for a group's
// description (it holds HTML: the Assumed badge); and its results pass through another,
// `window.PLATFORM_SEARCH_RESULTS(results, query)`, which ranks operations and guides above models
// and names the area of each operation and model. Scalar's search has no option for any of it.
// And one thing for speed: the overview splits the description (the guides, 48 kB of Markdown)
// into sections by parsing it, then parses each section for its heading, and it does so again on
// every update of the page (each navigation, each Test Request opened: 0.4 to 0.7 s of a 2-core
// machine's CPU each time); both functions depend on their text alone, so their results are
// remembered by text (`PLATFORM_MEMO`). When a new Scalar version changes the code a hook is put
// into, the build fails and says so.
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

/**
 * The overview's sections, in the InfoDescription component: `split(description).map(section => { let
 * heading = headingsOf(section)[0]; ... })`, two functions of a text alone.
 */
const DESCRIPTION_SECTIONS =
  /(__name:`InfoDescription`[\s\S]{0,400}?return )([\w$]+)\(([\w$]+)\.description\)\.map\(([\w$]+)=>\{let ([\w$]+)=([\w$]+)\(\4\)\[0\]/g;

/** Remembers what a function of one text answered, per function and text (the bundle's first line). */
export const MEMO_HELPER =
  'var PLATFORM_MEMO=(()=>{const memos=new WeakMap();return(fn,text)=>{let memo=memos.get(fn);if(!memo)memos.set(fn,(memo=new Map()));if(!memo.has(text))memo.set(text,fn(text));return memo.get(text)}})();';

function expectOne(script: string, name: string, pattern: RegExp) {
  const found = [...script.matchAll(pattern)].length;
  if (found !== 1)
    throw new Error(
      `${path.basename(SCALAR_SCRIPT)}: expected one ${name} to hook (found ${found}); check scripts/lib/scalar-adapter.ts against this Scalar version`,
    );
}

/** The bundle with the overview's sections remembered by text; throws when it cannot be done safely. */
export function withDescriptionMemo(script: string): string {
  expectOne(script, 'description split', DESCRIPTION_SECTIONS);
  const memoized = script.replace(
    DESCRIPTION_SECTIONS,
    (_call, start: string, split: string, props: string, section: string, heading: string, headings: string) =>
      `${start}PLATFORM_MEMO(${split},${props}.description).map(${section}=>{let ${heading}=PLATFORM_MEMO(${headings},${section})[0]`,
  );
  return `${MEMO_HELPER}\n${memoized}`;
}

/** The bundle with its search entries and results passed through the hooks; throws when it cannot be done safely. */
export function withSearchHook(script: string): string {
  expectOne(script, 'search call', SEARCH_CALL);
  expectOne(script, 'search index', INDEX_CALL);
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
  return withDescriptionMemo(withSearchHook(script));
}
