// Contract coverage: what a suite reached of the contracts. The mock counts, per operation, its
// calls, the statuses answered, the faults injected, and the parameters and body fields sent
// (`createCoverageCounter`, fed by recorder.ts at the same point as the journal, so every door
// counts alike). Counts are plain JSON that add up (`mergeCounts`): the vitest reporter sums
// them from every worker and test, `platform-mock --coverage` from every namespace. A report
// lays the counts over the contract (`coverageReport`): every operation, every documented status,
// every declared parameter and top-level body field, with totals per area and overall
// (coverage-report.ts).

export const COVERAGE_VERSION = 1;
/** Distinct body fields counted per operation (only the first ones seen: a body's keys are the caller's to choose). */
const MAX_FIELDS = 100;

export interface OperationCounts {
  calls: number;
  /** Answers by status (`"200"`); a network fault answers none. */
  statuses: Record<string, number>;
  /** Faults injected: `"status 503"`, `"network reset"`, `"latency"`. */
  faults: Record<string, number>;
  /** Declared parameters sent, as `"query page"`, `"path libraryId"`, `"header x-id"`. */
  parameters: Record<string, number>;
  /** Top-level body fields sent, by name. */
  fields: Record<string, number>;
}

/** What one or more mocks counted: it adds up (mergeCounts). */
export interface CoverageCounts {
  version: typeof COVERAGE_VERSION;
  /** The areas the mocks served. */
  areas: string[];
  /** By operationId. */
  operations: Record<string, OperationCounts>;
  /** Requests that matched no operation. */
  unmatched: number;
}

export interface CountedCall {
  operationId?: string;
  status: number;
  fault?: { status?: number; network?: string; latencyMs?: number };
  /** `"query page"`, ... */
  parameters: string[];
  /** The request's body: the top-level fields of an object are counted. */
  body?: unknown;
}

export type CoverageCounter = ReturnType<typeof createCoverageCounter>;

export function createCoverageCounter(areas: string[]) {
  // Counted in Maps (one shape, no record keyed by a status such as "200"), laid out as plain JSON by snapshot();
  // each count a box of its own, so that counting one more is one lookup.
  type Table = Map<string, { n: number }>;
  interface Counting {
    calls: number;
    statuses: Table;
    faults: Table;
    parameters: Table;
    fields: Table;
    /** The status counted last and its count (an operation answers the same again and again): no status text made, no look-up. */
    lastStatus: number;
    lastStatusCount: { n: number };
  }
  let operations = new Map<string, Counting>();
  let unmatched = 0;
  /** The operation counted last (a suite calls one many times in a row): no look-up. */
  let last: { operationId: string | undefined; counting: Counting | undefined } = { operationId: undefined, counting: undefined };
  const operationOf = (operationId: string) => {
    if (operationId === last.operationId) return last.counting!;
    let operation = operations.get(operationId);
    if (!operation)
      operations.set(
        operationId,
        (operation = { calls: 0, statuses: new Map(), faults: new Map(), parameters: new Map(), fields: new Map(), lastStatus: 0, lastStatusCount: { n: 0 } }),
      );
    last = { operationId, counting: operation };
    return operation;
  };
  const add = (table: Table, key: string) => {
    let counted = table.get(key);
    if (counted) counted.n++;
    else table.set(key, (counted = { n: 1 }));
    return counted;
  };
  const plain = (table: Table) => {
    const counts: Record<string, number> = {};
    for (const [key, counted] of table) counts[key] = counted.n;
    return counts;
  };
  return {
    count(call: CountedCall) {
      if (call.operationId === undefined) return void unmatched++;
      const operation = operationOf(call.operationId);
      operation.calls++;
      if (call.status > 0 && call.status === operation.lastStatus) operation.lastStatusCount.n++;
      else if (call.status > 0) {
        operation.lastStatusCount = add(operation.statuses, String(call.status));
        operation.lastStatus = call.status;
      }
      if (call.fault?.status !== undefined) add(operation.faults, `status ${call.fault.status}`);
      if (call.fault?.network !== undefined) add(operation.faults, `network ${call.fault.network}`);
      if (call.fault?.latencyMs) add(operation.faults, 'latency');
      for (const parameter of call.parameters) add(operation.parameters, parameter);
      const body = call.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
      for (const field in body) {
        if (!Object.hasOwn(body, field)) continue;
        const counted = operation.fields.get(field);
        if (counted) counted.n++;
        else if (operation.fields.size < MAX_FIELDS) operation.fields.set(field, { n: 1 });
      }
    },
    /** Everything counted so far. */
    snapshot(): CoverageCounts {
      const counts = emptyCounts(areas);
      counts.unmatched = unmatched;
      for (const [operationId, operation] of operations) {
        counts.operations[operationId] = {
          calls: operation.calls,
          statuses: plain(operation.statuses),
          faults: plain(operation.faults),
          parameters: plain(operation.parameters),
          fields: plain(operation.fields),
        };
      }
      return counts;
    },
    /** Forgets what was counted. */
    clear() {
      operations = new Map();
      last = { operationId: undefined, counting: undefined };
      unmatched = 0;
    },
  };
}

