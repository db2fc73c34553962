// The coverage report as a terminal table: one row per operation, by area, the operations no
// test called first in each area, then those with documented statuses never answered; the
// totals and the thresholds last.
import type { CoverageReport, CoverageThresholds, CoverageTotal, OperationCoverage } from './coverage-report.ts';
import { missedThresholds } from './coverage-report.ts';

const ratio = (total: CoverageTotal) => `${total.covered}/${total.total} (${total.percent}%)`;

/** Uncovered first, then the fewest statuses reached, then contract order. */
function byNeed(a: { operation: OperationCoverage; order: number }, b: { operation: OperationCoverage; order: number }) {
  const reached = (o: OperationCoverage) => o.statuses.filter((s) => s.count > 0).length / Math.max(1, o.statuses.length);
  return Number(a.operation.calls > 0) - Number(b.operation.calls > 0) || reached(a.operation) - reached(b.operation) || a.order - b.order;
}

/** The summary; without `table`, only the totals and the thresholds' verdict. */
export function coverageSummary(report: CoverageReport, thresholds?: CoverageThresholds, { table = true } = {}): string {
  const header = ['area', 'operation', 'request', 'calls', 'statuses', 'never answered'];
  const rows: string[][] = [];
  for (const area of report.areas) {
    const operations = report.operations
      .map((operation, order) => ({ operation, order }))
      .filter(({ operation }) => operation.area === area.area)
      .sort(byNeed);
    for (const { operation } of operations) {
      const reached = operation.statuses.filter((s) => s.count > 0).length;
      const missing = operation.statuses.filter((s) => s.count === 0).map((s) => s.status);
      rows.push([
        operation.area,
        operation.operationId,
        `${operation.method} ${operation.path}`,
        String(operation.calls),
        `${reached}/${operation.statuses.length}`,
        missing.join(' '),
      ]);
    }
  }
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 3 || i === 4 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const areaLines = report.areas.map((area) => `  ${area.area}: operations ${ratio(area.operations)}, statuses ${ratio(area.statuses)}`);
  const missed = missedThresholds(report, thresholds);
  const verdict =
    thresholds && (thresholds.operations !== undefined || thresholds.statuses !== undefined)
      ? missed.length === 0
        ? ['Coverage thresholds met.']
        : missed.map((why) => `Coverage threshold missed: ${why}`)
      : [];
  return [
    'Platform contract coverage (operations called, documented statuses answered)',
    ...(table ? [line(header), ...rows.map(line), ''] : []),
    ...areaLines,
    `  all: operations ${ratio(report.totals.operations)}, statuses ${ratio(report.totals.statuses)}${report.totals.unmatchedRequests > 0 ? `; ${report.totals.unmatchedRequests} request(s) matched no operation` : ''}`,
    ...verdict,
  ].join('\n');
}
