// Matchers that read a namespace's request journal as the test's intent:
//   await expect(namespace).toHaveCalled('createVideo', { body: { title: 'Keynote' }, times: 1 });
//   await expect(namespace).toHaveRunSql(/INSERT INTO audit/);
// The received value is anything with `requests()` (the vitest fixture's namespace, a
// `mock.namespace(key)` handle) or the entries themselves. Bodies, queries and parameters match
// partially (the fields named must match, others may be anything; asymmetric matchers such as
// `expect.any(String)` work at any depth). A failure lists what the namespace did instead, the
// closest first. `@platform-contracts/mock/vitest` registers them with `expect.extend`.
import type { OperationId } from '@platform-contracts/contracts';
import type { RequestEntry } from './journal.ts';

/** What a call must have been; every field named must match, partially for objects. */
export interface CallExpectation {
  body?: unknown;
  query?: Record<string, unknown>;
  params?: Record<string, unknown>;
  status?: number;
  /** Exactly this many matching calls (default: at least one). */
  times?: number;
}

export interface SqlExpectation {
  /** Exactly this many statements (default: at least one). */
  times?: number;
}

type Equals = (a: unknown, b: unknown) => boolean;
// What the matchers use of vitest's MatcherState (vitest stays an optional peer: no import of it here).
interface MatcherContext {
  equals: (a: unknown, b: unknown, customTesters?: any[], strictCheck?: boolean) => boolean;
  customTesters?: any[];
  isNot: boolean;
}
interface MatcherResult {
  pass: boolean;
  message: () => string;
}

/** A received value's entries: its `requests()` (awaited), or the entries themselves (awaited: `namespace.requests()`). */
async function entriesOf(given: unknown): Promise<RequestEntry[]> {
  const received = await given;
  if (Array.isArray(received)) return received as RequestEntry[];
  const requests = (received as { requests?: unknown } | null)?.requests;
  if (typeof requests === 'function') return (await (requests as () => RequestEntry[] | Promise<RequestEntry[]>).call(received)) as RequestEntry[];
  throw new TypeError('toHaveCalled and toHaveRunSql take a namespace (the fixture `namespace`, mock.namespace(key)), or its requests');
}

const isAsymmetric = (value: unknown) =>
  typeof value === 'object' && value !== null && typeof (value as { asymmetricMatch?: unknown }).asymmetricMatch === 'function';
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !isAsymmetric(value);

/** Where a call differs from what is expected, and by how much (0 to 1: close text, or another type altogether). */
interface Difference {
  at: string;
  cost: number;
}

/** How far apart two leaves are: 1 for values of different types, less the longer the text they share from the start. */
function distance(actual: unknown, expected: unknown): number {
  if (typeof actual !== typeof expected || isAsymmetric(expected)) return 1;
  const [a, b] = [String(actual), String(expected)];
  let shared = 0;
  while (shared < a.length && shared < b.length && a[shared] === b[shared]) shared++;
  return 1 - shared / Math.max(a.length, b.length, 1);
}

/** Where `actual` differs from what `expected` names (objects partially, arrays element by element): empty when it matches. */
function differences(actual: unknown, expected: unknown, equals: Equals, at: string): Difference[] {
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) return [{ at, cost: 1 }];
    return Object.entries(expected).flatMap(([key, value]) => differences(actual[key], value, equals, `${at}.${key}`));
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return [{ at, cost: 1 }];
    return expected.flatMap((value, index) => differences(actual[index], value, equals, `${at}[${index}]`));
  }
  if (typeof actual === 'bigint' && typeof expected === 'number') return BigInt(expected) === actual ? [] : [{ at, cost: 1 }];
  return equals(actual, expected) ? [] : [{ at, cost: distance(actual, expected) }];
}

function differencesOf(entry: RequestEntry, operationId: string, expected: CallExpectation, equals: Equals): Difference[] {
  return [
    ...(entry.operationId === operationId ? [] : [{ at: 'operationId', cost: 1 }]),
    ...(expected.status === undefined || entry.status === expected.status ? [] : [{ at: 'status', cost: 1 }]),
    ...(expected.params === undefined ? [] : differences(entry.params ?? {}, expected.params, equals, 'params')),
    ...(expected.query === undefined ? [] : differences(entry.query, expected.query, equals, 'query')),
    ...(expected.body === undefined ? [] : differences(entry.body, expected.body, equals, 'body')),
  ];
}

const json = (value: unknown) =>
  JSON.stringify(value, (_, item) => (typeof item === 'bigint' ? `\u0000${item}` : item))?.replace(/"\\u0000(-?\d+)"/g, '$1') ?? String(value);
