// The engine's thread scripts bundled from the sources (the repository's tests): a bundle is named
// by its content, so a process never runs a bundle of other sources (worker-script.ts).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundledScript } from '../../../../../../packages/mock/src/areas/database/sql/threads/worker-script.ts';

describe('bundled engine scripts', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  function sources(): { entry: string; cache: string } {
    const folder = mkdtempSync(path.join(tmpdir(), 'worker-script-'));
    folders.push(folder);
    return { entry: path.join(folder, 'entry.ts'), cache: path.join(folder, 'cache') };
  }

  it('bundles changed sources into a new file, never the bundle of the sources before', async () => {
    const { entry, cache } = sources();
    writeFileSync(entry, "console.log('first version');\n");
    const first = await bundledScript(entry, cache);
    writeFileSync(entry, "console.log('second version');\n");
    const second = await bundledScript(entry, cache);
    expect(second).not.toBe(first);
    expect(readFileSync(first, 'utf8')).toContain('first version');
    expect(readFileSync(second, 'utf8')).toContain('second version');
  });

  it('takes the bundle already there for the same sources, and leaves no partial file', async () => {
    const { entry, cache } = sources();
    writeFileSync(entry, "console.log('same');\n");
    const bundles = await Promise.all([bundledScript(entry, cache), bundledScript(entry, cache), bundledScript(entry, cache)]);
    expect(new Set(bundles).size).toBe(1);
    expect(readdirSync(cache)).toEqual([path.basename(bundles[0]!)]);
  });
});
