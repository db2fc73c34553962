// The reference site's code samples cannot rot: every operation has a TypeScript sample that
// type-checks against the generated types, and every curl sample answers 2xx from the mock.
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DOCS_DIR, OPENAPI_DIR, ROOT } from '../../scripts/lib/paths.ts';
import { useMock } from '../support/mock.ts';
import { HTTP_METHODS, listAreas, type Json } from '../support/openapi.ts';

const TSC = path.join(ROOT, 'node_modules/.bin/tsc');
const typecheck = (project: string) => spawnSync(TSC, ['-p', project, '--noEmit'], { cwd: ROOT, encoding: 'utf8' });

describe('TypeScript samples', () => {
  const scratch = path.join(ROOT, 'test', '.samples-scratch');
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  // A whole tsc run: over the default test timeout on a busy two-core machine.
  it('type-check against the generated types', { timeout: 120_000 }, () => {
    const result = typecheck(path.join(OPENAPI_DIR, 'tsconfig.samples.json'));
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('would catch a sample that calls the client wrongly', () => {
    mkdirSync(path.join(scratch, 'video', 'samples'), { recursive: true });
    writeFileSync(
      path.join(scratch, 'video', 'samples', 'wrong.ts'),
      readFileSync(path.join(OPENAPI_DIR, 'video', 'samples', 'createVideo.ts'), 'utf8').replace("title: 'Product launch keynote'", 'title: 42'),
    );
    writeFileSync(path.join(scratch, 'tsconfig.json'), JSON.stringify({ extends: '../../openapi/tsconfig.samples.json', include: ['*/samples/*.ts'] }));
    const result = typecheck(path.join(scratch, 'tsconfig.json'));
    expect(result.status).not.toBe(0);
    expect(result.stdout).toMatch(/wrong\.ts.*Type 'number' is not assignable to type 'string'/);
  });
});

const mock = useMock();
const areasWithCurl = listAreas();

describe.each(areasWithCurl)('curl samples of the %s area', (area) => {
  const document: Json = JSON.parse(readFileSync(path.join(DOCS_DIR, 'openapi', `${area}.json`), 'utf8'));
  const operations = Object.values(document.paths as Record<string, Json>).flatMap((item) => HTTP_METHODS.filter((m) => item[m]).map((m) => item[m]));

  it.each(operations.map((op) => [op.operationId, op] as const))('%s has both samples and its curl answers 2xx', async (_id, operation) => {
    const labels = operation['x-codeSamples'].map((s: Json) => s.label);
    expect(labels).toEqual(['@platform/client', 'curl']);
    const curl = operation['x-codeSamples'][1].source as string;
    // Asynchronously: the mock runs in this process and must keep answering. Each sample has an
    // access key, so a state, of its own: one sample's writes (a deleted collection) change no other's answer.
    const result = await promisify(execFile)('bash', ['-c', `${curl} -s -o /dev/null -w '%{http_code}'`], {
      env: { ...process.env, BASE_URL: mock.url, ACCESS_KEY: `sample-key-${operation.operationId}`, TOKEN: mock.database.fullAccessToken },
      timeout: 20_000,
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^2\d\d$/);
  });
});
