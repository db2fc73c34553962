// One namespace handle (MockNamespace), two ends of the control protocol: `mock.namespace(key)`
// acts in process, `connectNamespace(url, key, fetch)` goes through the control endpoints. The
// same script of calls runs on each, each on a namespace of its own of one mock, and must give the
// same transcript: values, rejections (MockControlError, status and message) and all. The
// transcript's key steps are also checked on their own, so that two handles wrong alike fail.
import { createMock, MockControlError, type MockNamespace } from '@platform-contracts/mock';
import { connectNamespace } from '@platform-contracts/mock/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const START = Date.UTC(2030, 0, 1);
let mock: Awaited<ReturnType<typeof createMock>>;
let unrecorded: Awaited<ReturnType<typeof createMock>>;
beforeAll(async () => {
  [mock, unrecorded] = await Promise.all([createMock({ areas: ['shield'], now: () => START }), createMock({ areas: ['shield'], journal: false })]);
});
afterAll(() => Promise.all([mock?.close(), unrecorded?.close()]));

/** A step's outcome: what it resolved to, or the control error it was refused with. */
async function outcome(step: () => Promise<unknown>): Promise<unknown> {
  try {
    return { value: await step() };
  } catch (error) {
    if (!(error instanceof MockControlError)) throw error;
    return { refused: error.status, message: error.message };
  }
}

/** Keys of the same length and last four characters: their redacted forms (`****abcd`) are equal. */
const KEYS = { inProcess: 'in-process-key-abcd', overHttp: 'over-http-key-abcd' };

/** A fault rule without its id, which counts the mock's rules (the two namespaces' rules are two different ones). */
const withoutId = ({ id: _id, ...rule }: { id: number }) => rule;

const zones = (namespace: MockNamespace) =>
  mock.fetch(`${mock.url}/shield/shield-zones`, { headers: { AccessKey: namespace.accessKey } }).then((response) => response.status);

/** The script: every member of the handle, in an order where each one's effect shows in the next. */
const SCRIPT: [string, (namespace: MockNamespace) => Promise<unknown>][] = [
  ['advance the clock', async (ns) => ns.clock.advance(60_000)],
  ['read the clock', async (ns) => (await ns.clock.now()).getTime() - START],
  ['set the clock', async (ns) => ns.clock.set('2031-06-01T00:00:00Z')],
  ['read the set clock', async (ns) => (await ns.clock.now()).toISOString()],
  ['reset the clock', async (ns) => ns.clock.reset()],
  ['read the reset clock', async (ns) => (await ns.clock.now()).getTime() - START],
  ['add a fault', async (ns) => withoutId(await ns.fault({ operationId: 'listShieldZones', status: 503, count: 1 }))],
  ['list the faults', async (ns) => (await ns.faults()).map(withoutId)],
  ['call through the fault', zones],
  ['call after it', zones],
  ['refuse a fault of no operation', (ns) => ns.fault({ operationId: 'noSuchOperation', status: 503 })],
  ['clear the faults', (ns) => ns.clearFaults()],
  ['list no faults', (ns) => ns.faults()],
  ['read the journal', async (ns) => (await ns.requests()).map(({ seq, status, operationId, time }) => ({ seq, status, operationId, time }))],
  ['read a page of it', async (ns) => (await ns.requests({ after: 1, limit: 1 })).map((entry) => entry.seq)],
  ['count it', (ns) => ns.journalCounts()],
  ['export the state', (ns) => ns.exportState()],
  ['refuse a snapshot of another version', (ns) => ns.importState({ version: 999, areas: {} })],
  ['import the exported state', async (ns) => ns.importState(await ns.exportState())],
  ['reset the namespace', (ns) => ns.reset()],
  ['read the emptied journal', (ns) => ns.requests()],
  ['count it again', (ns) => ns.journalCounts()],
];

async function transcript(namespace: MockNamespace): Promise<Record<string, unknown>> {
  const said: Record<string, unknown> = {};
  for (const [name, step] of SCRIPT) said[name] = await outcome(() => step(namespace));
  return said;
}

describe('the namespace handle, in process and over HTTP', () => {
  let inProcess: Record<string, unknown>;
  let overHttp: Record<string, unknown>;
  beforeAll(async () => {
    inProcess = await transcript(mock.namespace(KEYS.inProcess));
    overHttp = await transcript(connectNamespace(mock.url, KEYS.overHttp, mock.fetch));
  });

  it('gives the same transcript for the same calls', () => {
    expect(inProcess).toEqual(overHttp);
  });

  it.each([
    ['read the clock', { value: 60_000 }],
    ['read the set clock', { value: '2031-06-01T00:00:00.000Z' }],
    ['read the reset clock', { value: 0 }],
    ['call through the fault', { value: 503 }],
    ['call after it', { value: 200 }],
    ['list no faults', { value: [] }],
    ['read a page of it', { value: [2] }],
    ['count it', { value: { recorded: 2, dropped: 0, violations: 0 } }],
    ['read the emptied journal', { value: [] }],
    ['count it again', { value: { recorded: 0, dropped: 0, violations: 0 } }],
  ])('%s: %j', (step, expected) => {
    expect(inProcess[step]).toEqual(expected);
  });

  it('shows a fault rule with its namespace redacted, and refuses a bad one with a 400', () => {
    expect(inProcess['add a fault']).toMatchObject({ value: { operationId: 'listShieldZones', status: 503, namespace: '****abcd' } });
    expect(inProcess['refuse a fault of no operation']).toMatchObject({ refused: 400, message: expect.stringMatching(/^POST \/_mock\/faults: /) });
    expect(inProcess['refuse a snapshot of another version']).toMatchObject({ refused: 400, message: expect.stringMatching(/^PUT \/_mock\/state: /) });
  });

  it('exports the state without the access key', () => {
    expect(inProcess['export the state']).toEqual({ value: { version: expect.any(Number), areas: expect.any(Object) } });
  });
});

describe('a mock that records no requests', () => {
  it.each([
    ['in process', () => unrecorded.namespace('no-journal-key')],
    ['over HTTP', () => connectNamespace(unrecorded.url, 'no-journal-key', unrecorded.fetch)],
  ])('refuses its journal %s with the same 404', async (_end, handle) => {
    await expect(handle().requests()).rejects.toMatchObject({
      name: 'MockControlError',
      status: 404,
      message: expect.stringMatching(/^GET \/_mock\/requests: .*journal: false/),
    });
    await expect(handle().journalCounts()).rejects.toMatchObject({ status: 404 });
  });
});
