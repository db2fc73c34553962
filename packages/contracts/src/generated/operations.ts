/**
 * Generated from each area's bundle by `pnpm generate`. Do not edit:
 * change the contract and run `pnpm bundle && pnpm generate` instead.
 */

import type { Operation } from '../operation.ts';

/** Every operation of every area, in area, path and method order. */
export const OPERATIONS = [
  {
    "area": "containers",
    "operationId": "addContainerTemplate",
    "method": "post",
    "path": "/mc/apps/{appId}/containers",
    "parameters": [
      {
        "name": "appId",
        "in": "path",
        "required": true
      }
    ],
    "requestMediaTypes": [
      "application/json",
      "text/json",
      "application/*+json"
    ],
    "requestBodyRequired": true,
    "responses": {
      "200": [
        "application/json"
      ],
      "400": [
        "application/json"
      ],
      "401": [
        "application/json"
      ],
      "403": [
        "application/json"
      ],
      "404": [
        "application/json"
      ],
      "500": [
        "application/json"
      ]
    },
    "extensions": {
      "x-mock-state": "Stores the template in the application; an unknown appId answers 404. An access key starts with the application of the example appId; more come from a state snapshot. At most 100 templates per application (option containers.maxTemplatesPerApp); beyond it 400."
    },
    "security": [
      [
        "AccessKey"
      ]
    ]
  },
  {
    "area": "database",
    "operationId": "runPipeline",
    "method": "post",
    "path": "/v2/pipeline",
    "parameters": [],
    "requestMediaTypes": [
      "application/json"
    ],
    "requestBodyRequired": true,
    "responses": {
      "200": [
        "application/json"
      ],
      "400": [
        "text/plain"
      ],
      "401": [],
      "500": [
        "application/json"
      ]
    },
    "extensions": {
      "x-mock-state": "Finds the namespace and database through the Bearer token (a token the state does not hold, an invalidated or expired one answers 401), then runs the statements on that database (a WAL file of its own, in a sandboxed process) over the stream the baton names. Each stream keeps its own connection; idle streams expire on the mock's virtual clock. Limits (statement time, answer size, open streams and databases) are options of the database area.",
      "x-body-content-type-ignored": "libSQL's server (sqld) decodes the pipeline's body as JSON by its path and never reads the Content-Type; libsql-stateless and knex's libSQL dialect send none."
    },
    "security": [
      [
        "DatabaseAccessToken"
      ]
    ]
  },
  {
    "area": "database",
    "operationId": "getPipelineVersion",
    "method": "get",
    "path": "/v2",
    "parameters": [],
    "requestMediaTypes": [],
    "requestBodyRequired": false,
    "responses": {
      "200": [
        "text/plain"
      ],
      "404": []
    },
    "extensions": {
      "x-mock-state": "Reads no state: the text names the protocol version the mock serves at this path.",
      "x-assumed": "the specification shows only the /v2/pipeline path; the version check is the live service's (live-api-facts.md)."
    },
    "security": []
  },
  {
    "area": "database",
    "operationId": "runPipelineV3",
    "method": "post",
    "path": "/v3/pipeline",
    "parameters": [],
    "requestMediaTypes": [
      "application/json"
    ],
    "requestBodyRequired": true,
    "responses": {
      "200": [
        "application/json"
      ],
      "400": [
        "text/plain"
      ],
      "401": [],
      "500": [
        "application/json"
      ]
    },
    "extensions": {
      "x-mock-state": "Finds the namespace and database through the Bearer token (a token the state does not hold, an invalidated or expired one answers 401), then runs the statements on that database (a WAL file of its own, in a sandboxed process) over the stream the baton names. Each stream keeps its own connection; idle streams expire on the mock's virtual clock. Limits (statement time, answer size, open streams and databases) are options of the database area.",
      "x-assumed": "the Hrana protocol, version 3 (libSQL's HRANA_3_SPEC); libSQL's Rust client calls /v3/pipeline and /v3/cursor.",
      "x-body-content-type-ignored": "libSQL's server (sqld) decodes the pipeline's body as JSON by its path and never reads the Content-Type; libsql-stateless and knex's libSQL dialect send none."
    },
    "security": [
      [
        "DatabaseAccessToken"
      ]
    ]
  },
  {
    "area": "database",
    "operationId": "runCursor",
    "method": "post",
    "path": "/v3/cursor",
    "parameters": [],
    "requestMediaTypes": [
      "application/json"
    ],
    "requestBodyRequired": true,
    "responses": {
      "200": [
        "text/plain"
      ],
      "400": [
        "text/plain"
      ],
      "401": [],
      "500": [
        "application/json"
      ]
    },
    "extensions": {
      "x-mock-state": "Like the pipeline: the Bearer token leads to the namespace and database (else 401); the statements of the batch run on the stream the baton names, and the answer streams their results as cursor entries. Idle streams expire on the mock's virtual clock.",
      "x-assumed": "the Hrana protocol, version 3 (libSQL's HRANA_3_SPEC, \"/v3/cursor\"); libSQL's Rust client sends its batches here.",
      "x-body-content-type-ignored": "libSQL's server (sqld) decodes the pipeline's body as JSON by its path and never reads the Content-Type; libsql-stateless and knex's libSQL dialect send none."
    },
    "security": [
      [
        "DatabaseAccessToken"
      ]
    ]
  },
  {
    "area": "database",
    "operationId": "getPipelineVersionV3",
    "method": "get",
    "path": "/v3",
    "parameters": [],
    "requestMediaTypes": [],
    "requestBodyRequired": false,
    "responses": {
      "200": [
        "text/plain"
      ],
      "404": []
    },
    "extensions": {
      "x-mock-state": "Reads no state: the text names the protocol version the mock serves at this path.",
      "x-assumed": "the specification shows only the /v2/pipeline path; /v3 is libSQL's server's (sqld) version check of the Hrana 3 protocol, which the Rust client uses."
    },
    "security": []
  },
  {
    "area": "database",
    "operationId": "listDatabaseTokens",
    "method": "get",
    "path": "/database/{databaseId}/tokens",
    "parameters": [
      {
        "name": "databaseId",
        "in": "path",
        "required": true
      }
    ],
    "requestMediaTypes": [],
    "requestBodyRequired": false,
    "responses": {
      "200": [
        "application/json"
      ],
      "400": [
        "application/json"
      ],
      "401": [],
      "404": [
        "application/json"
      ]
    },
    "extensions": {
      "x-mock-state": "Reads the tokens of the database in the caller's namespace (one per access key; the key `default` holds the tokens the mock prints at start). Secrets are never listed. An unknown database answers 404.",
      "x-assumed": "the specification does not show the token operations of the management API."
    },
    "security": [
      [
        "AccessKey"
      ]
    ]
  },
  {
    "area": "database",
    "operationId": "createDatabaseTokens",
    "method": "post",
    "path": "/database/{databaseId}/tokens",
    "parameters": [
      {
        "name": "databaseId",
        "in": "path",
        "required": true
      }
    ],
    "requestMediaTypes": [
      "application/json"
    ],
    "requestBodyRequired": false,
    "responses": {
      "201": [
        "application/json"
      ],
      "400": [
        "application/json"
      ],
      "401": [],
      "404": [
        "application/json"
      ]
    },
    "extensions": {
      "x-mock-state": "Adds a Full Access and/or Read Only token to the database's token store in the caller's namespace; tokens it already holds stay valid. The new tokens belong to that namespace: the pipeline finds the namespace and its database through them. Expiry follows the mock's virtual clock. An unknown database answers 404.",
      "x-assumed": "the specification shows Generate Tokens in the dashboard and the CLI, not the API operation."
    },
    "security": [
      [
        "AccessKey"
      ]
    ]
  },
  {
    "area": "database",
    "operationId": "invalidateDatabaseTokens",
    "method": "post",
    "path": "/database/{databaseId}/tokens/invalidate",
    "parameters": [
      {
        "name": "databaseId",
        "in": "path",
        "required": true
      }
    ],
    "requestMediaTypes": [
      "application/json"
    ],
    "requestBodyRequired": false,
    "responses": {
      "200": [
        "application/json"
      ],
      "400": [
        "application/json"
      ],
      "401": [],
      "404": [
        "application/json"
      ]
    },
    "extensions": {
      "x-mock-state": "Makes every token of the database in the caller's namespace invalid at once, closes the pipeline streams opened with them and releases their locks; with regenerate, stores and answers a new pair. An unknown database answers 404.",
      "x-assumed": "the specification shows invalidation and regeneration in the dashboard and the CLI, not the API operation."
    },
    "security": [
      [
        "AccessKey"
      ]
    ]
  },
  {
    "area": "dns",
    "operationId": "importDnsRecords",
    "method": "post",
    "path": "/dnszone/{zoneId}/import",
    "parameters": [
      {
        "name": "zoneId",
        "in": "path",
        "required": true
      }
    ],
    "requestMediaTypes": [
      "text/plain",
      "application/octet-stream"
    ],
    "requestBodyRequired": true,
    "responses": {
      "200": [
        "application/json"
      ],
      "400": [
        "application/json"
      ],
      "401": [],
      "404": [],
      "500": []
    },
    "extensions": {
      "x-mock-state": "Stores the records it reads in the zone. A record the zone already holds (same name, type and data) is skipped, so a file imported twice counts every record as skipped the second time. An access key starts with the zone of the example zoneId, empty; more zones come from a state snapshot; an unknown zone answers 404. At most 10000 records per zone (option dns.maxRecordsPerZone): an import that would pass it answers 400 with ErrorKey limit_reached and stores nothing."
    },
    "security": [
      [
        "AccessKey"
      ]
    ]
  },
  {
    "area": "shield",
    "operationId": "updateShieldZone",
    "method": "patch",
    "path": "/shield/shield-zone",
    "parameters": [],
    "requestMediaTypes": [
      "application/json"
    ],
    "requestBodyRequired": true,
    "responses": {
      "200": [
        "application/json"
      ],
      "202": [
        "application/json"
      ],
      "400": [
        "application/json"
      ],
      "401": [
        "application/json"
      ],
      "500": [
        "application/json"
      ]
    },
    "extensions": {
      "x-mock-state": "Changes the zone's stored configuration (fields left out are kept); the list and later updates show it. An unknown shieldZoneId creates the zone (202) from the example's basic configuration, up to 100 zones per access key (option shield.maxShieldZones; beyond it 400 with errorKey limit_reached). Turning learningMode on without a learningModeUntil ends it 7 days after the mock's clock; learning mode reads as off once the virtual clock passes learningModeUntil.",
      "x-assumed": "security (AccessKey) follows the live service; the specification does not show the credential requirement."
    },
    "security": [
      [
        "AccessKey"
      ]
    ]
  },
  {
    "area": "shield",
    "operationId": "listShieldZones",
    "method": "get",
    "path": "/shield/shield-zones",
    "parameters": [
      {
        "name": "page",
        "in": "query",
        "required": false
      },
      {
        "name": "perPage",
        "in": "query",
        "required": false
      }
    ],
    "requestMediaTypes": [],
    "requestBodyRequired": false,
    "responses": {
      "200": [
        "application/json"
      ],
      "400": [
        "application/json"
      ],
      "401": [
        "application/json"
      ],
      "500": [
        "application/json"
      ]
    },
    "extensions": {
      "x-pagination": {
        "page": "page",
        "size": "perPage",
        "items": "/data",
        "totalPages": "/page/totalPages",
        "currentPage": "/page/currentPage"
      },
      "x-mock-state": "Reads the access key's shield zones: the contract's example zones and those updates created, with every change updates made. learningMode reads as off once the virtual clock passes learningModeUntil.",
      "x-assumed": "security (AccessKey) and the paging parameters follow the live service; the specification shows neither."
    },
    "security": [
      [
        "AccessKey"
      ]
    ]
  },
  {
    "area": "shield",
    "operationId": "listCustomWafRules",
    "method": "get",
    "path": "/shield/waf/custom-rules/{shieldZoneId}",
    "parameters": [
      {
        "name": "shieldZoneId",
        "in": "path",
        "required": true
      },
      {
        "name": "page",
        "in": "query",
        "required": false
      },
      {
        "name": "pageSize",
        "in": "query",
        "required": false
      }
    ],
    "requestMediaTypes": [],
    "requestBodyRequired": false,
    "responses": {
      "200": [
        "application/json"
      ],
      "400": [
        "application/json"
      ],
      "401": [
        "application/json"
      ],
      "404": [
        "application/json"
      ],
      "500": [
        "application/json"
      ]
    },
    "extensions": {
      "x-pagination": {
        "page": "page",
        "size": "pageSize",
        "items": "/data",
        "totalPages": "/page/totalPages",
        "currentPage": "/page/currentPage"
      },
      "x-mock-state": "Reads the zone's custom rules (for the example zones one rule per variable type, none for zones an update created); 404 for a zone the access key does not hold.",
      "x-assumed": "security (AccessKey) follows the live service; the specification does not show the credential requirement."
    },
    "security": [
      [
        "AccessKey"
      ]
    ]
  },
  {
    "area": "shield",
    "operationId": "reviewTriggeredRules",
    "method": "get",
    "path": "/shield/waf/rules/review-triggered/{shieldZoneId}",
    "parameters": [
      {
        "name": "shieldZoneId",
        "in": "path",
        "required": true
      }
    ],
    "requestMediaTypes": [],
    "requestBodyRequired": false,
    "responses": {
      "200": [
        "application/json"
      ],
      "400": [
        "application/json"
      ],
      "401": [
        "application/json"
      ],
      "404": [
        "application/json"
      ],
      "500": [
        "application/json"
      ]
    },
    "extensions": {
      "x-mock-state": "Reads the zone's triggered rules (the contract's example review for the first example zone, none for other zones); 404 for a zone the access key does not hold.",
      "x-assumed": "security (AccessKey) follows the live service; the specification does not show the credential requirement."
    },
    "security": [
      [
        "AccessKey"
      ]
    ]
  },
  {
    "area": "storage",
    "operationId": "listStorageZones",
    "method": "get",
    "path": "/storagezone",
    "parameters": [
      {
        "name": "page",
        "in": "query",
        "required": false
      },
      {
        "name": "perPage",
        "in": "query",
        "required": false
      },
      {
        "name": "search",
        "in": "query",
        "required": false
      },
      {
        "name": "includeDeleted",
        "in": "query",
        "required": false
      }
    ],
    "requestMediaTypes": [],
    "requestBodyRequired": false,
    "responses": {
      "200": [
        "application/json"
      ],
      "400": [
        "application/json"
      ],
      "401": [],
      "500": []
    },
    "extensions": {
      "x-pagination": {
        "page": "page",
        "size": "perPage",
        "firstPage": 1,
        "items": "/Items",
        "currentPage": "/CurrentPage",
        "totalItems": "/TotalItems",
        "hasMore": "/HasMoreItems"
      },
      "x-mock-state": "Reads the access key's storage zones: 36 zones made from the contract's examples (every twelfth deleted), or those of an imported state snapshot. No operation writes them."
    },
    "security": [
      [
        "AccessKey"
      ]
    ]
  },
  {
    "area": "video",
    "operationId": "createVideo",
    "method": "post",
    "path": "/library/{libraryId}/videos",
    "parameters": [
      {
        "name": "libraryId",
        "in": "path",
        "required": true
      }
    ],
    "requestMediaTypes": [
      "application/json"
    ],
    "requestBodyRequired": true,
    "responses": {
      "200": [
        "application/json"
      ],
      "400": [
        "application/json"
      ],
      "401": [],
      "403": [],
      "404": [],
      "500": []
    },
    "extensions": {
      "x-mock-state": "Reads the library's collections: an unknown collectionId answers 404. A video created into a collection adds 1 to its videoCount and leads its previewVideoIds (the 4 newest are kept). The video itself is not kept, as no operation reads it back; dateUploaded is the mock's virtual clock."
    },
    "security": [
      [
        "AccessKey"
      ]
    ]
  },
  {
    "area": "video",
    "operationId": "listCollections",
    "method": "get",
    "path": "/library/{libraryId}/collections",
    "parameters": [
      {
        "name": "libraryId",
        "in": "path",
        "required": true
      },
      {
        "name": "page",
        "in": "query",
        "required": false
      },
      {
        "name": "itemsPerPage",
        "in": "query",
        "required": false
      },
      {
        "name": "search",
        "in": "query",
        "required": false
      },
      {
        "name": "orderBy",
        "in": "query",
        "required": false
      },
      {
        "name": "includeThumbnails",
        "in": "query",
        "required": false
      }
    ],
    "requestMediaTypes": [],
    "requestBodyRequired": false,
    "responses": {
      "200": [
        "application/json"
      ],
      "400": [
        "application/json"
      ],
      "401": [],
      "403": [],
      "500": []
    },
    "extensions": {
      "x-pagination": {
        "page": "page",
        "size": "itemsPerPage",
        "items": "/items",
        "totalItems": "/totalItems",
        "currentPage": "/currentPage"
      },
      "x-mock-state": "Reads the library's collections as this access key's earlier calls left them; a library never written to shows the contract's example collections. orderBy is date (newest first, the default) or name; another value answers 400. With includeThumbnails=true, previewImageUrls has one URL per preview video.",
      "x-assumed": "operation of the live service; the specification does not show it."
    },
    "security": [
      [
        "AccessKey"
      ]
    ]
  },
  {
    "area": "video",
    "operationId": "createCollection",
    "method": "post",
    "path": "/library/{libraryId}/collections",
    "parameters": [
      {
        "name": "libraryId",
        "in": "path",
        "required": true
      }
    ],
    "requestMediaTypes": [
      "application/json"
    ],
    "requestBodyRequired": true,
    "responses": {
      "200": [
        "application/json"
      ],
      "400": [
        "application/json"
      ],
      "401": [],
      "403": [],
      "500": []
    },
    "extensions": {
      "x-mock-state": "Adds an empty collection to the library; get, list, update and delete see it. Limits per access key: 1000 collections per library and 100 libraries written to (options video.maxCollectionsPerLibrary and video.maxLibraries); beyond them 400 with a message naming the option.",
      "x-assumed": "operation of the live service; the specification does not show it."
    },
    "security": [
      [
        "AccessKey"
      ]
    ]
  },
  {
    "area": "video",
    "operationId": "getCollection",
    "method": "get",
    "path": "/library/{libraryId}/collections/{collectionId}",
    "parameters": [
      {
        "name": "libraryId",
        "in": "path",
        "required": true
      },
      {
        "name": "collectionId",
        "in": "path",
        "required": true
      },
      {
        "name": "includeThumbnails",
        "in": "query",
        "required": false
      }
    ],
    "requestMediaTypes": [],
    "requestBodyRequired": false,
    "responses": {
      "200": [
        "application/json"
      ],
      "400": [
        "application/json"
      ],
      "401": [],
      "403": [],
      "404": [],
      "500": []
    },
    "extensions": {
      "x-mock-state": "Reads the collection as earlier calls left it (name, videoCount, preview); 404 when the library does not hold it.",
      "x-assumed": "operation of the live service; the specification does not show it."
    },
    "security": [
      [
        "AccessKey"
      ]
    ]
  },
  {
    "area": "video",
    "operationId": "updateCollection",
    "method": "post",
    "path": "/library/{libraryId}/collections/{collectionId}",
    "parameters": [
      {
        "name": "libraryId",
        "in": "path",
        "required": true
      },
      {
        "name": "collectionId",
        "in": "path",
        "required": true
      }
    ],
    "requestMediaTypes": [
      "application/json"
    ],
    "requestBodyRequired": true,
    "responses": {
      "200": [
        "application/json"
      ],
      "400": [
        "application/json"
      ],
      "401": [],
      "403": [],
      "404": [],
      "500": []
    },
    "extensions": {
      "x-mock-state": "Renames the collection; get and list show the new name. 404 when the library does not hold it.",
      "x-assumed": "operation of the live service; the specification does not show it."
    },
    "security": [
      [
        "AccessKey"
      ]
    ]
  },
  {
    "area": "video",
    "operationId": "deleteCollection",
    "method": "delete",
    "path": "/library/{libraryId}/collections/{collectionId}",
    "parameters": [
      {
        "name": "libraryId",
        "in": "path",
        "required": true
      },
      {
        "name": "collectionId",
        "in": "path",
        "required": true
      }
    ],
    "requestMediaTypes": [],
    "requestBodyRequired": false,
    "responses": {
      "200": [
        "application/json"
      ],
      "400": [
        "application/json"
      ],
      "401": [],
      "403": [],
      "404": [],
      "500": []
    },
    "extensions": {
      "x-mock-state": "Removes the collection: get, update and delete then answer 404 and the list leaves it out. 404 when the library does not hold it.",
      "x-assumed": "operation of the live service; the specification does not show it."
    },
    "security": [
      [
        "AccessKey"
      ]
    ]
  }
] as const satisfies readonly Operation[];

export type OperationId = (typeof OPERATIONS)[number]['operationId'];
