// Recording every scenario from a stand-in upstream and verifying on the mock. The stand-in
// differs from the mock everywhere normalisation declares (its own ids, tokens, batons, times two
// years ahead, durations): the scenarios it leaves alone verify with no difference. In four
// scenarios it injects differences of every kind: each is reported once, with the scenario and
// step, the JSON path, both values and the contract's source file:line, and nothing else is.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createMock, type Mock } from '@platform-contracts/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cassette } from '../../scripts/lib/parity/cassette.ts';
import { uncovered } from '../../scripts/lib/parity/coverage.ts';
import { record } from '../../scripts/lib/parity/record.ts';
import { parityReport } from '../../scripts/lib/parity/report.ts';
import { defaultInputs } from '../../scripts/lib/parity/scenario.ts';
import { SCENARIOS } from '../../scripts/lib/parity/scenarios/index.ts';
import { differenceLines, type Verification, verifyCassette } from '../../scripts/lib/parity/verify.ts';
import { ROOT } from '../../scripts/lib/paths.ts';
import { type Injection, type StandInAnswer, startStandIn } from './stand-in.ts';

const ACCESS_KEY = 'stand-in-access-key-5f0c1e';
const body = (answer: StandInAnswer) => answer.body as any;
const SIGNED_URL = 'https://cdn.example/t.jpg?token=s3cr3t-signature&size=2';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJwYXJpdHkifQ.c2lnbmF0dXJl';

