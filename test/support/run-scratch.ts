// vitest's globalSetup: a scratch folder for the whole run, shared by the files of both workers
// (`inject('runScratch')`), removed when the run ends. What two files would each do alike, such as
// packing the packages (test/support/packed-project.ts) or launching Chromium
// (test/support/shared-chromium.ts), is done there once per run; the run's Chromium is stopped here.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { stopSharedChromium } from './shared-chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    runScratch: string;
    /** The vitest process: what the run shares outlives no run. */
    runPid: number;
  }
}

export default function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitest-run-'));
  project.provide('runScratch', dir);
  project.provide('runPid', process.pid);
  return () => {
    stopSharedChromium(dir);
    rmSync(dir, { recursive: true, force: true });
  };
}
