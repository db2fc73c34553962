// Time and faults per test, in process (mock.fetch): each namespace has its own virtual clock,
// read and moved with ?namespace=; faults answer any status with any body, or fail on the network
// (reset, hang, truncate), and the client's retry and timeout meet them as they would meet a real
// network. The same network faults on a real socket are the HTTP door's
// (test/mock/doors/http-door.test.ts).

import { createShieldClient, PlatformRequestError, PlatformTimeoutError } from '@platform-contracts/client';
import { createMock, type Mock } from '@platform-contracts/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedVideoClient } from '../../support/recording-fetch.ts';

const START = Date.UTC(2030, 0, 1);
const LIBRARY = 42;

let inProcess: Mock;
beforeAll(async () => {
  inProcess = await createMock({ areas: ['video', 'shield'], now: () => START });
});
afterAll(async () => {
  await inProcess?.close();
});

let keys = 0;
const freshKey = () => `faults-${++keys}`;

const door = () => ({ mock: inProcess, fetch: inProcess.fetch });

describe('in process', () => {
  const control = async (method: string, path: string, body?: unknown) => {
    const { mock, fetch } = door();
    const headers: Record<string, string> = body !== undefined ? { 'content-type': 'application/json' } : method === 'GET' ? {} : { 'x-mock-control': '1' };
    const response = await fetch(`${mock.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const answer = { status: response.status, body: (await response.json()) as any };
    if (method === 'POST' && path.startsWith('/_mock/faults')) expect(answer).toMatchObject({ status: 201 }); // a refused fault would test nothing
    return answer;
  };
  /** A video client on the namespace, whose attempts are recorded (a status, or `network` for a thrown fetch). */
  const videoClient = (accessKey: string, options: { retry?: false; timeoutMs?: number } = {}) => {
    const { mock, fetch } = door();
    return recordedVideoClient(fetch, mock.url, accessKey, options);
  };
  const createVideo = async (accessKey: string) => {
    const { client } = videoClient(accessKey);
    const { data } = await client.POST('/library/{libraryId}/videos', { params: { path: { libraryId: LIBRARY } }, body: { title: 'clocked' } });
    return data!;
  };

  describe('a clock per namespace', () => {
    it("moves one namespace's clock with ?namespace=, leaving the others on the mock's", async () => {
      const [moved, other] = [freshKey(), freshKey()];
      const advanced = await control('POST', `/_mock/clock/advance?namespace=${moved}`, { ms: 86_400_000 });
      expect(advanced.body).toEqual({ now: '2030-01-02T00:00:00.000Z', offsetMs: 86_400_000 });
      expect((await control('GET', `/_mock/clock?namespace=${moved}`)).body.now).toBe('2030-01-02T00:00:00.000Z');
      expect((await control('GET', `/_mock/clock?namespace=${other}`)).body.now).toBe('2030-01-01T00:00:00.000Z');
      expect((await control('GET', '/_mock/clock')).body.now).toBe('2030-01-01T00:00:00.000Z');
      expect((await createVideo(moved)).dateUploaded).toBe('2030-01-02T00:00:00.000Z');
      expect((await createVideo(other)).dateUploaded).toBe('2030-01-01T00:00:00.000Z');
    });

    it("sets and resets a namespace's clock, which then follows the mock's again", async () => {
      const key = freshKey();
      expect((await control('PUT', `/_mock/clock?namespace=${key}`, { now: '2031-05-06T07:08:09Z' })).body.now).toBe('2031-05-06T07:08:09.000Z');
      expect((await createVideo(key)).dateUploaded).toBe('2031-05-06T07:08:09.000Z');
      expect((await control('DELETE', `/_mock/clock?namespace=${key}`)).body).toEqual({ now: '2030-01-01T00:00:00.000Z', offsetMs: 0 });
      expect((await createVideo(key)).dateUploaded).toBe('2030-01-01T00:00:00.000Z');
    });

    it("forgets a namespace's clock and faults on its reset", async () => {
      const key = freshKey();
      await control('POST', `/_mock/clock/advance?namespace=${key}`, { ms: 1000 });
      await control('POST', `/_mock/faults?namespace=${key}`, { operationId: 'createVideo', status: 503 });
      expect((await control('GET', `/_mock/faults?namespace=${key}`)).body.faults).toHaveLength(1);
      await control('POST', `/_mock/reset?namespace=${key}`);
      expect((await control('GET', `/_mock/faults?namespace=${key}`)).body.faults).toEqual([]);
      expect((await control('GET', `/_mock/clock?namespace=${key}`)).body.offsetMs).toBe(0);
    });
  });

  describe('faults', () => {
    it('resets the connection: the client retries a GET past it', async () => {
      const key = freshKey();
      await control('POST', '/_mock/faults', { operationId: 'listCollections', network: 'reset', count: 1, namespace: key });
      const { client, attempts } = videoClient(key);
      const { data } = await client.GET('/library/{libraryId}/collections', { params: { path: { libraryId: LIBRARY } } });
      expect(data?.items).toBeDefined();
      expect(attempts).toEqual(['network', 200]);
    });

    it('resets the connection: without retries the call fails with a PlatformRequestError', async () => {
      const key = freshKey();
      await control('POST', `/_mock/faults?namespace=${key}`, { operationId: 'listCollections', network: 'reset' });
      const { client } = videoClient(key, { retry: false });
      await expect(client.GET('/library/{libraryId}/collections', { params: { path: { libraryId: LIBRARY } } })).rejects.toThrow(PlatformRequestError);
      await control('DELETE', `/_mock/faults?namespace=${key}`);
    });

    it("hangs until the client's timeout", async () => {
      const key = freshKey();
      await control('POST', '/_mock/faults', { operationId: 'listCollections', network: 'hang', count: 1, namespace: key });
      const { client } = videoClient(key, { retry: false, timeoutMs: 50 });
      await expect(client.GET('/library/{libraryId}/collections', { params: { path: { libraryId: LIBRARY } } })).rejects.toThrow(PlatformTimeoutError);
    });

    it('truncates the body: reading it fails', async () => {
      const key = freshKey();
      await control('POST', '/_mock/faults', { operationId: 'listCollections', network: 'truncate', count: 1, namespace: key });
      const { mock, fetch } = door();
      const response = await fetch(`${mock.url}/library/${LIBRARY}/collections`, { headers: { AccessKey: key } });
      expect(response.status).toBe(200);
      await expect(response.json()).rejects.toThrow();
    });

    it('answers any status with any body: an HTML 502 from a proxy', async () => {
      const key = freshKey();
      const page = '<html><body><h1>502 Bad Gateway</h1></body></html>';
      await control('POST', '/_mock/faults', {
        operationId: 'listCollections',
        status: 502,
        body: page,
        headers: { 'content-type': 'text/html' },
        count: 1,
        namespace: key,
      });
      const { client } = videoClient(key, { retry: false });
      const { failure, response } = await client.GET('/library/{libraryId}/collections', { params: { path: { libraryId: LIBRARY } } });
      expect(response.headers.get('content-type')).toBe('text/html');
      expect(failure?.status).toBe(502);
      expect(failure?.body).toBe(page);
    });

    it('sends a JSON fault body as JSON, written once', async () => {
      const key = freshKey();
      const drifted = [{ guid: 'x', name: 7 }];
      await control('POST', '/_mock/faults', { operationId: 'listCollections', status: 200, body: drifted, count: 1, namespace: key });
      const { mock, fetch } = door();
      const response = await fetch(`${mock.url}/library/${LIBRARY}/collections`, { headers: { AccessKey: key } });
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(await response.text()).toBe(JSON.stringify(drifted));
    });

    it("applies a namespace's network fault to that namespace only", async () => {
      const [key, other] = [freshKey(), freshKey()];
      await control('POST', `/_mock/faults?namespace=${key}`, { operationId: 'listShieldZones', network: 'reset' });
      const { mock, fetch } = door();
      const shield = (accessKey: string) => createShieldClient({ accessKey, baseUrl: mock.url, fetch, retry: false });
      await expect(shield(key).GET('/shield/shield-zones')).rejects.toThrow(PlatformRequestError);
      expect((await shield(other).GET('/shield/shield-zones')).response.status).toBe(200);
      await control('DELETE', `/_mock/faults?namespace=${key}`);
    });
  });
});

describe('the namespace handle of createMock()', () => {
  it('moves its clock, sets its faults and resets them, for its key only', async () => {
    const key = freshKey();
    const space = inProcess.namespace(key);
    await space.clock.advance(60_000);
    expect((await space.clock.now()).getTime()).toBe(START + 60_000);
    expect((await inProcess.namespace(freshKey()).clock.now()).getTime()).toBe(START);
    await space.fault({ operationId: 'listShieldZones', status: 503 });
    expect(await inProcess.namespace(key).faults()).toHaveLength(1);
    const shield = createShieldClient({ accessKey: key, baseUrl: inProcess.url, fetch: inProcess.fetch, retry: false });
    expect((await shield.GET('/shield/shield-zones')).response.status).toBe(503);
    await space.reset();
    expect(await space.faults()).toEqual([]);
    expect((await space.clock.now()).getTime()).toBe(START);
    expect((await shield.GET('/shield/shield-zones')).response.status).toBe(200);
  });

  it('rejects a hung in-process call when the mock closes', async () => {
    const mock = await createMock({ areas: ['shield'] });
    mock.fault({ operationId: 'listShieldZones', network: 'hang' });
    const call = mock.fetch(`${mock.url}/shield/shield-zones`, { headers: { AccessKey: 'k' } });
    await mock.close();
    await expect(call).rejects.toThrow(/fetch failed/);
  });
});
