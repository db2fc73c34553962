// Prism loads in pieces (prism-modules.ts): each package of its dependency tree required on its
// own, dependencies first, with a turn given to requests between pieces. Proven on a package tree
// written here, whose modules record when they are evaluated, with a `pause` that counts.
import diagnostics from 'node:diagnostics_channel';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readBundle } from '@platform-contracts/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../../packages/mock/src/engine/area.ts';
import { createPrismAdapter, DEFERRED, PRISM_CHANNEL, type PrismEvent } from '../../../packages/mock/src/engine/prism.ts';
import { entriesInLoadOrder, loadInPieces } from '../../../packages/mock/src/engine/prism-modules.ts';

/** Packages: name -> its dependencies; `broken` throws when required, `missing` is not installed, `esm-only` has no CommonJS entry. */
const TREE: Record<string, string[]> = {
  app: ['web', 'strings', 'missing', 'skipped'],
  web: ['strings', 'broken', 'esm-only'],
  strings: [],
  broken: [],
  skipped: [],
};
const root = mkdtempSync(path.join(tmpdir(), 'prism-pieces-'));
const key = `__piecesLoaded_${process.pid}`;
for (const [name, dependencies] of Object.entries(TREE)) {
  const dir = path.join(root, 'node_modules', name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name, main: 'index.js', dependencies: Object.fromEntries(dependencies.map((d) => [d, '*'])) }),
  );
  const requires = dependencies.map((d) => `try { require(${JSON.stringify(d)}); } catch {}`).join('\n');
  const body = name === 'broken' ? `throw new Error('broken on purpose');` : `(globalThis[${JSON.stringify(key)}] ??= []).push(${JSON.stringify(name)});`;
  writeFileSync(path.join(dir, 'index.js'), `${requires}\n${body}\n`);
}
const esmDir = path.join(root, 'node_modules', 'esm-only');
mkdirSync(esmDir, { recursive: true });
writeFileSync(path.join(esmDir, 'package.json'), JSON.stringify({ name: 'esm-only', type: 'module', exports: { import: './index.js' } }));
writeFileSync(path.join(esmDir, 'index.js'), 'export const x = 1;\n');
const from = path.join(root, 'entry.js');
writeFileSync(from, '');
afterAll(() => rmSync(root, { recursive: true, force: true }));
const loaded = () => ((globalThis as Record<string, unknown>)[key] as string[] | undefined) ?? [];

