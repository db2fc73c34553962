/**
 * Generated from openapi/storage/ by `pnpm generate`. Do not edit: change the contract (or the
 * area's own code, packages/client/src/domain/storage.ts) and run `pnpm bundle && pnpm generate`.
 */

import { enumeration } from '../../internal/enums.js';
import type * as Contract from '@platform-contracts/contracts/storage';

/** Tier that stores the zone's data. The specification gives the values 0 and 1; their names come from the live service. By name: `ZoneTier.Standard` is 0, and `enumName(ZoneTier, 0)` is "Standard". */
export const ZoneTier = enumeration<Contract.ZoneTier>()({ Standard: 0, Edge: 1 });
export type ZoneTier = Contract.ZoneTier;

/** Whether the zone supports the S3-compatible API. The specification gives the values 0 and 1; their names come from the live service. By name: `StorageZoneType.NotSupported` is 0, and `enumName(StorageZoneType, 0)` is "NotSupported". */
export const StorageZoneType = enumeration<Contract.StorageZoneType>()({ NotSupported: 0, Supported: 1 });
export type StorageZoneType = Contract.StorageZoneType;
