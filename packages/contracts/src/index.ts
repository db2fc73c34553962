// @platform-contracts/contracts: what is built from openapi/. Each area's types are a subpath
// (`@platform-contracts/contracts/video`); this entry holds the registry, the resolved model of
// every operation and the bundle helpers.
export { AREAS, type AreaName } from './generated/areas.ts';
export type { AreaOperations, OperationId, OperationIdOf } from './generated/operations.ts';
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
export { buildAreaModel, ContractModelError, walkOperations, type RawOperation } from './model.ts';
export { findOperation, loadContractModel, operationsOf, type ContractModel } from './operations.ts';
export { checkRefs, escapePointerToken, follow, RefError, resolveRef, unescapePointerToken, valueAt } from './refs.ts';
export { BUNDLE_DIR, BundleError, bundlePath, isAreaName, readBundle, type BundleOptions } from './bundles.ts';
