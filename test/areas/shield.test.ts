// The shield client against the mock: every answer is checked against the contract.

import { ClientConfigError, createShieldClient, type Shield } from '@platform-contracts/client';
import { describe, expect, it } from 'vitest';
import { useMock } from '../support/mock.ts';
import { loadBundle, validateAnswer, validateSchema } from '../support/openapi.ts';
import { recordingFetch } from '../support/recording-fetch.ts';

const mock = useMock(['shield']);
const client = (accessKey = 'test-key') => createShieldClient({ accessKey, baseUrl: mock.url, fetch: mock.fetch });
/** A client with an access key of its own, so a fresh copy of the example zones. */
let keys = 0;
const freshClient = () => client(`shield-test-${++keys}`);
const shieldZoneId = 1024;
const headers = { AccessKey: 'test-key', 'content-type': 'application/json' };

const contract = loadBundle('shield');
const exampleValue = (name: string) => structuredClone(contract.components.examples[name].value);
const VARIABLE_NAMES: string[] = contract.components.schemas.ShieldWafVariableTypes.propertyNames.enum;

/** The page object the contract describes for `pageSize` items per page over `totalCount` items. */
function expectedPage(totalCount: number, currentPage: number, pageSize: number): Shield.ShieldPage {
  const totalPages = Math.ceil(totalCount / pageSize);
  return { totalCount, totalPages, currentPage, nextPage: currentPage < totalPages ? currentPage + 1 : 0, pageSize };
}

