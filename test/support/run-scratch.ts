// vitest's globalSetup: a scratch folder for the whole run, shared by the files of both workers
// (`inject('runScratch')`), removed when the run ends. What two files would each do alike, such as
// packing the packages (test/support/packed-project.ts), is done there once per run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    runScratch: string;
  }
}

export default function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitest-run-'));
  project.provide('runScratch', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
