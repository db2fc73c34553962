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
// remembered by text (`PLATFORM_MEMO`). And Scalar's markup where it breaks WCAG 2.1 A/AA or
// duplicates a landmark (`ACCESSIBILITY_PATCHES`, each worth offering upstream). When a new Scalar
// version changes the code a hook or patch is put into, the build fails and says so.
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

/** A change to Scalar's markup: what it fixes, the code it finds (exactly once) and what it puts instead. */
export interface MarkupPatch {
  name: string;
  /** What a reader with assistive technology gets, and the axe-core rule that found it. */
  fixes: string;
  find: RegExp;
  replace: string;
}

/** Gives the toasters of Scalar's two apps (the reference, Test Request) different names: `Notifications`, then `Notifications 2`. */
export const TOASTS_HELPER = 'var PLATFORM_TOASTS_LABEL=(()=>{let made=0;return()=>++made===1?"Notifications":"Notifications "+made})();';

export const ACCESSIBILITY_PATCHES: MarkupPatch[] = [
  {
    name: 'tooltip button role',
    fixes:
      'the "More Information" button beside a parameter of Test Request is a button: Scalar gives it role=none, which a named, focusable button cannot take (aria-prohibited-attr, from axe-core 4.11)',
    find: /(\{"aria-label":[\w$]+\.value\?[\w$]+\([\w$]+\)\(`apiClient\.requestTableTooltip\.invalid`\):[\w$]+\([\w$]+\)\(`apiClient\.requestTableTooltip\.moreInformation`\),class:`[^`]*`,role:[\w$]+\.value\?`alert`:)`none`/g,
    replace: '$1void 0',
  },
  {
    name: 'copy button name',
    fixes: 'the copy button of every code block has a name, "Copy" ("Copied" once pressed): its label is hidden until the block is hovered (button-name)',
    find: /(__name:`ScalarCopyButton`,[\s\S]{0,300}?setup\(e\)\{let ([\w$]+)=[\w$]+\(e,`copied`\)[\s\S]{0,200}?P\(`button`,[\w$]+\(\{type:`button`)\}/g,
    replace: '$1,"aria-label":$2.value?`Copied`:`Copy`}',
  },
  {
    name: 'code field name and state',
    fixes:
      "Test Request's code fields have a name, their placeholder where Scalar gives no label (the authentication card's api-key field), and those offering variables (comboboxes) say they are collapsed, not only when expanded (aria-input-field-name, aria-required-attr)",
    find: /"aria-expanded":([\w$]+)\.value\?`true`:void 0,("aria-invalid":e\.error\?`true`:void 0,)"aria-label":([\w$]+)\.value,([\s\S]{0,300}?role:e\.withVariables\?`combobox`:`textbox`)/g,
    replace: '"aria-expanded":$1.value?`true`:e.withVariables?`false`:void 0,$2"aria-label":$3.value||e.placeholder||void 0,$4',
  },
  {
    name: 'search field expanded',
    fixes: "the search dialog's field (a combobox whose results always show) says it is expanded (aria-required-attr)",
    find: /("aria-controls":[\w$]+,"aria-describedby":[\w$]+,clearLabel:[\w$]+\([\w$]+\)\(`search\.clear`\))/g,
    replace: '"aria-expanded":`true`,$1',
  },
  {
    name: 'code editor name',
    fixes:
      'Test Request\'s body editor and the answer\'s body (CodeMirror) have a name, "Code editor" or "Code" when read-only, unless Scalar gives one (aria-input-field-name)',
    find: /(class:`cm-content`,style:[\s\S]{0,80}?,role:`textbox`,"aria-multiline":`true`)\}/g,
    replace: '$1,"aria-label":this.state.readOnly?`Code`:`Code editor`}',
  },
  {
    name: 'answer body id',
    fixes: "the answer's copy button controls an element that exists: the body it copies gets the id the button names (aria-valid-attr-value)",
    find: /(__name:`ResponseBodyRaw`,[\s\S]{0,300}?[\w$]+=[\w$]+\(null\),([\w$]+)=[\w$]+\(\),[\s\S]{0,900}?I\(`div`,\{)(ref_key:`codeMirrorRef`)/g,
    replace: '$1id:$2,$3',
  },
  {
    name: 'one main',
    fixes: "Test Request's dialog holds no second main landmark beside the reference's (landmark-no-duplicate-main)",
    find: /(e\.document\.value&&e\.path\?\.value&&e\.method\?\.value\?\([\w$]+\(\),[\w$]+\()`main`/g,
    replace: '$1`div`',
  },
  {
    name: 'one banner',
    fixes: "Scalar's header on a narrow screen is no second banner beside the page's own bar (landmark-no-duplicate-banner)",
    find: /(I\()`header`(,[\w$]+,\[e\.showSidebar\?)/g,
    replace: '$1`div`$2',
  },
  {
    name: 'toasters named apart',
    fixes: 'the toasters of the reference and of Test Request are landmarks with different names (landmark-unique)',
    find: /(__name:`ScalarToasts`,setup\(e\)\{)([\s\S]{0,400}?class:`scalar-toaster`)\}/g,
    replace: '$1let platformToastsLabel=PLATFORM_TOASTS_LABEL();$2,containerAriaLabel:platformToastsLabel}',
  },
];

/** The bundle with Scalar's markup made accessible (ACCESSIBILITY_PATCHES); throws when a patch no longer finds its code. */
export function withAccessibilityPatches(script: string): string {
  let patched = script;
  for (const patch of ACCESSIBILITY_PATCHES) {
    expectOne(patched, `place for the "${patch.name}" patch`, patch.find);
    patched = patched.replace(patch.find, patch.replace);
  }
  return `${TOASTS_HELPER}\n${patched}`;
}

/** Remembers what a function of one text answered, per function and text (the bundle's first line). */
export const MEMO_HELPER =
  'var PLATFORM_MEMO=(()=>{const memos=new WeakMap();return(fn,text)=>{let memo=memos.get(fn);if(!memo)memos.set(fn,(memo=new Map()));if(!memo.has(text))memo.set(text,fn(text));return memo.get(text)}})();';

function expectOne(script: string, name: string, pattern: RegExp) {
  const found = [...script.matchAll(pattern)].length;
  if (found !== 1)
    throw new Error(
      `${path.basename(SCALAR_SCRIPT)}: expected one ${name} to hook (found ${found}); check scripts/lib/site/scalar-adapter.ts against this Scalar version`,
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
function checkOffline(script: string): void {
  // Fonts come from fonts.scalar.com unless withDefaultFonts is false (it is, in site/app.js).
  for (const loader of [/@import\s+url\(["']?https?:/, /<script[^>]+src=["']https?:/i]) {
    if (loader.test(script)) throw new Error(`${path.basename(SCALAR_SCRIPT)} loads something from another host (${loader}): check it`);
  }
}

/** Scalar's bundle as the site ships it. */
export function siteScalarScript(file = SCALAR_SCRIPT): string {
  const script = readFileSync(file, 'utf8');
  checkOffline(script);
  return withDescriptionMemo(withSearchHook(withAccessibilityPatches(script)));
}
