// The resolved model of every area, built once from the bundles (per bundle folder) and then
// shared: the operations of an area, or one operation by its operationId.

import { BUNDLE_DIR, BundleError, type BundleOptions, readBundle } from './bundles.ts';
import { AREAS, type AreaName } from './generated/areas.ts';
import type { OperationId } from './generated/operations.ts';
import { buildAreaModel, ContractModelError } from './model.ts';
import type { Operation } from './operation.ts';

export interface ContractModel {
  /** Every operation of every area, in area, path and method order. */
  readonly operations: readonly Operation[];
  /** Each area's bundle, as read. */
  document(area: AreaName): Record<string, unknown>;
  operationsOf(area: AreaName): readonly Operation[];
  findOperation(operationId: OperationId | (string & {})): Operation | undefined;
}

const models = new Map<string, ContractModel>();

/** The model of every area's bundle in `dir` (the package's bundles/ by default), built on first use. */
export function loadContractModel({ dir = BUNDLE_DIR }: BundleOptions = {}): ContractModel {
  let model = models.get(dir);
  if (!model) models.set(dir, (model = buildContractModel(dir)));
  return model;
}

function buildContractModel(dir: string): ContractModel {
  const documents = new Map<AreaName, Record<string, unknown>>();
  const byArea = new Map<AreaName, Operation[]>();
  for (const area of AREAS) {
    const document = readBundle(area, { dir });
    documents.set(area, document);
    try {
      byArea.set(area, buildAreaModel(area, document));
    } catch (error) {
      if (error instanceof ContractModelError) throw new BundleError(`the ${area} bundle cannot be modelled: ${error.message}; run \`pnpm bundle\` again`);
      throw error;
    }
  }
  const operations = AREAS.flatMap((area) => byArea.get(area)!);
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  return {
    operations,
    document: (area) => documents.get(area) ?? unknownArea(area),
    operationsOf: (area) => byArea.get(area) ?? unknownArea(area),
    findOperation: (operationId) => byId.get(operationId),
  };
}

function unknownArea(area: unknown): never {
  throw new BundleError(`unknown area ${JSON.stringify(area)}; the areas are ${AREAS.join(', ')}`);
}

/** The operations of one area (from the package's bundles), in path and method order. */
export function operationsOf(area: AreaName): readonly Operation[] {
  return loadContractModel().operationsOf(area);
}

/** The operation with this operationId (unique across areas), or undefined. */
export function findOperation(operationId: OperationId | (string & {})): Operation | undefined {
  return loadContractModel().findOperation(operationId);
}
