// `platform-mock --coverage FILE` (for suites in any language): when the mock stops, the file holds
// what every access key reached of the contracts, the JSON GET /_mock/coverage answers; a file it
// could not write is refused at start. `--max-journal-entries` bounds each key's journal.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOCK_CLI, serveMockCli } from '../../support/mock-cli.ts';

// The built package's bin (packages/mock/dist, made by `pnpm build`), as `npx platform-mock` runs it.
const scratch = mkdtempSync(path.join(tmpdir(), 'cli-coverage-'));

/** The CLI until it prints Ready; stop() sends SIGINT and resolves with how it ended. */
const serve = (args: string[]) => serveMockCli(['--port', '0', '--quiet', ...args], 'SIGINT');

const createVideo = (url: string, accessKey: string, title: unknown) =>
  fetch(`${url}/library/42/videos`, { method: 'POST', headers: { AccessKey: accessKey, 'content-type': 'application/json' }, body: JSON.stringify({ title }) });

describe('platform-mock --coverage FILE', () => {
  it('writes, when the mock stops, what every access key reached: the JSON GET /_mock/coverage answers', async () => {
    const file = path.join(scratch, 'coverage.json');
    const mock = serve(['--area', 'video', '--area', 'shield', '--coverage', file]);
    const url = await mock.url;
    expect((await createVideo(url, 'first-key', 'Keynote')).status).toBe(200);
    expect((await createVideo(url, 'second-key', 'Keynote')).status).toBe(200);
    expect((await createVideo(url, 'second-key', 5)).status).toBe(400);
    expect((await fetch(`${url}/shield/shield-zones?perPage=10`, { headers: { AccessKey: 'first-key' } })).status).toBe(200);
    const live = await (await fetch(`${url}/_mock/coverage`)).json();
    const { code, output } = await mock.stop();
    expect(code).toBe(0);
    expect(output).toContain(`Contract coverage written to ${file}`);
    const written = JSON.parse(readFileSync(file, 'utf8'));
    expect({ ...written, generatedAt: undefined }).toEqual({ ...live, generatedAt: undefined });
    expect(written.operations.find((o: { operationId: string }) => o.operationId === 'createVideo')).toMatchObject({
      calls: 3,
      statuses: expect.arrayContaining([
        { status: '200', count: 2 },
        { status: '400', count: 1 },
      ]),
    });
    expect(written.operations.find((o: { operationId: string }) => o.operationId === 'listShieldZones').parameters).toContainEqual({
      name: 'perPage',
      in: 'query',
      required: false,
      sent: 1,
    });
    expect(new Set(written.operations.map((o: { area: string }) => o.area))).toEqual(new Set(['video', 'shield']));
    expect(written.totals.operations.covered).toBe(2);
  }, 60_000);

  it.each([
    [
      'a folder that does not exist',
      path.join(scratch, 'missing/coverage.json'),
      /^error: --coverage .*missing\/coverage\.json: the folder .*missing does not exist/,
    ],
    ['a folder', scratch, /^error: --coverage .*: it is a folder; name a file/],
  ])('refuses %s at start, exit 2', (_name, file, message) => {
    const result = spawnSync(process.execPath, [MOCK_CLI, '--port', '0', '--coverage', file], { encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toMatch(message);
  });
});

describe('platform-mock --max-journal-entries N', () => {
  it('keeps the last N requests of each key', async () => {
    const mock = serve(['--area', 'video', '--max-journal-entries', '2']);
    const url = await mock.url;
    for (const title of ['one', 'two', 'three']) await createVideo(url, 'capped', title);
    const page = await (await fetch(`${url}/_mock/requests?namespace=capped`)).json();
    await mock.stop();
    expect(page.requests.map((entry: { body: { title: string } }) => entry.body.title)).toEqual(['two', 'three']);
    expect(page).toMatchObject({ recorded: 3, dropped: 1 });
  }, 60_000);

  it('refuses 0 with a clear error, exit 2', () => {
    const result = spawnSync(process.execPath, [MOCK_CLI, '--max-journal-entries', '0'], { encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^error: --max-journal-entries must be a whole number from 1 to 1000000, got "0"/);
  });
});
