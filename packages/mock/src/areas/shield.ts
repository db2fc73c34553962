// Shield: shield zones kept per access key, each with its custom rules and its triggered-rule
// review, seeded from the contract's examples. The update changes the zone the list shows
// (or creates it: 202); learning mode ends when the virtual clock passes learningModeUntil.
import type {
  ShieldCustomRule as GeneratedShieldCustomRule,
  ShieldCustomRuleList as GeneratedShieldCustomRuleList,
  ShieldError as GeneratedShieldError,
  ShieldErrorEnvelope as GeneratedShieldErrorEnvelope,
  ShieldPage as GeneratedShieldPage,
  ShieldTriggeredRule as GeneratedShieldTriggeredRule,
  ShieldTriggeredRulesReview as GeneratedShieldTriggeredRulesReview,
  ShieldZone as GeneratedShieldZone,
  ShieldZoneList as GeneratedShieldZoneList,
  ShieldZoneListItem as GeneratedShieldZoneListItem,
  ShieldZoneUpdateResponse as GeneratedShieldZoneUpdateResponse,
} from '@platform-contracts/contracts/shield';
import { type Clock, defineArea, type OpenApiDocument } from '../engine/area.ts';
import { describeViolations, exactIntegerQuery, integerParam, integerQuery } from '../engine/request-values.ts';
import { type CapFlags, capFlags, capMessage, capsFromFlags, contractFields, deepFreeze, picker, resolveCaps } from './state.ts';

// int64 fields as the mock holds them: exact, a bigint beyond 2^53.
type ShieldCustomRule = GeneratedShieldCustomRule<number | bigint>;
type ShieldCustomRuleList = GeneratedShieldCustomRuleList<number | bigint>;
type ShieldError = GeneratedShieldError<number | bigint>;
type ShieldErrorEnvelope = GeneratedShieldErrorEnvelope<number | bigint>;
type ShieldPage = GeneratedShieldPage<number | bigint>;
type ShieldTriggeredRule = GeneratedShieldTriggeredRule<number | bigint>;
type ShieldTriggeredRulesReview = GeneratedShieldTriggeredRulesReview<number | bigint>;
type ShieldZone = GeneratedShieldZone<number | bigint>;
type ShieldZoneList = GeneratedShieldZoneList<number | bigint>;
type ShieldZoneListItem = GeneratedShieldZoneListItem<number | bigint>;
type ShieldZoneUpdateResponse = GeneratedShieldZoneUpdateResponse<number | bigint>;

type Json = Record<string, unknown>;

interface ShieldZoneRecord {
  /** Every field the list and the update show, together (ShieldZone and ShieldZoneListItem). */
  settings: Json & { shieldZoneId: number | bigint; pullZoneId?: number | bigint; learningMode?: boolean; learningModeUntil?: string };
  customRules: ShieldCustomRule[];
  triggeredRules: ShieldTriggeredRule[];
}

export interface ShieldState {
  /** In the order the list shows them. */
  zones: ShieldZoneRecord[];
}

const CAPS = { maxShieldZones: 100 };
export type ShieldMockOptions = Partial<typeof CAPS>;
const CAP_FLAGS: CapFlags<keyof typeof CAPS> = { maxShieldZones: { flag: 'max-shield-zones', what: 'shield zones' } };

/** How long learning mode lasts when it is turned on without a learningModeUntil: 7 days (x-assumed in the contract's x-mock-state). */
const LEARNING_MODE_MS = 7 * 86_400_000;

/** The error object every successful shield answer carries. */
const SUCCESS: ShieldError = { statusCode: 200, success: true, message: '', errorKey: '' };
const failure = <Status extends 400 | 404>(status: Status, errorKey: string, message: string) => ({
  status,
  body: { data: null, error: { statusCode: status, success: false, message, errorKey } } satisfies ShieldErrorEnvelope,
});

