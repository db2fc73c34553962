// What a mock loads only when a request needs it (a per-file mock pays its import in every test
// file of a suite under vitest's isolation): ajv's compiler (only a validator the build did not
// precompile needs it) and yaml (only the proxy's recordings). The built package is imported in
// a Node process of its own, as a user's test file imports it, and asked for answers of every
// area; then the modules it loaded are listed. A module that is loaded when needed shows in the
// same list (the refused case): the check can fail.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../scripts/lib/paths.ts';

/** Modules the mock loads only on need, each with what loads it. */
const ON_NEED = [
  { module: 'ajv/dist/core.js', loadedBy: "compiling a validator at run time (validation.ts's ajvModule)", load: 'validation.ajvModule()' },
  { module: 'yaml/dist/index.js', loadedBy: "the proxy's recorder writing an example", load: "createRequire(validationUrl)('yaml')" },
] as const;

const DIST = path.join(ROOT, 'packages/mock/dist');

type Loaded = Record<string, boolean>;

/** A fresh Node on the built mock: a mock of every area answers requests of several areas (`untouched`: the modules of ON_NEED loaded then), then each module's `load` runs (`needed`). */
function loadedModules(): { untouched: Loaded; needed: Loaded } {
  const script = `
    import { createRequire } from 'node:module';
    const require = createRequire(import.meta.url);
    const { createMock } = await import(${JSON.stringify(path.join(DIST, 'index.js'))});
    const validationUrl = ${JSON.stringify(path.join(DIST, 'engine/validation.js'))};
    const validation = await import(validationUrl);
    const mock = await createMock();
    const headers = { AccessKey: 'lazy', 'content-type': 'application/json' };
    const sent = [
      ['GET', '/shield/shield-zones'], ['POST', '/library/42/videos', '{"title":"Keynote"}'], 
      ['GET', '/storagezone'], ['GET', '/library/42/collections'], ['POST', '/_mock/reset?namespace=lazy'],
    ];
    for (const [method, route, body] of sent) {
      const response = await mock.fetch(mock.url + route, { method, headers, body });
      if (response.status >= 500) throw new Error(method + ' ' + route + ' answered ' + response.status);
      await response.arrayBuffer();
    }
    const loaded = () => Object.fromEntries(${JSON.stringify(ON_NEED.map((m) => m.module))}.map((m) => [m, Object.keys(require.cache).some((file) => file.endsWith('/' + m))]));
    const untouched = loaded();
    ${ON_NEED.map((m) => m.load).join(';\n    ')};
    await mock.close();
    console.log(JSON.stringify({ untouched, needed: loaded() }));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: DIST, encoding: 'utf8' });
  return JSON.parse(output.trim().split('\n').at(-1)!) as { untouched: Loaded; needed: Loaded };
}

describe('modules a mock loads only on need', () => {
  const { untouched, needed } = loadedModules();
  it.each(ON_NEED)('$module is not loaded by importing the mock, createMock() and its answers (it is for $loadedBy)', ({ module }) => {
    expect(untouched[module]).toBe(false);
  });

  it.each(ON_NEED)('$module is loaded by $loadedBy (so the check above can fail)', ({ module }) => {
    expect(needed[module]).toBe(true);
  });
});
