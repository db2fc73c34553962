// The pipeline protocol's shapes, as generated from the contract, and its errors.
import type * as Database from '@platform-contracts/contracts/database';

type Schemas = Database.components['schemas'];
export type PipelineRequest = Schemas['PipelineRequest'];
export type PipelineResponse = Schemas['PipelineResponse'];
export type StreamRequest = Schemas['StreamRequest'];
export type StreamResult = Schemas['StreamResult'];
export type StreamResponse = Schemas['StreamResponse'];
export type Stmt = Schemas['Stmt'];
export type StmtResult = Schemas['StmtResult'];
export type BatchCond = Schemas['BatchCond'];
export type BatchResult = Schemas['BatchResult'];
export type DescribeResult = Schemas['DescribeResult'];
export type SqlValue = Schemas['SqlValue'];
export type DatabaseError = Schemas['DatabaseError'];

/** A failure with the protocol's error `code`; becomes a result of type `error`. */
export class ProtocolError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/**
 * The protocol's error object for anything thrown while running a request; SQLite's extended
 * code, where SQLite made the error, in `extended_code` (error-codes.ts).
 */
export function toDatabaseError(error: unknown): DatabaseError {
  const { message, code, extendedCode } = (error ?? {}) as { message?: unknown; code?: unknown; extendedCode?: unknown };
  const text = typeof message === 'string' ? message : String(error);
  const answer: DatabaseError = { message: text, code: typeof code === 'string' ? code : null };
  if (typeof extendedCode === 'string') answer.extended_code = extendedCode;
  return answer;
}
