// `platform-mock --proxy` as the platform team runs it in CI: the proxy options refused with one
// clear line and exit 2 (one table, accepted and refused cases), and a whole run against a staging
// mock: the request log with violations, the summary and the drift report at stop, `--fail-on-drift`
// exiting 3 on drift and 0 without, and `--record` writing candidate examples with no secret in them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AREAS, operationsOf } from '@platform-contracts/contracts';
import { type RunningMock, startMock } from '@platform-contracts/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../../../scripts/lib/paths.ts';
import { MOCK_CLI, serveMockCli } from '../../support/mock-cli.ts';
import { validateAnswer } from '../../support/openapi.ts';

const runCli = (args: string[]) => spawnSync(process.execPath, [MOCK_CLI, ...args], { encoding: 'utf8', timeout: 30_000 });
const SECRET_KEY = 'ci-access-key-9d2e1b';
const ZONE_PASSWORD = 'zone-password-5521';
/** How many operations the contracts have, in every area or in the ones named. */
const count = (areas: readonly string[] = AREAS) => areas.reduce((sum, area) => sum + operationsOf(area as never).length, 0);
const ALL = count();

let staging: RunningMock;
beforeAll(async () => {
  staging = await startMock({ port: 0 });
});
afterAll(async () => {
  await staging?.close();
});

