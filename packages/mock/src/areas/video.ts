// Video: collections per library, kept per access key. A library starts with the contract's
// example collections; the first write to a library stores its own copy. A video created into
// a collection counts in its videoCount and leads its preview. Videos themselves are not kept:
// no operation reads them back.
import type {
  Collection as GeneratedCollection,
  CollectionList as GeneratedCollectionList,
  StatusModel as GeneratedStatusModel,
  VideoModel as GeneratedVideoModel,
} from '@platform-contracts/contracts/video';
import { defineArea } from '../engine/area.ts';
import { isoTime } from '../engine/date-time.ts';
import { jsonTemplate } from '../engine/json-template.ts';
import { describeViolations, integerParam, integerQuery, queryValue } from '../engine/request-values.ts';
import { randomUuid } from '../engine/uuid.ts';
import { type CapFlags, capFlags, capMessage, capsFromFlags, contractFields, resolveCaps } from './state.ts';

// int64 fields as the mock holds them: exact, a bigint beyond 2^53.
type ContractCollection = GeneratedCollection<number | bigint>;
type CollectionList = GeneratedCollectionList<number | bigint>;
type StatusModel = GeneratedStatusModel<number | bigint>;
type VideoModel = GeneratedVideoModel<number | bigint>;

/** A collection as the mock keeps it: the contract's, with every field it writes (videoLibraryId is int64, exact). */
export type Collection = ContractCollection & Required<Pick<ContractCollection, 'name' | 'videoCount' | 'totalSize' | 'previewVideoIds' | 'previewImageUrls'>>;

/** A library's collections, newest first (the order `orderBy=date` lists them in). */
interface Library {
  collections: Collection[];
}

export interface VideoState {
  /** Libraries written to, by libraryId; the others read as the seed. */
  libraries: Record<string, Library>;
}

const CAPS = { maxLibraries: 100, maxCollectionsPerLibrary: 1000 };
export type VideoMockOptions = Partial<typeof CAPS>;
const CAP_FLAGS: CapFlags<keyof typeof CAPS> = {
  maxLibraries: { flag: 'max-libraries', what: 'video libraries written to' },
  maxCollectionsPerLibrary: { flag: 'max-collections-per-library', what: 'collections in one library' },
};

/** How many video IDs a collection's preview holds. */
const PREVIEW_SIZE = 4;
/** Orders of `orderBy`, as the contract lists them: the default `date` (newest first) and `title` (by name). */
const ORDERS: Record<string, (a: Collection, b: Collection) => number> = {
  date: () => 0,
  title: (a, b) => (a.name ?? '\uffff').localeCompare(b.name ?? '\uffff', 'en', { sensitivity: 'base' }),
};

const statusModel = <Status extends 200 | 400>(statusCode: Status, message: string) => ({
  status: statusCode,
  body: { success: statusCode < 400, message, statusCode } satisfies StatusModel,
});
const notFound = { status: 404 } as const;

