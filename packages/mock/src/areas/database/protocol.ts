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

/** The protocol's error object for anything thrown while running a request. */
export function toDatabaseError(error: unknown): DatabaseError {
  if (error instanceof ProtocolError) return { message: error.message, code: error.code };
  const { message, code } = error as { message?: unknown; code?: unknown };
  if (code === 'SQLITE_OK') return { message: 'The SQL text holds no statement', code: 'SQL_NO_STATEMENT' };
  return { message: typeof message === 'string' ? message : String(error), code: typeof code === 'string' ? code : null };
}
