// The storage contract, mock and client. Every answer is checked against the contract; the
// expectations are derived from the specification's field lists and from the page-0 answer,
// never from the mock's fixtures.

import { ClientConfigError, createStorageClient, paginate, type Storage, StorageApiError } from '@platform-contracts/client';
import { describe, expect, it } from 'vitest';
import { useMock } from '../support/mock.ts';
import { type Json, loadBundle, resolveRef, validateAnswer } from '../support/openapi.ts';
import { recordingFetch as recordingHeaderFetch } from '../support/recording-fetch.ts';

const AREA = 'storage';
const OPERATION = 'listStorageZones';
const mock = useMock([AREA]);
const ACCESS_KEY = 'storage-test-access-key';
const client = (fetchImpl?: typeof fetch) => createStorageClient({ accessKey: ACCESS_KEY, baseUrl: mock.url, fetch: fetchImpl ?? mock.fetch });

// ---------------------------------------------------------------------------------------------
// The specification's field lists (platform-api.md, "Storage zone" and "Pull zone"), with the
// type each is given there. `satisfies Record<keyof T, ...>` makes the typecheck fail when the
// generated type lacks a listed field or has one the specification does not list.
// ---------------------------------------------------------------------------------------------
type SpecType =
  | 'int'
  | 'integer'
  | 'int enum'
  | 'bool'
  | 'string'
  | 'number'
  | 'secret'
  | 'object'
  | 'date-time'
  | 'int enum 0 and 1'
  | 'array of string'
  | `array of ${string}`;

const STORAGE_ZONE_FIELDS = {
  Id: 'integer',
  UserId: 'string',
  Name: 'string',
  Password: 'secret',
  ReadOnlyPassword: 'secret',
  DateModified: 'date-time',
  Deleted: 'bool',
  StorageUsed: 'integer',
  FilesStored: 'integer',
  Region: 'string',
  ReplicationRegions: 'array of string',
  PullZones: 'array of PullZone',
  Rewrite404To200: 'bool',
  Custom404FilePath: 'string',
  StorageHostname: 'string',
  S3Hostname: 'string',
  ZoneTier: 'int enum 0 and 1',
  ReplicationChangeInProgress: 'bool',
  PriceOverride: 'number',
  Discount: 'number',
  StorageZoneType: 'int enum 0 and 1',
} as const satisfies Record<keyof Storage.StorageZone, SpecType>;

