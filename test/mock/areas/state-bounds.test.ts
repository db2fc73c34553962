// State stays bounded: 100,000 creates leave each area holding at most its cap, and 100,000
// access keys leave at most maxNamespaces namespaces. The areas' handlers are called directly
// (over HTTP this would take minutes); what is counted is what the state holds, as a snapshot
// exports it. Memory itself is measured by `pnpm bench state`.

import type { AreaDefinition, CallContext, MockRequest } from '@platform-contracts/mock';
import { describe, expect, it } from 'vitest';
import { AREA_BEHAVIOURS } from '../../../packages/mock/src/areas/index.ts';
import { createNamespaces } from '../../../packages/mock/src/engine/namespaces.ts';
import { loadBundle, parameterExample } from '../../support/openapi.ts';

const CREATES = 100_000;
/** A clock stopped at 2030-01-01. */
const AT_2030 = { now: () => Date.UTC(2030, 0, 1), reached: (time: number) => Date.UTC(2030, 0, 1) >= time };

async function behaviourOf(name: string) {
  const definition = AREA_BEHAVIOURS.find((area) => area.name === name) as unknown as AreaDefinition<string, object, any>;
  const document = loadBundle(name);
  const behaviour = await definition.setup({
    document,
    example: (example: string) => structuredClone(document.components.examples[example].value),
    schema: () => () => [],
    options: {},
    clock: AT_2030,
    clockOf: () => AT_2030,
  });
  const state = behaviour.seed!('bounds');
  const call: CallContext<any> = { state, namespace: 'bounds', clock: AT_2030, stateOf: () => state };
  const run = (operationId: string, request: Partial<MockRequest>) =>
    behaviour.handlers![operationId]!({ operationId, method: 'POST', path: '/', params: {}, query: {}, headers: {}, body: undefined, ...request }, call);
  return { state, run };
}

const containers = loadBundle('containers').components;
/** The DNS zone and the containers application every namespace starts with. */
const ZONE_ID = String(parameterExample('dns', 'DnsZoneId'));
const APP_ID = String(parameterExample('containers', 'ContainersAppId'));

const cases: [string, string, (n: number) => Partial<MockRequest>, (state: any) => number, number][] = [
  ['video', 'createCollection', () => ({ params: { libraryId: '42' }, body: { name: 'c' } }), (s) => s.libraries['42'].collections.length, 1000],
  ['video', 'createCollection', (n) => ({ params: { libraryId: String(n) }, body: { name: 'c' } }), (s) => Object.keys(s.libraries).length, 100],
  ['shield', 'updateShieldZone', (n) => ({ body: { shieldZoneId: 10_000 + n, shieldZone: {} } }), (s) => s.zones.length, 100],
  [
    'dns',
    'importDnsRecords',
    (n) => ({ params: { zoneId: ZONE_ID }, body: `h${n}.example.com. IN A 192.0.2.1` }),
    (s) => s.zones[ZONE_ID].records.length,
    10_000,
  ],
  [
    'containers',
    'addContainerTemplate',
    () => ({ params: { appId: APP_ID }, body: containers.examples.ContainerTemplateRequestMinimal.value }),
    (s) => s.apps[APP_ID].templates.length,
    100,
  ],
];

describe(`${CREATES.toLocaleString('en')} creates in one namespace`, () => {
  it.each(cases)('%s %s holds at most its cap', async (area, operationId, request, held, cap) => {
    const { state, run } = await behaviourOf(area);
    const statuses = new Set<number>();
    for (let n = 0; n < CREATES; n++) statuses.add((await run(operationId, request(n))).status);
    expect(held(state)).toBe(cap);
    expect([...statuses].sort()).toEqual([area === 'shield' ? 202 : 200, 400]);
  });
});

describe(`${CREATES.toLocaleString('en')} access keys`, () => {
  it('keep at most maxNamespaces namespaces, dropping the least recently used', async () => {
    const behaviours = new Map([['video', { seed: () => ({ libraries: {} }) }]]);
    const namespaces = createNamespaces(behaviours as never, 1000);
    const write = (key: string) => ((namespaces.stateOf(key, 'video') as { libraries: Record<string, unknown> }).libraries.written = {});
    write('kept');
    write('first');
    for (let n = 0; n < CREATES; n++) {
      namespaces.stateOf(`key-${n}`, 'video');
      if (n % 500 === 0) namespaces.stateOf('kept', 'video'); // used often: never the least recent
    }
    expect(namespaces.count()).toBe(1000);
    expect((await namespaces.export('kept')).areas.video).toEqual({ libraries: { written: {} } });
    expect((await namespaces.export('first')).areas.video).toEqual({ libraries: {} }); // dropped, so made from the seed again
  });
});
