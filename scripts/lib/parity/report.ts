// The parity report: for every operation and every `x-assumed` fact, whether an answer recorded
// from the platform confirmed it (with the recording's date), differs from the mock, or was never
// seen. Only cassettes recorded from the platform count: a stand-in's never does, so with no
// platform cassette every line reads "unverified".
import { AREAS, loadContractModel, operationsOf } from '@platform-contracts/contracts';
import type { Cassette } from './cassette.ts';
import { sourceOf } from './elements.ts';
import type { Verification } from './verify.ts';

export type ParityStatus = 'verified' | 'differs' | 'unverified';

export interface OperationParity {
  area: string;
  operationId: string;
  status: ParityStatus;
  /** The latest recording that covers it (YYYY-MM-DD). */
  recordedAt?: string;
  scenarios: string[];
  /** What differs, one line each (scenario, step, path, values, source). */
  differences: string[];
}

export interface AssumptionParity {
  area: string;
  /** The assumed element, a JSON Pointer into the area's bundle without `#/`. */
  pointer: string;
  source: string;
  why: string;
  status: ParityStatus;
  recordedAt?: string;
}

export interface ParityReport {
  /** How many cassettes from the platform it rests on. */
  platformCassettes: number;
  operations: OperationParity[];
  assumptions: AssumptionParity[];
}

/** Every `x-assumed` element of an area's bundle. */
function assumedElements(area: string): { pointer: string; why: string }[] {
  const found: { pointer: string; why: string }[] = [];
  const walk = (node: unknown, at: string) => {
    if (!node || typeof node !== 'object') return;
    const assumed = (node as Record<string, unknown>)['x-assumed'];
    if (typeof assumed === 'string') found.push({ pointer: at.slice(1), why: assumed });
    for (const [key, value] of Object.entries(node)) {
      if (key !== 'examples' && key !== 'example') walk(value, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    }
  };
  walk(loadContractModel().document(area as never), '');
  return found;
}

const latest = (dates: string[]) => dates.sort().at(-1);

/**
 * The report from the cassettes and, where verification ran, its outcome: an operation or fact a
 * platform cassette covered is verified unless a difference (or a contract violation of the
 * recording, for a fact) says otherwise.
 */
export function parityReport(cassettes: readonly Cassette[], verifications: readonly Verification[] = []): ParityReport {
  const platform = cassettes.filter((cassette) => cassette.source === 'platform');
  const verified = new Map(verifications.filter((v) => v.source === 'platform').map((v) => [v.scenario, v]));
  const operations = AREAS.flatMap((area) =>
    operationsOf(area).map((operation): OperationParity => {
      const covering = platform.filter((cassette) => cassette.steps.some((step) => step.operationId === operation.operationId));
      const differences = covering.flatMap((cassette) =>
        (verified.get(cassette.scenario)?.steps ?? [])
          .filter((step) => step.operationId === operation.operationId)
          .flatMap((step) =>
            step.differences.map((d) => `${step.where}: ${d.path}: recorded ${JSON.stringify(d.expected)}, mock ${JSON.stringify(d.actual)} [${d.source}]`),
          ),
      );
      const status: ParityStatus = covering.length === 0 ? 'unverified' : differences.length > 0 ? 'differs' : 'verified';
      const recordedAt = latest(covering.map((c) => c.recordedAt));
      return {
        area,
        operationId: operation.operationId,
        status,
        ...(recordedAt ? { recordedAt } : {}),
        scenarios: covering.map((c) => c.scenario),
        differences,
      };
    }),
  );
  const assumptions = AREAS.flatMap((area) =>
    assumedElements(area).map(({ pointer, why }): AssumptionParity => {
      const steps = platform.filter((c) => c.area === area).flatMap((c) => c.steps.map((step) => ({ step, c })));
      const under = (at: string) => at === `#/${pointer}` || at.startsWith(`#/${pointer}/`);
      const differing = new Set([...verified.values()].filter((v) => v.steps.some((s) => s.differences.some((d) => under(d.pointer)))).map((v) => v.scenario));
      const contradicted = steps.filter(({ step, c }) => differing.has(c.scenario) || step.violations?.some((v) => v.includes(`assumed at ${pointer})`)));
      const confirmed = steps.filter(({ step }) => step.confirmed?.includes(pointer));
      const status: ParityStatus = contradicted.length > 0 ? 'differs' : confirmed.length > 0 ? 'verified' : 'unverified';
      const recordedAt = latest([...contradicted, ...confirmed].map(({ c }) => c.recordedAt));
      return { area, pointer, source: sourceOf(area, `#/${pointer}`), why, status, ...(recordedAt ? { recordedAt } : {}) };
    }),
  );
  return { platformCassettes: platform.length, operations, assumptions };
}

/** One sentence per status, as the reference site and the summary say it. */
export function paritySentence(entry: { status: ParityStatus; recordedAt?: string; scenarios?: string[] }): string {
  if (entry.status === 'unverified') return 'Unverified: no answer recorded from the platform has been compared with the mock for this yet.';
  const scenarios = entry.scenarios?.length ? ` (scenario ${entry.scenarios.join(', ')})` : '';
  if (entry.status === 'differs') return `Differs: the platform's answer recorded on ${entry.recordedAt}${scenarios} differs from the mock's.`;
  return `Verified against the platform on ${entry.recordedAt}${scenarios}: the mock answered alike.`;
}

/** The report as Markdown: a table of operations, then the assumptions by status. */
export function reportMarkdown(report: ParityReport): string {
  const count = (list: { status: ParityStatus }[], status: ParityStatus) => list.filter((e) => e.status === status).length;
  const lines = [
    '# Parity with the platform',
    '',
    `From ${report.platformCassettes} cassette(s) recorded from the platform. Operations: ${count(report.operations, 'verified')} verified, ${count(report.operations, 'differs')} differ, ${count(report.operations, 'unverified')} unverified. Assumptions (\`x-assumed\`): ${count(report.assumptions, 'verified')} verified, ${count(report.assumptions, 'differs')} differ, ${count(report.assumptions, 'unverified')} unverified.`,
    '',
    '| Area | Operation | Parity |',
    '|---|---|---|',
    ...report.operations.map((o) => `| ${o.area} | \`${o.operationId}\` | ${paritySentence(o)} |`),
    '',
    '| Assumption | Source | Parity |',
    '|---|---|---|',
    ...report.assumptions.map((a) => `| ${a.area} \`${a.pointer}\` | ${a.source} | ${a.status}${a.recordedAt ? ` (${a.recordedAt})` : ''} |`),
  ];
  return `${lines.join('\n')}\n`;
}
