// Runs the requests of one pipeline on a stream, one result per request, in order.
import { sqlOf } from './connection.ts';
import { ProtocolError, toDatabaseError, type BatchCond, type BatchResult, type StreamRequest, type StreamResponse, type StreamResult } from './protocol.ts';
import type { Stream } from './streams.ts';

export function runRequests(stream: Stream, requests: StreamRequest[], close: (stream: Stream) => void): StreamResult[] {
  return requests.map((request): StreamResult => {
    try {
      if (stream.closed) throw new ProtocolError('The stream is closed', 'STREAM_CLOSED');
      return { type: 'ok', response: runRequest(stream, request, close) };
    } catch (error) {
      return { type: 'error', error: toDatabaseError(error) };
    }
  });
}

function runRequest(stream: Stream, request: StreamRequest, close: (stream: Stream) => void): StreamResponse {
  const { connection, stored } = stream;
  switch (request.type) {
    case 'execute':
      return { type: 'execute', result: connection.execute(sqlOf(request.stmt, stored), request.stmt) };
    case 'batch':
      return { type: 'batch', result: runBatch(stream, request.batch.steps) };
    case 'sequence':
      connection.sequence(sqlOf(request, stored));
      return { type: 'sequence' };
    case 'describe':
      return { type: 'describe', result: connection.describe(sqlOf(request, stored)) };
    case 'store_sql':
      if (stored.has(request.sql_id)) throw new ProtocolError(`An SQL text is already stored under sql_id ${request.sql_id}`, 'SQL_EXISTS');
      stored.set(request.sql_id, request.sql);
      return { type: 'store_sql' };
    case 'close_sql':
      stored.delete(request.sql_id);
      return { type: 'close_sql' };
    case 'close':
      close(stream);
      return { type: 'close' };
  }
}

type Steps = Extract<StreamRequest, { type: 'batch' }>['batch']['steps'];

/** Runs each step whose condition holds; a step that did not run has neither result nor error. */
function runBatch(stream: Stream, steps: Steps): BatchResult {
  steps.forEach((step, index) => step.condition && checkCondition(step.condition, index));
  const result: BatchResult = { step_results: [], step_errors: [] };
  steps.forEach((step, index) => {
    result.step_results.push(null);
    result.step_errors.push(null);
    if (step.condition && !holds(step.condition, result)) return;
    try {
      result.step_results[index] = stream.connection.execute(sqlOf(step.stmt, stream.stored), step.stmt);
    } catch (error) {
      result.step_errors[index] = toDatabaseError(error);
    }
  });
  return result;
}

function holds(condition: BatchCond, result: BatchResult): boolean {
  switch (condition.type) {
    case 'ok':
    case 'error':
      return condition.type === 'ok' ? result.step_results[condition.step] !== null : result.step_errors[condition.step] !== null;
    case 'not':
      return !holds(condition.cond, result);
    case 'and':
      return condition.conds.every((c) => holds(c, result));
    case 'or':
      return condition.conds.some((c) => holds(c, result));
    default:
      return false;
  }
}

/** Conditions may refer to earlier steps only; checked before any step runs. */
function checkCondition(condition: BatchCond, current: number): void {
  if (condition.type === 'ok' || condition.type === 'error') {
    if (condition.step >= current) throw new ProtocolError(`Step ${current} has a condition on step ${condition.step}, which is not an earlier step`, 'BATCH_COND_INVALID');
  } else if (condition.type === 'not') checkCondition(condition.cond, current);
  else if (condition.type === 'and' || condition.type === 'or') condition.conds.forEach((c) => checkCondition(c, current));
}