describe("Prism's warm-up in pieces", () => {
  it('lists every installed package once, each after the packages it depends on, leaving out the skipped ones', async () => {
    const entries = await entriesInLoadOrder(from, 'app', new Set(['skipped']), async () => {});
    const names = entries.map((file) => path.basename(path.dirname(file)));
    expect(names).toEqual(['strings', 'broken', 'web', 'app']);
  });

  it('requires one package per piece, giving a turn after each read and each piece; a broken package is left to the real import', async () => {
    const atEachPause: number[] = [];
    const pieces = await loadInPieces(from, 'app', new Set(['skipped']), async () => void atEachPause.push(loaded().length));
    expect(pieces).toBe(4);
    // A skipped package is no piece of its own: its dependent evaluates it (Prism's faker has a stand-in).
    expect(loaded()).toEqual(['strings', 'web', 'skipped', 'app']);
    // 4 reads, then 4 pieces: each piece evaluates its own package only (its dependencies are loaded already).
    expect(atEachPause).toEqual([0, 0, 0, 0, 1, 1, 2, 4]);
  });

  it("loads the files a package's files require at their top level one per piece, each after what it requires, a cycle left whole", async () => {
    const dir = path.join(root, 'node_modules', 'layered');
    mkdirSync(path.join(dir, 'lib'), { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'layered', main: 'index.js', dependencies: { strings: '*' } }));
    const record = (name: string) => `(globalThis[${JSON.stringify(key)}] ??= []).push(${JSON.stringify(name)});`;
    const files: Record<string, string> = {
      // A require inside a function is left for when it is called.
      'layered/index.js': `require('./lib/one.js');\nrequire("./lib/two");\nrequire('./lib/a.js');\nexports.later = () => {\n  require('./lib/lazy.js');\n};\n${record('layered')}`,
      // A file of a dependency is a piece; one of a package the package does not depend on (web) is not.
      'layered/lib/one.js': `require('./two.js');\nrequire('./data.json');\nrequire('strings/more.js');\nrequire('web/more.js');\n${record('one')}`,
      'layered/lib/two.js': record('two'),
      // a.js and b.js require each other: b is left to a, as Node would load them.
      'layered/lib/a.js': `require('./b.js');\n${record('a')}`,
      'layered/lib/b.js': `require('./a.js');\n${record('b')}`,
      'layered/lib/lazy.js': record('lazy'),
      'layered/lib/data.json': '{}',
      'strings/more.js': record('strings/more'),
      'web/more.js': record('web/more'),
    };
    for (const [file, text] of Object.entries(files)) writeFileSync(path.join(root, 'node_modules', file), `${text}\n`);
    const entries = await entriesInLoadOrder(from, 'layered', new Set(), async () => {});
    expect(entries.map((file) => path.relative(path.join(root, 'node_modules'), file))).toEqual([
      'strings/index.js',
      'layered/lib/two.js',
      'strings/more.js',
      'layered/lib/one.js',
      'layered/lib/a.js',
      'layered/index.js',
    ]);
    const before = loaded().length;
    const atEachPause: string[][] = [];
    const pieces = await loadInPieces(from, 'layered', new Set(), async () => void atEachPause.push(loaded().slice(before)));
    expect(pieces).toBe(6);
    // 7 reads (two packages, five files), then one piece each (strings is in the cache already, from the test above).
    expect(atEachPause.slice(7)).toEqual([
      [],
      ['two'],
      ['two', 'strings/more'],
      // web/more.js is no piece of its own: one.js evaluates it.
      ['two', 'strings/more', 'web/more', 'one'],
      ['two', 'strings/more', 'web/more', 'one', 'b', 'a'],
      ['two', 'strings/more', 'web/more', 'one', 'b', 'a', 'layered'],
    ]);
  });

  it("Prism's own load gives a turn between its pieces (at least one per package), then answers", async () => {
    let turns = 0;
    const documents = new Map<string, OpenApiDocument>([['storage', readBundle('storage') as OpenApiDocument]]);
    const prism = createPrismAdapter(documents, {}, async () => void turns++);
    const answer = await prism.answer(
      'storage',
      'GET',
      '/storagezone',
      { method: 'GET', path: '/storagezone', query: {}, headers: { accesskey: 'k' }, body: undefined },
      { code: 401 },
    );
    expect(answer.status).toBe(401);
    const packages = await entriesInLoadOrder(import.meta.filename, '@stoplight/prism-http', DEFERRED, async () => {});
    expect(packages.length).toBeGreaterThan(50);
    expect(turns).toBeGreaterThanOrEqual(2 * packages.length + 1);
  });

  it('preload starts in the next turn: what waits already is answered before Prism loads its first piece', async () => {
    const events: string[] = [];
    const listen = (message: unknown) => void events.push((message as PrismEvent).event);
    diagnostics.subscribe(PRISM_CHANNEL, listen);
    try {
      const turns: (() => void)[] = [];
      let secondTurn!: () => void;
      const secondAsked = new Promise<void>((resolve) => (secondTurn = resolve));
      const prism = createPrismAdapter(new Map(), {}, () => {
        if (turns.length === 1) secondTurn();
        return new Promise<void>((resolve) => turns.push(resolve));
      });
      prism.preload();
      expect(turns).toHaveLength(1);
      expect(events).toEqual([]);
      turns[0]!();
      await secondAsked;
      expect(events).toEqual(['loading']);
    } finally {
      diagnostics.unsubscribe(PRISM_CHANNEL, listen);
    }
  });

  it('a module Prism loads only for what the mock never asks (Postman collections) still works through its stand-in', async () => {
    const prism = createPrismAdapter(new Map(), {});
    await prism.preferences({ method: 'GET', path: '/', query: {}, headers: {}, body: undefined }); // loads Prism, stand-ins first
    const fromPrism = createRequire(createRequire(import.meta.url).resolve('@stoplight/prism-http'));
    const { transformPostmanCollectionOperations } = fromPrism('@stoplight/http-spec') as {
      transformPostmanCollectionOperations(collection: unknown): { method: string; path: string }[];
    };
    const collection = {
      info: { name: 'shop', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      item: [{ name: 'list', request: { method: 'GET', url: 'https://example.com/items' } }],
    };
    expect(transformPostmanCollectionOperations(collection).map((operation) => `${operation.method} ${operation.path}`)).toEqual(['get /items']);
  });
});