export const emptyCounts = (areas: string[] = []): CoverageCounts => ({ version: COVERAGE_VERSION, areas: [...areas], operations: {}, unmatched: 0 });

/** The sum of counts. */
export function mergeCounts(all: Iterable<CoverageCounts>): CoverageCounts {
  const sum = emptyCounts();
  const areas = new Set<string>();
  const addAll = (into: Record<string, number>, from: Record<string, number>) => {
    for (const [key, value] of Object.entries(from)) into[key] = (into[key] ?? 0) + value;
  };
  for (const counts of all) {
    for (const area of counts.areas) areas.add(area);
    sum.unmatched += counts.unmatched;
    for (const [operationId, counted] of Object.entries(counts.operations)) {
      const into = (sum.operations[operationId] ??= { calls: 0, statuses: {}, faults: {}, parameters: {}, fields: {} });
      into.calls += counted.calls;
      addAll(into.statuses, counted.statuses);
      addAll(into.faults, counted.faults);
      addAll(into.parameters, counted.parameters);
      addAll(into.fields, counted.fields);
    }
  }
  sum.areas = [...areas].sort();
  return sum;
}

/** What `later` counted beyond `earlier` (a snapshot of the same counter taken before it). */
export function subtractCounts(later: CoverageCounts, earlier: CoverageCounts): CoverageCounts {
  const delta = emptyCounts(later.areas);
  delta.unmatched = later.unmatched - earlier.unmatched;
  const minus = (from: Record<string, number>, less: Record<string, number> | undefined) => {
    const left: Record<string, number> = {};
    for (const [key, value] of Object.entries(from)) if (value - (less?.[key] ?? 0) > 0) left[key] = value - (less?.[key] ?? 0);
    return left;
  };
  for (const [operationId, counted] of Object.entries(later.operations)) {
    const before = earlier.operations[operationId];
    if (counted.calls === (before?.calls ?? 0)) continue;
    delta.operations[operationId] = {
      calls: counted.calls - (before?.calls ?? 0),
      statuses: minus(counted.statuses, before?.statuses),
      faults: minus(counted.faults, before?.faults),
      parameters: minus(counted.parameters, before?.parameters),
      fields: minus(counted.fields, before?.fields),
    };
  }
  return delta;
}

/** Whether counts hold anything. */
export const countsSomething = (counts: CoverageCounts) => counts.unmatched > 0 || Object.keys(counts.operations).length > 0;

/** Whether a value is counts as `mergeCounts` takes them (they cross process boundaries as JSON). */
export function isCoverageCounts(value: unknown): value is CoverageCounts {
  const counts = value as CoverageCounts;
  return (
    typeof counts === 'object' && counts !== null && counts.version === COVERAGE_VERSION && Array.isArray(counts.areas) && typeof counts.operations === 'object'
  );
}