export default defineArea<'video', VideoMockOptions, VideoState>()({
  name: 'video',
  flags: capFlags(CAP_FLAGS, CAPS),
  optionsFromFlags: (values): VideoMockOptions => capsFromFlags(CAP_FLAGS, values),
  setup({ document, example, options }) {
    const fields = contractFields(document);
    const caps = resolveCaps('video', CAPS, options);
    const seedCollections = example<CollectionList>('CollectionListPage').items as Collection[];
    // The example's fields with the six each create sets, its JSON written from a template (engine/json-template.ts).
    const videoCreated = jsonTemplate(example<VideoModel>('VideoCreated'), ['videoLibraryId', 'guid', 'title', 'collectionId', 'status', 'dateUploaded']);

    const libraryIdOf = (request: { params: { libraryId: string } }) => integerParam(request, 'libraryId');
    /** The library as stored, or as the seed shows it when it was never written to. */
    const read = (state: VideoState, libraryId: number | bigint): Library =>
      state.libraries[String(libraryId)] ?? { collections: seedCollections.map((c) => ({ ...c, videoLibraryId: libraryId })) };
    /** The library to write to, stored on first write; undefined when the cap on libraries is reached. */
    function writable(state: VideoState, libraryId: number | bigint): Library | undefined {
      const held = state.libraries[String(libraryId)];
      if (held) return held;
      if (Object.keys(state.libraries).length >= caps.maxLibraries) return undefined;
      return (state.libraries[String(libraryId)] = read(state, libraryId));
    }
    const librariesFull = () => statusModel(400, capMessage('video', CAP_FLAGS, 'maxLibraries', caps.maxLibraries));

    const shown = (collection: Collection, request: { query: { includeThumbnails?: string | string[] } }): Collection => ({
      ...collection,
      previewImageUrls:
        queryValue(request, 'includeThumbnails') === 'true'
          ? (collection.previewVideoIds?.split(',') ?? []).map((id) => `https://vz-${collection.videoLibraryId}.video.platform.invalid/${id}/thumbnail.jpg`)
          : null,
    });
    const find = (library: Library, collectionId: string | undefined) => library.collections.find((c) => c.guid === collectionId);

    return {
      seed: (): VideoState => ({ libraries: {} }),
      importState(snapshot: unknown): VideoState {
        const libraries = (snapshot as Partial<VideoState> | null)?.libraries;
        const valid =
          typeof libraries === 'object' &&
          libraries !== null &&
          Object.keys(libraries).length <= caps.maxLibraries &&
          Object.entries(libraries).every(
            ([id, library]) =>
              /^\d+$/.test(id) &&
              Array.isArray(library?.collections) &&
              library.collections.length <= caps.maxCollectionsPerLibrary &&
              library.collections.every((c) => typeof c?.guid === 'string'),
          );
        if (!valid)
          throw new Error(
            `video state is {"libraries": {"<libraryId>": {"collections": [Collection, ...]}}}, within the caps (${caps.maxLibraries} libraries, ${caps.maxCollectionsPerLibrary} collections each)`,
          );
        return {
          libraries: Object.fromEntries(
            Object.entries(libraries).map(([id, library]) => [id, { collections: library.collections.map((c) => fields('Collection', c)) }]),
          ),
        };
      },
      invalidRequest: (violations) => statusModel(400, describeViolations(violations)),
      handlers: {
        createVideo(request, { state, clock }) {
          const { body } = request;
          const libraryId = libraryIdOf(request);
          const guid = randomUuid();
          const collectionId = body.collectionId || null;
          if (collectionId) {
            if (!find(read(state, libraryId), collectionId)) return notFound;
            const library = writable(state, libraryId);
            if (!library) return librariesFull();
            const collection = find(library, collectionId)!;
            collection.videoCount = Number(collection.videoCount) + 1;
            collection.previewVideoIds = [guid, ...(collection.previewVideoIds?.split(',') ?? [])].slice(0, PREVIEW_SIZE).join(',');
          }
          return {
            status: 200,
            body: videoCreated({
              videoLibraryId: libraryId,
              guid,
              title: body.title,
              collectionId,
              status: 0,
              dateUploaded: isoTime(clock.now()),
            }),
          };
        },
        listCollections(request, { state }) {
          const page = integerQuery(request, 'page', 1);
          const itemsPerPage = integerQuery(request, 'itemsPerPage', 100);
          const search = queryValue(request, 'search')?.toLowerCase();
          // Validation refused every value the contract's enum does not list.
          const order = ORDERS[queryValue(request, 'orderBy') ?? 'date']!;
          const matching = read(state, libraryIdOf(request))
            .collections.filter((c) => !search || (c.name ?? '').toLowerCase().includes(search))
            .sort(order);
          return {
            status: 200,
            body: {
              totalItems: matching.length,
              currentPage: page,
              itemsPerPage,
              items: matching.slice((page - 1) * itemsPerPage, page * itemsPerPage).map((c) => shown(c, request)),
            },
          };
        },
        createCollection(request, { state }) {
          const { name } = request.body;
          const videoLibraryId = libraryIdOf(request);
          const library = writable(state, videoLibraryId);
          if (!library) return librariesFull();
          if (library.collections.length >= caps.maxCollectionsPerLibrary) {
            return statusModel(400, capMessage('video', CAP_FLAGS, 'maxCollectionsPerLibrary', caps.maxCollectionsPerLibrary));
          }
          const collection: Collection = {
            videoLibraryId,
            guid: randomUuid(),
            name,
            videoCount: 0,
            totalSize: 0,
            previewVideoIds: null,
            previewImageUrls: null,
          };
          library.collections.unshift(collection);
          return { status: 200, body: collection };
        },
        getCollection(request, { state }) {
          const collection = find(read(state, libraryIdOf(request)), request.params.collectionId);
          return collection ? { status: 200, body: shown(collection, request) } : notFound;
        },
        updateCollection(request, { state }) {
          if (!find(read(state, libraryIdOf(request)), request.params.collectionId)) return notFound;
          const library = writable(state, libraryIdOf(request));
          if (!library) return librariesFull();
          find(library, request.params.collectionId)!.name = request.body.name;
          return statusModel(200, 'OK');
        },
        deleteCollection(request, { state }) {
          if (!find(read(state, libraryIdOf(request)), request.params.collectionId)) return notFound;
          const library = writable(state, libraryIdOf(request));
          if (!library) return librariesFull();
          library.collections = library.collections.filter((c) => c.guid !== request.params.collectionId);
          return statusModel(200, 'OK');
        },
      },
    };
  },
});
