// The operations the specification (platform-api.md) states, with their parameters and status
// codes. A contract that drops one of these facts fails here, whatever else changes.

import type { AreaName } from '@platform-contracts/contracts';
import { describe, expect, it } from 'vitest';
import { entryOf, parametersOf } from '../support/allowed-values.ts';
import { loadBundle, operationsOf } from '../support/openapi.ts';

interface StatedOperation {
  area: AreaName;
  method: string;
  path: string;
  parameters: string[]; // "in:name"
  statuses: string[];
}

const STATED: StatedOperation[] = [
  { area: 'video', method: 'post', path: '/library/{libraryId}/videos', parameters: ['path:libraryId'], statuses: ['200', '400', '401', '403', '500'] },
  { area: 'database', method: 'post', path: '/v2/pipeline', parameters: [], statuses: ['200'] },
  { area: 'shield', method: 'patch', path: '/shield/shield-zone', parameters: [], statuses: ['200'] },
  { area: 'shield', method: 'get', path: '/shield/shield-zones', parameters: [], statuses: ['200'] },
  {
    area: 'shield',
    method: 'get',
    path: '/shield/waf/custom-rules/{shieldZoneId}',
    parameters: ['path:shieldZoneId', 'query:page', 'query:pageSize'],
    statuses: ['200'],
  },
  { area: 'shield', method: 'get', path: '/shield/waf/rules/review-triggered/{shieldZoneId}', parameters: ['path:shieldZoneId'], statuses: ['200'] },
  { area: 'containers', method: 'post', path: '/mc/apps/{appId}/containers', parameters: ['path:appId'], statuses: ['200'] },
  { area: 'storage', method: 'get', path: '/storagezone', parameters: ['query:page'], statuses: ['200'] },
  { area: 'dns', method: 'post', path: '/dnszone/{zoneId}/import', parameters: ['path:zoneId'], statuses: ['200'] },
];

describe.each(STATED)('$area: $method $path', (stated) => {
  const found = () => operationsOf(stated.area).find((op) => op.method === stated.method && op.path === stated.path);

  it('is in the contract', () => {
    expect(found(), `${stated.method.toUpperCase()} ${stated.path} is missing from the ${stated.area} contract`).toBeDefined();
  });

  it('keeps its parameters', () => {
    const declared = parametersOf(entryOf(found()!)).map((p) => `${p.in}:${p.name}`);
    expect(declared).toEqual(expect.arrayContaining(stated.parameters));
  });

  it('keeps its status codes', () => {
    expect(Object.keys(found()!.source.responses)).toEqual(expect.arrayContaining(stated.statuses));
  });
});

describe('stated shapes', () => {
  it.each([
    ['video', 'VideoModel', 18],
    ['video', 'CreateVideoRequest', 1],
  ])('%s %s keeps its %i required fields', (area, schema, count) => {
    expect(loadBundle(area).components.schemas[schema].required).toHaveLength(count);
  });
});
