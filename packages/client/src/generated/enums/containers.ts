/**
 * Generated from openapi/containers/ by `pnpm generate`. Do not edit: change the contract (or the
 * area's own code, packages/client/src/domain/containers.ts) and run `pnpm bundle && pnpm generate`.
 */

import { enumeration } from '../../internal/enums.js';
import type * as Contract from '@platform-contracts/contracts/containers';

/** When the platform pulls the container image. By name: `ContainerImagePullPolicy.Always` is "always", and `enumName(ContainerImagePullPolicy, "always")` is "Always". */
export const ContainerImagePullPolicy = enumeration<Contract.ContainerImagePullPolicy>()({ Always: 'always', IfNotPresent: 'ifNotPresent' });
export type ContainerImagePullPolicy = Contract.ContainerImagePullPolicy;
