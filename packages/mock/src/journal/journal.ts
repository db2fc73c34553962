// The request journal: what each namespace (access key) asked the mock and what it was answered,
// in order, for tests to verify (WireMock's `verify`, without sleeps). Every door records through
// the same `record(namespace, entry)` (the engine for HTTP, fetch and MSW; an area's upgrade for
// Hrana over WebSocket; any other path that answers requests may call it too). Memory is bounded:
// each namespace keeps its last `maxEntries` entries within about `maxBytes` (the oldest dropped
// first, and counted), bodies over `maxBodyBytes` are not kept, and at most `maxNamespaces`
// namespaces are kept (the least recently written dropped first). Entries hold no secret: headers
// are not recorded and bodies are redacted before they are stored (recorder.ts).
import { parseExactJson } from '../engine/exact-json.ts';

/** A violation of the contract, as the `sl-violations` header shows them: `['request', 'body', 'title']`. */
export interface JournalViolation {
  location: string[];
  message: string;
}

/** What a door records for one request (or one WebSocket message). */
export interface JournalInput {
  /** When it arrived, on the namespace's clock (ms since the epoch). */
  time: number;
  transport: 'http' | 'websocket';
  method: string;
  /** The path as sent, still percent-encoded. */
  path: string;
  query: Record<string, string | string[]>;
  area?: string;
  operationId?: string;
  params?: Record<string, string>;
  /** The body as sent (already redacted), or undefined without one. */
  bodyText?: string;
  /** The body's media type (lower case, no parameters), when it has one. */
  contentType?: string;
  /** The body's size when it was too large to keep. */
  omittedBodyBytes?: number;
  statements?: string[];
  status: number;
  violations: JournalViolation[];
  fault?: { status?: number; network?: string; latencyMs?: number };
  error?: { message: string; code?: string };
  /** Sent by the vitest fixtures to set a test up (the SETUP_HEADER): left out of lists unless asked for, and of coverage. */
  setup?: boolean;
}

/** One recorded request, as `mock.requests()` and `GET /_mock/requests` give it. */
export interface RequestEntry {
  /** Its place among the namespace's requests, from 1 (dropped entries keep their numbers). */
  seq: number;
  /** When it arrived, on the namespace's clock (ISO 8601). */
  time: string;
  /** `http` (the fetch door, MSW and HTTP alike) or `websocket` (one message of a connection). */
  transport: 'http' | 'websocket';
  area?: string;
  /** The operation it matched; absent when it matched none (and over WebSocket). */
  operationId?: string;
  method: string;
  /** As sent, still percent-encoded. */
  path: string;
  /** Path parameters by their declared names, decoded, when it matched an operation. */
  params?: Record<string, string>;
  query: Record<string, string | string[]>;
  /** The body: parsed JSON for a JSON media type, text otherwise; secrets redacted. */
  body?: unknown;
  /** The body's size in bytes when it was larger than the journal keeps (then `body` is absent). */
  omittedBodyBytes?: number;
  /** Every SQL text the body carries, in order (database requests). */
  statements?: string[];
  /** The status answered; 0 when a network fault answered nothing. */
  status: number;
  /** What the request (`request.…`) or the answer (`response.…`) broke of the contract; empty when nothing. */
  violations: JournalViolation[];
  /** The fault that answered it, when one did. */
  fault?: { status?: number; network?: string; latencyMs?: number };
  /** Over WebSocket: the protocol error the message was answered with. */
  error?: { message: string; code?: string };
  /** The vitest fixtures sent it to set the test up (database tokens): listed only with `{ setup: true }`. */
  setup?: true;
}

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
 * One namespace's entries, in a ring: the oldest at `head`, `count` of them. An entry is kept as
 * the recorder made it (never copied: it makes a fresh one each time), with nothing around it: its
 * `seq` is its place (`first` + its distance from `head`: the numbers are consecutive) and its size
 * is in `sizes` beside it, so that recording allocates nothing of its own and dropping the oldest
 * reads no entry that has long left the caches.
 */
interface NamespaceJournal {
  /** Grows by doubling up to maxEntries; a dropped entry's slot is emptied at once (what it held is freed). */
  ring: (JournalInput | undefined)[];
  sizes: Int32Array;
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
        ring: new Array(capacity),
        sizes: new Int32Array(capacity),
        head: 0,
        count: 0,
        first: 1,
        bytes: 0,
        dropped: 0,
        violations: [],
        violationCount: 0,
      };
      namespaces.set(namespace, found);
      while (namespaces.size > options.maxNamespaces) namespaces.delete(namespaces.keys().next().value!);
    }
    last = { name: namespace, journal: found };
    return found;
  }

  /** The ring twice as large (at most maxEntries), its entries in order from index 0. */
  function grow(journal: NamespaceJournal) {
    const capacity = Math.min(journal.ring.length * 2, maxEntries);
    const [ring, sizes] = [new Array<JournalInput | undefined>(capacity), new Int32Array(capacity)];
    for (let i = 0; i < journal.count; i++) {
      const from = (journal.head + i) % journal.ring.length;
      ring[i] = journal.ring[from];
      sizes[i] = journal.sizes[from]!;
    }
    Object.assign(journal, { ring, sizes, head: 0 });
  }

  function dropOldest(journal: NamespaceJournal) {
    journal.bytes -= journal.sizes[journal.head]!;
    journal.ring[journal.head] = undefined;
    journal.head = journal.head + 1 === journal.ring.length ? 0 : journal.head + 1;
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
      if (journal.count === journal.ring.length) {
        if (journal.ring.length < maxEntries) grow(journal);
        else dropOldest(journal);
      }
      const bytes = bytesOf(input);
      let at = journal.head + journal.count;
      if (at >= journal.ring.length) at -= journal.ring.length;
      journal.ring[at] = input;
      journal.sizes[at] = bytes;
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
        take(journal.first + i, journal.ring[(journal.head + i) % journal.ring.length]!);
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

/** A stored entry as callers see it: a fresh object each time, its body parsed from the text kept. */
function entryOf(seq: number, input: JournalInput): RequestEntry {
  return {
    seq,
    time: new Date(input.time).toISOString(),
    transport: input.transport,
    ...(input.area !== undefined && { area: input.area }),
    ...(input.operationId !== undefined && { operationId: input.operationId }),
    method: input.method,
    path: input.path,
    ...(input.params !== undefined && { params: { ...input.params } }),
    query: { ...input.query },
    ...(input.bodyText !== undefined && { body: bodyOf(input.bodyText, input.contentType) }),
    ...(input.omittedBodyBytes !== undefined && { omittedBodyBytes: input.omittedBodyBytes }),
    ...(input.statements !== undefined && { statements: [...input.statements] }),
    status: input.status,
    violations: input.violations.map((v) => ({ location: [...v.location], message: v.message })),
    ...(input.fault !== undefined && { fault: { ...input.fault } }),
    ...(input.error !== undefined && { error: { ...input.error } }),
    ...(input.setup && { setup: true as const }),
  };
}

const JSON_MEDIA = /^(application\/json|text\/json|application\/[^;]*\+json)$/;

/** A body as its media type reads it: JSON parsed (exactly: int64 as bigint beyond 2^53), text as it is. */
function bodyOf(text: string, contentType: string | undefined): unknown {
  if (contentType !== undefined && !JSON_MEDIA.test(contentType)) return text;
  try {
    return parseExactJson(text);
  } catch {
    return text;
  }
}

/** An access key as control answers and violation reports show it: its last four characters at most, and only of a long one. */
export const redactKey = (key: string): string => (key.length >= 12 ? `****${key.slice(-4)}` : '****');