const shorten = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max)}…` : text);
const times = (count: number) => (count === 1 ? 'once' : `${count} times`);
const MAX_LISTED = 10;

/** One line for a recorded request. */
function line(entry: RequestEntry): string {
  const name = entry.operationId ?? (entry.transport === 'websocket' ? 'WebSocket message' : 'no operation');
  const body = entry.body === undefined ? '' : `  body ${shorten(json(entry.body))}`;
  const query = Object.keys(entry.query).length > 0 ? `?${new URLSearchParams(entry.query as Record<string, string>).toString()}` : '';
  return `${name} ${entry.method} ${entry.path}${query} -> ${entry.status}${body}`;
}

function listing(ranked: { text: string; note?: string }[], none: string): string {
  if (ranked.length === 0) return none;
  const shown = ranked.slice(0, MAX_LISTED).map(({ text, note }, index) => `  ${index + 1}. ${text}${note ? `  (${note})` : ''}`);
  const more = ranked.length > MAX_LISTED ? [`  …and ${ranked.length - MAX_LISTED} more`] : [];
  return [...shown, ...more].join('\n');
}

async function toHaveCalled(this: MatcherContext, received: unknown, operationId: string, expected: CallExpectation = {}): Promise<MatcherResult> {
  if (typeof operationId !== 'string' || operationId === '') throw new TypeError('toHaveCalled takes an operationId, such as createVideo');
  const entries = await entriesOf(received);
  const equals: Equals = (a, b) => this.equals(a, b, this.customTesters);
  const scored = entries.map((entry) => ({ entry, differs: differencesOf(entry, operationId, expected, equals) }));
  const matching = scored.filter((s) => s.differs.length === 0).length;
  const pass = expected.times === undefined ? matching > 0 : matching === expected.times;
  const { times: _times, ...shape } = expected;
  const described = Object.keys(shape).length > 0 ? ` with ${shorten(json(shape), 300)}` : '';
  const wanted = expected.times === undefined ? '' : ` ${times(expected.times)}`;
  return {
    pass,
    message: () => {
      if (this.isNot) return `expected the namespace not to have called ${operationId}${described}${wanted}, but it did ${times(matching)}`;
      const ranked = scored
        .map((s, order) => {
          const other = s.differs.some((d) => d.at === 'operationId');
          // Closest: the same operation before others, then the fewest differences, then the smallest; in order of arrival among equals.
          return { ...s, order, other, count: other ? Infinity : s.differs.length, cost: s.differs.reduce((sum, d) => sum + d.cost, 0) };
        })
        .sort((a, b) => a.count - b.count || (a.other ? 0 : a.cost - b.cost) || a.order - b.order)
        .map(({ entry, differs, other }) => ({
          text: line(entry),
          note: other ? 'another operation' : differs.length === 0 ? 'matches' : `differs at ${differs.map((d) => d.at).join(', ')}`,
        }));
      return [
        `expected the namespace to have called ${operationId}${described}${wanted}, but it did ${times(matching)}.`,
        `What it called instead, closest first (${entries.length} request${entries.length === 1 ? '' : 's'}):`,
        listing(ranked, '  (no request at all)'),
      ].join('\n');
    },
  };
}

const normalized = (sql: string) => sql.replace(/\s+/g, ' ').trim();
const words = (sql: string) =>
  new Set(
    normalized(sql)
      .toLowerCase()
      .split(/[^a-z0-9_]+/)
      .filter(Boolean),
  );

async function toHaveRunSql(this: MatcherContext, received: unknown, sql: string | RegExp, expected: SqlExpectation = {}): Promise<MatcherResult> {
  if (typeof sql !== 'string' && !(sql instanceof RegExp)) throw new TypeError('toHaveRunSql takes the SQL text, or a RegExp');
  const statements = (await entriesOf(received)).flatMap((entry) => entry.statements ?? []);
  const matches = (statement: string) => (typeof sql === 'string' ? normalized(statement) === normalized(sql) : sql.test(statement));
  const matching = statements.filter(matches).length;
  const pass = expected.times === undefined ? matching > 0 : matching === expected.times;
  const wanted = expected.times === undefined ? '' : ` ${times(expected.times)}`;
  return {
    pass,
    message: () => {
      if (this.isNot) return `expected the namespace not to have run ${String(sql)}${wanted}, but it did ${times(matching)}`;
      const target = words(typeof sql === 'string' ? sql : sql.source);
      const shared = (statement: string) => [...words(statement)].filter((word) => target.has(word)).length;
      const ranked = statements
        .map((statement, order) => ({ statement, order, score: shared(statement) }))
        .sort((a, b) => b.score - a.score || a.order - b.order)
        .map(({ statement }) => ({ text: shorten(normalized(statement)), note: matches(statement) ? 'matches' : undefined }));
      return [
        `expected the namespace to have run ${String(sql)}${wanted}, but it did ${times(matching)}.`,
        'The SQL it ran, closest first:',
        listing(ranked, '  (no SQL at all)'),
      ].join('\n');
    },
  };
}

export const platformMatchers = { toHaveCalled, toHaveRunSql };

/** The matchers' types, for `declare module 'vitest'` (see vitest.ts). */
export interface PlatformMatchers<R = unknown> {
  /** The namespace called the operation (at least once, or exactly `times`), with a body, query, params and status matching what is named. */
  toHaveCalled(operationId: OperationId | (string & {}), expected?: CallExpectation): Promise<R>;
  /** The namespace ran this SQL (a text, compared with whitespace collapsed, or a RegExp) through any transport. */
  toHaveRunSql(sql: string | RegExp, expected?: SqlExpectation): Promise<R>;
}
