// The request journal: what each namespace (access key) asked the mock and what it was answered,
// in order, for tests to verify (WireMock's `verify`, without sleeps). Every door records through
// the same `record(namespace, entry)` (the engine for HTTP, fetch and MSW; an area's upgrade for
// Hrana over WebSocket; any other path that answers requests may call it too). Memory is bounded:
// each namespace keeps its last `maxEntries` entries within about `maxBytes` (the oldest dropped
// first, and counted), bodies over `maxBodyBytes` are not kept, and at most `maxNamespaces`
// namespaces are kept (the least recently written dropped first). Entries hold no secret: headers
// are not recorded and bodies are redacted before they are stored (recorder.ts).

import { oldestKeyOf } from '../engine/oldest-key.ts';
import { entryOf, type JournalInput, type RequestEntry } from './entries.ts';
import { clearAt, type EntryColumns, inputAt, moveEntry, newColumns, storeAt } from './entry-columns.ts';

export type { JournalInput, RequestEntry } from './entries.ts';
export { redactKey } from './redact-key.ts';

export interface JournalOptions {
  /** Entries kept per namespace (the oldest dropped first). Default 1000. */
  maxEntries?: number;
  /** About how many bytes of entries one namespace keeps (bodies, statements, paths; the oldest dropped first). Default 256 KiB. */
  maxBytes?: number;
  /** Bodies larger than this are not kept (their size is). Default 16 KiB. */
  maxBodyBytes?: number;
}

export interface JournalQuery {
  /** Only entries after this `seq`. */
  after?: number;
  /** At most this many (the first ones after `after`). */
  limit?: number;
  /** Only entries that broke the contract. */
  violations?: boolean;
  /** Also the requests the vitest fixtures sent to set the test up (marked `setup: true`); left out by default. */
  setup?: boolean;
}

export const JOURNAL_DEFAULTS = { maxEntries: 1000, maxBytes: 256 * 1024, maxBodyBytes: 16 * 1024 } as const;
/** Violating entries kept per namespace apart from the cap, so that a busy test still learns of its first violations. */
const MAX_KEPT_VIOLATIONS = 100;
/** What an entry costs besides its texts (its object, arrays, numbers), for the byte cap. */
const ENTRY_OVERHEAD_BYTES = 200;

/** What an entry counts against the byte cap: its texts and an overhead for the rest. */
const bytesOf = (input: JournalInput) => {
  let bytes = ENTRY_OVERHEAD_BYTES + input.path.length + (input.bodyText?.length ?? 0);
  if (input.statements) for (const sql of input.statements) bytes += sql.length;
  return bytes;
};

/**
 * One namespace's entries, in a ring: the oldest at `head`, `count` of them. An entry is kept by
 * field, in columns (entry-columns.ts: the recorder's object dies young), with nothing around it:
 * its `seq` is its place (`first` + its distance from `head`: the numbers are consecutive) and its
 * size is in a column beside it, so that recording allocates nothing of its own and dropping the
 * oldest reads no entry that has long left the caches.
 */
interface NamespaceJournal {
  /** Grows by doubling up to maxEntries; a dropped entry's slot is emptied at once (what it held is freed). */
  ring: EntryColumns;
  capacity: number;
  head: number;
  count: number;
  /** The seq of the oldest kept entry (of the next one when none is kept). */
  first: number;
  bytes: number;
  dropped: number;
  /** The first violating entries, with their seq (few: they are kept apart from the cap). */
  violations: { seq: number; input: JournalInput }[];
  violationCount: number;
}

export type Journal = ReturnType<typeof createJournal>;

