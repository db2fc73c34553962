/**
 * Generated from openapi/video/ by `pnpm generate`. Do not edit: change the contract (or the
 * area's own code, packages/client/src/domain/video.ts) and run `pnpm bundle && pnpm generate`.
 */

import { exactJson } from '../../internal/exact-int64.js';

/** Where the Video API's answers hold int64 fields, each read as a bigint by a client made with `int64: 'bigint'`. */
export default exactJson({"schemas":{"Collection":{"videoLibraryId":1,"videoCount":1,"totalSize":1},"CollectionList":{"totalItems":1,"currentPage":1,"items":{"[]":"Collection"}},"LibraryId":1,"VideoModel":{"videoLibraryId":1,"views":1,"rotation":1,"storageSize":1,"averageWatchTime":1,"totalWatchTime":1}},"answers":{"POST /library/{libraryId}/videos":{"200":"VideoModel"},"GET /library/{libraryId}/collections":{"200":"CollectionList"},"POST /library/{libraryId}/collections":{"200":"Collection"},"GET /library/{libraryId}/collections/{collectionId}":{"200":"Collection"}}});
