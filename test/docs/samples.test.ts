// The reference site's code samples cannot rot: every operation has a TypeScript sample that
// type-checks against the generated types, and a curl and a fetch sample that run against the
// mock as printed (only the mock's address and a database token come from outside); the
// TypeScript samples run against it too.
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_DIR, OPENAPI_DIR, ROOT } from '../../scripts/lib/paths.ts';
import { useHttpMock } from '../support/mock.ts';
import { type Json, listAreas, operationsOf } from '../support/openapi.ts';

const TSC = path.join(ROOT, 'node_modules/.bin/tsc');
const typecheck = (project: string) => spawnSync(TSC, ['-p', project, '--noEmit'], { cwd: ROOT, encoding: 'utf8' });

describe('TypeScript samples', () => {
  const scratch = path.join(ROOT, 'test', '.samples-scratch');
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const WRONG = path.join('video', 'samples', 'wrong.ts');

  // One tsc run (over every sample it takes long on a busy machine): the samples with the samples'
  // options, and beside them a sample that calls the client wrongly, which must be the only one to fail.
  let checked: { status: number | null; lines: string[] } | undefined;
  function checkSamples() {
    if (checked) return checked;
    mkdirSync(path.join(scratch, 'video', 'samples'), { recursive: true });
    writeFileSync(
      path.join(scratch, WRONG),
      readFileSync(path.join(OPENAPI_DIR, 'video', 'samples', 'createVideo.ts'), 'utf8').replace("title: 'Product launch keynote'", 'title: 42'),
    );
    const samples = path.relative(scratch, path.join(OPENAPI_DIR, '*/samples/*.ts'));
    writeFileSync(
      path.join(scratch, 'tsconfig.json'),
      JSON.stringify({ extends: '../../openapi/tsconfig.samples.json', include: [samples, '*/samples/*.ts'] }),
    );
    const result = typecheck(path.join(scratch, 'tsconfig.json'));
    // A diagnostic starts a line (its file first, or `error` for one of no file); its further lines are indented.
    checked = { status: result.status, lines: `${result.stdout}${result.stderr}`.split('\n').filter((line) => line.trim() && !/^\s/.test(line)) };
    return checked;
  }

  it('type-check against the generated types', { timeout: 120_000 }, () => {
    const { lines } = checkSamples();
    expect(lines.filter((line) => !line.startsWith(path.join('test', '.samples-scratch', WRONG)))).toEqual([]);
  });

  it('would catch a sample that calls the client wrongly', { timeout: 120_000 }, () => {
    const { status, lines } = checkSamples();
    expect(status).not.toBe(0);
    expect(lines.join('\n')).toMatch(/wrong\.ts.*Type 'number' is not assignable to type 'string'/);
  });
});

const mock = useHttpMock();
const scratchRoot = path.join(ROOT, 'test', '.samples-run');
afterAll(() => rmSync(scratchRoot, { recursive: true, force: true }));

interface SampleRun {
  output: string;
  failure?: string;
}
/** Runs sample files in one process (test/support/run-samples.ts); each one's output and failure, by file name. */
async function runSamples(files: string[], env: NodeJS.ProcessEnv): Promise<Map<string, SampleRun>> {
  const { stdout } = await run(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'test/support/run-samples.ts'), ...files], {
    env,
    cwd: ROOT,
    timeout: 120_000,
  });
  const runs = new Map<string, SampleRun>();
  for (const chunk of stdout.split('\n@@sample ').slice(1)) {
    const [file, ...rest] = chunk.split('\n');
    const body = rest.join('\n');
    const failed = /\n@@failed (.*)\n?$/.exec(body);
    runs.set(path.basename(file!), {
      output: body.replace(/\n@@(ok|failed.*)\n?$/, '').trim(),
      failure: failed ? failed[1] : body.includes('\n@@ok') ? undefined : 'did not finish',
    });
  }
  return runs;
}
// The fetch samples get a mock of their own: the curl samples have deleted the example collection by then.
const fetchMock = useHttpMock();
const run = promisify(execFile);