const PULL_ZONE_FIELDS = {
  // Identity and links
  Id: 'int',
  Name: 'string',
  OriginUrl: 'string',
  Enabled: 'bool',
  Suspended: 'bool',
  Hostnames: 'array of PullZoneHostname',
  StorageZoneId: 'int',
  EdgeScriptId: 'int',
  EdgeScriptExecutionPhase: 'int enum',
  MiddlewareScriptId: 'int',
  ContainersAppId: 'string',
  ContainersEndpointId: 'string',
  VideoLibraryId: 'int',
  DnsRecordId: 'int',
  DnsZoneId: 'int',
  DnsRecordValue: 'string',
  UserId: 'string',
  LoadBalancerId: 'int',
  CacheVersion: 'int',
  Type: 'int enum',
  OriginType: 'int enum',
  OriginLinkValue: 'string',
  CnameDomain: 'string',
  // Access control
  AllowedReferrers: 'array of string',
  BlockedReferrers: 'array of string',
  BlockedIps: 'array of string',
  BlockedCountries: 'array of string',
  BudgetRedirectedCountries: 'array of string',
  BlockNoneReferrer: 'bool',
  BlockRootPathAccess: 'bool',
  BlockPostRequests: 'bool',
  ZoneSecurityEnabled: 'bool',
  ZoneSecurityIncludeHashRemoteIP: 'bool',
  ZoneSecurityKey: 'secret',
  EnableGeoZoneUS: 'bool',
  EnableGeoZoneEU: 'bool',
  EnableGeoZoneASIA: 'bool',
  EnableGeoZoneSA: 'bool',
  EnableGeoZoneAF: 'bool',
  IpFamilyPolicy: 'int enum',
  // Traffic, limits and billing
  MonthlyBandwidthLimit: 'number',
  MonthlyBandwidthUsed: 'number',
  MonthlyCharges: 'number',
  PriceOverride: 'number',
  OptimizerPricing: 'number',
  EUUSDiscount: 'number',
  SouthAmericaDiscount: 'number',
  AfricaDiscount: 'number',
  AsiaOceaniaDiscount: 'number',
  BurstSize: 'int',
  RequestLimit: 'int',
  LimitRatePerSecond: 'int',
  LimitRateAfter: 'int',
  ConnectionLimitPerIPCount: 'int',
  // Caching and origin behaviour
  IgnoreQueryStrings: 'bool',
  AddHostHeader: 'bool',
  EnableAccessControlOriginHeader: 'bool',
  DisableCookies: 'bool',
  EnableOriginShield: 'bool',
  AddCanonicalHeader: 'bool',
  EnableLogging: 'bool',
  EnableCacheSlice: 'bool',
  EnableSmartCache: 'bool',
  EnableWebPVary: 'bool',
  EnableAvifVary: 'bool',
  EnableCountryCodeVary: 'bool',
  EnableCountryStateCodeVary: 'bool',
  EnableMobileVary: 'bool',
  EnableCookieVary: 'bool',
  EnableHostnameVary: 'bool',
  FollowRedirects: 'bool',
  UseStaleWhileUpdating: 'bool',
  UseStaleWhileOffline: 'bool',
  UseBackgroundUpdate: 'bool',
  OriginRetry5XXResponses: 'bool',
  OriginRetryConnectionTimeout: 'bool',
  OriginRetryResponseTimeout: 'bool',
  OriginShieldEnableConcurrencyLimit: 'bool',
  EnableSafeHop: 'bool',
  CacheErrorResponses: 'bool',
  EnableQueryStringOrdering: 'bool',
  EnableRequestCoalescing: 'bool',
  EnableWebSockets: 'bool',
  EnableExtendedLogging: 'bool',
  OriginHostHeader: 'string',
  OriginShieldZoneCode: 'string',
  CacheKeyHeaders: 'string',
  StickySessionCookieName: 'string',
  StickySessionClientHeaders: 'string',
  AccessControlOriginHeaderExtensions: 'array of string',
  CookieVaryParameters: 'array of string',
  QueryStringVaryParameters: 'array of string',
  RoutingFilters: 'array of string',
  CacheControlMaxAgeOverride: 'int',
  CacheControlPublicMaxAgeOverride: 'int',
  OriginRetries: 'int',
  OriginConnectTimeout: 'int',
  OriginResponseTimeout: 'int',
  OriginRetryDelay: 'int',
  OriginShieldMaxConcurrentRequests: 'int',
  OriginShieldQueueMaxWaitTime: 'int',
  OriginShieldMaxQueuedRequests: 'int',
  RequestCoalescingTimeout: 'int',
  MaxWebSocketConnections: 'int',
  PermaCacheStorageZoneId: 'int',
  PermaCacheType: 'int enum',
  StickySessionType: 'int enum',
  // Edge rules
  EdgeRules: 'array of EdgeRule',
  // Signing, TLS and certificates
  ExtSigningEnabled: 'bool',
  ExtSigningKey: 'secret',
  ExtSigningSecret: 'secret',
  ExtSigningRegionName: 'string',
  EnableTLS1: 'bool',
  EnableTLS1_1: 'bool',
  VerifyOriginSSL: 'bool',
  EnableAutoSSL: 'bool',
  DisableAutoCertificate: 'bool',
  TlsSecurityLevel: 'int enum',
  // Error pages
  ErrorPageEnableCustomCode: 'bool',
  ErrorPageEnableStatuspageWidget: 'bool',
  ErrorPageWhitelabel: 'bool',
  ErrorPageCustomCode: 'string',
  ErrorPageStatuspageCode: 'string',
  // Logging
  LoggingIPAnonymizationEnabled: 'bool',
  LogForwardingEnabled: 'bool',
  LoggingSaveToStorage: 'bool',
  LogForwardingHostname: 'string',
  LogForwardingToken: 'secret',
  LogForwardingPort: 'int',
  LoggingStorageZoneId: 'int',
  LogForwardingProtocol: 'int enum',
  LogAnonymizationType: 'int enum',
  LogFormat: 'int enum',
  LogForwardingFormat: 'int enum',
  // Optimizer
  OptimizerEnabled: 'bool',
  OptimizerTunnelEnabled: 'bool',
  OptimizerEnableWebP: 'bool',
  OptimizerPrerenderHtml: 'bool',
  OptimizerLlmsTxt: 'bool',
  OptimizerEnableManipulationEngine: 'bool',
  OptimizerMinifyCSS: 'bool',
  OptimizerMinifyJavaScript: 'bool',
  OptimizerWatermarkEnabled: 'bool',
  OptimizerAutomaticOptimizationEnabled: 'bool',
  OptimizerForceClasses: 'bool',
  OptimizerStaticHtmlEnabled: 'bool',
  OptimizerEnableUpscaling: 'bool',
  OptimizerDesktopMaxWidth: 'int',
  OptimizerMobileMaxWidth: 'int',
  OptimizerImageQuality: 'int',
  OptimizerMobileImageQuality: 'int',
  OptimizerWatermarkOffset: 'int',
  OptimizerWatermarkMinImageSize: 'int',
  OptimizerHtmlToMarkdown: 'int enum',
  OptimizerWatermarkPosition: 'int enum',
  OptimizerWatermarkUrl: 'string',
  OptimizerStaticHtmlCmsPath: 'string',
  OptimizerStaticHtmlCmsBypassCookie: 'string',
  OptimizerClasses: 'array of OptimizerClass',
  // Image AI
  EnablePlatformImageAi: 'bool',
  PlatformAiImageBlueprints: 'array of ImageAiBlueprint',
  // Shield protection
  ShieldDDosProtectionType: 'int enum',
  ShieldDDosProtectionEnabled: 'bool',
  // Preloading screen
  PreloadingScreenEnabled: 'bool',
  PreloadingScreenShowOnFirstVisit: 'bool',
  PreloadingScreenCodeEnabled: 'bool',
  PreloadingScreenCode: 'string',
  PreloadingScreenLogoUrl: 'string',
  PreloadingScreenTheme: 'int enum',
  PreloadingScreenDelay: 'int',
} as const satisfies Record<keyof Storage.PullZone, SpecType>;