export default defineArea<'shield', ShieldMockOptions, ShieldState>()({
  name: 'shield',
  flags: capFlags(CAP_FLAGS, CAPS),
  optionsFromFlags: (values): ShieldMockOptions => capsFromFlags(CAP_FLAGS, values),
  setup({ document, example, options }) {
    const fields = contractFields(document);
    const caps = resolveCaps('shield', CAPS, options);
    const listView = picker<ShieldZoneListItem>(propertyNames(document, 'ShieldZoneListItem'));
    const zoneView = picker<ShieldZone>(propertyNames(document, 'ShieldZone'));
    const listed = example<ShieldZoneList>('ShieldZoneListPage').data;
    const updated = example<ShieldZoneUpdateResponse>('ShieldZoneUpdated').data.shieldZone;
    const ruleTemplate = example<ShieldCustomRuleList>('ShieldCustomRuleListPage').data[0]!;
    const review = example<ShieldTriggeredRulesReview>('ShieldTriggeredRulesReviewExample').triggeredRules;
    const names = variableNames(document);
    // Rules and reviews are never written, so every namespace shares the seed's (frozen) copies.
    const seedRecords = listed.map((zone, index) => ({
      settings: { ...updated, ...zone } as ShieldZoneRecord['settings'],
      customRules: deepFreeze(exampleRules(ruleTemplate, names, zone.shieldZoneId)),
      triggeredRules: deepFreeze(index === 0 ? review : []),
    }));
    /** A zone the update creates starts as the example's basic zone. */
    const newZoneTemplate = { ...updated, ...listed.at(-1)!, learningMode: false };

    const find = (state: ShieldState, id: number | bigint) => state.zones.find((zone) => zone.settings.shieldZoneId === id);
    const zoneNotFound = (id: number | bigint) => failure(404, 'shield_zone_not_found', `shieldZoneId: no shield zone ${id}`);
    /** The zone as read at this time: learning mode is off once the clock has reached learningModeUntil (asked as such: a list may then be answered again while that holds). */
    const current = (settings: ShieldZoneRecord['settings'], clock: Pick<Clock, 'reached'>) =>
      settings.learningMode && settings.learningModeUntil && clock.reached(Date.parse(settings.learningModeUntil))
        ? { ...settings, learningMode: false }
        : settings;

    return {
      report: () => [`Shield: each access key starts with shield zones ${listed.map((zone) => zone.shieldZoneId).join(', ')}`],
      seed: (): ShieldState => ({ zones: seedRecords.map((record) => ({ ...record, settings: structuredClone(record.settings) })) }),
      importState(snapshot: unknown): ShieldState {
        const zones = (snapshot as Partial<ShieldState> | null)?.zones;
        const valid =
          Array.isArray(zones) &&
          zones.length <= caps.maxShieldZones &&
          zones.every(
            (zone) =>
              (Number.isInteger(zone?.settings?.shieldZoneId) || typeof zone?.settings?.shieldZoneId === 'bigint') &&
              Array.isArray(zone.customRules) &&
              Array.isArray(zone.triggeredRules),
          );
        if (!valid)
          throw new Error(
            `shield state is {"zones": [{"settings": {"shieldZoneId", ...}, "customRules": [], "triggeredRules": []}]}, at most ${caps.maxShieldZones} zones`,
          );
        return {
          zones: zones.map((zone) => ({
            settings: fields(['ShieldZone', 'ShieldZoneListItem', 'ShieldZoneSettings'], zone.settings),
            customRules: zone.customRules.map((rule) => fields('ShieldCustomRule', rule)),
            triggeredRules: zone.triggeredRules.map((rule) => fields('ShieldTriggeredRule', rule)),
          })),
        };
      },
      invalidRequest: (violations) => failure(400, 'invalid_request', describeViolations(violations)),
      handlers: {
        updateShieldZone(request, { state, clock }) {
          const { shieldZoneId, shieldZone } = request.body;
          let record = find(state, shieldZoneId);
          const created = !record;
          if (!record) {
            if (state.zones.length >= caps.maxShieldZones)
              return failure(400, 'limit_reached', capMessage('shield', CAP_FLAGS, 'maxShieldZones', caps.maxShieldZones));
            const pullZoneId = Math.max(0, ...state.zones.map((zone) => Number(zone.settings.pullZoneId) || 0)) + 1;
            record = { settings: { ...structuredClone(newZoneTemplate), shieldZoneId, pullZoneId }, customRules: [], triggeredRules: [] };
            state.zones.push(record);
          }
          const now = clock.now();
          const at = { reached: (time: number) => now >= time };
          const before = current(record.settings, at);
          const settings = { ...before, ...structuredClone(shieldZone), shieldZoneId };
          if (shieldZone.learningMode === true && shieldZone.learningModeUntil === undefined && !before.learningMode) {
            settings.learningModeUntil = new Date(now + LEARNING_MODE_MS).toISOString();
          }
          record.settings = settings;
          return { status: created ? 202 : 200, body: { data: { shieldZoneId, shieldZone: zoneView(current(settings, at)) }, error: SUCCESS } };
        },
        listShieldZones(request, { state, clock }) {
          const zones = state.zones.map((zone) => listView(current(zone.settings, clock)));
          const { items, page } = paginate(zones, integerQuery(request, 'page', 1), integerQuery(request, 'perPage', 10));
          return { status: 200, body: { data: items, page } };
        },
        listCustomWafRules(request, { state }) {
          const id = integerParam(request, 'shieldZoneId');
          const record = find(state, id);
          if (!record) return zoneNotFound(id);
          const { items, page } = paginate(record.customRules, integerQuery(request, 'page', 1), exactIntegerQuery(request, 'pageSize', 10));
          return { status: 200, body: { data: items, page, error: SUCCESS } };
        },
        reviewTriggeredRules(request, { state }) {
          const id = integerParam(request, 'shieldZoneId');
          const record = find(state, id);
          if (!record) return zoneNotFound(id);
          return { status: 200, body: { errorResponse: SUCCESS, triggeredRules: record.triggeredRules, totalTriggeredRules: record.triggeredRules.length } };
        },
      },
    };
  },
});

