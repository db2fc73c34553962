// Video: a collection's life (create, list, rename, get, delete, then the not-found it leaves)
// and a video created into it; the documented refusals of a bad request.
import { must, type Scenario, UNKNOWN } from '../scenario.ts';

export const scenarios: Scenario[] = [
  {
    name: 'video/collection-lifecycle',
    area: 'video',
    summary: 'creates a collection, lists, renames, gets and deletes it, then gets it again (404)',
    async run({ platform, inputs }) {
      const libraryId = inputs.libraryId;
      const created = must(
        await platform.video.POST('/library/{libraryId}/collections', { params: { path: { libraryId } }, body: { name: 'Parity talks' } }),
        'createCollection',
      );
      const collectionId = created.guid;
      await platform.video.GET('/library/{libraryId}/collections', { params: { path: { libraryId }, query: { search: 'Parity', itemsPerPage: 10 } } });
      await platform.video.POST('/library/{libraryId}/collections/{collectionId}', {
        params: { path: { libraryId, collectionId } },
        body: { name: 'Parity talks 2026' },
      });
      await platform.video.GET('/library/{libraryId}/collections/{collectionId}', { params: { path: { libraryId, collectionId } } });
      await platform.video.POST('/library/{libraryId}/videos', { params: { path: { libraryId } }, body: { title: 'Parity keynote', collectionId } });
      await platform.video.DELETE('/library/{libraryId}/collections/{collectionId}', { params: { path: { libraryId, collectionId } } });
      await platform.video.GET('/library/{libraryId}/collections/{collectionId}', { params: { path: { libraryId, collectionId } } });
    },
  },
  {
    name: 'video/refusals',
    area: 'video',
    summary: 'the documented answers to a bad request: a video without a title, a collection that does not exist',
    async run({ platform, anonymous, inputs }) {
      const libraryId = inputs.libraryId;
      const collectionId = UNKNOWN.text;
      await anonymous.video.GET('/library/{libraryId}/collections', { params: { path: { libraryId } } });
      const notAnId = 'abc' as unknown as number;
      await platform.video.GET('/library/{libraryId}/collections/{collectionId}', { params: { path: { libraryId: notAnId, collectionId } } });
      await platform.video.POST('/library/{libraryId}/collections/{collectionId}', {
        params: { path: { libraryId: notAnId, collectionId } },
        body: { name: 'x' },
      });
      await platform.video.DELETE('/library/{libraryId}/collections/{collectionId}', { params: { path: { libraryId: notAnId, collectionId } } });
      await platform.video.POST('/library/{libraryId}/videos', { params: { path: { libraryId } }, body: { title: '' } });
      await platform.video.POST('/library/{libraryId}/collections', { params: { path: { libraryId } }, body: { name: '' } });
      await platform.video.GET('/library/{libraryId}/collections', { params: { path: { libraryId }, query: { itemsPerPage: 0 } } });
      await platform.video.GET('/library/{libraryId}/collections/{collectionId}', { params: { path: { libraryId, collectionId } } });
      await platform.video.POST('/library/{libraryId}/collections/{collectionId}', { params: { path: { libraryId, collectionId } }, body: { name: 'x' } });
      await platform.video.DELETE('/library/{libraryId}/collections/{collectionId}', { params: { path: { libraryId, collectionId } } });
      await platform.video.POST('/library/{libraryId}/videos', { params: { path: { libraryId } }, body: { title: 'Lost', collectionId } });
    },
  },
];
