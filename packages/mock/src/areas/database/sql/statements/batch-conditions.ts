// A batch step's condition (Hrana's BatchCond): checked before any step runs, it may name earlier
// steps only; judged as the batch runs, on the results so far and the connection's autocommit.
import type { BatchCond } from '../../protocol/protocol.ts';
import { ProtocolError } from '../../protocol/protocol.ts';
import type { StreamConnection } from './connection.ts';

/** Whether a step's condition holds on the batch's results so far. */
export function holds(condition: BatchCond, result: { step_results: unknown[]; step_errors: unknown[] }, conn: Pick<StreamConnection, 'autocommit'>): boolean {
  switch (condition.type) {
    case 'ok':
      return result.step_results[condition.step] !== null && result.step_results[condition.step] !== undefined;
    case 'error':
      return result.step_errors[condition.step] !== null && result.step_errors[condition.step] !== undefined;
    case 'not':
      return !holds(condition.cond, result, conn);
    case 'and':
      return condition.conds.every((c) => holds(c, result, conn));
    case 'or':
      return condition.conds.some((c) => holds(c, result, conn));
    case 'is_autocommit':
      return conn.autocommit;
  }
}

/** Conditions may refer to earlier steps only; checked before any step runs. */
export function checkCondition(condition: BatchCond, current: number): void {
  switch (condition.type) {
    case 'ok':
    case 'error':
      if (condition.step >= current)
        throw new ProtocolError(`Step ${current} has a condition on step ${condition.step}, which is not an earlier step`, 'BATCH_COND_INVALID');
      return;
    case 'not':
      checkCondition(condition.cond, current);
      return;
    case 'and':
    case 'or':
      for (const c of condition.conds) checkCondition(c, current);
      return;
    case 'is_autocommit':
      return;
  }
}