describe('updateShieldZone', () => {
  it('answers 200 with the configuration it was sent, and the list shows it', async () => {
    const api = freshClient();
    const shieldZone = { learningMode: true, learningModeUntil: '2127-01-01T00:00:00Z', wafEnabled: false, wafCustomRuleOrder: [3, 1] };
    const { data, response } = await api.PATCH('/shield/shield-zone', { body: { shieldZoneId, shieldZone } });
    expect(response.status).toBe(200);
    expect(validateAnswer('shield', 'updateShieldZone', 200, data)).toEqual([]);
    expect(data?.data).toMatchObject({ shieldZoneId, shieldZone: { ...shieldZone, shieldZoneId } });
    expect(data?.error).toMatchObject({ success: true, statusCode: 200 });
    const listed = (await api.GET('/shield/shield-zones')).data!.data.find((zone) => zone.shieldZoneId === shieldZoneId);
    expect(listed).toMatchObject(shieldZone);
    expect((await client(`shield-other-${keys}`).GET('/shield/shield-zones')).data!.data.find((zone) => zone.shieldZoneId === shieldZoneId)).toMatchObject({
      wafEnabled: true,
    });
  });

  it('answers 202 for a zone it does not hold and creates it, without custom rules', async () => {
    const api = freshClient();
    const before = (await api.GET('/shield/shield-zones', { params: { query: { perPage: 100 } } })).data!.data;
    const { data, response } = await api.PATCH('/shield/shield-zone', { body: { shieldZoneId: 77, shieldZone: { wafEnabled: true } } });
    expect(response.status).toBe(202);
    expect(validateAnswer('shield', 'updateShieldZone', 202, data)).toEqual([]);
    const after = (await api.GET('/shield/shield-zones', { params: { query: { perPage: 100 } } })).data!.data;
    expect(after.map((zone) => zone.shieldZoneId)).toEqual([...before.map((zone) => zone.shieldZoneId), 77]);
    expect(after.at(-1)).toMatchObject({ shieldZoneId: 77, wafEnabled: true });
    const rules = await api.GET('/shield/waf/custom-rules/{shieldZoneId}', { params: { path: { shieldZoneId: 77 } } });
    expect(rules.data).toMatchObject({ data: [], page: { totalCount: 0 } });
    const second = await api.PATCH('/shield/shield-zone', { body: { shieldZoneId: 77, shieldZone: { wafEnabled: false } } });
    expect(second.response.status).toBe(200);
  });

  it.each([
    ['listCustomWafRules', '/shield/waf/custom-rules/4242'],
    ['reviewTriggeredRules', '/shield/waf/rules/review-triggered/4242'],
  ])('%s answers 404 with the error envelope for a zone the access key does not hold', async (operationId, path) => {
    const response = await mock.fetch(`${mock.url}${path}`, { headers });
    const body = await response.json();
    expect(response.status).toBe(404);
    expect(validateAnswer('shield', operationId, 404, body)).toEqual([]);
    expect(body.error).toMatchObject({ statusCode: 404, success: false, errorKey: 'shield_zone_not_found' });
    expect(body.error.message).toContain('4242');
  });

  it('accepts every writable field (the contract example)', async () => {
    const body = exampleValue('ShieldZoneUpdateFull');
    body.shieldZoneId = shieldZoneId;
    const { data, response } = await freshClient().PATCH('/shield/shield-zone', { body });
    expect(response.status).toBe(200);
    expect(validateAnswer('shield', 'updateShieldZone', 200, data)).toEqual([]);
    expect(data?.data.shieldZone).toMatchObject(body.shieldZone);
  });

  const invalidBodies: [string, unknown, RegExp][] = [
    ['an unknown top-level property', { shieldZoneId: 1, shieldZone: {}, colour: 'red' }, /additional properties.*colour/],
    ['an unknown shieldZone property', { shieldZoneId: 1, shieldZone: { wafEnabledd: true } }, /shieldZone.*additional properties.*wafEnabledd/],
    ['no shieldZoneId', { shieldZone: {} }, /shieldZoneId/],
    ['no shieldZone', { shieldZoneId: 1 }, /shieldZone/],
    ['a non-integer shieldZoneId', { shieldZoneId: 'abc', shieldZone: {} }, /shieldZoneId.*integer/],
    ['a learningModeUntil that is not a date-time', { shieldZoneId: 1, shieldZone: { learningModeUntil: 'tomorrow' } }, /learningModeUntil.*date-time/],
    ['a string in wafCustomRuleOrder', { shieldZoneId: 1, shieldZone: { wafCustomRuleOrder: ['x'] } }, /wafCustomRuleOrder.*integer/],
  ];
  it.each(invalidBodies)('answers 400 with the error envelope for %s', async (_name, body, message) => {
    const { error, response } = await client().PATCH('/shield/shield-zone', { body: body as never });
    expect(response.status).toBe(400);
    expect(validateAnswer('shield', 'updateShieldZone', 400, error)).toEqual([]);
    expect(error).toMatchObject({ data: null, error: { success: false, statusCode: 400 } });
    expect((error as Shield.ShieldErrorEnvelope).error.message).toMatch(message);
  });
});

describe('listShieldZones', () => {
  it('answers 200 with a page that matches its data', async () => {
    const { data, response } = await client().GET('/shield/shield-zones');
    expect(response.status).toBe(200);
    expect(validateAnswer('shield', 'listShieldZones', 200, data)).toEqual([]);
    expect(data!.data.length).toBeGreaterThan(0);
    expect(data!.page).toEqual(expectedPage(data!.data.length, 1, 10));
  });

  it('answers the page asked for with perPage', async () => {
    const all = (await client().GET('/shield/shield-zones', { params: { query: { perPage: 1000 } } })).data!.data;
    expect(all.length).toBeGreaterThanOrEqual(2);
    const { data } = await client().GET('/shield/shield-zones', { params: { query: { page: 2, perPage: 1 } } });
    expect(validateAnswer('shield', 'listShieldZones', 200, data)).toEqual([]);
    expect(data!.data).toEqual(all.slice(1, 2));
    expect(data!.page).toEqual(expectedPage(all.length, 2, 1));
  });

  it('answers 400 for a perPage of 0', async () => {
    const { error, response } = await client().GET('/shield/shield-zones', { params: { query: { perPage: 0 } } });
    expect(response.status).toBe(400);
    expect(validateAnswer('shield', 'listShieldZones', 400, error)).toEqual([]);
  });
});