const PULL_ZONE_HOSTNAME_FIELDS = {
  // Hostname
  Id: 'int',
  Value: 'string',
  ForceSSL: 'bool',
  IsSystemHostname: 'bool',
  IsManagedHostname: 'bool',
  HasCertificate: 'bool',
  Certificate: 'string',
  CertificateKey: 'secret',
  CertificateKeyType: 'int enum',
  CertificateProvisionType: 'int enum',
} as const satisfies Record<keyof Storage.PullZoneHostname, SpecType>;

const EDGE_RULE_FIELDS = {
  // EdgeRule
  Guid: 'string',
  ActionType: 'int enum',
  ActionParameter1: 'string',
  ActionParameter2: 'string',
  ActionParameter3: 'string',
  Triggers: 'array of EdgeRuleTrigger',
  ExtraActions: 'array of EdgeRuleExtraAction',
  TriggerMatchingType: 'int enum',
  Description: 'string',
  Enabled: 'bool',
  OrderIndex: 'int',
  ReadOnly: 'bool',
} as const satisfies Record<keyof Storage.EdgeRule, SpecType>;

const EDGE_RULE_TRIGGER_FIELDS = {
  // EdgeRuleTrigger
  Type: 'int enum',
  PatternMatches: 'array of string',
  PatternMatchingType: 'int enum',
  Parameter1: 'string',
} as const satisfies Record<keyof Storage.EdgeRuleTrigger, SpecType>;

const EDGE_RULE_EXTRA_ACTION_FIELDS = {
  // EdgeRuleExtraAction
  ActionType: 'int enum',
  ActionParameter1: 'string',
  ActionParameter2: 'string',
  ActionParameter3: 'string',
} as const satisfies Record<keyof Storage.EdgeRuleExtraAction, SpecType>;

const OPTIMIZER_CLASS_FIELDS = {
  // OptimizerClass
  Name: 'string',
  Properties: 'object',
} as const satisfies Record<keyof Storage.OptimizerClass, SpecType>;

const IMAGE_AI_BLUEPRINT_FIELDS = {
  // ImageAiBlueprint
  Name: 'string',
  Properties: 'object',
} as const satisfies Record<keyof Storage.ImageAiBlueprint, SpecType>;

