// What the scenarios must cover: every operation of the contracts, and every status the
// contracts document for it that a request can provoke. What no request can provoke on purpose
// is this one table, each with why.
import { AREAS, operationsOf } from '@platform-contracts/contracts';
import type { Cassette } from './cassette.ts';

export const UNPROVOKED: readonly { status: string; operationId?: string; reason: string }[] = [
  { status: '401', reason: 'the same refusal for every operation of an area without credentials: each area’s refusals scenario records one' },
  { status: '403', reason: 'a library of another account: the recording account has none to offer' },
  { status: '500', reason: 'a fault of the platform: no request provokes one on purpose' },
  { status: '404', operationId: 'getPipelineVersion', reason: 'a database host that does not serve version 2: the platform’s hosts serve every version' },
  { status: '404', operationId: 'getPipelineVersionV3', reason: 'a database host that does not serve version 3: the platform’s hosts serve every version' },
  { status: '202', operationId: 'updateShieldZone', reason: 'a zone created by its first update: a recording does not create shield zones in the account' },
];

const excused = (operationId: string, status: string) => UNPROVOKED.some((u) => u.status === status && (u.operationId ?? operationId) === operationId);

/** What the cassettes miss: `operationId` for an operation never called, `operationId status` for a documented status never answered. */
export function uncovered(cassettes: readonly Cassette[]): string[] {
  const answered = new Set(cassettes.flatMap((c) => c.steps.map((s) => `${s.operationId} ${s.answer.status}`)));
  const called = new Set(cassettes.flatMap((c) => c.steps.map((s) => s.operationId)));
  return AREAS.flatMap((area) =>
    operationsOf(area).flatMap((operation) => {
      if (!called.has(operation.operationId)) return [operation.operationId];
      return Object.keys(operation.responses)
        .filter((status) => /^\d{3}$/.test(status) && !excused(operation.operationId, status) && !answered.has(`${operation.operationId} ${status}`))
        .map((status) => `${operation.operationId} ${status}`);
    }),
  );
}
