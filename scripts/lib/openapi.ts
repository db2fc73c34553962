// The contracts package's model, `$ref` resolver and HTTP methods, as the scripts and tests read
// them: from its sources, because the scripts run before the package is built (`pnpm generate`).

export { buildAreaModel, walkOperations } from '../../packages/contracts/src/model.ts';
export { HTTP_METHODS, type Operation } from '../../packages/contracts/src/operation.ts';
export { operationsOf } from '../../packages/contracts/src/operations.ts';
export { escapePointerToken, follow, resolveRef, unescapePointerToken } from '../../packages/contracts/src/refs.ts';

/** A parsed OpenAPI document or a part of one, as the scripts walk it. */
export type Json = any;