const SECRET_FIELDS = ['Password', 'ReadOnlyPassword', 'ZoneSecurityKey', 'ExtSigningKey', 'ExtSigningSecret', 'CertificateKey', 'LogForwardingToken'];

const schemas = () => loadBundle(AREA).components.schemas as Record<string, Json>;

/** The properties of a schema, with the parts of an `allOf` merged. */
function propertiesOf(schemaName: string): Record<string, Json> {
  const schema = schemas()[schemaName];
  const parts = (schema.allOf ?? [schema]).map((part: Json) => resolveRef(loadBundle(AREA), part));
  return Object.assign({}, ...parts.map((part: Json) => part.properties ?? {}));
}

/** Why a property schema does not have the specification's type, or undefined when it does. */
function typeMismatch(property: Json, expected: SpecType): string | undefined {
  const schema = resolveRef(loadBundle(AREA), property);
  const is = (ok: boolean) => (ok ? undefined : `expected ${expected}, got ${JSON.stringify(schema)}`);
  switch (expected) {
    case 'int':
    case 'integer':
    case 'int enum':
      return is(schema.type === 'integer');
    case 'int enum 0 and 1':
      return is(schema.type === 'integer' && `${schema.enum}` === '0,1' && schema['x-enum-varnames']?.length === 2);
    case 'bool':
      return is(schema.type === 'boolean');
    case 'string':
      return is(schema.type === 'string' && schema.format === undefined);
    case 'number':
      return is(schema.type === 'number');
    case 'object':
      return is(schema.type === 'object');
    case 'date-time':
      return is(schema.type === 'string' && schema.format === 'date-time');
    case 'secret':
      return is(schema.type === 'string' && schema.format === 'password' && schema['x-sensitive'] === true);
    case 'array of string':
      return is(schema.type === 'array' && schema.items?.type === 'string');
    default:
      return is(schema.type === 'array' && schema.items?.$ref === `#/components/schemas/${expected.slice('array of '.length)}`);
  }
}

describe('the storage contract', () => {
  it.each([
    ['StorageZone', STORAGE_ZONE_FIELDS],
    ['PullZone', PULL_ZONE_FIELDS],
    ['PullZoneHostname', PULL_ZONE_HOSTNAME_FIELDS],
    ['EdgeRule', EDGE_RULE_FIELDS],
    ['EdgeRuleTrigger', EDGE_RULE_TRIGGER_FIELDS],
    ['EdgeRuleExtraAction', EDGE_RULE_EXTRA_ACTION_FIELDS],
    ['OptimizerClass', OPTIMIZER_CLASS_FIELDS],
    ['ImageAiBlueprint', IMAGE_AI_BLUEPRINT_FIELDS],
  ] as [string, Record<string, SpecType>][])('%s has exactly the fields of the specification, each with its type', (name, fields) => {
    const properties = propertiesOf(name);
    expect(Object.keys(properties).sort()).toEqual(Object.keys(fields).sort());
    const mismatches = Object.entries(fields).flatMap(([field, type]) => {
      const problem = typeMismatch(properties[field], type);
      return problem ? [`${field}: ${problem}`] : [];
    });
    expect(mismatches).toEqual([]);
  });

  it('marks exactly the secret fields as sensitive passwords', () => {
    const sensitive: string[] = [];
    for (const schema of Object.values(schemas())) {
      for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
        if (property['x-sensitive'] === true && property.format === 'password') sensitive.push(name);
        else expect(property['x-sensitive'] ?? property.format === 'password', name).toBeFalsy();
      }
    }
    expect(sensitive.sort()).toEqual([...SECRET_FIELDS].sort());
  });

  it('closes the merged PullZone without closing its parts', () => {
    expect(schemas().PullZone.unevaluatedProperties).toBe(false);
    for (const part of schemas().PullZone.allOf as Json[]) expect(resolveRef(loadBundle(AREA), part).additionalProperties).toBeUndefined();
  });

  it('models the answer as a oneOf of the plain array and the paged envelope', () => {
    expect(schemas().StorageZoneList.oneOf.map((s: Json) => s.$ref)).toEqual(['#/components/schemas/StorageZoneArray', '#/components/schemas/StorageZonePage']);
    expect([...schemas().StorageZonePage.required].sort()).toEqual(['CurrentPage', 'HasMoreItems', 'Items', 'TotalItems']);
  });
});