/** Each kind of difference the stand-in injects, and the one line verification must report for it. */
const INJECTED: { kind: string; injection: Injection; expected: RegExp }[] = [
  {
    kind: 'status',
    injection: { operationId: 'listShieldZones', nth: 2, change: (a) => ({ ...a, status: 202 }) },
    expected:
      /^shield\/zone-settings step 3 listShieldZones \(GET \/shield\/shield-zones\?page=1&perPage=10\): status \(status\): recorded 202, mock 200 \[openapi\/shield\/.+\.yaml:\d+\]$/,
  },
  {
    kind: 'value',
    injection: { operationId: 'listCollections', nth: 1, change: (a) => ((body(a).items[0].videoCount = 7), a) },
    expected:
      /step 2 listCollections .*: \$\.items\[0\]\.videoCount \(value\): recorded 7, mock 0 \[openapi\/video\/components\/schemas\/Collection\.yaml:\d+\]$/,
  },
  {
    kind: 'missing field (the platform leaves it out)',
    injection: { operationId: 'listCollections', nth: 1, change: (a) => (delete body(a).totalItems, a) },
    expected:
      /step 2 listCollections .*: \$\.totalItems \(extra in the mock’s answer\): recorded \(absent\), mock 1 \[openapi\/video\/components\/schemas\/CollectionList\.yaml:\d+\]$/,
  },
  {
    kind: 'extra field (the platform adds one)',
    injection: { operationId: 'createCollection', nth: 1, change: (a) => ((body(a).previewTitle = 'Talks'), a) },
    expected:
      /step 1 createCollection .*: \$\.previewTitle \(missing in the mock’s answer\): recorded "Talks", mock \(absent\) \[openapi\/video\/.+\.yaml:\d+\]$/,
  },
  {
    kind: 'an id that should repeat and does not',
    injection: { operationId: 'getCollection', nth: 1, change: (a) => ((body(a).guid = randomUUID()), a) },
    expected:
      /step 4 getCollection .*: \$\.guid \(value\): recorded "<CollectionGuid:2>", mock "<CollectionGuid:1>" \[openapi\/video\/components\/schemas\/Collection\.yaml:\d+\]$/,
  },
  {
    kind: 'a second call’s view of state',
    injection: {
      operationId: 'getCollection',
      nth: 2,
      // The platform still shows the deleted collection (a cache, a replica behind): a second call's view differs.
      change: (a) => ({ ...a, status: 200, headers: { ...a.headers, 'content-type': 'application/json' }, body: { name: 'Parity talks 2026' } }),
    },
    expected: /step 7 getCollection .*: status \(status\): recorded 200, mock 404 \[openapi\/video\/.+\.yaml:\d+\]$/,
  },
  {
    kind: 'secret echoed in an answer (written as a reference, never as itself)',
    injection: { operationId: 'updateCollection', nth: 1, change: (a) => ((body(a).message = `OK ${ACCESS_KEY} ${SIGNED_URL} ${JWT}`), a) },
    expected:
      /step 3 updateCollection .*: \$\.message \(value\): recorded "OK <Secret> https:\/\/cdn\.example\/t\.jpg\?token=<Secret>&size=2 <Jwt>", mock "OK" \[openapi\/video\/.+\.yaml:\d+\]$/,
  },
  {
    kind: 'order',
    injection: { operationId: 'listShieldZones', nth: 1, change: (a) => (body(a).data.reverse(), a) },
    expected:
      /^shield\/zone-settings step 1 listShieldZones .*: \$\.data \(same items, other order: each recorded item’s place in the mock’s list\): recorded \[1,0\], mock \[0,1\] \[openapi\/shield\/.+\.yaml:\d+\]$/,
  },
  {
    kind: 'error message',
    injection: { operationId: 'listCustomWafRules', nth: 2, change: (a) => ((body(a).error.message = 'Zone not found'), a) },
    expected:
      /^shield\/refusals step 2 listCustomWafRules .*: \$\.error\.message \(value\): recorded "Zone not found", mock ".+" \[openapi\/shield\/.+\.yaml:\d+\]$/,
  },
  {
    kind: 'header',
    injection: {
      operationId: 'reviewTriggeredRules',
      nth: 2,
      change: (a) => ({ ...a, headers: { ...a.headers, 'content-type': 'application/problem+json' } }),
    },
    expected:
      /^shield\/refusals step 3 reviewTriggeredRules .*: header content-type \(header\): recorded "application\/problem\+json", mock "application\/json" \[openapi\/shield\/.+\.yaml:\d+\]$/,
  },
  {
    kind: 'a declared type of a pipeline’s column',
    injection: { operationId: 'runPipeline', nth: 1, change: (a) => ((body(a).results[2].response.result.cols[0].decltype = 'INT'), a) },
    expected:
      /^database\/tokens-and-pipeline step 5 runPipeline .*: \$\.results\[2\]\.response\.result\.cols\[0\]\.decltype \(value\): recorded "INT", mock "INTEGER" \[openapi\/database\/.+\.yaml:\d+\]$/,
  },
  {
    kind: 'a pipeline’s error code',
    injection: { operationId: 'runPipeline', nth: 1, change: (a) => ((body(a).results[3].error.code = 'SQLITE_ERROR'), a) },
    expected:
      /step 5 runPipeline .*: \$\.results\[3\]\.error\.code \(value\): recorded "SQLITE_ERROR", mock "SQLITE_UNKNOWN" \[openapi\/database\/.+\.yaml:\d+\]$/,
  },
];
const INJECTED_SCENARIOS = ['video/collection-lifecycle', 'shield/zone-settings', 'shield/refusals', 'database/tokens-and-pipeline'];

let mock: Mock;
let cassettes: Cassette[];
let verifications: Verification[];
/** One recording of every scenario from one stand-in: the injected differences change some steps of four scenarios, nothing else. */
beforeAll(async () => {
  const standIn = await startStandIn(INJECTED.map((i) => i.injection));
  mock = await createMock();
  try {
    const recorded = await record({
      upstream: standIn.url,
      accessKey: ACCESS_KEY,
      inputs: defaultInputs(),
      scenarios: SCENARIOS,
      now: () => new Date('2026-12-01T00:00:00Z'),
    });
    cassettes = recorded.map((r) => r.cassette);
    verifications = [];
    for (const cassette of cassettes) verifications.push(await verifyCassette(mock, cassette));
  } finally {
    await standIn.close();
  }
}, 60_000);
afterAll(() => mock?.close());

