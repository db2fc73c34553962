/**
 * Generated from openapi/database/ by `pnpm generate`. Do not edit: change the contract (or the
 * area's own code, packages/client/src/domain/database.ts) and run `pnpm bundle && pnpm generate`.
 */

import { enumeration } from '../../internal/enums.js';
import type * as Contract from '@platform-contracts/contracts/database';

/** The kind of a database access token. By name: `DatabaseTokenKind.FullAccess` is "full_access", and `enumName(DatabaseTokenKind, "full_access")` is "FullAccess". */
export const DatabaseTokenKind = enumeration<Contract.DatabaseTokenKind>()({ FullAccess: 'full_access', ReadOnly: 'read_only' });
export type DatabaseTokenKind = Contract.DatabaseTokenKind;