// ---------------------------------------------------------------------------------------------
// The mock, over HTTP.
// ---------------------------------------------------------------------------------------------
type Query = Record<string, string | number | boolean>;

/** GETs /storagezone, checks the answer against the contract and returns it. */
async function list(query: Query = {}, headers: Record<string, string> = { AccessKey: ACCESS_KEY }) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const response = await mock.fetch(`${mock.url}/storagezone?${search}`, { headers });
  const text = await response.text();
  const body = text === '' ? undefined : JSON.parse(text);
  expect(validateAnswer(AREA, OPERATION, response.status, body)).toEqual([]);
  return { status: response.status, body };
}

async function allZones(query: Query = {}): Promise<Storage.StorageZone[]> {
  const { status, body } = await list({ ...query, page: 0 });
  expect(status).toBe(200);
  expect(Array.isArray(body)).toBe(true);
  return body;
}

const ids = (zones: Storage.StorageZone[]) => zones.map((zone) => zone.Id);

describe('GET /storagezone with page 0', () => {
  it.each([[{}], [{ page: 0 }], [{ page: 0, perPage: 5 }]])('answers every zone as a plain array for %j', async (query) => {
    const { status, body } = await list(query);
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    expect(body.length).toBeGreaterThanOrEqual(30);
  });

  it('gives every zone one to three pull zones with every field populated', async () => {
    const zoneFields = Object.keys(propertiesOf('StorageZone'));
    const pullZoneFields = Object.keys(propertiesOf('PullZone'));
    for (const zone of await allZones({ includeDeleted: true })) {
      expect(Object.keys(zone).sort(), zone.Name).toEqual([...zoneFields].sort());
      expect(zone.PullZones!.length, zone.Name).toBeGreaterThanOrEqual(1);
      expect(zone.PullZones!.length, zone.Name).toBeLessThanOrEqual(3);
      for (const pullZone of zone.PullZones!) {
        expect(Object.keys(pullZone).sort(), pullZone.Name).toEqual([...pullZoneFields].sort());
        for (const edgeRule of pullZone.EdgeRules!) {
          expect(edgeRule.Triggers!.length).toBeGreaterThan(0);
          expect(edgeRule.ExtraActions!.length).toBeGreaterThan(0);
        }
      }
    }
  });

  it("fills the specification's roughly 230 fields of storage and pull zones, every one, in the mock's zones", async () => {
    const zones = await allZones({ includeDeleted: true });
    const pullZones = zones.flatMap((zone) => zone.PullZones ?? []);
    const edgeRules = pullZones.flatMap((pullZone) => pullZone.EdgeRules ?? []);
    const keysOf = (objects: object[]) => [...new Set(objects.flatMap((object) => Object.keys(object)))].sort();
    const found: [Record<string, SpecType>, object[]][] = [
      [STORAGE_ZONE_FIELDS, zones],
      [PULL_ZONE_FIELDS, pullZones],
      [PULL_ZONE_HOSTNAME_FIELDS, pullZones.flatMap((pullZone) => pullZone.Hostnames ?? [])],
      [EDGE_RULE_FIELDS, edgeRules],
      [EDGE_RULE_TRIGGER_FIELDS, edgeRules.flatMap((rule) => rule.Triggers ?? [])],
      [EDGE_RULE_EXTRA_ACTION_FIELDS, edgeRules.flatMap((rule) => rule.ExtraActions ?? [])],
      [OPTIMIZER_CLASS_FIELDS, pullZones.flatMap((pullZone) => pullZone.OptimizerClasses ?? [])],
      [IMAGE_AI_BLUEPRINT_FIELDS, pullZones.flatMap((pullZone) => pullZone.PlatformAiImageBlueprints ?? [])],
    ];
    for (const [fields, objects] of found) expect(keysOf(objects)).toEqual(Object.keys(fields).sort());
    expect(found.reduce((n, [, objects]) => n + keysOf(objects).length, 0)).toBeGreaterThanOrEqual(220);
  });

  it('answers the same zones on every call', async () => {
    expect(await allZones()).toEqual(await allZones());
  });

  it('leaves deleted zones out unless includeDeleted is true', async () => {
    const visible = await allZones();
    const everything = await allZones({ includeDeleted: true });
    expect(visible.some((zone) => zone.Deleted)).toBe(false);
    expect(everything.some((zone) => zone.Deleted)).toBe(true);
    expect(ids(everything.filter((zone) => !zone.Deleted))).toEqual(ids(visible));
  });
});