describe('listCustomWafRules', () => {
  const listRules = (query: { page?: number; pageSize?: number } = {}, zone = shieldZoneId) =>
    client().GET('/shield/waf/custom-rules/{shieldZoneId}', { params: { path: { shieldZoneId: zone }, query } });
  const allRules = async (zone = shieldZoneId) => (await listRules({ pageSize: 1000 }, zone)).data!.data;

  it('holds at least 25 rules of the zone asked for, each with its own id', async () => {
    const rules = await allRules(shieldZoneId);
    expect(rules.length).toBeGreaterThanOrEqual(25);
    expect(new Set(rules.map((rule) => rule.id)).size).toBe(rules.length);
    expect(rules.every((rule) => rule.shieldZoneId === shieldZoneId)).toBe(true);
  });

  const pages: [number | undefined, number | undefined][] = [
    [undefined, undefined],
    [1, 10],
    [2, 10],
    [3, 10],
    [2, 7],
    [4, 7],
    [1, 25],
    [2, 25],
    [1, 1],
    [1, 1000],
    [99, 10],
  ];
  it.each(pages)('answers page %s of size %s with the matching slice and page object', async (page, pageSize) => {
    const all = await allRules();
    const { data, response } = await listRules({ page, pageSize });
    expect(response.status).toBe(200);
    expect(validateAnswer('shield', 'listCustomWafRules', 200, data)).toEqual([]);
    const [current, size] = [page ?? 1, pageSize ?? 10];
    expect(data!.data).toEqual(all.slice((current - 1) * size, current * size));
    expect(data!.page).toEqual(expectedPage(all.length, current, size));
    expect(data!.error).toMatchObject({ success: true, statusCode: 200 });
  });

  it('visits every rule exactly once when following nextPage', async () => {
    const all = await allRules();
    const seen: (number | bigint)[] = [];
    for (let page = 1, requests = 0; page !== 0 && requests <= all.length; requests++) {
      const { data } = await listRules({ page, pageSize: 6 });
      seen.push(...data!.data.map((rule) => rule.id!));
      page = Number(data!.page.nextPage);
    }
    expect(seen).toEqual(all.map((rule) => rule.id));
  });

  it('names only the contract variable names in variableTypes, chained conditions included', async () => {
    const rules = await allRules();
    const conditions = rules.flatMap((rule) => [rule.ruleConfiguration!, ...(rule.ruleConfiguration?.chainedRuleConditions ?? [])]);
    const names = conditions.flatMap((condition) => Object.keys(condition.variableTypes ?? {}));
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => !VARIABLE_NAMES.includes(name))).toEqual([]);
  });

  const invalid: [string, string, RegExp][] = [
    ['a non-integer shieldZoneId', '/shield/waf/custom-rules/abc', /shieldZoneId.*integer/i],
    ['a fractional shieldZoneId', '/shield/waf/custom-rules/1.5', /shieldZoneId.*integer/i],
    ['a pageSize of 0', '/shield/waf/custom-rules/1?pageSize=0', /pageSize.*>= 1/i],
    ['a non-integer pageSize', '/shield/waf/custom-rules/1?pageSize=ten', /pageSize.*integer/i],
    ['a page of 0', '/shield/waf/custom-rules/1?page=0', /page.*>= 1/i],
  ];
  it.each(invalid)('answers 400 with the error envelope for %s', async (_name, path, message) => {
    const response = await mock.fetch(`${mock.url}${path}`, { headers });
    const body = await response.json();
    expect(response.status).toBe(400);
    expect(validateAnswer('shield', 'listCustomWafRules', 400, body)).toEqual([]);
    expect(body.error.message).toMatch(message);
  });
});

