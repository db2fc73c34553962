/**
 * Generated from openapi/database/ by `pnpm generate`. Do not edit: change the contract (or the
 * area's own code, packages/client/src/domain/database.ts) and run `pnpm bundle && pnpm generate`.
 */

import { exactJson } from '../../internal/exact-int64.js';

/** Where the Database API's answers hold int64 fields, each read as a bigint by a client made with `int64: 'bigint'`. */
export default exactJson({"schemas":{"BatchResult":{"step_results":{"[]":"StmtResult"}},"BatchStreamResponse":{"result":"BatchResult"},"ExecuteStreamResponse":{"result":"StmtResult"},"PipelineResponse":{"results":{"[]":"StreamResult"}},"PipelineResponseV3":{"results":{"[]":"StreamResultOkV3"}},"StmtResult":{"affected_row_count":1,"rows_read":1,"rows_written":1},"StreamResponse":{"result":{"affected_row_count":1,"rows_read":1,"rows_written":1,"step_results":{"[]":"StmtResult"}}},"StreamResponseV3":{"result":{"affected_row_count":1,"rows_read":1,"rows_written":1,"step_results":{"[]":"StmtResult"}}},"StreamResult":"StreamResultOk","StreamResultOk":{"response":"StreamResponse"},"StreamResultOkV3":{"response":"StreamResponseV3"}},"answers":{"POST /v2/pipeline":{"200":"PipelineResponse"},"POST /v3/pipeline":{"200":"PipelineResponseV3"}}});
