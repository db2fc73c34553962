// Every list of areas written in the repository's docs and code is the registry (AREAS): a list
// naming three areas or more (in a sentence, a table row, an array or an object keyed by area)
// must name them all, so that a new area cannot be left out of one. Lists that follow from the
// contracts are generated instead (pnpm generate fills the docs' `<!-- pnpm generate: NAME -->`
// regions, scripts/lib/generate/doc-regions.ts); a list that is partial on purpose is below, with why.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AREAS } from '@platform-contracts/contracts';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/paths.ts';
import { loadBundle } from '../support/openapi.ts';

/** Lists that name some areas on purpose: file, a text on the list's line, and why. */
const PARTIAL: { file: string; text: string; why: string }[] = [
  {
    file: 'scripts/docs.ts',
    text: 'SPEC_ORDER =',
    why: "the site's order of the areas the specification names; an area it does not name comes after them, alphabetically",
  },
  { file: 'test/mock/mock/state.test.ts', text: 'const CAPS =', why: 'the areas that have limits, each with a small one for the test' },
  { file: 'test/mock/mock/state.test.ts', text: "({ video: 'createCollection'", why: 'the operation that answers each limit, for the areas that have limits' },
];
/** A list a test or a mock serves: the areas it needs (`useMock([...])`, `areas: [...]`), not a list of every area. */
const SELECTION = /\b(?:areas\s*:|useMock\s*\()\s*\[/;
/** Files whose lists are history, generated or samples: changelogs, pending changesets, released contracts, generated sources, this test's own samples. */
const NOT_LISTS =
  /(^|\/)CHANGELOG\.md$|^etc\/[^/]+\.api\.md$|^\.changeset\/|\/released\/|^pnpm-lock\.yaml$|\/src\/generated\/|^test\/layout\/area-lists\.test\.ts$/;

interface AreaList {
  file: string;
  line: number;
  /** The areas it names. */
  names: string[];
  text: string;
}

/** How each area is written: its name, and its title without " API" (`DNS`), "database tokens" for the database too. */
function mentions(areas: readonly string[], titles: Record<string, string>): RegExp {
  const forms = areas.flatMap((area) => [area, titles[area] ?? area].map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`(?<![\\w-])(${[...new Set(forms)].sort((a, b) => b.length - a.length).join('|')})(?: tokens)?(?![\\w-])`, 'gi');
}
/** What may stand between two names of one list: punctuation, quotes, markup and "and"/"or". */
const SEPARATOR = /^[\s`'"*,;/|&()[\]{}:]*(?:and|or)?[\s`'"*,;/|&()[\]{}:]*$/i;

/** Every list of areas in a text: names in a row on one line, and (in TypeScript) an object keyed by areas or an array of them. */
function areaListsIn(file: string, text: string, areas: readonly string[], titles: Record<string, string> = {}): AreaList[] {
  const byName = (written: string) => areas.find((area) => area === written.toLowerCase() || (titles[area] ?? '').toLowerCase() === written.toLowerCase());
  const lines = text.split('\n');
  const found = new Map<number, AreaList>();
  const note = (line: number, names: (string | undefined)[]) => {
    const distinct = [...new Set(names.filter((name): name is string => name !== undefined))];
    if (distinct.length >= 3 && !found.has(line)) found.set(line, { file, line, names: distinct.sort(), text: lines[line - 1]!.trim() });
  };
  let generated = false;
  lines.forEach((content, index) => {
    // The regions pnpm generate fills are lists of the registry by construction.
    const outside = content.replace(/<!-- pnpm generate: [^>]*-->[\s\S]*?<!-- \/pnpm generate -->/g, '');
    if (/<!-- pnpm generate: /.test(outside)) generated = true;
    if (generated) {
      if (/<!-- \/pnpm generate -->/.test(content)) generated = false;
      return;
    }
    let run: RegExpExecArray[] = [];
    for (const match of outside.matchAll(mentions(areas, titles))) {
      const previous = run.at(-1);
      if (previous && SEPARATOR.test(outside.slice(previous.index + previous[0].length, match.index))) run.push(match as RegExpExecArray);
      else {
        note(
          index + 1,
          run.map((m) => byName(m[1]!)),
        );
        run = [match as RegExpExecArray];
      }
    }
    note(
      index + 1,
      run.map((m) => byName(m[1]!)),
    );
  });
  if (file.endsWith('.ts')) {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      const line = () => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      if (ts.isObjectLiteralExpression(node))
        note(
          line(),
          node.properties.map((p) => (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? byName(p.name.text) : undefined)),
        );
      if (ts.isArrayLiteralExpression(node))
        note(
          line(),
          node.elements.map((e) => (ts.isStringLiteral(e) ? byName(e.text) : undefined)),
        );
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...found.values()].sort((a, b) => a.line - b.line);
}

/** The repository's docs and code: every tracked text file that may list areas. */
const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(md|ts|js|mjs|ya?ml|json|html|css)$/.test(file) && !NOT_LISTS.test(file) && existsSync(path.join(ROOT, file)));
const titles = Object.fromEntries(AREAS.map((area) => [area, String(loadBundle(area).info.title).replace(/ API$/, '')]));

/** A file pnpm generate writes says so in its first lines; its lists follow the registry by construction. */
const isGenerated = (text: string) => /Generated [^\n]* by `pnpm generate`[\s\S]{0,120}Do not edit/.test(text.slice(0, 600));
/** Every list of areas written by hand, but selections and the partial lists on purpose. */
const lists = files.flatMap((file) => {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  if (isGenerated(text)) return [];
  return areaListsIn(file, text, AREAS, titles).filter(
    (list) => !SELECTION.test(list.text) && !PARTIAL.some((partial) => partial.file === file && list.text.includes(partial.text)),
  );
});
/** The lists that lack an area of `areas`. */
const incompleteLists = (areas: readonly string[]) =>
  lists.map((list) => ({ ...list, missing: areas.filter((area) => !list.names.includes(area)) })).filter((list) => list.missing.length > 0);

describe('lists of areas', () => {
  it('name every area of the registry, or are generated from it', () => {
    const problems = incompleteLists(AREAS).map(
      ({ file, line, missing }) =>
        `${file}:${line} lists areas but not ${missing.join(', ')}: list them all, or let pnpm generate write the list (scripts/lib/generate/doc-regions.ts), or write it without listing areas`,
    );
    expect(problems).toEqual([]);
  });

  it('are not written out by hand, so that a new area needs no edit in any of them', () => {
    // With one more area in the registry, every list written by hand would lack it.
    const problems = incompleteLists([...AREAS, 'new-area']).map(
      ({ file, line }) =>
        `${file}:${line} lists every area by hand: a new area would need an edit here; let pnpm generate write it (scripts/lib/generate/doc-regions.ts) or write it without listing areas`,
    );
    expect(problems).toEqual([]);
  });

  it.each(PARTIAL.map((partial) => [partial.file, partial.text, partial.why] as const))('%s (%s) is partial on purpose: %s', (file, text) => {
    expect(readFileSync(path.join(ROOT, file), 'utf8')).toContain(text);
  });

  it.each([
    ['a sentence', 'The API (Video, Shield, DNS and Storage) defined once.', ['dns', 'shield', 'storage', 'video']],
    ['a table row', '| Shield, Containers, Storage, DNS, database tokens | the key |', ['containers', 'database', 'dns', 'shield', 'storage']],
    ['an array', "const order = ['video', 'database', 'shield'];", ['database', 'shield', 'video']],
    ['an object keyed by area', 'const LARGEST = {\n  dns: 1,\n  video: 2,\n  storage: 3,\n};', ['dns', 'storage', 'video']],
    ['two areas only', 'Video and DNS.', undefined],
    ['areas in running prose', 'The video area and the shield area, unlike storage.', undefined],
    ['a generated region', 'The API (<!-- pnpm generate: area titles -->Video, Shield, DNS<!-- /pnpm generate -->).', undefined],
  ])('finds %s', (_name, text, names) => {
    const [list] = areaListsIn('sample.ts', text, AREAS, titles);
    expect(list?.names).toEqual(names);
  });
});
