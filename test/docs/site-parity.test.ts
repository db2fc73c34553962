// The parity report beside each operation on the reference site: with no cassette recorded from
// the platform every operation reads "unverified"; a platform cassette makes the operations it
// covers "verified" with its date, and a stand-in's never does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AREAS, operationsOf } from '@platform-contracts/contracts';
import { describe, expect, it } from 'vitest';
import type { Cassette } from '../../scripts/lib/parity/cassette.ts';
import { readCassettes } from '../../scripts/lib/parity/cassette.ts';
import { parityReport } from '../../scripts/lib/parity/report.ts';
import { DOCS_DIR, PLATFORM_CASSETTES } from '../../scripts/lib/paths.ts';
import { parityNote, showParity } from '../../scripts/lib/site/parity.ts';

const OPERATIONS = AREAS.flatMap((area) => operationsOf(area));
const cassette = (source: Cassette['source'], operationIds: string[]): Cassette => ({
  format: 1,
  scenario: 'video/collection-lifecycle',
  area: 'video',
  summary: '',
  source,
  recordedAt: '2026-11-30',
  revisions: {},
  steps: operationIds.map((operationId) => ({
    operationId,
    request: { method: 'GET', target: '/', headers: {} },
    answer: { status: 200, headers: {} },
    confirmed: ['paths/~1library~1{libraryId}~1collections/get'],
  })),
});

describe('the parity note', () => {
  it('reads "unverified" for every operation while no cassette comes from the platform, a stand-in’s included', () => {
    const report = parityReport([cassette('stand-in', ['listCollections'])]);
    for (const operation of OPERATIONS) {
      expect(parityNote(report, operation.area, operation.path, operation.method, operation.operationId)).toMatch(
        /^<span class="parity-badge">Parity<\/span> Unverified: /,
      );
    }
  });

  it('says "verified" with the date and scenario for what a platform cassette covers, and counts the assumptions it confirmed', () => {
    const report = parityReport([cassette('platform', ['listCollections'])]);
    expect(parityNote(report, 'video', '/library/{libraryId}/collections', 'get', 'listCollections')).toMatch(
      /Verified against the platform on 2026-11-30 \(scenario video\/collection-lifecycle\): the mock answered alike\. Of its \d+ assumptions?, 1 confirmed by the platform\.$/,
    );
    expect(parityNote(report, 'video', '/library/{libraryId}/collections', 'post', 'createCollection')).toContain('Unverified');
  });

  it('is added to each operation of a document', () => {
    const document = { paths: { '/x': { get: { operationId: 'listCollections', 'x-area': 'video', description: 'Lists.' } } } };
    showParity(document, parityReport([]));
    expect(document.paths['/x'].get.description).toMatch(/^Lists\.\n\n<span class="parity-badge">Parity<\/span> Unverified/);
  });
});

describe('the built site', () => {
  const platform = readCassettes(PLATFORM_CASSETTES).map(({ cassette }) => cassette);
  const built = JSON.parse(readFileSync(path.join(DOCS_DIR, 'openapi', 'platform.json'), 'utf8'));
  const report = parityReport(platform);

  it.each(OPERATIONS.map((o) => [o.operationId, o] as const))('shows %s’s parity as the committed cassettes give it', (_id, operation) => {
    const description: string = built.paths[operation.path][operation.method].description;
    expect(description).toContain(parityNote(report, operation.area, operation.path, operation.method, operation.operationId));
  });
});
