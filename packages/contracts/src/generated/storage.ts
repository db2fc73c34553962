/**
 * Generated from openapi/storage/ by `pnpm generate` (openapi-typescript). Do not edit:
 * change the contract and run `pnpm bundle && pnpm generate` instead.
 */

export interface paths<Int64 extends number | bigint = number> {
    "/storagezone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List storage zones
         * @description Lists the account's storage zones, each with the pull zones connected to it.
         *
         *     With `page` 0 (the default) the answer is every matching zone as a plain array
         *     (`StorageZoneArray`). With `page` above 0 it is one page of `perPage` zones in the envelope
         *     `{Items, CurrentPage, TotalItems, HasMoreItems}` (`StorageZonePage`). `search` filters by name.
         */
        get: operations<Int64>["listStorageZones"];
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
         * Hostname
         * @description A hostname of a pull zone, with its certificate.
         */
        PullZoneHostname: {
            /**
             * Format: int32
             * @description ID of the hostname.
             */
            Id?: number;
            /** @description The hostname. */
            Value?: string;
            /** @description Whether HTTP requests are redirected to HTTPS. */
            ForceSSL?: boolean;
            /** @description Whether the platform created the hostname. */
            IsSystemHostname?: boolean;
            /** @description Whether the platform manages the hostname. */
            IsManagedHostname?: boolean;
            /** @description Whether the hostname has a certificate. */
            HasCertificate?: boolean;
            /** @description Certificate of the hostname. */
            Certificate?: string;
            /**
             * Format: password
             * @description Private key of the certificate. Secret.
             */
            CertificateKey?: string;
            /**
             * Format: int32
             * @description Kind of key of the certificate. An integer enumeration; the specification does not show its values or their names.
             */
            CertificateKeyType?: number;
            /**
             * Format: int32
             * @description How the certificate was provided. An integer enumeration; the specification does not show its values or their names.
             */
            CertificateProvisionType?: number;
        };
        /**
         * PullZoneIdentity
         * @description Identity and links: one of the field groups that make up `PullZone`. Pull zone fields that identify the zone and link it to other resources (storage zone, scripts, containers, video library, DNS, load balancer).
         *     No field is marked required: the specification does not say which pull zone fields are.
         *     This part carries no `additionalProperties: false`; `PullZone` closes the merged object.
         */
        PullZoneIdentity: {
            /**
             * Format: int32
             * @description ID of the pull zone.
             */
            Id: number;
            /** @description Name of the pull zone. */
            Name?: string;
            /** @description URL of the origin the pull zone fetches from. */
            OriginUrl?: string;
            /** @description Whether the pull zone is enabled. */
            Enabled?: boolean;
            /** @description Whether the pull zone is suspended. */
            Suspended?: boolean;
            /** @description Hostnames the pull zone answers on. */
            Hostnames?: components<Int64>["schemas"]["PullZoneHostname"][];
            /**
             * Format: int32
             * @description ID of the storage zone used as origin.
             */
            StorageZoneId?: number;
            /**
             * Format: int32
             * @description ID of the edge script attached to the pull zone.
             */
            EdgeScriptId?: number;
            /**
             * Format: int32
             * @description Phase in which the edge script runs. An integer enumeration; the specification does not show its values or their names.
             */
            EdgeScriptExecutionPhase?: number;
            /**
             * Format: int32
             * @description ID of the middleware script attached to the pull zone.
             */
            MiddlewareScriptId?: number;
            /** @description ID of the containers application used as origin. */
            ContainersAppId?: string;
            /** @description ID of the containers endpoint used as origin. */
            ContainersEndpointId?: string;
            /**
             * Format: int32
             * @description ID of the video library linked to the pull zone.
             */
            VideoLibraryId?: number;
            /**
             * Format: int32
             * @description ID of the DNS record linked to the pull zone.
             */
            DnsRecordId?: number;
            /**
             * Format: int32
             * @description ID of the DNS zone linked to the pull zone.
             */
            DnsZoneId?: number;
            /** @description Value of the linked DNS record. */
            DnsRecordValue?: string;
            /** @description ID of the user who owns the pull zone. */
            UserId?: string;
            /**
             * Format: int32
             * @description ID of the load balancer used as origin.
             */
            LoadBalancerId?: number;
            /**
             * Format: int32
             * @description Version of the cache; changes when the cache is purged.
             */
            CacheVersion?: number;
            /**
             * Format: int32
             * @description Type (network tier) of the pull zone. An integer enumeration; the specification does not show its values or their names.
             */
            Type?: number;
            /**
             * Format: int32
             * @description Kind of origin the pull zone fetches from. An integer enumeration; the specification does not show its values or their names.
             */
            OriginType?: number;
            /** @description Value that links the pull zone to its origin. */
            OriginLinkValue?: string;
            /** @description Domain to point CNAME records at. */
            CnameDomain?: string;
        };
        /**
         * PullZoneAccessControl
         * @description Access control: one of the field groups that make up `PullZone`. Pull zone fields that restrict who may fetch content: referrers, IP addresses, countries, token authentication and geographic zones.
         *     No field is marked required: the specification does not say which pull zone fields are.
         *     This part carries no `additionalProperties: false`; `PullZone` closes the merged object.
         */
        PullZoneAccessControl: {
            /** @description Referrer hostnames allowed to fetch content. */
            AllowedReferrers?: string[];
            /** @description Referrer hostnames blocked from fetching content. */
            BlockedReferrers?: string[];
            /** @description IP addresses blocked from fetching content. */
            BlockedIps?: string[];
            /** @description Country codes blocked from fetching content. */
            BlockedCountries?: string[];
            /** @description Country codes whose requests are redirected to the budget network. */
            BudgetRedirectedCountries?: string[];
            /** @description Whether requests without a referrer are blocked. */
            BlockNoneReferrer?: boolean;
            /** @description Whether requests for the root path are blocked. */
            BlockRootPathAccess?: boolean;
            /** @description Whether POST requests are blocked. */
            BlockPostRequests?: boolean;
            /** @description Whether token authentication is enabled. */
            ZoneSecurityEnabled?: boolean;
            /** @description Whether the token hash includes the client's IP address. */
            ZoneSecurityIncludeHashRemoteIP?: boolean;
            /**
             * Format: password
             * @description Key used to sign token-authenticated URLs. Secret.
             */
            ZoneSecurityKey?: string;
            /** @description Whether the North America zone serves traffic. */
            EnableGeoZoneUS?: boolean;
            /** @description Whether the Europe zone serves traffic. */
            EnableGeoZoneEU?: boolean;
            /** @description Whether the Asia and Oceania zone serves traffic. */
            EnableGeoZoneASIA?: boolean;
            /** @description Whether the South America zone serves traffic. */
            EnableGeoZoneSA?: boolean;
            /** @description Whether the Africa zone serves traffic. */
            EnableGeoZoneAF?: boolean;
            /**
             * Format: int32
             * @description Which IP families (IPv4, IPv6) the origin is reached over. An integer enumeration; the specification does not show its values or their names.
             */
            IpFamilyPolicy?: number;
        };
        /**
         * PullZoneTrafficAndBilling
         * @description Traffic, limits and billing: one of the field groups that make up `PullZone`. Pull zone fields for bandwidth, request and connection limits, charges and regional discounts.
         *     No field is marked required: the specification does not say which pull zone fields are.
         *     This part carries no `additionalProperties: false`; `PullZone` closes the merged object.
         */
        PullZoneTrafficAndBilling: {
            /** @description Monthly bandwidth limit. */
            MonthlyBandwidthLimit?: number;
            /** @description Bandwidth used this month. */
            MonthlyBandwidthUsed?: number;
            /** @description Charges of this month. */
            MonthlyCharges?: number;
            /** @description Price override for the pull zone. */
            PriceOverride?: number;
            /** @description Price of the optimizer for the pull zone. */
            OptimizerPricing?: number;
            /** @description Discount for Europe and North America traffic. */
            EUUSDiscount?: number;
            /** @description Discount for South America traffic. */
            SouthAmericaDiscount?: number;
            /** @description Discount for Africa traffic. */
            AfricaDiscount?: number;
            /** @description Discount for Asia and Oceania traffic. */
            AsiaOceaniaDiscount?: number;
            /**
             * Format: int32
             * @description Number of requests allowed in a burst above the request limit.
             */
            BurstSize?: number;
            /**
             * Format: int32
             * @description Request rate limit.
             */
            RequestLimit?: number;
            /**
             * Format: int32
             * @description Download speed limit per connection.
             */
            LimitRatePerSecond?: number;
            /**
             * Format: int32
             * @description Amount of data after which the download speed limit applies.
             */
            LimitRateAfter?: number;
            /**
             * Format: int32
             * @description Number of connections allowed per IP address.
             */
            ConnectionLimitPerIPCount?: number;
        };
        /**
         * PullZoneCachingAndOrigin
         * @description Caching and origin behaviour: one of the field groups that make up `PullZone`. Pull zone fields for caching, cache variations, origin connections, retries, origin shield, sticky sessions, request coalescing and WebSockets.
         *     No field is marked required: the specification does not say which pull zone fields are.
         *     This part carries no `additionalProperties: false`; `PullZone` closes the merged object.
         */
        PullZoneCachingAndOrigin: {
            /** @description Whether query strings are ignored in the cache key. */
            IgnoreQueryStrings?: boolean;
            /** @description Whether the Host header is forwarded to the origin. */
            AddHostHeader?: boolean;
            /** @description Whether the Access-Control-Allow-Origin header is added. */
            EnableAccessControlOriginHeader?: boolean;
            /** @description Whether cookies are stripped. */
            DisableCookies?: boolean;
            /** @description Whether the origin shield is enabled. */
            EnableOriginShield?: boolean;
            /** @description Whether a canonical Link header is added. */
            AddCanonicalHeader?: boolean;
            /** @description Whether request logging is enabled. */
            EnableLogging?: boolean;
            /** @description Whether large files are cached in slices. */
            EnableCacheSlice?: boolean;
            /** @description Whether smart caching is enabled. */
            EnableSmartCache?: boolean;
            /** @description Whether the cache varies by WebP support. */
            EnableWebPVary?: boolean;
            /** @description Whether the cache varies by AVIF support. */
            EnableAvifVary?: boolean;
            /** @description Whether the cache varies by country code. */
            EnableCountryCodeVary?: boolean;
            /** @description Whether the cache varies by country and state code. */
            EnableCountryStateCodeVary?: boolean;
            /** @description Whether the cache varies by mobile device. */
            EnableMobileVary?: boolean;
            /** @description Whether the cache varies by cookie values. */
            EnableCookieVary?: boolean;
            /** @description Whether the cache varies by hostname. */
            EnableHostnameVary?: boolean;
            /** @description Whether redirects from the origin are followed. */
            FollowRedirects?: boolean;
            /** @description Whether stale content is served while the cache updates. */
            UseStaleWhileUpdating?: boolean;
            /** @description Whether stale content is served while the origin is offline. */
            UseStaleWhileOffline?: boolean;
            /** @description Whether the cache is updated in the background. */
            UseBackgroundUpdate?: boolean;
            /** @description Whether 5XX answers from the origin are retried. */
            OriginRetry5XXResponses?: boolean;
            /** @description Whether origin connection timeouts are retried. */
            OriginRetryConnectionTimeout?: boolean;
            /** @description Whether origin response timeouts are retried. */
            OriginRetryResponseTimeout?: boolean;
            /** @description Whether the origin shield limits concurrent requests. */
            OriginShieldEnableConcurrencyLimit?: boolean;
            /** @description Whether SafeHop (origin retries on another route) is enabled. */
            EnableSafeHop?: boolean;
            /** @description Whether error answers are cached. */
            CacheErrorResponses?: boolean;
            /** @description Whether query string parameters are ordered before caching. */
            EnableQueryStringOrdering?: boolean;
            /** @description Whether concurrent requests for the same object are coalesced. */
            EnableRequestCoalescing?: boolean;
            /** @description Whether WebSocket connections are allowed. */
            EnableWebSockets?: boolean;
            /** @description Whether extended logging is enabled. */
            EnableExtendedLogging?: boolean;
            /** @description Host header sent to the origin. */
            OriginHostHeader?: string;
            /** @description Code of the origin shield zone. */
            OriginShieldZoneCode?: string;
            /** @description Request headers added to the cache key. */
            CacheKeyHeaders?: string;
            /** @description Name of the sticky session cookie. */
            StickySessionCookieName?: string;
            /** @description Client headers that identify a sticky session. */
            StickySessionClientHeaders?: string;
            /** @description File extensions that get the Access-Control-Allow-Origin header. */
            AccessControlOriginHeaderExtensions?: string[];
            /** @description Cookie names the cache varies by. */
            CookieVaryParameters?: string[];
            /** @description Query string parameters the cache varies by. */
            QueryStringVaryParameters?: string[];
            /** @description Routing filters (regions the traffic is routed to). */
            RoutingFilters?: string[];
            /**
             * Format: int32
             * @description Override of the cache time at the edge.
             */
            CacheControlMaxAgeOverride?: number;
            /**
             * Format: int32
             * @description Override of the cache time sent to browsers.
             */
            CacheControlPublicMaxAgeOverride?: number;
            /**
             * Format: int32
             * @description Number of origin retries.
             */
            OriginRetries?: number;
            /**
             * Format: int32
             * @description Origin connection timeout.
             */
            OriginConnectTimeout?: number;
            /**
             * Format: int32
             * @description Origin response timeout.
             */
            OriginResponseTimeout?: number;
            /**
             * Format: int32
             * @description Delay between origin retries.
             */
            OriginRetryDelay?: number;
            /**
             * Format: int32
             * @description Largest number of concurrent requests the origin shield sends.
             */
            OriginShieldMaxConcurrentRequests?: number;
            /**
             * Format: int32
             * @description Longest time a request waits in the origin shield queue.
             */
            OriginShieldQueueMaxWaitTime?: number;
            /**
             * Format: int32
             * @description Largest number of requests queued at the origin shield.
             */
            OriginShieldMaxQueuedRequests?: number;
            /**
             * Format: int32
             * @description Timeout of request coalescing.
             */
            RequestCoalescingTimeout?: number;
            /**
             * Format: int32
             * @description Largest number of WebSocket connections.
             */
            MaxWebSocketConnections?: number;
            /**
             * Format: int32
             * @description ID of the storage zone that holds the permanent cache.
             */
            PermaCacheStorageZoneId?: number;
            /**
             * Format: int32
             * @description Kind of permanent cache. An integer enumeration; the specification does not show its values or their names.
             */
            PermaCacheType?: number;
            /**
             * Format: int32
             * @description Kind of sticky session. An integer enumeration; the specification does not show its values or their names.
             */
            StickySessionType?: number;
        };
        /**
         * EdgeRuleTrigger
         * @description A condition of an edge rule.
         */
        EdgeRuleTrigger: {
            /**
             * Format: int32
             * @description What the trigger inspects. An integer enumeration; the specification does not show its values or their names.
             */
            Type?: number;
            /** @description Patterns matched against the inspected value. */
            PatternMatches?: string[];
            /**
             * Format: int32
             * @description How the patterns combine. An integer enumeration; the specification does not show its values or their names.
             */
            PatternMatchingType?: number;
            /** @description Parameter of the trigger (for example a header name). */
            Parameter1?: string;
        };
        /**
         * EdgeRuleExtraAction
         * @description A further action of an edge rule, taken together with its main action.
         */
        EdgeRuleExtraAction: {
            /**
             * Format: int32
             * @description Action taken. An integer enumeration; the specification does not show its values or their names.
             */
            ActionType?: number;
            /** @description First parameter of the action. */
            ActionParameter1?: string;
            /** @description Second parameter of the action. */
            ActionParameter2?: string;
            /** @description Third parameter of the action. */
            ActionParameter3?: string;
        };
        /**
         * EdgeRule
         * @description An edge rule of a pull zone: an action taken when its triggers match.
         */
        EdgeRule: {
            /** @description ID of the edge rule. */
            Guid?: string;
            /**
             * Format: int32
             * @description Action the rule takes. An integer enumeration; the specification does not show its values or their names.
             */
            ActionType?: number;
            /** @description First parameter of the action. */
            ActionParameter1?: string;
            /** @description Second parameter of the action. */
            ActionParameter2?: string;
            /** @description Third parameter of the action. */
            ActionParameter3?: string;
            /** @description Conditions that make the rule apply. */
            Triggers?: components<Int64>["schemas"]["EdgeRuleTrigger"][];
            /** @description Further actions taken with the first one. */
            ExtraActions?: components<Int64>["schemas"]["EdgeRuleExtraAction"][];
            /**
             * Format: int32
             * @description How the triggers combine. An integer enumeration; the specification does not show its values or their names.
             */
            TriggerMatchingType?: number;
            /** @description Description of the rule. */
            Description?: string;
            /** @description Whether the rule is enabled. */
            Enabled?: boolean;
            /**
             * Format: int32
             * @description Position of the rule among the pull zone's rules.
             */
            OrderIndex?: number;
            /** @description Whether the rule is read-only. */
            ReadOnly?: boolean;
        };
        /**
         * PullZoneEdgeRules
         * @description Edge rules: one of the field groups that make up `PullZone`. The pull zone's edge rules.
         *     No field is marked required: the specification does not say which pull zone fields are.
         *     This part carries no `additionalProperties: false`; `PullZone` closes the merged object.
         */
        PullZoneEdgeRules: {
            /** @description Edge rules of the pull zone. */
            EdgeRules?: components<Int64>["schemas"]["EdgeRule"][];
        };
        /**
         * PullZoneSigningAndTls
         * @description Signing, TLS and certificates: one of the field groups that make up `PullZone`. Pull zone fields for signing requests to an external (S3-compatible) origin, TLS versions and certificates.
         *     No field is marked required: the specification does not say which pull zone fields are.
         *     This part carries no `additionalProperties: false`; `PullZone` closes the merged object.
         */
        PullZoneSigningAndTls: {
            /** @description Whether requests to the origin are signed. */
            ExtSigningEnabled?: boolean;
            /**
             * Format: password
             * @description Key used to sign requests to the origin. Secret.
             */
            ExtSigningKey?: string;
            /**
             * Format: password
             * @description Secret used to sign requests to the origin. Secret.
             */
            ExtSigningSecret?: string;
            /** @description Region name used when signing requests to the origin. */
            ExtSigningRegionName?: string;
            /** @description Whether TLS 1.0 is accepted. */
            EnableTLS1?: boolean;
            /** @description Whether TLS 1.1 is accepted. */
            EnableTLS1_1?: boolean;
            /** @description Whether the origin's certificate is verified. */
            VerifyOriginSSL?: boolean;
            /** @description Whether certificates are issued automatically. */
            EnableAutoSSL?: boolean;
            /** @description Whether automatic certificates are disabled. */
            DisableAutoCertificate?: boolean;
            /**
             * Format: int32
             * @description TLS security level. An integer enumeration; the specification does not show its values or their names.
             */
            TlsSecurityLevel?: number;
        };
        /**
         * PullZoneErrorPages
         * @description Error pages: one of the field groups that make up `PullZone`. Pull zone fields for the error pages shown to visitors.
         *     No field is marked required: the specification does not say which pull zone fields are.
         *     This part carries no `additionalProperties: false`; `PullZone` closes the merged object.
         */
        PullZoneErrorPages: {
            /** @description Whether the custom error page code is used. */
            ErrorPageEnableCustomCode?: boolean;
            /** @description Whether the status page widget is shown on error pages. */
            ErrorPageEnableStatuspageWidget?: boolean;
            /** @description Whether error pages are white-labelled. */
            ErrorPageWhitelabel?: boolean;
            /** @description Custom code of the error page. */
            ErrorPageCustomCode?: string;
            /** @description Code of the status page shown on error pages. */
            ErrorPageStatuspageCode?: string;
        };
        /**
         * PullZoneLogging
         * @description Logging: one of the field groups that make up `PullZone`. Pull zone fields for log anonymization, log storage and log forwarding.
         *     No field is marked required: the specification does not say which pull zone fields are.
         *     This part carries no `additionalProperties: false`; `PullZone` closes the merged object.
         */
        PullZoneLogging: {
            /** @description Whether IP addresses are anonymized in the logs. */
            LoggingIPAnonymizationEnabled?: boolean;
            /** @description Whether logs are forwarded. */
            LogForwardingEnabled?: boolean;
            /** @description Whether logs are saved to a storage zone. */
            LoggingSaveToStorage?: boolean;
            /** @description Hostname logs are forwarded to. */
            LogForwardingHostname?: string;
            /**
             * Format: password
             * @description Token sent with forwarded logs. Secret.
             */
            LogForwardingToken?: string;
            /**
             * Format: int32
             * @description Port logs are forwarded to.
             */
            LogForwardingPort?: number;
            /**
             * Format: int32
             * @description ID of the storage zone logs are saved to.
             */
            LoggingStorageZoneId?: number;
            /**
             * Format: int32
             * @description Protocol used to forward logs. An integer enumeration; the specification does not show its values or their names.
             */
            LogForwardingProtocol?: number;
            /**
             * Format: int32
             * @description How IP addresses are anonymized. An integer enumeration; the specification does not show its values or their names.
             */
            LogAnonymizationType?: number;
            /**
             * Format: int32
             * @description Format of the stored logs. An integer enumeration; the specification does not show its values or their names.
             */
            LogFormat?: number;
            /**
             * Format: int32
             * @description Format of the forwarded logs. An integer enumeration; the specification does not show its values or their names.
             */
            LogForwardingFormat?: number;
        };
        /**
         * OptimizerClass
         * @description A named set of optimizer image transformations.
         */
        OptimizerClass: {
            /** @description Name of the class. */
            Name?: string;
            /** @description Transformations of the class, by name. */
            Properties?: Record<string, never>;
        };
        /**
         * PullZoneOptimizer
         * @description Optimizer: one of the field groups that make up `PullZone`. Pull zone fields of the optimizer: image optimization and manipulation, minification, watermarks, static HTML and its classes.
         *     No field is marked required: the specification does not say which pull zone fields are.
         *     This part carries no `additionalProperties: false`; `PullZone` closes the merged object.
         */
        PullZoneOptimizer: {
            /** @description Whether the optimizer is enabled. */
            OptimizerEnabled?: boolean;
            /** @description Whether the optimizer tunnel is enabled. */
            OptimizerTunnelEnabled?: boolean;
            /** @description Whether images are converted to WebP. */
            OptimizerEnableWebP?: boolean;
            /** @description Whether HTML is prerendered. */
            OptimizerPrerenderHtml?: boolean;
            /** @description Whether an llms.txt file is generated. */
            OptimizerLlmsTxt?: boolean;
            /** @description Whether the image manipulation engine is enabled. */
            OptimizerEnableManipulationEngine?: boolean;
            /** @description Whether CSS is minified. */
            OptimizerMinifyCSS?: boolean;
            /** @description Whether JavaScript is minified. */
            OptimizerMinifyJavaScript?: boolean;
            /** @description Whether images are watermarked. */
            OptimizerWatermarkEnabled?: boolean;
            /** @description Whether images are optimized automatically. */
            OptimizerAutomaticOptimizationEnabled?: boolean;
            /** @description Whether only the optimizer classes may be used. */
            OptimizerForceClasses?: boolean;
            /** @description Whether static HTML is enabled. */
            OptimizerStaticHtmlEnabled?: boolean;
            /** @description Whether images may be upscaled. */
            OptimizerEnableUpscaling?: boolean;
            /**
             * Format: int32
             * @description Largest image width for desktop clients.
             */
            OptimizerDesktopMaxWidth?: number;
            /**
             * Format: int32
             * @description Largest image width for mobile clients.
             */
            OptimizerMobileMaxWidth?: number;
            /**
             * Format: int32
             * @description Image quality for desktop clients.
             */
            OptimizerImageQuality?: number;
            /**
             * Format: int32
             * @description Image quality for mobile clients.
             */
            OptimizerMobileImageQuality?: number;
            /**
             * Format: int32
             * @description Offset of the watermark.
             */
            OptimizerWatermarkOffset?: number;
            /**
             * Format: int32
             * @description Smallest image size that gets a watermark.
             */
            OptimizerWatermarkMinImageSize?: number;
            /**
             * Format: int32
             * @description How HTML is converted to Markdown. An integer enumeration; the specification does not show its values or their names.
             */
            OptimizerHtmlToMarkdown?: number;
            /**
             * Format: int32
             * @description Position of the watermark. An integer enumeration; the specification does not show its values or their names.
             */
            OptimizerWatermarkPosition?: number;
            /** @description URL of the watermark image. */
            OptimizerWatermarkUrl?: string;
            /** @description Path of the CMS for static HTML. */
            OptimizerStaticHtmlCmsPath?: string;
            /** @description Cookie that bypasses static HTML. */
            OptimizerStaticHtmlCmsBypassCookie?: string;
            /** @description Optimizer classes (named sets of image transformations). */
            OptimizerClasses?: components<Int64>["schemas"]["OptimizerClass"][];
        };
        /**
         * ImageAiBlueprint
         * @description A named blueprint of the image AI.
         */
        ImageAiBlueprint: {
            /** @description Name of the blueprint. */
            Name?: string;
            /** @description Settings of the blueprint, by name. */
            Properties?: Record<string, never>;
        };
        /**
         * PullZoneImageAi
         * @description Image AI: one of the field groups that make up `PullZone`. Pull zone fields of the image AI.
         *     No field is marked required: the specification does not say which pull zone fields are.
         *     This part carries no `additionalProperties: false`; `PullZone` closes the merged object.
         */
        PullZoneImageAi: {
            /** @description Whether the image AI is enabled. */
            EnablePlatformImageAi?: boolean;
            /** @description Blueprints of the image AI. */
            PlatformAiImageBlueprints?: components<Int64>["schemas"]["ImageAiBlueprint"][];
        };
        /**
         * PullZoneShieldProtection
         * @description Shield protection: one of the field groups that make up `PullZone`. Pull zone fields of the DDoS protection.
         *     No field is marked required: the specification does not say which pull zone fields are.
         *     This part carries no `additionalProperties: false`; `PullZone` closes the merged object.
         */
        PullZoneShieldProtection: {
            /**
             * Format: int32
             * @description Kind of DDoS protection. An integer enumeration; the specification does not show its values or their names.
             */
            ShieldDDosProtectionType?: number;
            /** @description Whether DDoS protection is enabled. */
            ShieldDDosProtectionEnabled?: boolean;
        };
        /**
         * PullZonePreloadingScreen
         * @description Preloading screen: one of the field groups that make up `PullZone`. Pull zone fields of the preloading screen shown while a page loads.
         *     No field is marked required: the specification does not say which pull zone fields are.
         *     This part carries no `additionalProperties: false`; `PullZone` closes the merged object.
         */
        PullZonePreloadingScreen: {
            /** @description Whether the preloading screen is shown. */
            PreloadingScreenEnabled?: boolean;
            /** @description Whether the preloading screen is shown only on the first visit. */
            PreloadingScreenShowOnFirstVisit?: boolean;
            /** @description Whether the custom preloading screen code is used. */
            PreloadingScreenCodeEnabled?: boolean;
            /** @description Custom code of the preloading screen. */
            PreloadingScreenCode?: string;
            /** @description URL of the logo on the preloading screen. */
            PreloadingScreenLogoUrl?: string;
            /**
             * Format: int32
             * @description Theme of the preloading screen. An integer enumeration; the specification does not show its values or their names.
             */
            PreloadingScreenTheme?: number;
            /**
             * Format: int32
             * @description Delay before the preloading screen is shown.
             */
            PreloadingScreenDelay?: number;
        };
        /**
         * PullZone
         * @description A pull zone connected to a storage zone (an element of `PullZones`). Its fields come in
         *     groups, one component per group, merged here into one object:
         *
         *     | Group | Component |
         *     |---|---|
         *     | Identity and links, hostnames | `PullZoneIdentity` (hostnames: `PullZoneHostname`) |
         *     | Access control | `PullZoneAccessControl` |
         *     | Traffic, limits and billing | `PullZoneTrafficAndBilling` |
         *     | Caching and origin behaviour | `PullZoneCachingAndOrigin` |
         *     | Edge rules | `PullZoneEdgeRules` (`EdgeRule`, `EdgeRuleTrigger`, `EdgeRuleExtraAction`) |
         *     | Signing, TLS and certificates | `PullZoneSigningAndTls` |
         *     | Error pages | `PullZoneErrorPages` |
         *     | Logging | `PullZoneLogging` |
         *     | Optimizer | `PullZoneOptimizer` (`OptimizerClass`) |
         *     | Image AI | `PullZoneImageAi` (`ImageAiBlueprint`) |
         *     | Shield protection | `PullZoneShieldProtection` |
         *     | Preloading screen | `PullZonePreloadingScreen` |
         *
         *     The meanings of the integer enumerations and which fields are required are not shown by
         *     the specification. Fields outside these groups are rejected (`unevaluatedProperties`).
         */
        PullZone: components<Int64>["schemas"]["PullZoneIdentity"] & components<Int64>["schemas"]["PullZoneAccessControl"] & components<Int64>["schemas"]["PullZoneTrafficAndBilling"] & components<Int64>["schemas"]["PullZoneCachingAndOrigin"] & components<Int64>["schemas"]["PullZoneEdgeRules"] & components<Int64>["schemas"]["PullZoneSigningAndTls"] & components<Int64>["schemas"]["PullZoneErrorPages"] & components<Int64>["schemas"]["PullZoneLogging"] & components<Int64>["schemas"]["PullZoneOptimizer"] & components<Int64>["schemas"]["PullZoneImageAi"] & components<Int64>["schemas"]["PullZoneShieldProtection"] & components<Int64>["schemas"]["PullZonePreloadingScreen"];
        /**
         * ZoneTier
         * Format: int32
         * @description Tier that stores the zone's data. The specification gives the values 0 and 1; their names
         *     come from the live service.
         *
         *     | Value | Name |
         *     |---|---|
         *     | 0 | Standard |
         *     | 1 | Edge |
         * @enum {integer}
         */
        ZoneTier: 0 | 1;
        /**
         * StorageZoneType
         * Format: int32
         * @description Whether the zone supports the S3-compatible API. The specification gives the values 0 and 1;
         *     their names come from the live service.
         *
         *     | Value | Name |
         *     |---|---|
         *     | 0 | NotSupported |
         *     | 1 | Supported |
         * @enum {integer}
         */
        StorageZoneType: 0 | 1;
        /**
         * StorageZone
         * @description A storage zone, with the pull zones connected to it. Which fields are required is not shown
         *     by the specification.
         */
        StorageZone: {
            /**
             * Format: int64
             * @description ID of the storage zone.
             */
            Id: Int64;
            /** @description ID of the user who owns the storage zone. */
            UserId?: string;
            /** @description Name of the storage zone. */
            Name?: string;
            /**
             * Format: password
             * @description API access key or FTP password of the storage zone. Secret, returned as a field.
             */
            Password?: string;
            /**
             * Format: password
             * @description Read-only API access key or FTP password of the storage zone. Secret.
             */
            ReadOnlyPassword?: string;
            /**
             * Format: date-time
             * @description When the storage zone was last modified.
             */
            DateModified?: string;
            /** @description Whether the storage zone is deleted. */
            Deleted?: boolean;
            /**
             * Format: int64
             * @description Total storage used by the zone.
             */
            StorageUsed?: Int64;
            /**
             * Format: int64
             * @description Number of files stored in the zone.
             */
            FilesStored?: Int64;
            /** @description Main region of the storage zone. */
            Region?: string;
            /** @description Regions the zone's files are replicated to. */
            ReplicationRegions?: string[];
            /** @description Pull zones connected to the storage zone. */
            PullZones?: components<Int64>["schemas"]["PullZone"][];
            /** @description Whether the 404 status of a missing file is rewritten to 200. */
            Rewrite404To200?: boolean;
            /** @description Path of the file returned for a missing file. */
            Custom404FilePath?: string;
            /** @description Hostname of the storage zone. */
            StorageHostname?: string;
            /** @description Hostname of the zone's S3-compatible API. */
            S3Hostname?: string;
            ZoneTier?: components<Int64>["schemas"]["ZoneTier"];
            /** @description Whether a new replication region is being enabled. */
            ReplicationChangeInProgress?: boolean;
            /** @description Price override of the storage zone, in dollars per TB per month. */
            PriceOverride?: number;
            /** @description Discount specific to the storage zone. */
            Discount?: number;
            StorageZoneType?: components<Int64>["schemas"]["StorageZoneType"];
        };
        /**
         * StorageZoneArray
         * @description The answer when `page` is 0 (the default) — every matching storage zone as a plain array, without an envelope.
         */
        StorageZoneArray: components<Int64>["schemas"]["StorageZone"][];
        /**
         * StorageZonePage
         * @description The answer when `page` is above 0 — one page of the matching storage zones. The specification
         *     names the members; their types are assumed.
         */
        StorageZonePage: {
            /** @description The storage zones on this page. */
            Items: components<Int64>["schemas"]["StorageZone"][];
            /**
             * Format: int64
             * @description Number of this page (the requested `page`).
             */
            CurrentPage: Int64;
            /**
             * Format: int64
             * @description Number of matching storage zones over all pages.
             */
            TotalItems: Int64;
            /** @description Whether a later page holds more storage zones. */
            HasMoreItems: boolean;
        };
        /**
         * StorageZoneList
         * @description The storage zone listing. Its shape depends on `page`:
         *
         *     - `page` 0 (the default): `StorageZoneArray`, every matching zone as a plain array;
         *     - `page` above 0: `StorageZonePage`, the object `{Items, CurrentPage, TotalItems, HasMoreItems}`.
         */
        StorageZoneList: components<Int64>["schemas"]["StorageZoneArray"] | components<Int64>["schemas"]["StorageZonePage"];
        /**
         * StorageError
         * @description Error body of the storage zone listing for an invalid request.
         */
        StorageError: {
            /** @description Machine-readable kind of the error. */
            ErrorKey: string;
            /** @description The request parameter at fault. */
            Field: string;
            /** @description Human-readable explanation. */
            Message: string;
        };
    };
    responses: {
        /** @description A query parameter is invalid, for example `perPage` outside 5 to 1000 or a negative `page`. */
        StorageBadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components<Int64>["schemas"]["StorageError"];
            };
        };
        /** @description Authentication failed (missing or wrong `AccessKey`). No body. */
        StorageUnauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description Internal server error. No body. */
        StorageInternalError: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
    };
    parameters: {
        /**
         * @description Page number. At 0 (the default) every matching storage zone is returned as a plain array
         *     (`StorageZoneArray`); above 0 the answer is one page, `StorageZonePage`. The specification
         *     shows the bounds 1 to 2147483647 with the default 0, which means no pagination, so 0 is
         *     accepted too. A negative page answers 400.
         */
        StorageZonesPage: number;
        /** @description Number of storage zones per page, 5 to 1000; used when `page` is above 0. A value outside the bounds answers 400. */
        StorageZonesPerPage: number;
        /** @description Only storage zones whose name contains this text (case-insensitive). */
        StorageZonesSearch: string;
        /** @description Whether deleted storage zones (`Deleted` true) are listed too. */
        StorageZonesIncludeDeleted: boolean;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type PullZoneHostname<Int64 extends number | bigint = number> = components<Int64>['schemas']['PullZoneHostname'];
export type PullZoneIdentity<Int64 extends number | bigint = number> = components<Int64>['schemas']['PullZoneIdentity'];
export type PullZoneAccessControl<Int64 extends number | bigint = number> = components<Int64>['schemas']['PullZoneAccessControl'];
export type PullZoneTrafficAndBilling<Int64 extends number | bigint = number> = components<Int64>['schemas']['PullZoneTrafficAndBilling'];
export type PullZoneCachingAndOrigin<Int64 extends number | bigint = number> = components<Int64>['schemas']['PullZoneCachingAndOrigin'];
export type EdgeRuleTrigger<Int64 extends number | bigint = number> = components<Int64>['schemas']['EdgeRuleTrigger'];
export type EdgeRuleExtraAction<Int64 extends number | bigint = number> = components<Int64>['schemas']['EdgeRuleExtraAction'];
export type EdgeRule<Int64 extends number | bigint = number> = components<Int64>['schemas']['EdgeRule'];
export type PullZoneEdgeRules<Int64 extends number | bigint = number> = components<Int64>['schemas']['PullZoneEdgeRules'];
export type PullZoneSigningAndTls<Int64 extends number | bigint = number> = components<Int64>['schemas']['PullZoneSigningAndTls'];
export type PullZoneErrorPages<Int64 extends number | bigint = number> = components<Int64>['schemas']['PullZoneErrorPages'];
export type PullZoneLogging<Int64 extends number | bigint = number> = components<Int64>['schemas']['PullZoneLogging'];
export type OptimizerClass<Int64 extends number | bigint = number> = components<Int64>['schemas']['OptimizerClass'];
export type PullZoneOptimizer<Int64 extends number | bigint = number> = components<Int64>['schemas']['PullZoneOptimizer'];
export type ImageAiBlueprint<Int64 extends number | bigint = number> = components<Int64>['schemas']['ImageAiBlueprint'];
export type PullZoneImageAi<Int64 extends number | bigint = number> = components<Int64>['schemas']['PullZoneImageAi'];
export type PullZoneShieldProtection<Int64 extends number | bigint = number> = components<Int64>['schemas']['PullZoneShieldProtection'];
export type PullZonePreloadingScreen<Int64 extends number | bigint = number> = components<Int64>['schemas']['PullZonePreloadingScreen'];
export type PullZone<Int64 extends number | bigint = number> = components<Int64>['schemas']['PullZone'];
export type ZoneTier<Int64 extends number | bigint = number> = components<Int64>['schemas']['ZoneTier'];
export type StorageZoneType<Int64 extends number | bigint = number> = components<Int64>['schemas']['StorageZoneType'];
export type StorageZone<Int64 extends number | bigint = number> = components<Int64>['schemas']['StorageZone'];
export type StorageZoneArray<Int64 extends number | bigint = number> = components<Int64>['schemas']['StorageZoneArray'];
export type StorageZonePage<Int64 extends number | bigint = number> = components<Int64>['schemas']['StorageZonePage'];
export type StorageZoneList<Int64 extends number | bigint = number> = components<Int64>['schemas']['StorageZoneList'];
export type StorageError<Int64 extends number | bigint = number> = components<Int64>['schemas']['StorageError'];
export type ResponseStorageBadRequest<Int64 extends number | bigint = number> = components<Int64>['responses']['StorageBadRequest'];
export type ResponseStorageUnauthorized<Int64 extends number | bigint = number> = components<Int64>['responses']['StorageUnauthorized'];
export type ResponseStorageInternalError<Int64 extends number | bigint = number> = components<Int64>['responses']['StorageInternalError'];
export type ParameterStorageZonesPage<Int64 extends number | bigint = number> = components<Int64>['parameters']['StorageZonesPage'];
export type ParameterStorageZonesPerPage<Int64 extends number | bigint = number> = components<Int64>['parameters']['StorageZonesPerPage'];
export type ParameterStorageZonesSearch<Int64 extends number | bigint = number> = components<Int64>['parameters']['StorageZonesSearch'];
export type ParameterStorageZonesIncludeDeleted<Int64 extends number | bigint = number> = components<Int64>['parameters']['StorageZonesIncludeDeleted'];
export type $defs = Record<string, never>;
export interface operations<Int64 extends number | bigint = number> {
    listStorageZones: {
        parameters: {
            query?: {
                /**
                 * @description Page number. At 0 (the default) every matching storage zone is returned as a plain array
                 *     (`StorageZoneArray`); above 0 the answer is one page, `StorageZonePage`. The specification
                 *     shows the bounds 1 to 2147483647 with the default 0, which means no pagination, so 0 is
                 *     accepted too. A negative page answers 400.
                 */
                page?: components<Int64>["parameters"]["StorageZonesPage"];
                /** @description Number of storage zones per page, 5 to 1000; used when `page` is above 0. A value outside the bounds answers 400. */
                perPage?: components<Int64>["parameters"]["StorageZonesPerPage"];
                /** @description Only storage zones whose name contains this text (case-insensitive). */
                search?: components<Int64>["parameters"]["StorageZonesSearch"];
                /** @description Whether deleted storage zones (`Deleted` true) are listed too. */
                includeDeleted?: components<Int64>["parameters"]["StorageZonesIncludeDeleted"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The storage zones, as a plain array (`page` 0) or as one page (`page` above 0). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components<Int64>["schemas"]["StorageZoneList"];
                };
            };
            400: components<Int64>["responses"]["StorageBadRequest"];
            401: components<Int64>["responses"]["StorageUnauthorized"];
            500: components<Int64>["responses"]["StorageInternalError"];
        };
    };
}
