// Shield: the update answers the configuration it was sent; the lists answer the page the
// request asks for, over fixed sets of example zones and example custom rules.
import { defineArea, describeViolations, integerQuery, type OpenApiDocument } from '../area.ts';

interface ShieldPage {
  totalCount: number;
  totalPages: number;
  currentPage: number;
  nextPage: number;
  pageSize: number;
}

type Json = Record<string, unknown>;

/** The error object every successful shield answer carries. */
const SUCCESS = { statusCode: 200, success: true, message: '', errorKey: '' };

export default defineArea({
  name: 'shield',
  setup({ document, example }) {
    const zones = example<{ data: Json[] }>('ShieldZoneListPage').data;
    const ruleTemplate = example<{ data: Json[] }>('ShieldCustomRuleListPage').data[0]!;
    const rulesOf = (shieldZoneId: number) => exampleRules(ruleTemplate, variableNames(document), shieldZoneId);

    return {
      invalidRequest: (violations) => ({
        status: 400,
        body: { data: null, error: { statusCode: 400, success: false, message: describeViolations(violations), errorKey: 'invalid_request' } },
      }),
      handlers: {
        updateShieldZone(request) {
          const { shieldZoneId, shieldZone } = request.body as { shieldZoneId: number; shieldZone: Json };
          const updated = example<{ data: { shieldZone: Json } }>('ShieldZoneUpdated');
          return {
            status: 200,
            body: { data: { shieldZoneId, shieldZone: { ...updated.data.shieldZone, ...shieldZone, shieldZoneId } }, error: SUCCESS },
          };
        },
        listShieldZones(request) {
          const { items, page } = paginate(zones, integerQuery(request, 'page', 1), integerQuery(request, 'perPage', 10));
          return { status: 200, body: { data: items, page } };
        },
        listCustomWafRules(request) {
          const rules = rulesOf(Number(request.params.shieldZoneId));
          const { items, page } = paginate(rules, integerQuery(request, 'page', 1), integerQuery(request, 'pageSize', 10));
          return { status: 200, body: { data: items, page, error: SUCCESS } };
        },
      },
    };
  },
});

/** The items on a page (numbered from 1) and the page object that describes them. */
export function paginate<T>(all: T[], currentPage: number, pageSize: number): { items: T[]; page: ShieldPage } {
  const totalPages = Math.ceil(all.length / pageSize);
  return {
    items: all.slice((currentPage - 1) * pageSize, currentPage * pageSize),
    page: { totalCount: all.length, totalPages, currentPage, nextPage: currentPage < totalPages ? currentPage + 1 : 0, pageSize },
  };
}

/** The variable names a rule may inspect, as the contract lists them. */
function variableNames(document: OpenApiDocument): string[] {
  const schemas = (document.components as { schemas?: Record<string, { propertyNames?: { enum?: string[] } }> }).schemas;
  const names = schemas?.ShieldWafVariableTypes?.propertyNames?.enum;
  if (!names?.length) throw new Error('the shield contract lists no ShieldWafVariableTypes names');
  return names;
}

/** The zone's custom rules: one per variable name, each shaped like the contract's example rule. */
function exampleRules(template: Json, names: string[], shieldZoneId: number): Json[] {
  const configuration = template.ruleConfiguration as Json;
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
