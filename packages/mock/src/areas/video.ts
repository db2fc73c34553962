// Video: create answers from the request; collections are kept per library in memory.
import { randomUUID } from 'node:crypto';
import { defineArea, describeViolations, integerQuery, queryValue, type MockRequest, type MockResponse } from '../area.ts';

interface Collection {
  videoLibraryId: number;
  guid: string;
  name: string | null;
  videoCount: number;
  totalSize: number;
  previewVideoIds: string | null;
  previewImageUrls: string[] | null;
}

const statusModel = (statusCode: number, message: string, success = statusCode < 400): MockResponse => ({
  status: statusCode,
  body: { success, message, statusCode },
});

export default defineArea({
  name: 'video',
  setup({ example }) {
    const libraries = new Map<number, Map<string, Collection>>();

    /** A library starts with the contract's example collections. */
    function collectionsOf(libraryId: number) {
      let collections = libraries.get(libraryId);
      if (!collections) {
        const seed = example<{ items: Collection[] }>('CollectionListPage').items;
        collections = new Map(seed.map((c) => [c.guid, { ...c, videoLibraryId: libraryId }]));
        libraries.set(libraryId, collections);
      }
      return collections;
    }

    const libraryIdOf = (request: MockRequest) => Number(request.params.libraryId);
    const withThumbnails = (collection: Collection, request: MockRequest): Collection => ({
      ...collection,
      previewImageUrls: queryValue(request, 'includeThumbnails') === 'true' ? [] : null,
    });
    const find = (request: MockRequest) => collectionsOf(libraryIdOf(request)).get(request.params.collectionId!);
    const notFound: MockResponse = { status: 404 };

    return {
      invalidRequest: (violations) => statusModel(400, describeViolations(violations)),
      handlers: {
        createVideo(request) {
          const body = request.body as { title: string; collectionId?: string | null };
          const video = example<Record<string, unknown>>('VideoCreated');
          return {
            status: 200,
            body: {
              ...video,
              videoLibraryId: libraryIdOf(request),
              guid: randomUUID(),
              title: body.title,
              collectionId: body.collectionId ?? null,
              status: 0,
              dateUploaded: new Date().toISOString(),
            },
          };
        },
        listCollections(request) {
          const page = integerQuery(request, 'page', 1);
          const itemsPerPage = integerQuery(request, 'itemsPerPage', 100);
          const search = queryValue(request, 'search')?.toLowerCase();
          const matching = [...collectionsOf(libraryIdOf(request)).values()].filter(
            (c) => !search || (c.name ?? '').toLowerCase().includes(search),
          );
          return {
            status: 200,
            body: {
              totalItems: matching.length,
              currentPage: page,
              itemsPerPage,
              items: matching.slice((page - 1) * itemsPerPage, page * itemsPerPage).map((c) => withThumbnails(c, request)),
            },
          };
        },
        createCollection(request) {
          const { name } = request.body as { name: string };
          const collection: Collection = {
            videoLibraryId: libraryIdOf(request),
            guid: randomUUID(),
            name,
            videoCount: 0,
            totalSize: 0,
            previewVideoIds: null,
            previewImageUrls: null,
          };
          collectionsOf(collection.videoLibraryId).set(collection.guid, collection);
          return { status: 200, body: collection };
        },
        getCollection(request) {
          const collection = find(request);
          return collection ? { status: 200, body: withThumbnails(collection, request) } : notFound;
        },
        updateCollection(request) {
          const collection = find(request);
          if (!collection) return notFound;
          collection.name = (request.body as { name: string }).name;
          return statusModel(200, 'OK');
        },
        deleteCollection(request) {
          if (!collectionsOf(libraryIdOf(request)).delete(request.params.collectionId!)) return notFound;
          return statusModel(200, 'OK');
        },
      },
    };
  },
});
