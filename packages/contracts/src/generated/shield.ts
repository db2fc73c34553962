/**
 * Generated from openapi/shield/ by `pnpm generate` (openapi-typescript). Do not edit:
 * change the contract and run `pnpm bundle && pnpm generate` instead.
 */

export interface paths<Int64 extends number | bigint = number> {
    "/shield/shield-zone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a shield zone
         * @description Changes the security configuration of a shield zone. The body names the zone
         *     (`shieldZoneId`) and carries the writable configuration (`shieldZone`); fields left out
         *     are not changed. The answer's `data` takes one of two shapes (see
         *     `ShieldZoneUpdateData`); the specification does not say which shape applies when.
         */
        patch: operations<Int64>["updateShieldZone"];
        trace?: never;
    };
    "/shield/shield-zones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List shield zones
         * @description Lists the account's shield zones, one page at a time.
         */
        get: operations<Int64>["listShieldZones"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shield/waf/custom-rules/{shieldZoneId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List custom firewall rules
         * @description Lists the custom firewall (WAF) rules of a shield zone, one page at a time.
         */
        get: operations<Int64>["listCustomWafRules"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shield/waf/rules/review-triggered/{shieldZoneId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Review triggered rules
         * @description Reviews the firewall rules of a shield zone that were triggered: for each rule, how many
         *     requests triggered it, the URLs most targeted and the log entries.
         */
        get: operations<Int64>["reviewTriggeredRules"];
        put?: never;
        post?: never;
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
         * ShieldWafEngineConfigEntry
         * @description One setting of the WAF engine.
         */
        ShieldWafEngineConfigEntry: {
            /** @description Name of the setting. */
            name?: string;
            /** @description Encoded value of the setting. */
            valueEncoded?: string;
        };
        /**
         * ShieldZoneSettings
         * @description The writable configuration of a shield zone (member `shieldZone` of the update body).
         *     Every field is optional; fields left out are not changed. Unknown properties are rejected.
         */
        ShieldZoneSettings: {
            /**
             * Format: int64
             * @description ID of the shield zone.
             */
            shieldZoneId?: Int64;
            /** @description Whether the zone is on a premium plan. */
            premiumPlan?: boolean;
            /** @description Whether learning mode is on. Transitions of learning mode are not specified. */
            learningMode?: boolean;
            /**
             * Format: date-time
             * @description When learning mode ends.
             */
            learningModeUntil?: string;
            /** @description Whether the web application firewall is enabled. */
            wafEnabled?: boolean;
            /** @description IDs of the WAF rules that are disabled. */
            wafDisabledRules?: string[];
            /** @description IDs of the WAF rules that only log, without blocking. */
            wafLogOnlyRules?: string[];
            /** @description IDs of the custom WAF rules, in the order they run. */
            wafCustomRuleOrder?: Int64[];
            /** @description Whether request headers are logged. */
            wafRequestHeaderLoggingEnabled?: boolean;
            /** @description Whether request bodies are logged. */
            requestBodyLoggingEnabled?: boolean;
            /** @description Request headers the WAF ignores. */
            wafRequestIgnoredHeaders?: string[];
            /** @description Whether real-time threat intelligence is enabled. */
            wafRealtimeThreatIntelligenceEnabled?: boolean;
            /**
             * Format: int64
             * @description ID of the WAF profile.
             */
            wafProfileId?: Int64;
            /** @description Settings of the WAF engine. */
            wafEngineConfig?: components<Int64>["schemas"]["ShieldWafEngineConfigEntry"][];
            /**
             * Format: int64
             * @description Challenge window of the DDoS protection. Its unit is not specified.
             */
            dDoSChallengeWindow?: Int64;
            /** @description Whether the response pages shown to blocked visitors are white-labelled. */
            whitelabelResponsePages?: boolean;
        };
        /**
         * ShieldZoneUpdateRequest
         * @description Which shield zone to update, and its new configuration. Unknown properties are rejected.
         */
        ShieldZoneUpdateRequest: {
            /**
             * Format: int64
             * @description ID of the shield zone to update.
             */
            shieldZoneId: Int64;
            shieldZone: components<Int64>["schemas"]["ShieldZoneSettings"];
        };
        /**
         * ShieldPlanType
         * Format: int32
         * @description Shield plan of the zone.
         *
         *     | Value | Name |
         *     |---|---|
         *     | 0 | Basic |
         *     | 1 | Advanced |
         *     | 2 | Business |
         *     | 3 | Enterprise |
         * @enum {integer}
         */
        ShieldPlanType: 0 | 1 | 2 | 3;
        /**
         * ShieldExecutionMode
         * Format: int32
         * @description What the WAF (`wafExecutionMode`) or the DDoS protection (`dDoSExecutionMode`) does with a
         *     request it flags.
         *
         *     | Value | Name |
         *     |---|---|
         *     | 0 | Log |
         *     | 1 | Block |
         * @enum {integer}
         */
        ShieldExecutionMode: 0 | 1;
        /**
         * ShieldBodyLimitAction
         * Format: int32
         * @description What the WAF does with a request (`wafRequestBodyLimitAction`) or response
         *     (`wafResponseBodyLimitAction`) whose body exceeds the inspection limit.
         *
         *     | Value | Name |
         *     |---|---|
         *     | 0 | Block |
         *     | 1 | Log |
         *     | 2 | Ignore |
         * @enum {integer}
         */
        ShieldBodyLimitAction: 0 | 1 | 2;
        /**
         * ShieldDDoSSensitivity
         * Format: int32
         * @description Sensitivity of the DDoS protection.
         *
         *     | Value | Name |
         *     |---|---|
         *     | 0 | Off |
         *     | 1 | Low |
         *     | 2 | Medium |
         *     | 3 | High |
         *     | 4 | Challenge |
         * @enum {integer}
         */
        ShieldDDoSSensitivity: 0 | 1 | 2 | 3 | 4;
        /**
         * ShieldZone
         * @description The configuration of a shield zone as returned by the update: the writable fields
         *     (`ShieldZoneSettings`) plus the integer enumerations planType, wafExecutionMode,
         *     wafRequestBodyLimitAction, wafResponseBodyLimitAction and dDoSShieldSensitivity.
         */
        ShieldZone: {
            /**
             * Format: int64
             * @description ID of the shield zone.
             */
            shieldZoneId: Int64;
            /** @description Whether the zone is on a premium plan. */
            premiumPlan?: boolean;
            /** @description Whether learning mode is on. Transitions of learning mode are not specified. */
            learningMode?: boolean;
            /**
             * Format: date-time
             * @description When learning mode ends.
             */
            learningModeUntil?: string;
            /** @description Whether the web application firewall is enabled. */
            wafEnabled?: boolean;
            /** @description IDs of the WAF rules that are disabled. */
            wafDisabledRules?: string[];
            /** @description IDs of the WAF rules that only log, without blocking. */
            wafLogOnlyRules?: string[];
            /** @description IDs of the custom WAF rules, in the order they run. */
            wafCustomRuleOrder?: Int64[];
            /** @description Whether request headers are logged. */
            wafRequestHeaderLoggingEnabled?: boolean;
            /** @description Whether request bodies are logged. */
            requestBodyLoggingEnabled?: boolean;
            /** @description Request headers the WAF ignores. */
            wafRequestIgnoredHeaders?: string[];
            /** @description Whether real-time threat intelligence is enabled. */
            wafRealtimeThreatIntelligenceEnabled?: boolean;
            /**
             * Format: int64
             * @description ID of the WAF profile.
             */
            wafProfileId?: Int64;
            /** @description Settings of the WAF engine. */
            wafEngineConfig?: components<Int64>["schemas"]["ShieldWafEngineConfigEntry"][];
            /**
             * Format: int64
             * @description Challenge window of the DDoS protection. Its unit is not specified.
             */
            dDoSChallengeWindow?: Int64;
            /** @description Whether the response pages shown to blocked visitors are white-labelled. */
            whitelabelResponsePages?: boolean;
            planType?: components<Int64>["schemas"]["ShieldPlanType"];
            wafExecutionMode?: components<Int64>["schemas"]["ShieldExecutionMode"];
            wafRequestBodyLimitAction?: components<Int64>["schemas"]["ShieldBodyLimitAction"];
            wafResponseBodyLimitAction?: components<Int64>["schemas"]["ShieldBodyLimitAction"];
            dDoSShieldSensitivity?: components<Int64>["schemas"]["ShieldDDoSSensitivity"];
        };
        /**
         * ShieldZoneUpdateResult
         * @description First shape of the update's `data`: the zone's ID and its configuration.
         */
        ShieldZoneUpdateResult: {
            /**
             * Format: int64
             * @description ID of the shield zone.
             */
            shieldZoneId: Int64;
            shieldZone?: components<Int64>["schemas"]["ShieldZone"];
        };
        /**
         * ShieldZoneUpdateResultWithAccessLists
         * @description Second shape of the update's `data`: the pull zone the shield zone protects, the zone's
         *     configuration, its access lists and the modes of bot detection, CSAM scanning and
         *     antivirus scanning. The meanings of the three integer modes are not specified.
         */
        ShieldZoneUpdateResultWithAccessLists: {
            /**
             * Format: int64
             * @description ID of the pull zone the shield zone protects.
             */
            pullZoneId: Int64;
            shieldZone?: components<Int64>["schemas"]["ShieldZone"];
            /** @description Access lists of the zone. Their inner shape is not specified. */
            accessLists?: Record<string, never>;
            /**
             * Format: int64
             * @description Execution mode of bot detection. Its values are not specified.
             */
            botDetectionExecutionMode?: Int64;
            /**
             * Format: int64
             * @description Mode of CSAM scanning. Its values are not specified.
             */
            csamScanningMode?: Int64;
            /**
             * Format: int64
             * @description Mode of antivirus scanning. Its values are not specified.
             */
            antivirusScanningMode?: Int64;
        };
        /**
         * ShieldError
         * @description The error object of the shield envelopes. Success and failure answers both carry it; on
         *     success it reports the successful outcome (`success: true`).
         */
        ShieldError: {
            /**
             * Format: int64
             * @description HTTP status code of the answer.
             */
            statusCode: Int64;
            /** @description Whether the request succeeded. */
            success: boolean;
            /** @description Human-readable explanation. */
            message: string;
            /** @description Machine-readable key of the error. Its values are not specified. */
            errorKey: string;
        };
        /**
         * ShieldZoneUpdateResponse
         * @description The answer to an update - the zone's configuration in `data`, and the error object.
         */
        ShieldZoneUpdateResponse: {
            /**
             * @description The updated zone, in one of two shapes; which one applies when is not specified.
             *     `ShieldZoneUpdateResult` carries the zone's ID, `ShieldZoneUpdateResultWithAccessLists`
             *     the pull zone's ID with access lists and scanning modes.
             */
            data: components<Int64>["schemas"]["ShieldZoneUpdateResult"] | components<Int64>["schemas"]["ShieldZoneUpdateResultWithAccessLists"];
            error: components<Int64>["schemas"]["ShieldError"];
        };
        /**
         * ShieldErrorEnvelope
         * @description A failed request in the shield envelope - no data, and the error object naming the problem.
         */
        ShieldErrorEnvelope: {
            /** @description Always `null` on failure. */
            data: null;
            error: components<Int64>["schemas"]["ShieldError"];
        };
        /**
         * ShieldFailure
         * @description The bare failure body of the shield operations.
         */
        ShieldFailure: {
            /**
             * Format: int64
             * @description HTTP status code of the answer.
             */
            statusCode: Int64;
        };
        /**
         * ShieldZoneListItem
         * @description A shield zone as listed: its ID and pull zone, the writable configuration except
         *     premiumPlan, its limits, plan and DDoS settings.
         */
        ShieldZoneListItem: {
            /**
             * Format: int64
             * @description ID of the shield zone.
             */
            shieldZoneId: Int64;
            /**
             * Format: int64
             * @description ID of the pull zone the shield zone protects.
             */
            pullZoneId: Int64;
            /** @description Whether learning mode is on. Transitions of learning mode are not specified. */
            learningMode?: boolean;
            /**
             * Format: date-time
             * @description When learning mode ends.
             */
            learningModeUntil?: string;
            /** @description Whether the web application firewall is enabled. */
            wafEnabled?: boolean;
            /** @description IDs of the WAF rules that are disabled. */
            wafDisabledRules?: string[];
            /** @description IDs of the WAF rules that only log, without blocking. */
            wafLogOnlyRules?: string[];
            /** @description IDs of the custom WAF rules, in the order they run. */
            wafCustomRuleOrder?: Int64[];
            /** @description Whether request headers are logged. */
            wafRequestHeaderLoggingEnabled?: boolean;
            /** @description Whether request bodies are logged. */
            requestBodyLoggingEnabled?: boolean;
            /** @description Request headers the WAF ignores. */
            wafRequestIgnoredHeaders?: string[];
            /** @description Whether real-time threat intelligence is enabled. */
            wafRealtimeThreatIntelligenceEnabled?: boolean;
            /**
             * Format: int64
             * @description ID of the WAF profile.
             */
            wafProfileId?: Int64;
            /** @description Settings of the WAF engine. */
            wafEngineConfig?: components<Int64>["schemas"]["ShieldWafEngineConfigEntry"][];
            /**
             * Format: int64
             * @description Challenge window of the DDoS protection. Its unit is not specified.
             */
            dDoSChallengeWindow?: Int64;
            /** @description Whether the response pages shown to blocked visitors are white-labelled. */
            whitelabelResponsePages?: boolean;
            /**
             * Format: int64
             * @description Most rate-limit rules the zone may have. The values are not specified.
             */
            rateLimitRulesLimit?: Int64;
            /**
             * Format: int64
             * @description Most custom WAF rules the zone may have. The values are not specified.
             */
            customWafRulesLimit?: Int64;
            planType?: components<Int64>["schemas"]["ShieldPlanType"];
            dDoSShieldSensitivity?: components<Int64>["schemas"]["ShieldDDoSSensitivity"];
            dDoSExecutionMode?: components<Int64>["schemas"]["ShieldExecutionMode"];
        };
        /**
         * ShieldPage
         * @description Where a page of results stands in the whole list.
         */
        ShieldPage: {
            /**
             * Format: int64
             * @description Number of items over all pages.
             */
            totalCount: Int64;
            /**
             * Format: int64
             * @description Number of pages, at this page size.
             */
            totalPages: Int64;
            /**
             * Format: int64
             * @description Number of this page, from 1.
             */
            currentPage: Int64;
            /**
             * Format: int64
             * @description Number of the next page; 0 when this is the last page.
             */
            nextPage: Int64;
            /**
             * Format: int64
             * @description Number of items per page used for this answer.
             */
            pageSize: Int64;
        };
        /**
         * ShieldZoneList
         * @description One page of shield zones.
         */
        ShieldZoneList: {
            /** @description The shield zones on this page. */
            data: components<Int64>["schemas"]["ShieldZoneListItem"][];
            page: components<Int64>["schemas"]["ShieldPage"];
        };
        /**
         * ShieldZoneId
         * Format: int64
         * @description ID of a shield zone.
         */
        ShieldZoneId: Int64;
        /**
         * ShieldWafVariableTypes
         * @description The parts of a request or response a rule inspects: each key names a variable, each value
         *     is a string. The keys are limited to the names below; the meanings of the values are not
         *     specified.
         *
         *     REQUEST_URI, REQUEST_URI_RAW, ARGS, ARGS_COMBINED_SIZE, ARGS_GET, ARGS_GET_NAMES, ARGS_POST,
         *     ARGS_POST_NAMES, FILES_NAMES, GEO, REMOTE_ADDR, QUERY_STRING, REQUEST_BASENAME, REQUEST_BODY,
         *     REQUEST_COOKIES_NAMES, REQUEST_COOKIES, REQUEST_FILENAME, REQUEST_HEADERS_NAMES,
         *     REQUEST_HEADERS, REQUEST_LINE, REQUEST_METHOD, REQUEST_PROTOCOL, RESPONSE_BODY,
         *     RESPONSE_HEADERS, RESPONSE_STATUS, FINGERPRINT, VERIFIED_BOT_CATEGORY.
         */
        ShieldWafVariableTypes: {
            [key: string]: string;
        };
        /**
         * ShieldRuleCondition
         * @description A further condition chained to a custom rule; the rule applies when its own condition and
         *     every chained condition match. The meaning of operatorType's values is not specified.
         */
        ShieldRuleCondition: {
            variableTypes?: components<Int64>["schemas"]["ShieldWafVariableTypes"];
            /**
             * Format: int64
             * @description How the variables are compared with `value`. Its values are not specified.
             */
            operatorType?: Int64;
            /** @description Value the variables are compared with. */
            value?: string;
            /** @description Whether the outcome of the comparison is negated. */
            isNegated?: boolean;
            /** @description Whether the variable names are regular expressions. */
            isRegexVariable?: boolean;
        };
        /**
         * ShieldCustomRuleConfiguration
         * @description What a custom rule matches and what it does. The meanings of the integer enumerations
         *     (actionType, operatorType, severityType, transformationTypes) are not specified.
         */
        ShieldCustomRuleConfiguration: {
            /**
             * Format: int64
             * @description What happens to a matching request. Its values are not specified.
             */
            actionType?: Int64;
            variableTypes?: components<Int64>["schemas"]["ShieldWafVariableTypes"];
            /**
             * Format: int64
             * @description How the variables are compared with `value`. Its values are not specified.
             */
            operatorType?: Int64;
            /**
             * Format: int64
             * @description Severity of a match. Its values are not specified.
             */
            severityType?: Int64;
            /** @description Transformations applied to the variables before the comparison. Their values are not specified. */
            transformationTypes?: Int64[];
            /** @description Value the variables are compared with. */
            value?: string;
            /** @description Whether the outcome of the comparison is negated. */
            isNegated?: boolean;
            /** @description Whether the variable names are regular expressions. */
            isRegexVariable?: boolean;
            /** @description Further conditions that must also match. */
            chainedRuleConditions?: components<Int64>["schemas"]["ShieldRuleCondition"][];
        };
        /**
         * ShieldCustomRule
         * @description A custom firewall (WAF) rule of a shield zone.
         */
        ShieldCustomRule: {
            /**
             * Format: int64
             * @description ID of the rule.
             */
            id: Int64;
            /**
             * Format: int64
             * @description ID of the shield zone that owns the rule.
             */
            shieldZoneId: Int64;
            /** @description ID of the user who owns the rule. */
            userId?: string;
            /** @description Name of the rule. */
            ruleName?: string;
            /** @description Description of the rule. */
            ruleDescription?: string;
            /** @description The rule as a JSON text. */
            ruleJson?: string;
            ruleConfiguration?: components<Int64>["schemas"]["ShieldCustomRuleConfiguration"];
            errorResponse?: components<Int64>["schemas"]["ShieldError"];
        };
        /**
         * ShieldCustomRuleList
         * @description One page of a shield zone's custom firewall rules.
         */
        ShieldCustomRuleList: {
            /** @description The rules on this page. */
            data: components<Int64>["schemas"]["ShieldCustomRule"][];
            page: components<Int64>["schemas"]["ShieldPage"];
            error: components<Int64>["schemas"]["ShieldError"];
        };
        /**
         * ShieldRuleLogLabels
         * @description Labels of a rule log entry.
         */
        ShieldRuleLogLabels: {
            /** @description Autonomous system number of the client. */
            asn?: string;
            /** @description Country of the client. */
            country?: string;
            /** @description ID of the rule that was triggered. */
            ruleId?: string;
            /** @description Severity of the match. */
            severity?: string;
            /** @description HTTP method of the request. */
            method?: string;
            /** @description Group of the rule. */
            ruleGroup?: string;
            /** @description Status of the answer. */
            status?: string;
            /** @description Server zone that handled the request. */
            serverZone?: string;
        };
        /**
         * ShieldRuleLog
         * @description A log entry of a triggered rule.
         */
        ShieldRuleLog: {
            /** @description ID of the log entry. */
            logId?: string;
            /**
             * Format: int64
             * @description When the rule was triggered. The unit is not specified.
             */
            timestamp?: Int64;
            /** @description The log line. */
            log?: string;
            labels?: components<Int64>["schemas"]["ShieldRuleLogLabels"];
        };
        /**
         * ShieldTriggeredRule
         * @description A firewall rule that was triggered, with its most targeted URLs and its log entries.
         */
        ShieldTriggeredRule: {
            /** @description ID of the rule. */
            ruleId: string;
            /** @description Description of the rule. */
            ruleDescription?: string;
            /** @description The URLs the triggering requests targeted most. The inner shape is not specified. */
            topTargetedUrls?: Record<string, never>;
            /**
             * Format: int64
             * @description Number of requests that triggered the rule.
             */
            totalTriggeredRequests?: Int64;
            /** @description Log entries of the rule. */
            ruleLogs?: components<Int64>["schemas"]["ShieldRuleLog"][];
        };
        /**
         * ShieldTriggeredRulesReview
         * @description The review of a shield zone's triggered rules.
         */
        ShieldTriggeredRulesReview: {
            errorResponse: components<Int64>["schemas"]["ShieldError"];
            /** @description The rules that were triggered. */
            triggeredRules: components<Int64>["schemas"]["ShieldTriggeredRule"][];
            /**
             * Format: int64
             * @description Number of rules that were triggered.
             */
            totalTriggeredRules: Int64;
        };
    };
    responses: {
        /**
         * @description The request was invalid (a parameter or the body does not match the contract). The body is
         *     the shield envelope with `data: null` and an `error` object that names the problem.
         */
        ShieldBadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components<Int64>["schemas"]["ShieldErrorEnvelope"];
            };
        };
        /** @description Authentication failed (missing or wrong `AccessKey`). The body is the failure body `{statusCode}`. */
        ShieldUnauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components<Int64>["schemas"]["ShieldFailure"];
            };
        };
        /** @description Internal server error. The body is the failure body `{statusCode}`. */
        ShieldInternalError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components<Int64>["schemas"]["ShieldFailure"];
            };
        };
        /** @description No shield zone with this ID. The body is the shield envelope with `data: null` and an `error` object naming the zone. */
        ShieldZoneNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components<Int64>["schemas"]["ShieldErrorEnvelope"];
            };
        };
    };
    parameters: {
        /** @description Page number, from 1. */
        ShieldZonesPage: number;
        /** @description Number of shield zones per page. */
        ShieldZonesPerPage: number;
        /** @description Page number of the results, from 1. */
        CustomWafRulesPage: number;
        /** @description Number of rules per page (default 10). */
        CustomWafRulesPageSize: Int64;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type ShieldWafEngineConfigEntry<Int64 extends number | bigint = number> = components<Int64>['schemas']['ShieldWafEngineConfigEntry'];
export type ShieldZoneSettings<Int64 extends number | bigint = number> = components<Int64>['schemas']['ShieldZoneSettings'];
export type ShieldZoneUpdateRequest<Int64 extends number | bigint = number> = components<Int64>['schemas']['ShieldZoneUpdateRequest'];
export type ShieldPlanType<Int64 extends number | bigint = number> = components<Int64>['schemas']['ShieldPlanType'];
export type ShieldExecutionMode<Int64 extends number | bigint = number> = components<Int64>['schemas']['ShieldExecutionMode'];
export type ShieldBodyLimitAction<Int64 extends number | bigint = number> = components<Int64>['schemas']['ShieldBodyLimitAction'];
export type ShieldDDoSSensitivity<Int64 extends number | bigint = number> = components<Int64>['schemas']['ShieldDDoSSensitivity'];
export type ShieldZone<Int64 extends number | bigint = number> = components<Int64>['schemas']['ShieldZone'];
export type ShieldZoneUpdateResult<Int64 extends number | bigint = number> = components<Int64>['schemas']['ShieldZoneUpdateResult'];
export type ShieldZoneUpdateResultWithAccessLists<Int64 extends number | bigint = number> = components<Int64>['schemas']['ShieldZoneUpdateResultWithAccessLists'];
export type ShieldError<Int64 extends number | bigint = number> = components<Int64>['schemas']['ShieldError'];
export type ShieldZoneUpdateResponse<Int64 extends number | bigint = number> = components<Int64>['schemas']['ShieldZoneUpdateResponse'];
export type ShieldErrorEnvelope<Int64 extends number | bigint = number> = components<Int64>['schemas']['ShieldErrorEnvelope'];
export type ShieldFailure<Int64 extends number | bigint = number> = components<Int64>['schemas']['ShieldFailure'];
export type ShieldZoneListItem<Int64 extends number | bigint = number> = components<Int64>['schemas']['ShieldZoneListItem'];
export type ShieldPage<Int64 extends number | bigint = number> = components<Int64>['schemas']['ShieldPage'];
export type ShieldZoneList<Int64 extends number | bigint = number> = components<Int64>['schemas']['ShieldZoneList'];
export type ShieldZoneId<Int64 extends number | bigint = number> = components<Int64>['schemas']['ShieldZoneId'];
export type ShieldWafVariableTypes<Int64 extends number | bigint = number> = components<Int64>['schemas']['ShieldWafVariableTypes'];
export type ShieldRuleCondition<Int64 extends number | bigint = number> = components<Int64>['schemas']['ShieldRuleCondition'];
export type ShieldCustomRuleConfiguration<Int64 extends number | bigint = number> = components<Int64>['schemas']['ShieldCustomRuleConfiguration'];
export type ShieldCustomRule<Int64 extends number | bigint = number> = components<Int64>['schemas']['ShieldCustomRule'];
export type ShieldCustomRuleList<Int64 extends number | bigint = number> = components<Int64>['schemas']['ShieldCustomRuleList'];
export type ShieldRuleLogLabels<Int64 extends number | bigint = number> = components<Int64>['schemas']['ShieldRuleLogLabels'];
export type ShieldRuleLog<Int64 extends number | bigint = number> = components<Int64>['schemas']['ShieldRuleLog'];
export type ShieldTriggeredRule<Int64 extends number | bigint = number> = components<Int64>['schemas']['ShieldTriggeredRule'];
export type ShieldTriggeredRulesReview<Int64 extends number | bigint = number> = components<Int64>['schemas']['ShieldTriggeredRulesReview'];
export type ResponseShieldBadRequest<Int64 extends number | bigint = number> = components<Int64>['responses']['ShieldBadRequest'];
export type ResponseShieldUnauthorized<Int64 extends number | bigint = number> = components<Int64>['responses']['ShieldUnauthorized'];
export type ResponseShieldInternalError<Int64 extends number | bigint = number> = components<Int64>['responses']['ShieldInternalError'];
export type ResponseShieldZoneNotFound<Int64 extends number | bigint = number> = components<Int64>['responses']['ShieldZoneNotFound'];
export type ParameterShieldZonesPage<Int64 extends number | bigint = number> = components<Int64>['parameters']['ShieldZonesPage'];
export type ParameterShieldZonesPerPage<Int64 extends number | bigint = number> = components<Int64>['parameters']['ShieldZonesPerPage'];
export type ParameterCustomWafRulesPage<Int64 extends number | bigint = number> = components<Int64>['parameters']['CustomWafRulesPage'];
export type ParameterCustomWafRulesPageSize<Int64 extends number | bigint = number> = components<Int64>['parameters']['CustomWafRulesPageSize'];
export type $defs = Record<string, never>;
export interface operations<Int64 extends number | bigint = number> {
    updateShieldZone: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components<Int64>["schemas"]["ShieldZoneUpdateRequest"];
                "text/json": components<Int64>["schemas"]["ShieldZoneUpdateRequest"];
                "application/*+json": components<Int64>["schemas"]["ShieldZoneUpdateRequest"];
            };
        };
        responses: {
            /** @description The shield zone was updated; `data` holds its configuration. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components<Int64>["schemas"]["ShieldZoneUpdateResponse"];
                };
            };
            /** @description The shield zone did not exist and was created; `data` holds its configuration. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components<Int64>["schemas"]["ShieldZoneUpdateResponse"];
                };
            };
            400: components<Int64>["responses"]["ShieldBadRequest"];
            401: components<Int64>["responses"]["ShieldUnauthorized"];
            500: components<Int64>["responses"]["ShieldInternalError"];
        };
    };
    listShieldZones: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: components<Int64>["parameters"]["ShieldZonesPage"];
                /** @description Number of shield zones per page. */
                perPage?: components<Int64>["parameters"]["ShieldZonesPerPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of shield zones. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components<Int64>["schemas"]["ShieldZoneList"];
                };
            };
            400: components<Int64>["responses"]["ShieldBadRequest"];
            401: components<Int64>["responses"]["ShieldUnauthorized"];
            500: components<Int64>["responses"]["ShieldInternalError"];
        };
    };
    listCustomWafRules: {
        parameters: {
            query?: {
                /** @description Page number of the results, from 1. */
                page?: components<Int64>["parameters"]["CustomWafRulesPage"];
                /** @description Number of rules per page (default 10). */
                pageSize?: components<Int64>["parameters"]["CustomWafRulesPageSize"];
            };
            header?: never;
            path: {
                /** @description ID of the shield zone. */
                shieldZoneId: components<Int64>["schemas"]["ShieldZoneId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the zone's custom firewall rules. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components<Int64>["schemas"]["ShieldCustomRuleList"];
                };
            };
            400: components<Int64>["responses"]["ShieldBadRequest"];
            401: components<Int64>["responses"]["ShieldUnauthorized"];
            404: components<Int64>["responses"]["ShieldZoneNotFound"];
            500: components<Int64>["responses"]["ShieldInternalError"];
        };
    };
    reviewTriggeredRules: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the shield zone. */
                shieldZoneId: components<Int64>["schemas"]["ShieldZoneId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The triggered rules of the zone. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components<Int64>["schemas"]["ShieldTriggeredRulesReview"];
                };
            };
            400: components<Int64>["responses"]["ShieldBadRequest"];
            401: components<Int64>["responses"]["ShieldUnauthorized"];
            404: components<Int64>["responses"]["ShieldZoneNotFound"];
            500: components<Int64>["responses"]["ShieldInternalError"];
        };
    };
}