describe('GET /storagezone with page above 0', () => {
  it.each([5, 7, 10, 1000])('pages to the end with perPage %i', async (perPage) => {
    const everything = await allZones();
    const expectedPages = Math.ceil(everything.length / perPage);
    const seen: Storage.StorageZone[] = [];
    for (let page = 1; page <= expectedPages; page++) {
      const { status, body } = await list({ page, perPage });
      expect(status).toBe(200);
      expect(body).toMatchObject({ CurrentPage: page, TotalItems: everything.length, HasMoreItems: page < expectedPages });
      expect(body.Items.length).toBe(Math.min(perPage, everything.length - (page - 1) * perPage));
      seen.push(...body.Items);
    }
    expect(ids(seen)).toEqual(ids(everything));
  });

  it('says there are no more items when the last page is exactly full', async () => {
    const everything = await allZones();
    const { body } = await list({ page: 1, perPage: everything.length });
    expect(body).toMatchObject({ CurrentPage: 1, TotalItems: everything.length, HasMoreItems: false });
    expect(body.Items).toHaveLength(everything.length);
    const { body: second } = await list({ page: 2, perPage: everything.length });
    expect(second).toMatchObject({ Items: [], CurrentPage: 2, HasMoreItems: false });
  });

  it('uses perPage 1000 when none is given', async () => {
    const everything = await allZones();
    const { body } = await list({ page: 1 });
    expect(body).toMatchObject({ CurrentPage: 1, TotalItems: everything.length, HasMoreItems: false });
    expect(ids(body.Items)).toEqual(ids(everything));
  });

  it('answers an empty last page past the end', async () => {
    const { status, body } = await list({ page: 2_147_483_647, perPage: 5 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ Items: [], CurrentPage: 2_147_483_647, HasMoreItems: false });
  });
});

describe('GET /storagezone with search', () => {
  it.each(['media', 'MEDIA', 'acme', 'wonka-logs', 'no-such-zone'])('filters by name for %j', async (term) => {
    const everything = await allZones();
    const expected = everything.filter((zone) => (zone.Name ?? '').toLowerCase().includes(term.toLowerCase()));
    const found = await allZones({ search: term });
    expect(ids(found)).toEqual(ids(expected));
    const { body } = await list({ search: term, page: 1, perPage: 5 });
    expect(body).toMatchObject({ TotalItems: expected.length, HasMoreItems: expected.length > 5 });
    expect(ids(body.Items)).toEqual(ids(expected.slice(0, 5)));
  });
});

