// Looking operations up in the generated operation table.
import type { AreaName } from './generated/areas.ts';
import { OPERATIONS, type OperationId } from './generated/operations.ts';
import type { Operation } from './operation.ts';

const BY_ID = new Map<string, Operation>(OPERATIONS.map((operation) => [operation.operationId, operation]));

/** The operation with this operationId (unique across areas), or undefined. */
export function findOperation(operationId: OperationId | (string & {})): Operation | undefined {
  return BY_ID.get(operationId);
}

/** The operations of one area, in path and method order. */
export function operationsOf(area: AreaName): Operation[] {
  return OPERATIONS.filter((operation) => operation.area === area);
}