/**
 * The items on a page (numbered from 1) and the page object that describes them. `pageSize` is
 * the page size used (the answer's field says so): as asked for, up to 2^53 - 1, a page beyond
 * every list the mock can hold. Echoed beyond it, a JSON reader that reads numbers as doubles
 * (JSON.parse) read 2^63 - 1 as 2^63, which the answer's own schema (int64) refuses.
 */
function paginate<T>(all: T[], currentPage: number, pageSize: number | bigint): { items: T[]; page: ShieldPage } {
  const size = Number(pageSize > Number.MAX_SAFE_INTEGER ? Number.MAX_SAFE_INTEGER : pageSize);
  const totalPages = Math.ceil(all.length / size);
  return {
    items: all.slice((currentPage - 1) * size, currentPage * size),
    page: { totalCount: all.length, totalPages, currentPage, nextPage: currentPage < totalPages ? currentPage + 1 : 0, pageSize: size },
  };
}

function propertyNames(document: OpenApiDocument, schema: string): string[] {
  const schemas = (document.components as { schemas?: Record<string, { properties?: Json }> }).schemas;
  const names = Object.keys(schemas?.[schema]?.properties ?? {});
  if (names.length === 0) throw new Error(`the shield contract has no properties for ${schema}`);
  return names;
}

/** The variable names a rule may inspect, as the contract lists them. */
function variableNames(document: OpenApiDocument): string[] {
  const schemas = (document.components as { schemas?: Record<string, { propertyNames?: { enum?: string[] } }> }).schemas;
  const names = schemas?.ShieldWafVariableTypes?.propertyNames?.enum;
  if (!names?.length) throw new Error('the shield contract lists no ShieldWafVariableTypes names');
  return names;
}

/** The zone's custom rules: one per variable name, each shaped like the contract's example rule. */
function exampleRules(template: ShieldCustomRule, names: string[], shieldZoneId: number | bigint): ShieldCustomRule[] {
  const configuration = template.ruleConfiguration;
  return names.map((name, index) => {
    const id = index + 1;
    const ruleConfiguration = { ...configuration, variableTypes: { [name]: name.toLowerCase() }, value: `value-${id}` };
    return {
      ...template,
      id,
      shieldZoneId,
      ruleName: `Inspect ${name}`,
      ruleDescription: `Example rule ${id}: matches when ${name} equals value-${id}.`,
      ruleJson: JSON.stringify(ruleConfiguration),
      ruleConfiguration,
    };
  });
}
