// SQLite's module is compiled with V8's dynamic tiering off, for its compile only (sqlite-module.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSqlite } from '../../../../../../packages/mock/src/areas/database/sql/wasm/load-sqlite.ts';
import { compiledSqlite, compileTieringEagerly } from '../../../../../../packages/mock/src/areas/database/sql/wasm/sqlite-module.ts';

/** The smallest valid WebAssembly module: magic and version. */
const EMPTY_MODULE = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

describe("SQLite's module compile", () => {
  afterEach(() => vi.restoreAllMocks());

  /** What happened, in order: each flag set, and the compile's start. */
  function recorded() {
    const steps: string[] = [];
    const compile = WebAssembly.compile.bind(WebAssembly);
    vi.spyOn(WebAssembly, 'compile').mockImplementation((bytes) => {
      steps.push('compile');
      return compile(bytes);
    });
    return { steps, setFlags: (flags: string) => steps.push(flags) };
  }

  it.each([
    { case: 'a module', bytes: EMPTY_MODULE, fails: false },
    { case: 'bytes that are no module', bytes: new Uint8Array([1, 2, 3]), fails: true },
  ])('turns dynamic tiering off for the compile and back on after it: $case', async ({ bytes, fails }) => {
    const { steps, setFlags } = recorded();
    const compiled = compileTieringEagerly(bytes, setFlags);
    if (fails) await expect(compiled).rejects.toThrow(WebAssembly.CompileError);
    else expect(await compiled).toBeInstanceOf(WebAssembly.Module);
    expect(steps).toEqual(['--no-wasm-dynamic-tiering', 'compile', '--wasm-dynamic-tiering']);
  });

  it('restores the flag only once the compile has finished (V8 reads it when the compile job starts)', async () => {
    const { steps, setFlags } = recorded();
    const compiled = compileTieringEagerly(EMPTY_MODULE, setFlags);
    expect(steps).toEqual(['--no-wasm-dynamic-tiering', 'compile']);
    await compiled;
    expect(steps.at(-1)).toBe('--wasm-dynamic-tiering');
  });
});

describe("SQLite's load in an engine thread", () => {
  afterEach(() => vi.restoreAllMocks());

  // The module that is not SQLite's is loaded last: a failed load leaves libSQL's loader unusable in
  // its thread (the engine ends such a thread), and this file runs with modules of its own (vitest.config.ts).
  it("loads SQLite's module, then fails on a module that is not SQLite's with the loader's error, and prints nothing (the engine reports the failure)", async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect((await loadSqlite(await compiledSqlite())).version).toMatch(/^3\./);
    expect(printed).not.toHaveBeenCalled();
    await expect(loadSqlite(await WebAssembly.compile(EMPTY_MODULE))).rejects.toThrow(/is not a function/);
    expect(printed).not.toHaveBeenCalled();
    // The console is left as it was.
    console.error('after the load: printed as before');
    expect(printed).toHaveBeenCalledTimes(1);
  });
});
