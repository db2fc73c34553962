// The drift report: what the proxied traffic says about the contract. Per operation (and per
// upgraded connection): the calls, the statuses seen and whether the contract documents them,
// every violation grouped by the contract element it contradicts with a count and the first
// example (redacted before it got here), and the `x-assumed` elements the traffic confirmed or
// contradicted. `drift` is true when an answer or message broke the contract, or the upstream
// accepted a request the contract refuses; a request both refused is agreement, not drift.
import { stringifyExactJson } from '../engine/exact-json.ts';
import type { Assumption } from './contract-locations.ts';
import type { ProxiedExchange } from './exchange.ts';
import { shortened } from './secrets.ts';

export interface DriftReport {
  /** The report's format. */
  version: 1;
  started: string;
  ended?: string;
  /** Each upstream group's base URL. */
  upstreams: Record<string, string>;
  /** Whether the traffic contradicted the contract (what `--fail-on-drift` fails on). */
  drift: boolean;
  totals: { calls: number; callsWithViolations: number; violations: number; refused: number };
  operations: OperationDrift[];
  /** Every `x-assumed` element the traffic reached: how often it was confirmed and contradicted. */
  assumptions: AssumptionVerdict[];
}

export interface OperationDrift {
  /** Undefined for an upgraded connection (WebSocket), which has no operation. */
  operationId?: string;
  area: string;
  kind: 'http' | 'upgrade';
  method: string;
  path: string;
  calls: number;
  /** Messages of the upgraded connections, by sender. */
  messages?: { client: number; upstream: number };
  statuses: { status: number; count: number; documented: boolean }[];
  violations: ViolationGroup[];
  refused: { reason: string; count: number }[];
}

export interface ViolationGroup {
  /** The contract element contradicted: a JSON Pointer into the area's bundle, without `#/`. */
  contract: string;
  side: 'request' | 'answer' | 'message';
  count: number;
  /** The first violation's message. */
  message: string;
  /** The `x-assumed` element at or above it, if any: a filled gap the traffic contradicts. */
  assumed?: Assumption;
  /** A request violation the upstream refused too (4xx) agrees with the contract; counted, but no drift. */
  drift: boolean;
  first: { time: string; request: string; status: number; location: string; value?: unknown };
}

export interface AssumptionVerdict extends Assumption {
  area: string;
  confirmed: number;
  contradicted: number;
}

/** Upgraded connections' exchanges are kept apart from operations under this key. */
const upgradeKey = (area: string, path: string) => `upgrade ${area} ${path}`;

export function createDriftReport(upstreams: Record<string, string>, now: () => Date = () => new Date()) {
  const started = now().toISOString();
  const operations = new Map<string, OperationDrift & { groups: Map<string, ViolationGroup> }>();
  const assumptions = new Map<string, AssumptionVerdict>();
  const totals = { calls: 0, callsWithViolations: 0, violations: 0, refused: 0 };

  function entryOf(exchange: ProxiedExchange) {
    const operation = exchange.operation;
    const path = operation?.path ?? exchange.request.target.split('?')[0]!;
    const key = operation ? operation.operationId : upgradeKey(exchange.area, path);
    let entry = operations.get(key);
    if (!entry) {
      entry = {
        ...(operation ? { operationId: operation.operationId } : {}),
        area: exchange.area,
        kind: operation ? 'http' : 'upgrade',
        method: operation?.method ?? 'GET',
        path,
        calls: 0,
        ...(operation ? {} : { messages: { client: 0, upstream: 0 } }),
        statuses: [],
        violations: [],
        refused: [],
        groups: new Map(),
      };
      operations.set(key, entry);
    }
    return entry;
  }

  function verdictOf(area: string, assumption: Assumption) {
    const key = `${area} ${assumption.at}`;
    let verdict = assumptions.get(key);
    if (!verdict) assumptions.set(key, (verdict = { area, ...assumption, confirmed: 0, contradicted: 0 }));
    return verdict;
  }

  function add(exchange: ProxiedExchange, assumedAt: (area: string, at: string) => Assumption | undefined) {
    const entry = entryOf(exchange);
    if (exchange.kind === 'message') entry.messages![exchange.from === 'client' ? 'client' : 'upstream']++;
    else {
      entry.calls++;
      totals.calls++;
      if (exchange.violations.length > 0) totals.callsWithViolations++;
    }
    if (exchange.refused !== undefined) {
      totals.refused++;
      const refused = entry.refused.find((r) => r.reason === exchange.refused);
      if (refused) refused.count++;
      else if (entry.refused.length < 50) entry.refused.push({ reason: exchange.refused, count: 1 });
    }
    if (exchange.documented !== undefined) {
      const seen = entry.statuses.find((s) => s.status === exchange.status);
      if (seen) seen.count++;
      else entry.statuses.push({ status: exchange.status, count: 1, documented: exchange.documented });
    }
    const accepted = exchange.status >= 100 && exchange.status < 400;
    for (const violation of exchange.violations) {
      totals.violations++;
      const side = violation.location[0] === 'request' ? 'request' : violation.location[0] === 'message' ? 'message' : 'answer';
      const key = `${side} ${violation.contract}`;
      let group = entry.groups.get(key);
      if (!group) {
        group = {
          contract: violation.contract,
          side,
          count: 0,
          message: violation.message,
          ...(violation.assumed ? { assumed: violation.assumed } : {}),
          drift: false,
          first: {
            time: exchange.time,
            request: `${exchange.request.method} ${exchange.request.target}`,
            status: exchange.status,
            location: violation.location.join('.'),
            ...(violation.value === undefined ? {} : { value: shortened(violation.value, stringifyExactJson) }),
          },
        };
        entry.groups.set(key, group);
        entry.violations.push(group);
      }
      group.count++;
      // The contract refuses a request the upstream accepted: the contract is stricter than the platform.
      if (side !== 'request' || accepted) group.drift = true;
      if (violation.assumed && (side !== 'request' || accepted)) verdictOf(exchange.area, violation.assumed).contradicted++;
    }
    for (const at of exchange.confirmed) {
      const assumption = assumedAt(exchange.area, at);
      if (assumption) verdictOf(exchange.area, assumption).confirmed++;
    }
  }

  function report(ended?: Date): DriftReport {
    const list = [...operations.values()].map(({ groups: _groups, ...entry }) => ({
      ...entry,
      statuses: [...entry.statuses].sort((a, b) => a.status - b.status),
      violations: [...entry.violations].sort((a, b) => Number(b.drift) - Number(a.drift) || b.count - a.count),
    }));
    return {
      version: 1,
      started,
      ...(ended ? { ended: ended.toISOString() } : {}),
      upstreams,
      drift: list.some((entry) => entry.violations.some((group) => group.drift)),
      totals: { ...totals },
      operations: list.sort((a, b) => a.area.localeCompare(b.area) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method)),
      assumptions: [...assumptions.values()].sort((a, b) => b.contradicted - a.contradicted || a.area.localeCompare(b.area) || a.at.localeCompare(b.at)),
    };
  }

  return { add, report };
}

