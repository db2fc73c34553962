/**
 * Generated from openapi/storage/ by `pnpm generate`. Do not edit: change the contract (or the
 * area's own code, packages/client/src/domain/storage.ts) and run `pnpm bundle && pnpm generate`.
 */

import { exactJson } from '../../internal/exact-int64.js';

/** Where the Storage API's answers hold int64 fields, each read as a bigint by a client made with `int64: 'bigint'`. */
export default exactJson({"schemas":{"StorageZone":{"Id":1,"StorageUsed":1,"FilesStored":1},"StorageZoneArray":{"[]":"StorageZone"},"StorageZoneList":{"[]":"StorageZone","Items":{"[]":"StorageZone"},"CurrentPage":1,"TotalItems":1},"StorageZonePage":{"Items":{"[]":"StorageZone"},"CurrentPage":1,"TotalItems":1}},"answers":{"GET /storagezone":{"200":"StorageZoneList"}}});