describe('GET /storagezone bounds', () => {
  it.each([
    ['perPage', { page: 1, perPage: 4 }],
    ['perPage', { page: 1, perPage: 1001 }],
    ['perPage', { perPage: 0 }],
    ['perPage', { perPage: -5 }],
    ['perPage', { perPage: 'many' }],
    ['page', { page: -1 }],
    ['page', { page: 2_147_483_648 }],
    ['page', { page: 1.5 }],
    ['page', { page: 'first' }],
  ] as [string, Query][])('answers 400 naming %s for %j', async (field, query) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ ErrorKey: 'invalid_request', Field: field });
    expect(body.Message).toContain(field);
  });

  it.each([[{ page: 1, perPage: 5 }], [{ page: 1, perPage: 1000 }], [{ page: 2_147_483_647 }]] as [Query][])('accepts the bounds %j', async (query) => {
    expect((await list(query)).status).toBe(200);
  });

  it.each([
    ['no AccessKey header', {}],
    ['an empty AccessKey header', { AccessKey: '' }],
  ])('answers 401 without a body for %s', async (_name, headers) => {
    const { status, body } = await list({}, headers as Record<string, string>);
    expect(status).toBe(401);
    expect(body).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
// The client.
// ---------------------------------------------------------------------------------------------
/** A fetch that records the query of every request it passes on. */
function recordingFetch() {
  const requests: URL[] = [];
  const fetchImpl: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    requests.push(new URL(request.url));
    return mock.fetch(request);
  };
  return { requests, fetchImpl };
}

async function collect(zones: AsyncIterable<Storage.StorageZone>) {
  const out: Storage.StorageZone[] = [];
  for await (const zone of zones) out.push(zone);
  return out;
}

describe('paginate over the storage zones', () => {
  it.each([[{}], [{ perPage: 5 }], [{ perPage: 6, search: 'a' }], [{ perPage: 5, includeDeleted: true }]])(
    'yields every zone page by page for %j',
    async (options) => {
      const { search, includeDeleted } = options as { search?: string; includeDeleted?: boolean };
      const expected = await allZones({ ...(search ? { search } : {}), ...(includeDeleted ? { includeDeleted } : {}) });
      const { requests, fetchImpl } = recordingFetch();
      const { perPage: size, ...filters } = options as { perPage?: number; search?: string; includeDeleted?: boolean };
      const zones = await collect(paginate(client(fetchImpl), '/storagezone', { params: { query: { perPage: size ?? 1000, ...filters } } }));
      expect(ids(zones)).toEqual(ids(expected));
      const perPage = (options as { perPage?: number }).perPage ?? 1000;
      expect(requests.map((url) => url.searchParams.get('page'))).toEqual(
        Array.from({ length: Math.max(1, Math.ceil(expected.length / perPage)) }, (_, i) => String(i + 1)),
      );
      for (const url of requests) expect(url.searchParams.get('search')).toBe(search ?? null);
    },
  );

  it('can stop early without fetching further pages', async () => {
    const { requests, fetchImpl } = recordingFetch();
    for await (const zone of paginate(client(fetchImpl), '/storagezone', { params: { query: { perPage: 5 } } })) {
      expect(zone.Id).toBeTypeOf('number');
      break;
    }
    expect(requests).toHaveLength(1);
  });

  it('throws the StorageApiError with the error body for an invalid perPage', async () => {
    const error = await collect(paginate(client(), '/storagezone', { params: { query: { perPage: 4 } } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageApiError);
    expect(error).toMatchObject({ status: 400, path: '/storagezone', body: { Field: 'perPage' } });
    expect(String(error)).not.toContain(ACCESS_KEY);
  });

  it('throws the StorageApiError for a 401 without leaking the access key', async () => {
    const withoutKey: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      request.headers.delete('AccessKey');
      return mock.fetch(request);
    };
    const error = await collect(paginate(client(withoutKey), '/storagezone')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageApiError);
    expect(error).toMatchObject({ status: 401, path: '/storagezone' });
    expect(`${String(error)} ${JSON.stringify(error)}`).not.toContain(ACCESS_KEY);
  });
});

describe('createStorageClient', () => {
  it('sends the AccessKey header and types both answer shapes', async () => {
    const { fetch: recording, seen } = recordingHeaderFetch('AccessKey', mock.fetch);
    const api = createStorageClient({ accessKey: 'secret-key', baseUrl: mock.url, fetch: recording });
    const all = await api.GET('/storagezone');
    const page = await api.GET('/storagezone', { params: { query: { page: 1, perPage: 5 } } });
    expect(seen).toEqual(['secret-key', 'secret-key']);
    expect(Array.isArray(all.data)).toBe(true);
    expect(page.data).toHaveProperty('HasMoreItems', true);
  });

  it.each([
    [{ baseUrl: 'http://127.0.0.1:4010' }, /option "accessKey" is missing/],
    [{ accessKey: 'k' }, /option "baseUrl" is missing/],
    [{ accessKey: 'k', baseUrl: 'ftp://host' }, /absolute http\(s\) URL/],
  ])('refuses %j with a clear error', (options, message) => {
    expect(() => createStorageClient(options as never)).toThrow(ClientConfigError);
    expect(() => createStorageClient(options as never)).toThrow(message);
  });
});

describe('GET /storagezone with an empty query value', () => {
  // Prism lets `?perPage=` through as if the parameter were absent; the mock must agree.
  it.each([
    ['/storagezone?page=1&perPage=', '/storagezone?page=1'],
    ['/storagezone?page=', '/storagezone'],
  ])('%s answers as %s', async (withEmpty, without) => {
    const get = async (path: string) => (await mock.fetch(`${mock.url}${path}`, { headers: { AccessKey: 'k' } })).json();
    expect(await get(withEmpty)).toEqual(await get(without));
  });
});
