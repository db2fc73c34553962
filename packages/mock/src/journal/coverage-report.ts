// The coverage report: the counts (coverage.ts) laid over the contract, every operation, documented
// status, declared parameter and top-level body field, with totals and the thresholds a run is held to.
import { type AreaName, buildAreaModel, type Operation, resolveRef, type Schema } from '@platform-contracts/contracts';
import { COVERAGE_VERSION, type CoverageCounts } from './coverage.ts';

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
