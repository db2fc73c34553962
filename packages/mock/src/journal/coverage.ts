// Contract coverage: what a suite reached of the contracts. The mock counts, per operation, its
// calls, the statuses answered, the faults injected, and the parameters and body fields sent
// (`createCoverageCounter`, fed by recorder.ts at the same point as the journal, so every door
// counts alike). Counts are plain JSON that add up (`mergeCounts`): the vitest reporter sums
// them from every worker and test, `platform-mock --coverage` from every namespace. A report
// lays the counts over the contract (`coverageReport`): every operation, every documented status,
// every declared parameter and top-level body field, with totals per area and overall.
import { buildAreaModel, resolveRef, type AreaName, type Operation, type Schema } from '@platform-contracts/contracts';

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
  fields: string[];
}

export type CoverageCounter = ReturnType<typeof createCoverageCounter>;

export function createCoverageCounter(areas: string[]) {
  // Counted in Maps (one shape, no record keyed by a status such as "200"), laid out as plain JSON by snapshot().
  interface Counting {
    calls: number;
    statuses: Map<string, number>;
    faults: Map<string, number>;
    parameters: Map<string, number>;
    fields: Map<string, number>;
  }
  let operations = new Map<string, Counting>();
  let unmatched = 0;
  const operationOf = (operationId: string) => {
    let operation = operations.get(operationId);
    if (!operation) operations.set(operationId, (operation = { calls: 0, statuses: new Map(), faults: new Map(), parameters: new Map(), fields: new Map() }));
    return operation;
  };
  const add = (table: Map<string, number>, key: string) => table.set(key, (table.get(key) ?? 0) + 1);
  return {
    count(call: CountedCall) {
      if (call.operationId === undefined) return void unmatched++;
      const operation = operationOf(call.operationId);
      operation.calls++;
      if (call.status > 0) add(operation.statuses, String(call.status));
      if (call.fault?.status !== undefined) add(operation.faults, `status ${call.fault.status}`);
      if (call.fault?.network !== undefined) add(operation.faults, `network ${call.fault.network}`);
      if (call.fault?.latencyMs) add(operation.faults, 'latency');
      for (const parameter of call.parameters) add(operation.parameters, parameter);
      for (const field of call.fields) if (operation.fields.has(field) || operation.fields.size < MAX_FIELDS) add(operation.fields, field);
    },
    /** Everything counted so far. */
    snapshot(): CoverageCounts {
      const counts = emptyCounts(areas);
      counts.unmatched = unmatched;
      for (const [operationId, operation] of operations) {
        counts.operations[operationId] = {
          calls: operation.calls,
          statuses: Object.fromEntries(operation.statuses),
          faults: Object.fromEntries(operation.faults),
          parameters: Object.fromEntries(operation.parameters),
          fields: Object.fromEntries(operation.fields),
        };
      }
      return counts;
    },
    /** Forgets what was counted. */
    clear() {
      operations = new Map();
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

/** What the contract declares of one operation, for the report. */
export interface OperationSkeleton {
  area: string;
  operationId: string;
  method: string;
  path: string;
  /** Documented statuses as written: `200`, `4XX`, `default`. */
  statuses: string[];
  parameters: { name: string; in: string; required: boolean }[];
  /** Top-level properties of the request body's schema (its first media type), with those it requires. */
  fields: { name: string; required: boolean }[];
}

/** Every operation of an area's bundle, as the report lays counts over them. */
export function coverageSkeleton(area: string, document: unknown): OperationSkeleton[] {
  return buildAreaModel(area as AreaName, document).map((operation) => skeletonOf(operation, document));
}

function skeletonOf(operation: Operation, document: unknown): OperationSkeleton {
  const schema = operation.requestBody?.content[0]?.schema;
  return {
    area: operation.area,
    operationId: operation.operationId,
    method: operation.method.toUpperCase(),
    path: operation.path,
    statuses: Object.keys(operation.responses),
    parameters: operation.parameters.filter((p) => p.in !== 'cookie').map((p) => ({ name: p.name, in: p.in, required: p.required })),
    fields: schema === undefined ? [] : topLevelFields(document, schema),
  };
}

/** The top-level properties a body schema declares: its own, and those of every allOf, oneOf and anyOf branch. */
function topLevelFields(document: unknown, schema: Schema): { name: string; required: boolean }[] {
  const fields = new Map<string, boolean>();
  const seen = new Set<unknown>();
  const visit = (node: unknown, required: boolean) => {
    const resolved = resolveRef<Record<string, unknown>>(document, node);
    if (typeof resolved !== 'object' || resolved === null || seen.has(resolved)) return;
    seen.add(resolved);
    const requiredNames = new Set(Array.isArray(resolved.required) ? (resolved.required as string[]) : []);
    for (const name of Object.keys((resolved.properties as object | undefined) ?? {}))
      fields.set(name, (fields.get(name) ?? false) || (required && requiredNames.has(name)));
    for (const branch of (resolved.allOf as unknown[] | undefined) ?? []) visit(branch, required);
    for (const key of ['oneOf', 'anyOf'] as const) for (const branch of (resolved[key] as unknown[] | undefined) ?? []) visit(branch, false);
  };
  visit(schema, true);
  return [...fields].map(([name, required]) => ({ name, required }));
}

export interface CoverageTotal {
  covered: number;
  total: number;
  /** covered / total as a percentage, one decimal; 100 when there is nothing to cover. */
  percent: number;
}

export interface OperationCoverage {
  area: string;
  operationId: string;
  method: string;
  path: string;
  calls: number;
  /** Each documented status (`200`, `4XX`, `default`) and how many answers it took. */
  statuses: { status: string; count: number }[];
  /** Statuses answered that the contract does not document (a fault's, a broken answer's 500). */
  undocumentedStatuses: { status: string; count: number }[];
  faults: { fault: string; count: number }[];
  parameters: { name: string; in: string; required: boolean; sent: number }[];
  bodyFields: { name: string; required: boolean; sent: number }[];
}

export interface CoverageReport {
  version: typeof COVERAGE_VERSION;
  /** When the report was made (ISO 8601). */
  generatedAt: string;
  totals: { operations: CoverageTotal; statuses: CoverageTotal; unmatchedRequests: number };
  areas: { area: string; operations: CoverageTotal; statuses: CoverageTotal }[];
  operations: OperationCoverage[];
}

const total = (covered: number, all: number): CoverageTotal => ({ covered, total: all, percent: all === 0 ? 100 : Math.floor((covered / all) * 1000) / 10 });

/** Which documented status an answered one falls under: itself, its range (`4XX`), else `default`. */
function documentedStatusOf(status: string, documented: string[]): string | undefined {
  if (documented.includes(status)) return status;
  const range = `${status[0]}XX`;
  if (documented.includes(range)) return range;
  return documented.includes('default') ? 'default' : undefined;
}

/** The counts laid over the operations of the contract (in area, then contract order). */
export function coverageReport(skeleton: OperationSkeleton[], counts: CoverageCounts, now: Date = new Date()): CoverageReport {
  const operations = skeleton.map((operation): OperationCoverage => {
    const counted = counts.operations[operation.operationId];
    const statuses = new Map(operation.statuses.map((status) => [status, 0]));
    const undocumented = new Map<string, number>();
    for (const [status, count] of Object.entries(counted?.statuses ?? {})) {
      const documented = documentedStatusOf(status, operation.statuses);
      if (documented === undefined) undocumented.set(status, (undocumented.get(status) ?? 0) + count);
      else statuses.set(documented, statuses.get(documented)! + count);
    }
    return {
      area: operation.area,
      operationId: operation.operationId,
      method: operation.method,
      path: operation.path,
      calls: counted?.calls ?? 0,
      statuses: [...statuses].map(([status, count]) => ({ status, count })),
      undocumentedStatuses: [...undocumented].sort(([a], [b]) => a.localeCompare(b)).map(([status, count]) => ({ status, count })),
      faults: Object.entries(counted?.faults ?? {})
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([fault, count]) => ({ fault, count })),
      parameters: operation.parameters.map((p) => ({ ...p, sent: counted?.parameters[`${p.in} ${p.in === 'header' ? p.name.toLowerCase() : p.name}`] ?? 0 })),
      bodyFields: operation.fields.map((f) => ({ ...f, sent: counted?.fields[f.name] ?? 0 })),
    };
  });
  const totalsOf = (list: OperationCoverage[]) => ({
    operations: total(list.filter((o) => o.calls > 0).length, list.length),
    statuses: total(
      list.reduce((sum, o) => sum + o.statuses.filter((s) => s.count > 0).length, 0),
      list.reduce((sum, o) => sum + o.statuses.length, 0),
    ),
  });
  const areas = [...new Set(operations.map((o) => o.area))];
  return {
    version: COVERAGE_VERSION,
    generatedAt: now.toISOString(),
    totals: { ...totalsOf(operations), unmatchedRequests: counts.unmatched },
    areas: areas.map((area) => ({ area, ...totalsOf(operations.filter((o) => o.area === area)) })),
    operations,
  };
}

/** Thresholds in percent: `{ operations: 90, statuses: 60 }`. */
export interface CoverageThresholds {
  operations?: number;
  statuses?: number;
}

/** One line per threshold the report misses; empty when it meets them all. */
export function missedThresholds(report: CoverageReport, thresholds: CoverageThresholds = {}): string[] {
  const missed: string[] = [];
  for (const key of ['operations', 'statuses'] as const) {
    const wanted = thresholds[key];
    if (wanted === undefined) continue;
    const reached = report.totals[key];
    if (reached.percent < wanted) missed.push(`${key} covered ${reached.percent}% (${reached.covered} of ${reached.total}), below the threshold of ${wanted}%`);
  }
  return missed;
}

/** Why thresholds cannot be used as given, if they cannot. */
export function thresholdsError(thresholds: unknown): string | undefined {
  if (thresholds === undefined) return undefined;
  if (typeof thresholds !== 'object' || thresholds === null) return 'coverage thresholds are { operations?: number, statuses?: number }, percentages';
  for (const [key, value] of Object.entries(thresholds)) {
    if (key !== 'operations' && key !== 'statuses') return `unknown coverage threshold ${JSON.stringify(key)}: the thresholds are operations and statuses`;
    if (typeof value !== 'number' || !(value >= 0 && value <= 100))
      return `the coverage threshold ${key} is a percentage from 0 to 100 (got ${JSON.stringify(value)})`;
  }
  return undefined;
}
