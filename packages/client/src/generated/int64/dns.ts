/**
 * Generated from openapi/dns/ by `pnpm generate`. Do not edit: change the contract (or the
 * area's own code, packages/client/src/domain/dns.ts) and run `pnpm bundle && pnpm generate`.
 */

import { exactJson } from '../../internal/exact-int64.js';

/** Where the DNS API's answers hold int64 fields, each read as a bigint by a client made with `int64: 'bigint'`. */
export default exactJson({"schemas":{},"answers":{}});
