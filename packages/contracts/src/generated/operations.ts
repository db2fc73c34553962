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
    "extensions": {},
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
    "extensions": {},
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
      "x-assumed": "the Hrana protocol, version 3 (libSQL's HRANA_3_SPEC); libSQL's Rust client calls /v3/pipeline and /v3/cursor."
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
      "x-assumed": "the Hrana protocol, version 3 (libSQL's HRANA_3_SPEC, \"/v3/cursor\"); libSQL's Rust client sends its batches here."
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
      "text/plain"
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
    "extensions": {},
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
      "500": [
        "application/json"
      ]
    },
    "extensions": {
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
      "500": [
        "application/json"
      ]
    },
    "extensions": {
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
    "extensions": {},
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
      "500": []
    },
    "extensions": {},
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
