// Domain helpers: the smart-generate aggregate (the specification's rule, legacy rows included),
// the enumerations' names (against the contracts' x-enum-varnames) and database URL parsing.

import * as client from '@platform-contracts/client';
import { aggregateSmartGenerateStatus, ClientConfigError, enumName, parseDatabaseUrl, SmartGenerateStatus, type Video } from '@platform-contracts/client';
import { AREAS } from '@platform-contracts/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Json, loadBundle } from '../support/openapi.ts';

const { None, Queued, InProgress, Finished, Failed } = { None: 0, Queued: 1, InProgress: 2, Finished: 3, Failed: 4 } as const; // the specification's table
type Status = Video.SmartGenerateStatus;
type Features = Video.SmartGenerateFeaturesStatus;

describe('aggregateSmartGenerateStatus', () => {
  const features = (title: Status | null, description: Status | null, chapters: Status | null, moments: Status | null): Features => ({
    title,
    description,
    chapters,
    moments,
  });

  it.each([
    ['any feature InProgress', features(Finished, InProgress, Failed, Queued), Finished, InProgress],
    ['Queued when none is InProgress', features(Finished, Queued, Failed, None), InProgress, Queued],
    ['Failed when none is InProgress or Queued', features(Finished, Failed, Finished, None), Finished, Failed],
    ['Finished otherwise', features(Finished, Finished, Finished, Finished), Failed, Finished],
    ['Finished when every feature is None (the rule has no other case)', features(None, None, None, None), Queued, Finished],
    ['only the features present count', features(null, Failed, null, Finished), InProgress, Failed],
    ['legacy row: every feature null gives the stored value', features(null, null, null, null), Failed, Failed],
    ['legacy row: no per-feature object gives the stored value', null, Queued, Queued],
    ['legacy row: per-feature object absent', undefined, Finished, Finished],
    ['legacy row without a stored value', null, null, null],
  ] as const)('%s', (_name, featureStatuses, stored, expected) => {
    expect(aggregateSmartGenerateStatus({ smartGenerateFeaturesStatus: featureStatuses, smartGenerateStatus: stored })).toBe(expected);
  });

  it('follows the rule for every combination', () => {
    const status = fc.option(fc.constantFrom<Status>(None, Queued, InProgress, Finished, Failed), { nil: null });
    fc.assert(
      fc.property(fc.tuple(status, status, status, status), status, (all, stored) => {
        const present = all.filter((s) => s !== null);
        const expected =
          present.length === 0
            ? stored
            : present.includes(InProgress)
              ? InProgress
              : present.includes(Queued)
                ? Queued
                : present.includes(Failed)
                  ? Failed
                  : Finished;
        expect(aggregateSmartGenerateStatus({ smartGenerateFeaturesStatus: features(...all), smartGenerateStatus: stored })).toBe(expected);
      }),
    );
  });
});

describe('enumeration names', () => {
  const exported = client as unknown as Record<string, unknown>;
  const contractEnums = AREAS.flatMap((area) =>
    Object.entries((loadBundle(area).components?.schemas ?? {}) as Record<string, Json>)
      .filter(([, schema]) => schema['x-enum-varnames'])
      .map(([name, schema]) => [area, name, schema] as const),
  );

  it('covers enumerations of the contracts', () => {
    expect(contractEnums.length).toBeGreaterThanOrEqual(11);
  });

  it.each(contractEnums)('%s %s: one exported name for each value, as x-enum-varnames says', (_area, name, schema) => {
    const expected = Object.fromEntries((schema['x-enum-varnames'] as string[]).map((varname, i) => [varname, schema.enum[i]]));
    expect(exported[name]).toEqual(expected);
    expect(Object.isFrozen(exported[name])).toBe(true);
  });

  it('names a value, and nothing for an unknown one', () => {
    expect(enumName(SmartGenerateStatus, 2)).toBe('InProgress');
    expect(enumName(client.VideoModelStatus, 8)).toBe('JitPlaylistsCreated');
    expect(enumName(client.ContainerImagePullPolicy, 'ifNotPresent')).toBe('IfNotPresent');
    expect(enumName(client.ShieldPlanType, 9)).toBeUndefined();
  });
});

describe('parseDatabaseUrl', () => {
  it.each([
    [
      'libsql://my-db-1a2b.db.platform.example',
      { baseUrl: 'https://my-db-1a2b.db.platform.example', host: 'my-db-1a2b.db.platform.example', databaseId: 'my-db-1a2b', authToken: undefined },
    ],
    ['libsql://my-db.db.platform.example?authToken=t0k', { baseUrl: 'https://my-db.db.platform.example', databaseId: 'my-db', authToken: 't0k' }],
    ['libsql://127.0.0.1:4010', { baseUrl: 'http://127.0.0.1:4010', host: '127.0.0.1:4010', databaseId: undefined }],
    ['libsql://localhost:8080/', { baseUrl: 'http://localhost:8080', databaseId: undefined }],
    ['https://db.example.test/prefix/', { baseUrl: 'https://db.example.test/prefix', databaseId: undefined }],
    ['http://127.0.0.1:9000', { baseUrl: 'http://127.0.0.1:9000' }],
  ])('reads %s', (url, expected) => {
    expect(parseDatabaseUrl(url)).toMatchObject(expected);
  });

  it.each([
    ['not a url', /is not a URL/],
    ['ftp://db.example.test', /libsql:, https: or http:/],
  ])('refuses %s', (url, message) => {
    expect(() => parseDatabaseUrl(url)).toThrow(ClientConfigError);
    expect(() => parseDatabaseUrl(url)).toThrow(message);
  });
});
