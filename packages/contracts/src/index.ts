// @platform-contracts/contracts: what is built from openapi/. Each area's types are a subpath
// (`@platform-contracts/contracts/video`); this entry holds the registry, the operation table and the
// bundle helpers.
export { AREAS, type AreaName } from './generated/areas.ts';
export { OPERATIONS, type OperationId } from './generated/operations.ts';
export type { HttpMethod, Operation, OperationParameter } from './operation.ts';
export { findOperation, operationsOf } from './operations.ts';
export { BUNDLE_DIR, BundleError, bundlePath, isAreaName, readBundle, type BundleOptions } from './bundles.ts';
