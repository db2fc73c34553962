/**
 * Generated from openapi/dns/ by `pnpm generate` (openapi-typescript). Do not edit:
 * change the contract and run `pnpm bundle && pnpm generate` instead.
 */

export interface paths<Int64 extends number | bigint = number> {
    "/dnszone/{zoneId}/import": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the DNS zone that imports the records. */
                zoneId: components<Int64>["parameters"]["DnsZoneId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import DNS records
         * @description Imports the records of a BIND-style zone file into the DNS zone. Records that can be
         *     read are imported (`RecordsSuccessful`), lines that cannot be read fail
         *     (`RecordsFailed`) and records the zone already holds are skipped (`RecordsSkipped`).
         */
        post: operations<Int64>["importDnsRecords"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components<Int64 extends number | bigint = number> {
    schemas: {
        /**
         * DnsImportResult
         * @description How many records of the zone file were imported, failed and skipped.
         */
        DnsImportResult: {
            /**
             * Format: int32
             * @description Number of records that were imported.
             */
            RecordsSuccessful: number;
            /**
             * Format: int32
             * @description Number of records that could not be imported.
             */
            RecordsFailed: number;
            /**
             * Format: int32
             * @description Number of records that were skipped (for example, already in the zone).
             */
            RecordsSkipped: number;
        };
        /**
         * DnsError
         * @description Why a DNS request failed.
         */
        DnsError: {
            /** @description Machine-readable key of the error. Its values are not specified. */
            ErrorKey?: string;
            /** @description The request field the error is about. */
            Field?: string;
            /** @description Human-readable explanation. */
            Message?: string;
        };
    };
    responses: {
        /** @description Authentication failed (missing or wrong `AccessKey`). No body. */
        DnsUnauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description No DNS zone with this ID. No body. */
        DnsZoneNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description Internal server error. No body. */
        DnsInternalError: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
    };
    parameters: {
        /** @description ID of the DNS zone that imports the records. */
        DnsZoneId: Int64;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type DnsImportResult<Int64 extends number | bigint = number> = components<Int64>['schemas']['DnsImportResult'];
export type DnsError<Int64 extends number | bigint = number> = components<Int64>['schemas']['DnsError'];
export type ResponseDnsUnauthorized<Int64 extends number | bigint = number> = components<Int64>['responses']['DnsUnauthorized'];
export type ResponseDnsZoneNotFound<Int64 extends number | bigint = number> = components<Int64>['responses']['DnsZoneNotFound'];
export type ResponseDnsInternalError<Int64 extends number | bigint = number> = components<Int64>['responses']['DnsInternalError'];
export type ParameterDnsZoneId<Int64 extends number | bigint = number> = components<Int64>['parameters']['DnsZoneId'];
export type $defs = Record<string, never>;
export interface operations<Int64 extends number | bigint = number> {
    importDnsRecords: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the DNS zone that imports the records. */
                zoneId: components<Int64>["parameters"]["DnsZoneId"];
            };
            cookie?: never;
        };
        /** @description The zone file, as plain text (`text/plain`) or as bytes (`application/octet-stream`); both are read the same way, as UTF-8. */
        requestBody: {
            content: {
                "text/plain": string;
                "application/octet-stream": string;
            };
        };
        responses: {
            /** @description The records were imported; the counts say how many of each outcome. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components<Int64>["schemas"]["DnsImportResult"];
                };
            };
            /** @description The request was invalid, for example an empty zone file. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components<Int64>["schemas"]["DnsError"];
                };
            };
            401: components<Int64>["responses"]["DnsUnauthorized"];
            404: components<Int64>["responses"]["DnsZoneNotFound"];
            500: components<Int64>["responses"]["DnsInternalError"];
        };
    };
}
