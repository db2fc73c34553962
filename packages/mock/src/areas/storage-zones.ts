// The storage mock's fixed set of storage zones, built deterministically (no randomness): zone i
// always has the same name, the same one to three pull zones and the same values in every field.
import { createHash } from 'node:crypto';

export type StorageZone = Record<string, unknown> & { Id: number; Name: string; Deleted: boolean };
type Fields = Record<string, unknown>;

const PROJECTS = ['acme', 'globex', 'initech', 'umbrella', 'hooli', 'stark', 'wayne', 'wonka', 'tyrell'];
const PURPOSES = ['assets', 'backups', 'media', 'logs'];
const REGIONS = ['DE', 'NY', 'LA', 'SG', 'SYD', 'UK', 'SE', 'BR', 'JH'];

/** Number of storage zones the mock holds: every project with every purpose. */
export const STORAGE_ZONE_COUNT = PROJECTS.length * PURPOSES.length;

/** Every twelfth zone is deleted, so that `includeDeleted` has something to show. */
const isDeleted = (index: number) => index % 12 === 11;

/** A stable hex string derived from a label: the same label always gives the same value. */
const hex = (label: string, length = 32) => createHash('sha256').update(label).digest('hex').slice(0, length);
const guid = (label: string) => {
  const h = hex(label);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
const pick = <T>(values: readonly T[], index: number): T => values[index % values.length]!;
const flag = (index: number, salt: number) => (index + salt) % 2 === 0;

export function buildStorageZones(): StorageZone[] {
  return Array.from({ length: STORAGE_ZONE_COUNT }, (_, index) => storageZone(index));
}

function storageZone(index: number): StorageZone {
  const id = 4100 + index;
  const name = `${pick(PROJECTS, Math.floor(index / PURPOSES.length))}-${pick(PURPOSES, index)}`;
  const region = pick(REGIONS, index);
  const pullZoneCount = (index % 3) + 1;
  return {
    Id: id,
    UserId: guid(`user:${index % 5}`),
    Name: name,
    Password: `${guid(`password:${id}`)}-${hex(`password-tail:${id}`, 12)}`,
    ReadOnlyPassword: `${guid(`read-only:${id}`)}-${hex(`read-only-tail:${id}`, 12)}`,
    DateModified: new Date(Date.UTC(2025, 0, 1) + index * 3 * 86_400_000).toISOString(),
    Deleted: isDeleted(index),
    StorageUsed: (index + 1) * 1_073_741_824 + index * 7919,
    FilesStored: (index + 1) * 1250,
    Region: region,
    ReplicationRegions: [pick(REGIONS, index + 1), pick(REGIONS, index + 4)],
    PullZones: Array.from({ length: pullZoneCount }, (_, n) => pullZone(index, id, name, n)),
    Rewrite404To200: flag(index, 0),
    Custom404FilePath: '/errors/404.html',
    StorageHostname: `${region.toLowerCase()}.storage.platform.invalid`,
    S3Hostname: `${region.toLowerCase()}-s3.storage.platform.invalid`,
    ZoneTier: index % 2,
    ReplicationChangeInProgress: index % 10 === 3,
    PriceOverride: index % 4 === 0 ? 5.5 : 0,
    Discount: (index % 5) * 2.5,
    StorageZoneType: index % 3 === 0 ? 0 : 1,
  };
}

function pullZone(zoneIndex: number, storageZoneId: number, storageZoneName: string, n: number): Fields {
  const i = zoneIndex * 3 + n;
  const id = 9000 + i;
  const name = `${storageZoneName}-cdn${n + 1}`;
  return {
    ...identity(i, id, name, storageZoneId),
    ...accessControl(i, id),
    ...trafficAndBilling(i),
    ...cachingAndOrigin(i, storageZoneId),
    EdgeRules: [edgeRule(i, 0), edgeRule(i, 1)],
    ...signingAndTls(i, id),
    ...errorPages(i),
    ...logging(i, id, storageZoneId),
    ...optimizer(i),
    EnablePlatformImageAi: flag(i, 1),
    PlatformAiImageBlueprints: [{ Name: 'thumbnail', Properties: { width: '320', height: '180', style: 'photo' } }],
    ShieldDDosProtectionType: i % 3,
    ShieldDDosProtectionEnabled: flag(i, 0),
    PreloadingScreenEnabled: flag(i, 1),
    PreloadingScreenShowOnFirstVisit: flag(i, 0),
    PreloadingScreenCodeEnabled: flag(i, 1),
    PreloadingScreenCode: '<div class="preloader"></div>',
    PreloadingScreenLogoUrl: `https://${name}.cdn.platform.invalid/logo.svg`,
    PreloadingScreenTheme: i % 2,
    PreloadingScreenDelay: 700,
  };
}

function identity(i: number, id: number, name: string, storageZoneId: number): Fields {
  return {
    Id: id,
    Name: name,
    OriginUrl: `https://origin-${id}.platform.invalid`,
    Enabled: i % 9 !== 4,
    Suspended: i % 9 === 4,
    Hostnames: [hostname(i, id, `${name}.cdn.platform.invalid`, true), hostname(i, id + 50_000, `cdn${i}.example.com`, false)],
    StorageZoneId: storageZoneId,
    EdgeScriptId: 300 + i,
    EdgeScriptExecutionPhase: i % 2,
    MiddlewareScriptId: 600 + i,
    ContainersAppId: `app-${hex(`app:${i}`, 10)}`,
    ContainersEndpointId: `endpoint-${hex(`endpoint:${i}`, 10)}`,
    VideoLibraryId: 200 + i,
    DnsRecordId: 70_000 + i,
    DnsZoneId: 800 + (i % 7),
    DnsRecordValue: `${name}.cdn.platform.invalid`,
    UserId: guid(`user:${i % 5}`),
    LoadBalancerId: 50 + (i % 4),
    CacheVersion: 1 + (i % 6),
    Type: i % 2,
    OriginType: 2,
    OriginLinkValue: String(storageZoneId),
    CnameDomain: `${name}.cdn.platform.invalid`,
  };
}

function hostname(i: number, id: number, value: string, system: boolean): Fields {
  return {
    Id: id,
    Value: value,
    ForceSSL: !system || flag(i, 0),
    IsSystemHostname: system,
    IsManagedHostname: system,
    HasCertificate: true,
    Certificate: `-----BEGIN CERTIFICATE-----\n${hex(`certificate:${id}`, 64)}\n-----END CERTIFICATE-----`,
    CertificateKey: `-----BEGIN PRIVATE KEY-----\n${hex(`certificate-key:${id}`, 64)}\n-----END PRIVATE KEY-----`,
    CertificateKeyType: system ? 0 : 1,
    CertificateProvisionType: system ? 0 : 1,
  };
}

function accessControl(i: number, id: number): Fields {
  return {
    AllowedReferrers: [`www.example${i}.com`],
    BlockedReferrers: ['spam.example.net'],
    BlockedIps: [`203.0.113.${i % 250}`],
    BlockedCountries: i % 2 === 0 ? ['KP'] : ['KP', 'IR'],
    BudgetRedirectedCountries: ['IN'],
    BlockNoneReferrer: flag(i, 1),
    BlockRootPathAccess: flag(i, 0),
    BlockPostRequests: flag(i, 1),
    ZoneSecurityEnabled: flag(i, 0),
    ZoneSecurityIncludeHashRemoteIP: flag(i, 1),
    ZoneSecurityKey: guid(`zone-security:${id}`),
    EnableGeoZoneUS: true,
    EnableGeoZoneEU: true,
    EnableGeoZoneASIA: flag(i, 0),
    EnableGeoZoneSA: flag(i, 1),
    EnableGeoZoneAF: i % 3 === 0,
    IpFamilyPolicy: i % 3,
  };
}

function trafficAndBilling(i: number): Fields {
  return {
    MonthlyBandwidthLimit: 0,
    MonthlyBandwidthUsed: (i + 1) * 52_428_800,
    MonthlyCharges: Math.round((i + 1) * 0.37 * 100) / 100,
    PriceOverride: 0,
    OptimizerPricing: 9.5,
    EUUSDiscount: 0,
    SouthAmericaDiscount: 5,
    AfricaDiscount: 10,
    AsiaOceaniaDiscount: 2.5,
    BurstSize: 10 * (i % 4),
    RequestLimit: 100 * (i % 4),
    LimitRatePerSecond: 0,
    LimitRateAfter: 0,
    ConnectionLimitPerIPCount: 32,
  };
}

function cachingAndOrigin(i: number, storageZoneId: number): Fields {
  return {
    IgnoreQueryStrings: flag(i, 0),
    AddHostHeader: flag(i, 1),
    EnableAccessControlOriginHeader: true,
    DisableCookies: true,
    EnableOriginShield: flag(i, 0),
    AddCanonicalHeader: flag(i, 1),
    EnableLogging: true,
    EnableCacheSlice: flag(i, 0),
    EnableSmartCache: true,
    EnableWebPVary: flag(i, 1),
    EnableAvifVary: flag(i, 0),
    EnableCountryCodeVary: flag(i, 1),
    EnableCountryStateCodeVary: false,
    EnableMobileVary: flag(i, 0),
    EnableCookieVary: flag(i, 1),
    EnableHostnameVary: flag(i, 0),
    FollowRedirects: flag(i, 1),
    UseStaleWhileUpdating: true,
    UseStaleWhileOffline: true,
    UseBackgroundUpdate: flag(i, 0),
    OriginRetry5XXResponses: true,
    OriginRetryConnectionTimeout: true,
    OriginRetryResponseTimeout: flag(i, 1),
    OriginShieldEnableConcurrencyLimit: flag(i, 0),
    EnableSafeHop: true,
    CacheErrorResponses: false,
    EnableQueryStringOrdering: true,
    EnableRequestCoalescing: flag(i, 1),
    EnableWebSockets: flag(i, 0),
    EnableExtendedLogging: flag(i, 1),
    OriginHostHeader: `origin-${i}.platform.invalid`,
    OriginShieldZoneCode: pick(['FR', 'IL'], i),
    CacheKeyHeaders: 'Accept-Language',
    StickySessionCookieName: 'platform_session',
    StickySessionClientHeaders: 'X-Session-Id',
    AccessControlOriginHeaderExtensions: ['eot', 'ttf', 'woff', 'woff2', 'css'],
    CookieVaryParameters: ['currency'],
    QueryStringVaryParameters: ['v', 'lang'],
    RoutingFilters: ['all'],
    CacheControlMaxAgeOverride: -1,
    CacheControlPublicMaxAgeOverride: i % 2 === 0 ? -1 : 86_400,
    OriginRetries: i % 3,
    OriginConnectTimeout: 10,
    OriginResponseTimeout: 60,
    OriginRetryDelay: 0,
    OriginShieldMaxConcurrentRequests: 200,
    OriginShieldQueueMaxWaitTime: 30,
    OriginShieldMaxQueuedRequests: 5000,
    RequestCoalescingTimeout: 30,
    MaxWebSocketConnections: 1000,
    PermaCacheStorageZoneId: storageZoneId,
    PermaCacheType: i % 2,
    StickySessionType: i % 3,
  };
}

function edgeRule(i: number, n: number): Fields {
  return {
    Guid: guid(`edge-rule:${i}:${n}`),
    ActionType: n === 0 ? 0 : 5,
    ActionParameter1: n === 0 ? '' : 'X-Served-By',
    ActionParameter2: n === 0 ? '' : 'platform',
    ActionParameter3: '',
    Triggers: [{ Type: n, PatternMatches: n === 0 ? ['http://*'] : ['*.html', '*.htm'], PatternMatchingType: 0, Parameter1: '' }],
    ExtraActions: [{ ActionType: 5, ActionParameter1: 'X-Rule', ActionParameter2: String(n + 1), ActionParameter3: '' }],
    TriggerMatchingType: n % 2,
    Description: n === 0 ? 'Force HTTPS' : 'Tag HTML answers',
    Enabled: flag(i + n, 0),
    OrderIndex: n,
    ReadOnly: false,
  };
}

function signingAndTls(i: number, id: number): Fields {
  return {
    ExtSigningEnabled: flag(i, 1),
    ExtSigningKey: `AK${hex(`ext-key:${id}`, 18).toUpperCase()}`,
    ExtSigningSecret: hex(`ext-secret:${id}`, 40),
    ExtSigningRegionName: 'eu-central-1',
    EnableTLS1: false,
    EnableTLS1_1: flag(i, 0),
    VerifyOriginSSL: true,
    EnableAutoSSL: true,
    DisableAutoCertificate: false,
    TlsSecurityLevel: i % 3,
  };
}

function errorPages(i: number): Fields {
  return {
    ErrorPageEnableCustomCode: flag(i, 0),
    ErrorPageEnableStatuspageWidget: flag(i, 1),
    ErrorPageWhitelabel: flag(i, 0),
    ErrorPageCustomCode: '<h1>Something went wrong</h1>',
    ErrorPageStatuspageCode: `status-${hex(`status:${i}`, 8)}`,
  };
}

function logging(i: number, id: number, storageZoneId: number): Fields {
  return {
    LoggingIPAnonymizationEnabled: true,
    LogForwardingEnabled: flag(i, 1),
    LoggingSaveToStorage: flag(i, 0),
    LogForwardingHostname: 'logs.example.com',
    LogForwardingToken: `token-${hex(`log-token:${id}`, 24)}`,
    LogForwardingPort: 514,
    LoggingStorageZoneId: storageZoneId,
    LogForwardingProtocol: i % 3,
    LogAnonymizationType: i % 2,
    LogFormat: i % 2,
    LogForwardingFormat: (i + 1) % 2,
  };
}

function optimizer(i: number): Fields {
  return {
    OptimizerEnabled: flag(i, 0),
    OptimizerTunnelEnabled: flag(i, 1),
    OptimizerEnableWebP: true,
    OptimizerPrerenderHtml: flag(i, 0),
    OptimizerLlmsTxt: flag(i, 1),
    OptimizerEnableManipulationEngine: true,
    OptimizerMinifyCSS: true,
    OptimizerMinifyJavaScript: true,
    OptimizerWatermarkEnabled: flag(i, 1),
    OptimizerAutomaticOptimizationEnabled: true,
    OptimizerForceClasses: flag(i, 0),
    OptimizerStaticHtmlEnabled: flag(i, 1),
    OptimizerEnableUpscaling: false,
    OptimizerDesktopMaxWidth: 1600,
    OptimizerMobileMaxWidth: 800,
    OptimizerImageQuality: 85,
    OptimizerMobileImageQuality: 70,
    OptimizerWatermarkOffset: 3,
    OptimizerWatermarkMinImageSize: 300,
    OptimizerHtmlToMarkdown: i % 2,
    OptimizerWatermarkPosition: i % 4,
    OptimizerWatermarkUrl: 'https://assets.example.com/watermark.png',
    OptimizerStaticHtmlCmsPath: '/wp-admin',
    OptimizerStaticHtmlCmsBypassCookie: 'wordpress_logged_in',
    OptimizerClasses: [
      { Name: 'thumbnail', Properties: { width: '200', height: '200', aspect_ratio: '1:1' } },
      { Name: 'banner', Properties: { width: '1200', quality: '80' } },
    ],
  };
}