describe.each(listAreas())('curl and fetch samples of the %s area', (area) => {
  const document: Json = JSON.parse(readFileSync(path.join(DOCS_DIR, 'openapi', `${area}.json`), 'utf8'));
  // Each operation of the contract's model, with its samples as the site shows them.
  const operations = operationsOf(area).map(({ path: urlPath, method, parameters }) => ({ operation: document.paths[urlPath][method] as Json, parameters }));
  // Only what a sample needs from outside: where the mock is, and a database token. The access key is the sample's own.
  const env = (target = mock) => {
    const { ACCESS_KEY: _ownKey, ...rest } = process.env;
    return { ...rest, BASE_URL: target.url, PLATFORM_DATABASE_AUTH_TOKEN: target.database.fullAccessToken };
  };
  const sample = (operation: Json, label: string) => operation['x-codeSamples'].find((s: Json) => s.label === label)?.source as string;

  it.each(operations.map((op) => [op.operation.operationId, op] as const))(
    '%s: its curl sample is complete and answers 2xx',
    async (_id, { operation, parameters }) => {
      expect(operation['x-codeSamples'].map((s: Json) => s.label)).toEqual(['@platform-contracts/client', 'curl', 'fetch']);
      const curl = sample(operation, 'curl');
      for (const parameter of parameters.filter(
        (p) => p.in === 'query' && (p.example ?? (p.schema as Json).default ?? (p.schema as Json).example) !== undefined,
      )) {
        expect(curl, `query parameter ${parameter.name}`).toMatch(new RegExp(`[?&]${parameter.name}=`));
      }
      expect(curl).not.toContain('127.0.0.1:4010/'); // the address is a variable the reader can change
      // Asynchronously: the mock runs in this process and must keep answering.
      const result = await run('bash', ['--norc', '--noprofile', '-c', `set -u\n${curl} -s -o /dev/null -w '%{http_code}'`], { env: env(), timeout: 20_000 });
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(/^2\d\d$/);
    },
  );

  let fetchRuns: Map<string, SampleRun>;
  beforeAll(async () => {
    const dir = path.join(scratchRoot, 'fetch', area);
    mkdirSync(dir, { recursive: true });
    const files = operations.map(({ operation }) => {
      const file = path.join(dir, `${operation.operationId}.mjs`);
      writeFileSync(file, sample(operation, 'fetch'));
      return file;
    });
    fetchRuns = await runSamples(files, env(fetchMock));
  });

  it.each(operations.map((op) => [op.operation.operationId, op] as const))('%s: its fetch sample runs against the mock', (_id, { operation }) => {
    const result = fetchRuns.get(`${operation.operationId}.mjs`);
    expect(result?.failure).toBeUndefined();
    expect(result?.output.length).toBeGreaterThan(0);
  });
});

// The TypeScript samples as printed, on a mock of their own; the ones that remove state last.
const tsMock = useHttpMock();
const LAST = ['deleteCollection', 'invalidateDatabaseTokens'];
const tsSamples = listAreas()
  .flatMap((area) => readdirSync(path.join(OPENAPI_DIR, area, 'samples')).map((file) => ({ area, operationId: file.replace(/\.ts$/, '') })))
  .sort((a, b) => LAST.indexOf(a.operationId) - LAST.indexOf(b.operationId));

describe('TypeScript samples, run', () => {
  let runs: Map<string, SampleRun>;
  beforeAll(async () => {
    const { ACCESS_KEY: _ownKey, ...rest } = process.env;
    const env = {
      ...rest,
      BASE_URL: tsMock.url,
      PLATFORM_DATABASE_URL: tsMock.url,
      PLATFORM_ACCESS_KEY: 'sample-key',
      PLATFORM_DATABASE_AUTH_TOKEN: tsMock.database.fullAccessToken,
    };
    runs = await runSamples(
      tsSamples.map(({ area, operationId }) => path.join(OPENAPI_DIR, area, 'samples', `${operationId}.ts`)),
      env,
    );
  });

  it.each(tsSamples.map((s) => [s.operationId, s] as const))('%s runs against the mock', (_id, { operationId }) => {
    const result = runs.get(`${operationId}.ts`);
    expect(result?.failure).toBeUndefined();
    expect(result?.output.length).toBeGreaterThan(0);
  });
});

describe('a curl sample without a database token', () => {
  it('stops with a message saying where to get one, before calling anything', async () => {
    const document: Json = JSON.parse(readFileSync(path.join(DOCS_DIR, 'openapi', 'database.json'), 'utf8'));
    const curl = document.paths['/v2/pipeline'].post['x-codeSamples'].find((s: Json) => s.label === 'curl').source;
    const { PLATFORM_DATABASE_AUTH_TOKEN: _token, ...rest } = process.env;
    const failure = await run('bash', ['--norc', '--noprofile', '-c', curl], { env: { ...rest, BASE_URL: 'http://127.0.0.1:9' } }).catch((error) => error);
    expect(failure.code).not.toBe(0);
    expect(failure.stderr).toMatch(/PLATFORM_DATABASE_AUTH_TOKEN: set it to a database access token/);
  });
});
