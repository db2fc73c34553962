// What importing the mock and createMock() evaluate, counted as a suite pays it: under vitest's
// isolation every test file of a suite imports the mock afresh, so a module it loads without need
// costs each file. The built package runs in a Node process of its own, as a user's test file
// imports it, with a loader hook that notes every module loaded; a mock answers requests of
// several areas, and the modules it loaded are read. Each part loaded only on need is a row, with
// the setup that needs it: the same check on that setup finds the part (the check can fail).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../scripts/lib/paths.ts';

const DIST = path.join(ROOT, 'packages/mock/dist');
/** The mock each process makes: some areas, none of them the database. */
const MOCK = { areas: ['video', 'shield', 'dns'] };

/** A loader hook that appends each module's URL to the file LOADED_LOG names, before it is evaluated. */
const HOOKS = `data:text/javascript,${encodeURIComponent(
  "import { appendFileSync } from 'node:fs'; export async function load(url, context, next) { appendFileSync(process.env.LOADED_LOG, url + '\\n'); return next(url, context); }",
)}`;
const REGISTER = `data:text/javascript,${encodeURIComponent(`import { register } from 'node:module'; register(${JSON.stringify(HOOKS)});`)}`;

/** Parts of the mock loaded only on need: the module that marks the part, and the options that need it. */
const ON_NEED = [
  // A proxy whose areas the mock answers all (so that nothing is forwarded): its modules are loaded all the same.
  { part: "the validation proxy's modules", module: 'proxy/index.js', neededBy: { proxy: { to: 'http://127.0.0.1:9', mockOnly: MOCK.areas } } },
] as const;

/** The mock's own modules (paths under dist/) that a fresh process loads for createMock(options) and answers of several areas. */
function loadedBy(options: object): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'modules-loaded-'));
  const log = path.join(dir, 'loaded.txt');
  try {
    const script = `
      const { createMock } = await import(${JSON.stringify(path.join(DIST, 'index.js'))});
      const mock = await createMock({ ...${JSON.stringify(MOCK)}, ...${JSON.stringify(options)} });
      const headers = { AccessKey: 'modules', 'content-type': 'application/json' };
      for (const [method, route, body] of [['GET', '/shield/shield-zones'], ['POST', '/library/42/collections', '{"name":"Talks"}'], ['GET', '/dnszone/12345']]) {
        const response = await mock.fetch(mock.url + route, { method, headers, body });
        if (response.status >= 500) throw new Error(method + ' ' + route + ' answered ' + response.status);
        await response.arrayBuffer();
      }
      mock.reset('modules');
      await mock.close();`;
    execFileSync(process.execPath, ['--import', REGISTER, '--input-type=module', '-e', script], { env: { ...process.env, LOADED_LOG: log }, encoding: 'utf8' });
    const prefix = `file://${DIST}/`;
    return readFileSync(log, 'utf8')
      .split('\n')
      .filter((url) => url.startsWith(prefix))
      .map((url) => url.slice(prefix.length));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('modules the mock loads only on need', () => {
  const plain = loadedBy({});

  it('a mock loads its own modules through the hook (the list is not empty)', () => {
    expect(plain).toContain('mock/mock.js');
    expect(plain).toContain('engine/engine.js');
  });

  it.each(ON_NEED)('$part: not loaded by importing the mock, createMock() and answers', ({ module }) => {
    expect(plain).not.toContain(module);
  });

  it.each(ON_NEED)('$part: loaded by createMock($neededBy) (so the check above can fail)', ({ module, neededBy }) => {
    expect(loadedBy(neededBy)).toContain(module);
  });
});