/** Every proxy option, refused (exit 2 and the message) or accepted (the line the mock prints about its upstreams). */
const OPTIONS: [string, () => string[], { refused: RegExp } | { accepted: RegExp }][] = [
  [
    'one URL for every group',
    () => ['--proxy', staging.url],
    {
      accepted: new RegExp(
        `Validation proxy: api -> http://127\\.0\\.0\\.1:\\d+, database -> http://127\\.0\\.0\\.1:\\d+, video -> http://127\\.0\\.0\\.1:\\d+; ${ALL} operations forwarded, 0 operations answered by the mock`,
      ),
    },
  ],
  [
    'a group given the value of its server variable',
    () => ['--proxy', 'database=my-db.staging.example', '--area', 'database'],
    { accepted: new RegExp(`Validation proxy: database -> https://my-db\\.staging\\.example; ${count(['database'])} operations forwarded, 0 operations`) },
  ],
  [
    'several names after one --proxy-only',
    () => ['--proxy', staging.url, '--proxy-only', 'listStorageZones', 'listShieldZones', '--quiet'],
    { accepted: new RegExp(`; 2 operations forwarded, ${ALL - 2} operations answered by the mock`) },
  ],
  [
    'an area and commas in --mock-only',
    () => ['--proxy', staging.url, '--mock-only', 'video,database'],
    { accepted: new RegExp(`; ${ALL - count(['video', 'database'])} operations forwarded, ${count(['video', 'database'])} operations answered by the mock`) },
  ],
  ['a scheme other than http(s)', () => ['--proxy', 'ftp://staging.example'], { refused: /forwards to http:\/\/ or https:\/\/ URLs, not ftp:\/\// }],
  ['credentials in the URL', () => ['--proxy', 'https://ci:hunter2@staging.example'], { refused: /a URL with credentials would show them in reports/ }],
  ['a query in the base URL', () => ['--proxy', 'https://staging.example/?key=1'], { refused: /a base URL has no query or fragment/ }],
  [
    'a group the contracts do not name',
    () => ['--proxy', 'weather=https://staging.example'],
    { refused: /no served area lives on \{weather\.\.\.\}; the groups are api, database, video \(from the contracts' servers\)/ },
  ],
  [
    'a group no served area is in',
    () => ['--proxy', 'api=https://staging.example', '--area', 'video'],
    { refused: /no served area lives on \{api\.\.\.\}; the groups are video/ },
  ],
  [
    'an unknown operation',
    () => ['--proxy', 'https://staging.example', '--proxy-only', 'listStorageZone'],
    { refused: /--proxy-only listStorageZone: no served operation or area has that name \(did you mean listStorageZones\?\)/ },
  ],
  [
    '--proxy-only without a name',
    () => ['--proxy', 'https://staging.example', '--proxy-only'],
    { refused: /--proxy-only needs one or more operationIds or areas/ },
  ],
  [
    '--proxy-only with --mock-only',
    () => ['--proxy', 'https://staging.example', '--proxy-only', 'listStorageZones', '--mock-only', 'video'],
    { refused: /--proxy-only and --mock-only exclude each other/ },
  ],
  ['a proxy flag without --proxy', () => ['--fail-on-drift'], { refused: /--fail-on-drift goes with --proxy URL/ }],
  ['a timeout of 0', () => ['--proxy', 'https://staging.example', '--proxy-timeout-ms', '0'], { refused: /--proxy-timeout-ms must be a whole number from 1/ }],
  [
    'a drift report where nothing can be written',
    () => ['--proxy', 'https://staging.example', '--drift-report', '/nonexistent/folder/drift.json'],
    { refused: /--drift-report \(proxy.driftReport\): cannot write into \/nonexistent\/folder \(ENOENT\)/ },
  ],
];

describe('the proxy options', () => {
  it.each(OPTIONS)('%s', async (_name, args, expected) => {
    if ('refused' in expected) {
      const result = runCli(['--port', '0', ...args()]);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(new RegExp(`^error: .*${expected.refused.source}`));
      expect(result.stderr).not.toMatch(/\n\s+at |hunter2/);
      return;
    }
    const run = serve(['--port', '0', ...args()]);
    try {
      expect(await run.ready).toMatch(expected.accepted);
    } finally {
      expect(await run.stop()).toMatchObject({ code: 0 });
    }
  });
});

const serve = (args: string[]) => serveMockCli(args);

describe('a CI run through the proxy', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'proxy-ci-'));
  const report = path.join(folder, 'drift.json');
  const recorded = path.join(folder, 'recorded');

  it('logs, summarises, writes the report and the recordings, and exits 3 with --fail-on-drift when the traffic drifted', async () => {
    staging.fault({
      operationId: 'listStorageZones',
      status: 200,
      body: [{ Id: 4100, ZoneTier: 9, Password: ZONE_PASSWORD }],
      count: 1,
      namespace: SECRET_KEY,
    });
    const run = serve(['--port', '0', '--proxy', staging.url, '--mock-only', 'database', '--drift-report', report, '--record', recorded, '--fail-on-drift']);
    const headers = { AccessKey: SECRET_KEY };
    // The calls' statuses, or the failure: the proxy is stopped in every case.
    const statuses = await run.url
      .then(async (url) => [
        (await fetch(`${url}/storagezone`, { headers })).status,
        (await fetch(`${url}/shield/shield-zones`, { headers })).status,
        (await fetch(`${url}/library/42/videos`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{"title":"Recorded"}' }))
          .status,
      ])
      .catch((error: unknown) => String(error));
    const { code, stdout, stderr } = await run.stop();
    expect(statuses).toEqual([200, 200, 200]);

    expect(code).toBe(3);
    expect(stderr).toMatch(/^error: the proxied traffic contradicted the contract \(--fail-on-drift\)/m);
    expect(stdout).toMatch(
      /^GET \/storagezone -> 200 listStorageZones [\d.]+ ms {2}\(response\.body\.0\.ZoneTier: must be equal to one of the allowed values: 0, 1\)$/m,
    );
    expect(stdout).toContain('# Contract drift report');
    expect(stdout).toMatch(
      /- `components\/schemas\/ZoneTier\/enum` ×1 \(answer\): must be equal to one of the allowed values: 0, 1 — x-assumed at `components\/schemas\/ZoneTier`/,
    );
    expect(stdout).toContain(`Drift report written to ${report} and ${report.replace(/\.json$/, '.md')}`);

    const written = JSON.parse(readFileSync(report, 'utf8'));
    expect(written).toMatchObject({ version: 1, drift: true, totals: { calls: 3, callsWithViolations: 1 } });
    expect(readFileSync(report.replace(/\.json$/, '.md'), 'utf8')).toContain('## listStorageZones (storage, GET /storagezone)');

    const files = listFiles(recorded);
    expect(files.sort()).toEqual([
      'README.md',
      'shield/components/examples/ListShieldZones200Observed.yaml',
      'storage/components/examples/ListStorageZones200Observed.yaml',
      'video/components/examples/CreateVideo200Observed.yaml',
    ]);
    for (const text of [stdout, stderr, readFileSync(report, 'utf8'), ...files.map((file) => readFileSync(path.join(recorded, file), 'utf8'))]) {
      expect(text).not.toContain(SECRET_KEY);
      expect(text).not.toContain(ZONE_PASSWORD);
    }
  });

  it('records candidate examples a person can move in: Example Objects, the conforming ones valid against their answer, placed by the README', () => {
    const drifted = parse(readFileSync(path.join(recorded, 'storage/components/examples/ListStorageZones200Observed.yaml'), 'utf8'));
    expect(drifted).toEqual({
      summary: 'listStorageZones answered 200 (observed)',
      description: expect.stringContaining('It breaks the contract at: components/schemas/ZoneTier/enum'),
      value: [{ Id: 4100, ZoneTier: 9, Password: '[redacted]' }],
    });
    const video = parse(readFileSync(path.join(recorded, 'video/components/examples/CreateVideo200Observed.yaml'), 'utf8'));
    expect(video.description).toContain('It conforms to the contract.');
    expect(video.value.title).toBe('Recorded');
    expect(validateAnswer('video', 'createVideo', 200, video.value)).toEqual([]);
    const readme = readFileSync(path.join(recorded, 'README.md'), 'utf8');
    for (const [file, pathFile] of [
      ['video/components/examples/CreateVideo200Observed.yaml', 'openapi/video/paths/library_{libraryId}_videos.yaml'],
      ['storage/components/examples/ListStorageZones200Observed.yaml', 'openapi/storage/paths/storagezone.yaml'],
    ]) {
      expect(readme).toContain(`| \`${file}\``);
      expect(readme).toContain(`\`${pathFile}\``);
      expect(existsSync(path.join(ROOT, pathFile!)), pathFile).toBe(true);
    }
  });

  it('exits 0 with --fail-on-drift when every answer matched the contract', async () => {
    const run = serve(['--port', '0', '--quiet', '--proxy', staging.url, '--fail-on-drift']);
    const status = await run.url
      .then((url) => fetch(`${url}/shield/shield-zones`, { headers: { AccessKey: 'clean-run' } }))
      .then(
        (answer) => answer.status,
        () => 0,
      );
    const { code, stdout } = await run.stop();
    expect(status).toBe(200);
    expect(code).toBe(0);
    expect(stdout).toContain('No drift: every answer the traffic brought matches the contract.');
  });
});

function listFiles(folder: string, prefix = ''): string[] {
  return readdirSync(folder).flatMap((name) =>
    statSync(path.join(folder, name)).isDirectory() ? listFiles(path.join(folder, name), `${prefix}${name}/`) : [`${prefix}${name}`],
  );
}