describe('a recording from a stand-in that differs from the mock only where normalisation says', () => {
  it.each(SCENARIOS.filter((s) => !INJECTED_SCENARIOS.includes(s.name)).map((s) => [s.name]))('%s verifies on the mock with no difference', (name) => {
    expect(differenceLines(verifications.find((v) => v.scenario === name)!)).toEqual([]);
  });

  it('holds references for what differed: ids, tokens, batons, times, durations, secrets, skips', () => {
    const text = JSON.stringify(cassettes);
    for (const reference of [
      '<CollectionGuid:1>',
      '<VideoGuid:1>',
      '<DatabaseToken:1>',
      '<DatabaseTokenId:1>',
      '<Baton:1>',
      '<DateTime>',
      '<Duration>',
      '<AccessKey>',
      '<Input:libraryId>',
      '<Password:1>',
      '<skipped>',
    ]) {
      expect(text).toContain(reference);
    }
  });

  it('is marked as the stand-in’s, and the report counts none of it as the platform’s', () => {
    expect(new Set(cassettes.map((c) => c.source))).toEqual(new Set(['stand-in']));
    const report = parityReport(cassettes);
    expect(report.platformCassettes).toBe(0);
    expect(new Set(report.operations.map((o) => o.status))).toEqual(new Set(['unverified']));
    expect(new Set(report.assumptions.map((a) => a.status))).toEqual(new Set(['unverified']));
  });

  it('covers every operation and every documented status a request can provoke', () => {
    expect(uncovered(cassettes)).toEqual([]);
  });

  it('holds no secret: neither the access key nor any token the stand-in issued', () => {
    const text = JSON.stringify(cassettes);
    expect(text).not.toContain(ACCESS_KEY);
    expect(text).not.toMatch(/Bearer (?!<DatabaseToken:\d+>")/);
    expect(text).not.toMatch(/eyJ[\w-]{6,}\./);
  });
});

describe('a recording from a stand-in with injected differences', () => {
  const lines = () => verifications.filter((v) => INJECTED_SCENARIOS.includes(v.scenario)).flatMap(differenceLines);

  it.each(INJECTED.map((i) => [i.kind, i.expected] as const))('reports the %s', (_kind, expected) => {
    expect(
      lines().filter((line) => expected.test(line)),
      lines().join('\n'),
    ).toHaveLength(1);
  });

  it('reports nothing else', () => {
    expect(lines().filter((line) => !INJECTED.some((i) => i.expected.test(line)))).toEqual([]);
  });

  it('wrote none of the secrets the stand-in echoed', () => {
    const text = JSON.stringify(cassettes);
    for (const secret of [ACCESS_KEY, 's3cr3t-signature', JWT.split('.')[0]!]) expect(text).not.toContain(secret);
  });

  it('places each difference at a real line of the contract', () => {
    for (const line of lines()) {
      const [, file, row] = /\[(openapi\/[^\]:]+):(\d+)\]$/.exec(line)!;
      expect(readFileSync(path.join(ROOT, file!), 'utf8').split('\n').length).toBeGreaterThanOrEqual(Number(row));
    }
  });

  it('gives the report a difference where the recording is the platform’s', () => {
    // The same recordings, as if the platform had answered them.
    const report = parityReport(
      cassettes.map((c) => ({ ...c, source: 'platform' as const })),
      verifications.map((v) => ({ ...v, source: 'platform' as const })),
    );
    const status = (id: string) => report.operations.find((o) => o.operationId === id)!;
    expect(status('listShieldZones')).toMatchObject({ status: 'differs', recordedAt: '2026-12-01' });
    expect(status('listDatabaseTokens')).toMatchObject({
      status: 'verified',
      recordedAt: '2026-12-01',
      scenarios: ['database/tokens-and-pipeline', 'database/refusals'],
    });
    expect(status('addContainerTemplate')).toMatchObject({ status: 'verified', scenarios: ['containers/templates'] });
    expect(report.assumptions.filter((a) => a.status === 'verified').length).toBeGreaterThan(0);
    const pointers = verifications.flatMap((v) => v.steps.flatMap((s) => s.differences.map((d) => d.pointer)));
    const violations = cassettes.flatMap((c) => c.steps.flatMap((s) => s.violations ?? []));
    const differing = report.assumptions.filter((a) => a.status === 'differs');
    expect(differing.length).toBeGreaterThan(0);
    for (const fact of differing) {
      const explained =
        pointers.some((p) => p === `#/${fact.pointer}` || p.startsWith(`#/${fact.pointer}/`)) ||
        violations.some((v) => v.includes(`assumed at ${fact.pointer})`));
      expect(explained, fact.pointer).toBe(true);
    }
  });
});
