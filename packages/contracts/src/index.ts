// @platform-contracts/contracts: what is built from openapi/. Each area's types are a subpath
// (`@platform-contracts/contracts/video`); this entry holds the registry, the resolved model of
// every operation and the bundle helpers.

export { BUNDLE_DIR, BundleError, type BundleOptions, bundlePath, isAreaName, readBundle } from './bundles.ts';
export { AREAS, type AreaName } from './generated/areas.ts';
export type { AreaOperations, OperationId, OperationIdOf } from './generated/operations.ts';
export { buildAreaModel, ContractModelError, type RawOperation, walkOperations } from './model.ts';
export {
  HTTP_METHODS,
  type HttpMethod,
  type Operation,
  type OperationMedia,
  type OperationParameter,
  type OperationRequestBody,
  type OperationResponse,
  type Schema,
  type SecurityScheme,
} from './operation.ts';
export { type ContractModel, findOperation, loadContractModel, operationsOf } from './operations.ts';
export { checkRefs, escapePointerToken, follow, RefError, resolveRef, unescapePointerToken, valueAt } from './refs.ts';