describe('reviewTriggeredRules', () => {
  it('answers 200 with triggered rules, their logs and labels', async () => {
    const { data, response } = await client().GET('/shield/waf/rules/review-triggered/{shieldZoneId}', {
      params: { path: { shieldZoneId } },
    });
    expect(response.status).toBe(200);
    expect(validateAnswer('shield', 'reviewTriggeredRules', 200, data)).toEqual([]);
    expect(data!.triggeredRules.length).toBeGreaterThan(0);
    expect(data!.triggeredRules[0]!.ruleLogs?.[0]?.labels).toBeTypeOf('object');
  });

  it('answers 400 for a non-integer shieldZoneId', async () => {
    const response = await mock.fetch(`${mock.url}/shield/waf/rules/review-triggered/abc`, { headers });
    expect(response.status).toBe(400);
    expect(validateAnswer('shield', 'reviewTriggeredRules', 400, await response.json())).toEqual([]);
  });
});

describe('every operation without an AccessKey', () => {
  const operations: [string, string, string, unknown?][] = [
    ['updateShieldZone', 'PATCH', '/shield/shield-zone', { shieldZoneId: 1, shieldZone: {} }],
    ['listShieldZones', 'GET', '/shield/shield-zones'],
    ['listCustomWafRules', 'GET', `/shield/waf/custom-rules/${shieldZoneId}`],
    ['reviewTriggeredRules', 'GET', `/shield/waf/rules/review-triggered/${shieldZoneId}`],
  ];
  it.each(operations)('%s answers 401 with the failure body', async (operationId, method, path, body) => {
    const response = await mock.fetch(`${mock.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status).toBe(401);
    const failure = await response.json();
    expect(validateAnswer('shield', operationId, 401, failure)).toEqual([]);
    expect(failure).toEqual({ statusCode: 401 });
  });
});

describe('the shield contract', () => {
  it.each([
    [{ REQUEST_URI: '/admin', GEO: 'DE' }, true],
    [{ NOT_A_VARIABLE: 'x' }, false],
    [{ REQUEST_URI: 5 }, false],
  ])('variableTypes %j is valid: %s', (value, valid) => {
    expect(validateSchema('shield', 'ShieldWafVariableTypes', value).length === 0).toBe(valid);
  });

  it.each([
    ['ShieldZoneUpdated', 'ShieldZoneUpdateResult'],
    ['ShieldZoneUpdatedWithAccessLists', 'ShieldZoneUpdateResultWithAccessLists'],
  ])('the %s example is exactly the %s variant of data', (example, variant) => {
    const { data } = exampleValue(example);
    const variants = ['ShieldZoneUpdateResult', 'ShieldZoneUpdateResultWithAccessLists'];
    expect(variants.filter((name) => validateSchema('shield', name, data).length === 0)).toEqual([variant]);
  });
});

describe('createShieldClient', () => {
  it('sends the AccessKey header on every call', async () => {
    const { fetch: recording, seen } = recordingFetch('AccessKey', mock.fetch);
    const api = createShieldClient({ accessKey: 'secret-key', baseUrl: mock.url, fetch: recording });
    await api.GET('/shield/shield-zones');
    await api.PATCH('/shield/shield-zone', { body: { shieldZoneId: 1, shieldZone: {} } });
    expect(seen).toEqual(['secret-key', 'secret-key']);
  });

  it.each([
    [{ baseUrl: 'http://127.0.0.1:4010' }, /option "accessKey" is missing/],
    [{ accessKey: 'k' }, /option "baseUrl" is missing/],
  ])('refuses %j with a clear error', (options, message) => {
    expect(() => createShieldClient(options as never)).toThrow(ClientConfigError);
    expect(() => createShieldClient(options as never)).toThrow(message);
  });

  it('never puts the access key in a construction error', () => {
    expect(() => createShieldClient({ accessKey: 'super-secret', baseUrl: 'not a url' })).toThrow(ClientConfigError);
    try {
      createShieldClient({ accessKey: 'super-secret', baseUrl: 'not a url' });
    } catch (error) {
      expect(String(error)).not.toContain('super-secret');
    }
  });
});
