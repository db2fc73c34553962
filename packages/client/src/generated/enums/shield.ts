/**
 * Generated from openapi/shield/ by `pnpm generate`. Do not edit: change the contract (or the
 * area's own code, packages/client/src/domain/shield.ts) and run `pnpm bundle && pnpm generate`.
 */

import { enumeration } from '../../internal/enums.js';
import type * as Contract from '@platform-contracts/contracts/shield';

/** Shield plan of the zone. By name: `ShieldPlanType.Basic` is 0, and `enumName(ShieldPlanType, 0)` is "Basic". */
export const ShieldPlanType = enumeration<Contract.ShieldPlanType>()({ Basic: 0, Advanced: 1, Business: 2, Enterprise: 3 });
export type ShieldPlanType = Contract.ShieldPlanType;

/** What the WAF (`wafExecutionMode`) or the DDoS protection (`dDoSExecutionMode`) does with a request it flags. By name: `ShieldExecutionMode.Log` is 0, and `enumName(ShieldExecutionMode, 0)` is "Log". */
export const ShieldExecutionMode = enumeration<Contract.ShieldExecutionMode>()({ Log: 0, Block: 1 });
export type ShieldExecutionMode = Contract.ShieldExecutionMode;

/** What the WAF does with a request (`wafRequestBodyLimitAction`) or response (`wafResponseBodyLimitAction`) whose body exceeds the inspection limit. By name: `ShieldBodyLimitAction.Block` is 0, and `enumName(ShieldBodyLimitAction, 0)` is "Block". */
export const ShieldBodyLimitAction = enumeration<Contract.ShieldBodyLimitAction>()({ Block: 0, Log: 1, Ignore: 2 });
export type ShieldBodyLimitAction = Contract.ShieldBodyLimitAction;

/** Sensitivity of the DDoS protection. By name: `ShieldDDoSSensitivity.Off` is 0, and `enumName(ShieldDDoSSensitivity, 0)` is "Off". */
export const ShieldDDoSSensitivity = enumeration<Contract.ShieldDDoSSensitivity>()({ Off: 0, Low: 1, Medium: 2, High: 3, Challenge: 4 });
export type ShieldDDoSSensitivity = Contract.ShieldDDoSSensitivity;
