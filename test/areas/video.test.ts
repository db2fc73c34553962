// The video client against the mock: every answer is checked against the contract.

import { ClientConfigError, createVideoClient } from '@platform-contracts/client';
import { describe, expect, it } from 'vitest';
import { useMock } from '../support/mock.ts';
import { loadBundle, validateAnswer } from '../support/openapi.ts';
import { recordingFetch } from '../support/recording-fetch.ts';

const mock = useMock(['video']);
const client = () => createVideoClient({ accessKey: 'test-key', baseUrl: mock.url, fetch: mock.fetch });
const libraryId = 42;
/** A collection every library starts with (the contract's example). */
const seededCollectionId: string = loadBundle('video').components.examples.CollectionListPage.value.items[0].guid;

describe('createVideo', () => {
  it('answers 200 with a VideoModel that reflects the request', async () => {
    const { data, response } = await client().POST('/library/{libraryId}/videos', {
      params: { path: { libraryId } },
      body: { title: 'Keynote', collectionId: seededCollectionId, thumbnailTime: 1500 },
    });
    expect(response.status).toBe(200);
    expect(validateAnswer('video', 'createVideo', 200, data)).toEqual([]);
    expect(data).toMatchObject({ title: 'Keynote', collectionId: seededCollectionId, videoLibraryId: libraryId, status: 0 });
  });

  it('gives every video a fresh guid', async () => {
    const create = () => client().POST('/library/{libraryId}/videos', { params: { path: { libraryId } }, body: { title: 'x' } });
    const [a, b] = await Promise.all([create(), create()]);
    expect(a.data?.guid).toBeTruthy();
    expect(a.data?.guid).not.toBe(b.data?.guid);
    expect(a.data?.collectionId).toBeNull();
  });

  it('answers 401 without a body when the AccessKey header is missing', async () => {
    const response = await mock.fetch(`${mock.url}/library/${libraryId}/videos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Keynote' }),
    });
    expect(response.status).toBe(401);
    expect(await response.text()).toBe('');
  });

  const invalidBodies: [string, unknown, RegExp][] = [
    ['an empty title', { title: '' }, /title.*fewer than 1/],
    ['no title', { collectionId: 'c-1' }, /required.*title|title.*required/],
    ['an unknown property', { title: 'x', colour: 'red' }, /additional properties.*colour/],
    ['a wrong type', { title: 5 }, /title.*must be string/],
    ['a fractional thumbnailTime', { title: 'x', thumbnailTime: 1.5 }, /thumbnailTime.*integer/],
  ];
  it.each(invalidBodies)('answers 400 with a StatusModel for %s', async (_name, body, message) => {
    const { error, response } = await client().POST('/library/{libraryId}/videos', {
      params: { path: { libraryId } },
      body: body as never,
    });
    expect(response.status).toBe(400);
    expect(validateAnswer('video', 'createVideo', 400, error)).toEqual([]);
    expect(error).toMatchObject({ success: false, statusCode: 400 });
    expect(error?.message).toMatch(message);
  });

  it('answers 400 for a library id that is not an integer', async () => {
    const response = await mock.fetch(`${mock.url}/library/abc/videos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', AccessKey: 'k' },
      body: JSON.stringify({ title: 'x' }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/libraryId/i);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await mock.fetch(`${mock.url}/library/${libraryId}/videos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', AccessKey: 'k' },
      body: '{"title":',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/not valid JSON/);
  });
});

describe('collections', () => {
  const path = { libraryId: 7 };

  it('lists, creates, reads, renames and deletes a collection', async () => {
    const api = client();
    const list = await api.GET('/library/{libraryId}/collections', { params: { path } });
    expect(list.response.status).toBe(200);
    expect(validateAnswer('video', 'listCollections', 200, list.data)).toEqual([]);

    const created = await api.POST('/library/{libraryId}/collections', { params: { path }, body: { name: 'Talks 2026' } });
    expect(created.response.status).toBe(200);
    expect(validateAnswer('video', 'createCollection', 200, created.data)).toEqual([]);
    const collectionId = created.data!.guid!;

    const read = await api.GET('/library/{libraryId}/collections/{collectionId}', { params: { path: { ...path, collectionId } } });
    expect(read.data).toMatchObject({ guid: collectionId, name: 'Talks 2026', videoLibraryId: 7 });
    expect(validateAnswer('video', 'getCollection', 200, read.data)).toEqual([]);

    const renamed = await api.POST('/library/{libraryId}/collections/{collectionId}', {
      params: { path: { ...path, collectionId } },
      body: { name: 'Talks' },
    });
    expect(renamed.data).toMatchObject({ success: true, statusCode: 200 });
    expect(validateAnswer('video', 'updateCollection', 200, renamed.data)).toEqual([]);

    const searched = await api.GET('/library/{libraryId}/collections', { params: { path, query: { search: 'talks' } } });
    expect(searched.data?.items.map((c) => c.name)).toContain('Talks');
    expect(searched.data?.items.every((c) => c.name?.toLowerCase().includes('talks'))).toBe(true);

    const deleted = await api.DELETE('/library/{libraryId}/collections/{collectionId}', { params: { path: { ...path, collectionId } } });
    expect(validateAnswer('video', 'deleteCollection', 200, deleted.data)).toEqual([]);
    const gone = await api.GET('/library/{libraryId}/collections/{collectionId}', { params: { path: { ...path, collectionId } } });
    expect(gone.response.status).toBe(404);
  });

  it('pages the list', async () => {
    const { data } = await client().GET('/library/{libraryId}/collections', {
      params: { path: { libraryId: 8 }, query: { page: 2, itemsPerPage: 1 } },
    });
    expect(data).toMatchObject({ currentPage: 2, itemsPerPage: 1 });
    expect(data?.items).toHaveLength(1);
    expect(data!.totalItems).toBeGreaterThanOrEqual(2);
  });

  it.each([
    ['GET', 'getCollection'],
    ['POST', 'updateCollection'],
    ['DELETE', 'deleteCollection'],
  ])('%s of an unknown collection answers 404', async (method, operationId) => {
    const response = await mock.fetch(`${mock.url}/library/7/collections/does-not-exist`, {
      method,
      headers: { AccessKey: 'k', 'content-type': 'application/json' },
      body: method === 'POST' ? JSON.stringify({ name: 'x' }) : undefined,
    });
    expect(response.status).toBe(404);
    expect(validateAnswer('video', operationId, 404, await response.text())).toEqual([]);
  });

  it('answers 400 with a StatusModel for an itemsPerPage of 0', async () => {
    const { error, response } = await client().GET('/library/{libraryId}/collections', {
      params: { path, query: { itemsPerPage: 0 } },
    });
    expect(response.status).toBe(400);
    expect(validateAnswer('video', 'listCollections', 400, error)).toEqual([]);
  });
});

describe('createVideoClient', () => {
  it('sends the AccessKey header on every call', async () => {
    const { fetch: recording, seen } = recordingFetch('AccessKey', mock.fetch);
    const api = createVideoClient({ accessKey: 'secret-key', baseUrl: mock.url, fetch: recording });
    await api.GET('/library/{libraryId}/collections', { params: { path: { libraryId: 1 } } });
    await api.POST('/library/{libraryId}/videos', { params: { path: { libraryId: 1 } }, body: { title: 't' } });
    expect(seen).toEqual(['secret-key', 'secret-key']);
  });

  it.each([
    [{ baseUrl: 'http://127.0.0.1:4010' }, /option "accessKey" is missing/],
    [{ accessKey: '  ', baseUrl: 'http://127.0.0.1:4010' }, /option "accessKey" must be a non-empty string/],
    [{ accessKey: 'k' }, /option "baseUrl" is missing/],
    [{ accessKey: 'k', baseUrl: 'ftp://host' }, /absolute http\(s\) URL/],
  ])('refuses %j with a clear error', (options, message) => {
    expect(() => createVideoClient(options as never)).toThrow(ClientConfigError);
    expect(() => createVideoClient(options as never)).toThrow(message);
  });

  it('never puts the access key in a construction error', () => {
    try {
      createVideoClient({ accessKey: 'super-secret', baseUrl: 'not a url' });
    } catch (error) {
      expect(String(error)).not.toContain('super-secret');
      return;
    }
    throw new Error('expected an error');
  });
});

describe('listCollections with an empty query value', () => {
  // Prism lets `?page=` through as if the parameter were absent; the mock must agree.
  it.each([
    ['?page=', ''],
    ['?itemsPerPage=', ''],
  ])('%s answers as no parameter', async (withEmpty, without) => {
    const get = async (query: string) => (await mock.fetch(`${mock.url}/library/9/collections${query}`, { headers: { AccessKey: 'k' } })).json();
    const answer = await get(withEmpty);
    expect(answer).toEqual(await get(without));
    expect(answer.currentPage).toBe(1);
  });
});