export function createJournal(options: JournalOptions & { maxNamespaces: number }) {
  const maxEntries = options.maxEntries ?? JOURNAL_DEFAULTS.maxEntries;
  const maxBytes = options.maxBytes ?? JOURNAL_DEFAULTS.maxBytes;
  const namespaces = new Map<string, NamespaceJournal>();
  const oldestNamespace = oldestKeyOf(namespaces);
  /** The namespace written last (the last in `namespaces`): a suite writes to one namespace many times in a row. */
  let last: { name: string; journal: NamespaceJournal } | undefined;

  function journalOf(namespace: string): NamespaceJournal {
    if (last?.name === namespace) return last.journal;
    let found = namespaces.get(namespace);
    if (found) {
      namespaces.delete(namespace); // most recently written last
      namespaces.set(namespace, found);
    } else {
      const capacity = Math.min(16, maxEntries);
      found = {
        ring: newColumns(capacity),
        capacity,
        head: 0,
        count: 0,
        first: 1,
        bytes: 0,
        dropped: 0,
        violations: [],
        violationCount: 0,
      };
      namespaces.set(namespace, found);
      while (namespaces.size > options.maxNamespaces) namespaces.delete(oldestNamespace()!);
    }
    last = { name: namespace, journal: found };
    return found;
  }

  /** The ring twice as large (at most maxEntries), its entries in order from index 0. */
  function grow(journal: NamespaceJournal) {
    const capacity = Math.min(journal.capacity * 2, maxEntries);
    const ring = newColumns(capacity);
    for (let i = 0; i < journal.count; i++) moveEntry(journal.ring, (journal.head + i) % journal.capacity, ring, i);
    Object.assign(journal, { ring, capacity, head: 0 });
  }

  function dropOldest(journal: NamespaceJournal) {
    journal.bytes -= journal.ring.size[journal.head]!;
    clearAt(journal.ring, journal.head);
    journal.head = journal.head + 1 === journal.capacity ? 0 : journal.head + 1;
    journal.count--;
    journal.first++;
    journal.dropped++;
  }

  return {
    /** Bodies larger than this are not kept: the recorder asks before it reads one. */
    maxBodyBytes: options.maxBodyBytes ?? JOURNAL_DEFAULTS.maxBodyBytes,

    /** Records one request of the namespace (the journal keeps `input` as it is: do not change it afterwards); its entry's `seq`. */
    record(namespace: string, input: JournalInput): number {
      const journal = journalOf(namespace);
      const seq = journal.first + journal.count;
      if (input.violations.length > 0) {
        journal.violationCount++;
        if (journal.violations.length < MAX_KEPT_VIOLATIONS) journal.violations.push({ seq, input });
      }
      if (maxEntries < 1) {
        journal.first++;
        journal.dropped++;
        return seq;
      }
      if (journal.count === journal.capacity) {
        if (journal.capacity < maxEntries) grow(journal);
        else dropOldest(journal);
      }
      const bytes = bytesOf(input);
      let at = journal.head + journal.count;
      if (at >= journal.capacity) at -= journal.capacity;
      storeAt(journal.ring, at, input, bytes, journal.count === 0 ? -1 : at === 0 ? journal.capacity - 1 : at - 1);
      journal.count++;
      journal.bytes += bytes;
      while (journal.bytes > maxBytes && journal.count > 1) dropOldest(journal);
      return seq;
    },

    /** The namespace's kept entries in order (or those the query asks for). */
    list(namespace: string, query: JournalQuery = {}): RequestEntry[] {
      const journal = namespaces.get(namespace);
      if (!journal) return [];
      const after = query.after ?? 0;
      const limit = query.limit ?? Infinity;
      const found: RequestEntry[] = [];
      const take = (seq: number, input: JournalInput) => {
        if (seq > after && (query.setup || !input.setup)) found.push(entryOf(seq, input));
      };
      if (query.violations) {
        for (const { seq, input } of journal.violations) if (found.length < limit) take(seq, input);
        return found;
      }
      for (let i = Math.max(0, after + 1 - journal.first); i < journal.count && found.length < limit; i++) {
        take(journal.first + i, inputAt(journal.ring, (journal.head + i) % journal.capacity));
      }
      return found;
    },

    /** How many of the namespace's entries were dropped to stay within the cap, and how many broke the contract (kept or not). */
    counts(namespace: string): { recorded: number; dropped: number; violations: number } {
      const journal = namespaces.get(namespace);
      return { recorded: journal ? journal.first + journal.count - 1 : 0, dropped: journal?.dropped ?? 0, violations: journal?.violationCount ?? 0 };
    },

    /** Forgets one namespace's entries (its numbers start again from 1), or every namespace's. */
    clear(namespace?: string) {
      if (namespace === undefined || last?.name === namespace) last = undefined;
      if (namespace === undefined) namespaces.clear();
      else namespaces.delete(namespace);
    },
  };
}
