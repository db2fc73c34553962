// scripts/lib/ shows its jobs: the files at its top are the base every folder may import (they
// import no folder), and each folder is one job, opening with a README.md that says what it owns
// and, in its `May import:` line, which sibling folders it may import. The same rule holds every
// folder of packages/*/src whose README has the line, at any depth (the mock's top-level table is
// test/layout/mock-layout.test.ts): the folders come from the READMEs, never from a list here.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/paths.ts';
import { circularRules, layoutOffences, mayImportOf, readmeRules, unknownNames } from '../support/folder-layout.ts';
import { specifiersOf } from '../support/import-graph.ts';

const LIB = path.join(ROOT, 'scripts/lib');
const LIB_FOLDERS = readdirSync(LIB, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Every root the READMEs' lines hold: scripts/lib and each package's src. */
const ROOTS = [LIB, ...readdirSync(path.join(ROOT, 'packages')).map((pkg) => path.join(ROOT, 'packages', pkg, 'src'))].filter((root) => existsSync(root));

/** `file: specifier` for each import of a file at the top of scripts/lib into one of its folders. */
const baseOffences = (lib: string) =>
  readdirSync(lib, { withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|mjs)$/.test(entry.name))
    .flatMap((entry) =>
      specifiersOf(readFileSync(path.join(lib, entry.name), 'utf8'))
        .filter((specifier) => /^\.\/[^/]+\//.test(specifier))
        .map((specifier) => `${entry.name}: ${specifier}`),
    );

describe('scripts/lib, folders by job', () => {
  it.each(LIB_FOLDERS)('%s/ opens with a README.md with a "May import:" line', (folder) => {
    const readme = path.join(LIB, folder, 'README.md');
    expect(existsSync(readme), `write ${path.relative(ROOT, readme)}: what the folder owns, and "May import: ..."`).toBe(true);
    expect(mayImportOf(readFileSync(readme, 'utf8'))).toBeDefined();
  });

  it('keeps its base at the top: no file there imports a folder', () => {
    expect(baseOffences(LIB)).toEqual([]);
  });
});

describe.each(ROOTS.map((root) => path.relative(ROOT, root)))('%s', (root) => {
  const rules = readmeRules(path.join(ROOT, root));
  it('each folder imports only the sibling folders its README names', () => {
    expect(layoutOffences(path.join(ROOT, root), rules)).toEqual([]);
  });
  it('its READMEs name only sibling folders, and no two folders may import each other, even through others', () => {
    expect(unknownNames(path.join(ROOT, root), rules)).toEqual([]);
    expect(circularRules(rules)).toEqual([]);
  });
});

describe('the layout check refuses a planted case', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'scripts-layout-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const plant = (files: Record<string, string>) => {
    const root = mkdtempSync(path.join(dir, 'case-'));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    const rules = readmeRules(root);
    return { offences: layoutOffences(root, rules), circles: circularRules(rules), unknown: unknownNames(root, rules), base: baseOffences(root) };
  };
  const site = 'May import: release.';
  const release = 'May import: nothing.';

  it.each([
    [
      'a folder importing a sibling its README does not name',
      { 'release/README.md': release, 'site/README.md': site, 'release/a.ts': "import { b } from '../site/b.ts';", 'site/b.ts': '' },
      { offences: [expect.stringMatching(/release\/a\.ts: \.\.\/site\/b\.ts \(release -> site\)$/)] },
    ],
    [
      'a nested folder importing its sibling against its README',
      {
        'db/README.md': release,
        'db/sql/README.md': 'May import: `values/`.',
        'db/values/README.md': release,
        'db/values/v.ts': "import '../sql/s.ts';",
        'db/sql/s.ts': "import '../values/v.ts';",
      },
      { offences: [expect.stringMatching(/db\/values\/v\.ts: \.\.\/sql\/s\.ts \(db\/values -> db\/sql\)$/)] },
    ],
    [
      'a dynamic import',
      { 'release/README.md': release, 'site/README.md': site, 'release/a.ts': "await import('../site/b.ts');", 'site/b.ts': '' },
      { offences: [expect.stringMatching(/\(release -> site\)$/)] },
    ],
    ['two folders allowed both ways', { 'a/README.md': 'May import: b.', 'b/README.md': 'May import: a.' }, { circles: ['a', 'b'] }],
    ['a README naming no sibling', { 'a/README.md': 'May import: nowhere.' }, { unknown: ['a: nowhere'] }],
    [
      "a nested README naming its parent's siblings and prose",
      {
        'db/README.md': release,
        'sql/README.md': release,
        'db/http/README.md': 'May import: db, sql, and the modules every door shares (`../door.ts`, `../failure.ts`).',
        'db/ws/README.md': 'May import: `sql/`, nowhere.',
        'db/http/a.ts': "import '../door.ts'; import '../ws/w.ts';",
        'db/door.ts': '',
        'db/ws/w.ts': '',
      },
      { offences: [expect.stringMatching(/db\/http\/a\.ts: \.\.\/ws\/w\.ts \(db\/http -> db\/ws\)$/)], unknown: ['db/ws: nowhere'] },
    ],
    ['a base file importing a folder', { 'paths.ts': "import { x } from './site/x.ts';", 'site/x.ts': '' }, { base: ['paths.ts: ./site/x.ts'] }],
    [
      'what the READMEs allow',
      {
        'release/README.md': release,
        'site/README.md': site,
        'site/b.ts': "import '../release/a.ts'; import '../paths.ts'; import './c.ts'; import 'node:fs';",
        'release/a.ts': "import '../paths.ts';",
        'plain/x.ts': "import '../site/b.ts';",
      },
      {},
    ],
  ])('%s', (_name, files, found) => {
    expect(plant(files)).toEqual({ offences: [], circles: [], unknown: [], base: [], ...found });
  });
});
