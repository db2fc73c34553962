/** One page of a listing, and whether the service says it is the last one. */
export interface PageOf<T> {
  items: readonly T[];
  last: boolean;
}

/**
 * The items of page 1, 2, ... until a page is the last one. An empty page ends the walk too, so
 * that a listing whose counters are wrong cannot loop forever.
 */
export async function* walkPages<T>(readPage: (page: number) => Promise<PageOf<T>>): AsyncGenerator<T, void, undefined> {
  for (let page = 1; ; page++) {
    const { items, last } = await readPage(page);
    yield* items;
    if (last || items.length === 0) return;
  }
}