/** The report for people: what drifted first, then what the traffic confirmed. Markdown, readable as text. */
export function driftSummary(report: DriftReport): string {
  const lines: string[] = [];
  const upstreams = Object.entries(report.upstreams)
    .map(([group, url]) => `${group} ${url}`)
    .join(', ');
  const drifted = report.operations.filter((o) => o.violations.some((v) => v.drift));
  lines.push('# Contract drift report', '');
  lines.push(
    `${plural(report.totals.calls, 'call')} proxied to ${upstreams} between ${report.started} and ${report.ended ?? 'now'}; ${report.totals.callsWithViolations} with violations, ${report.totals.refused} refused or failed.`,
  );
  lines.push(
    report.drift
      ? `**Drift**: ${drifted.length} of ${report.operations.length} operations answered outside the contract.`
      : 'No drift: every answer the traffic brought matches the contract.',
    '',
  );
  for (const operation of report.operations) {
    const name = operation.operationId ?? `WebSocket ${operation.path}`;
    lines.push(`## ${name} (${operation.area}, ${operation.method} ${operation.path})`, '');
    const messages = operation.messages ? `, ${operation.messages.client} messages sent and ${operation.messages.upstream} received` : '';
    lines.push(
      `${plural(operation.calls, operation.kind === 'upgrade' ? 'connection' : 'call')}${messages}. Statuses: ${operation.statuses.map((s) => `${s.status} ×${s.count}${s.documented ? '' : ' (not documented)'}`).join(', ') || 'none'}.`,
    );
    for (const refused of operation.refused) lines.push(`- refused ×${refused.count}: ${refused.reason}`);
    for (const group of operation.violations) {
      const assumed = group.assumed ? ` — x-assumed at \`${group.assumed.at}\`: ${group.assumed.why}` : '';
      const verdict = group.drift ? '' : ' (the upstream refused the request too: agreement, not drift)';
      lines.push(`- \`${group.contract}\` ×${group.count} (${group.side}): ${group.message}${assumed}${verdict}`);
      const value = group.first.value === undefined ? '' : `: ${stringifyExactJson(group.first.value)}`;
      lines.push(`  first: ${group.first.request} → ${group.first.status}, at ${group.first.location}${value}`);
    }
    lines.push('');
  }
  if (report.assumptions.length > 0) {
    lines.push('## Assumptions the traffic reached', '');
    for (const a of report.assumptions) {
      const verdict =
        a.contradicted > 0
          ? `contradicted ×${a.contradicted}${a.confirmed ? `, confirmed ×${a.confirmed}` : ''}`
          : `confirmed ×${a.confirmed}, never contradicted`;
      lines.push(`- ${a.area} \`${a.at}\`: ${verdict}. (${a.why})`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
