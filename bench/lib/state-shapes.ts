// Shapes of an area's state as its contract writes them, for a snapshot of many items: the memory
// bench (snapshot-memory.ts) and the state size test (test/mock/engine/snapshot-bytes.test.ts)
// build their snapshots from the same rows.

export interface StateShape {
  name: string;
  /** The item numbered `i`; `seed`: an item the mock made itself, for shapes too rich to write out. */
  item: (i: number, seed: Record<string, unknown>) => unknown;
  /** A snapshot's `areas` holding `items`. */
  snapshot: (items: unknown[]) => Record<string, unknown>;
}

export const DNS_RECORDS: StateShape = {
  name: 'DNS records in one zone',
  item: (i) => ({ name: `h${i}.example.com.`, type: 'A', data: `192.0.2.${i % 250}` }),
  snapshot: (records) => ({ dns: { zones: { 12345: { records } } } }),
};

export const VIDEO_COLLECTIONS: StateShape = {
  name: 'video collections in one library',
  item: (i) => ({
    videoLibraryId: 42,
    guid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: `collection ${i}`,
    videoCount: 0,
    totalSize: 0,
    previewVideoIds: null,
    previewImageUrls: null,
  }),
  snapshot: (collections) => ({ video: { libraries: { 42: { collections } } } }),
};
