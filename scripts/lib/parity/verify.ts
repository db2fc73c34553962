// Verification, offline: each cassette's requests replayed on the mock in process, one namespace
// per scenario, each reference in a request filled with the mock's own value for it (learnt, as
// the recording learnt the platform's, from the answers before), and the mock's answers
// normalised as the recording's were, then compared.
import type { Mock } from '@platform-contracts/mock';
import { headerRecord } from './capture.ts';
import { type Cassette, normaliseAnswer, operationById } from './cassette.ts';
import { compareAnswers, type Difference, describeDifference } from './compare.ts';
import { fillRequestValue } from './normalise.ts';
import { startingReferences } from './record.ts';
import { defaultInputs } from './scenario.ts';

export interface StepResult {
  index: number;
  operationId: string;
  /** `scenario step N operationId (METHOD target)`: where a difference is. */
  where: string;
  differences: Difference[];
}

export interface Verification {
  scenario: string;
  source: Cassette['source'];
  recordedAt: string;
  steps: StepResult[];
}

/** The namespace a scenario's replay runs in: its own, emptied first. */
const namespaceOf = (scenario: string) => `parity:${scenario}`;

function fillTarget(target: string, refs: ReturnType<typeof startingReferences>): string {
  const [pathPart = '', query] = target.split('?');
  const segments = pathPart.split('/').map((segment) => encodeURIComponent(refs.fill(segment)));
  const params = query === undefined ? undefined : new URLSearchParams(query);
  const filled = params ? new URLSearchParams([...params].map(([key, value]) => [key, refs.fill(value)])).toString() : '';
  return `${segments.join('/')}${filled ? `?${filled}` : ''}`;
}

export async function verifyCassette(mock: Mock, cassette: Cassette): Promise<Verification> {
  const namespace = namespaceOf(cassette.scenario);
  await mock.reset(namespace);
  const refs = startingReferences(namespace, defaultInputs());
  const steps: StepResult[] = [];
  for (const [index, step] of cassette.steps.entries()) {
    const operation = operationById(step.operationId);
    const headers = Object.fromEntries(Object.entries(step.request.headers).map(([name, value]) => [name, refs.fill(value)]));
    const body = step.request.body === undefined ? undefined : fillRequestValue(step.request.body, refs);
    const response = await mock.fetch(`${mock.url}${fillTarget(step.request.target, refs)}`, {
      method: step.request.method,
      headers,
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const answerHeaders = headerRecord(response.headers);
    const actual = normaliseAnswer(operation, response.status, answerHeaders, await response.text(), refs);
    const where = `${cassette.scenario} step ${index + 1} ${step.operationId} (${step.request.method} ${step.request.target})`;
    steps.push({ index, operationId: step.operationId, where, differences: compareAnswers(operation, step.answer, actual) });
  }
  return { scenario: cassette.scenario, source: cassette.source, recordedAt: cassette.recordedAt, steps };
}

/** Each difference as a line: scenario and step, JSON path, both values, the contract's source. */
export const differenceLines = (verification: Verification): string[] =>
  verification.steps.flatMap((step) => step.differences.map((difference) => describeDifference(step.where, difference)));
