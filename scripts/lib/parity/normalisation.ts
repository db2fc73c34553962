// What normalisation does to each contract element, declared once: what the contracts say
// (formats, `x-sensitive`) gives most of it, this table the rest. Every entry says why; a test
// resolves each pointer in its bundle, so an entry that no longer names an element fails.
import { type Element, resolved } from './elements.ts';

/**
 * `reference`: a value the platform makes up per run (an id, a token, a baton) becomes
 * `<Kind:n>`, and the same value keeps the same reference within a cassette, so an id that
 * should come back unchanged is still checked. `shape`: a value that changes every run (a time)
 * becomes `<Kind>` when it has the element's format, and stays as it is (a difference) when not.
 * `skip`: the value is not compared (`<skipped>`), for the reason given.
 */
export type Rule =
  | { kind: 'reference'; name: string; reason: string; secret?: boolean }
  | { kind: 'shape'; name: string; reason: string; test: (value: unknown) => boolean }
  | { kind: 'skip'; reason: string };

export interface HandRule {
  area: string;
  /** The element: a JSON Pointer into the area's bundle. */
  pointer: string;
  rule: Rule;
}

const id = (name: string, what: string): Rule => ({ kind: 'reference', name, reason: `${what}: the platform makes it up for each call that creates one` });

const BASE_URL: Rule = {
  kind: 'shape',
  name: 'BaseUrl',
  reason: 'where the stream continues: a host of the target’s own',
  test: (v) => v === null || typeof v === 'string',
};

/** What the contracts cannot say: ids without a format, the pipeline's stream handles. */
export const HAND_TABLE: readonly HandRule[] = [
  { area: 'video', pointer: '#/components/schemas/VideoModel/properties/guid', rule: id('VideoGuid', "a video's guid") },
  { area: 'video', pointer: '#/components/schemas/Collection/properties/guid', rule: id('CollectionGuid', "a collection's guid") },
  { area: 'video', pointer: '#/components/schemas/VideoModel/properties/thumbnailFileName', rule: id('ThumbnailFile', "a video's thumbnail file name") },
  { area: 'containers', pointer: '#/components/schemas/ContainerTemplate/properties/id', rule: id('ContainerTemplateId', "a container template's id") },
  { area: 'containers', pointer: '#/components/schemas/ContainerTemplate/properties/packageId', rule: id('ContainerPackageId', "a template's package id") },
  {
    area: 'containers',
    pointer: '#/components/schemas/ContainerProblemDetails/properties/id',
    rule: { kind: 'skip', reason: 'the id of one failure in the platform’s logs; the mock has none to match' },
  },
  { area: 'database', pointer: '#/components/schemas/IssuedDatabaseToken/properties/id', rule: id('DatabaseTokenId', "a token's id") },
  { area: 'database', pointer: '#/components/schemas/DatabaseToken/properties/id', rule: id('DatabaseTokenId', "a token's id") },
  {
    area: 'database',
    pointer: '#/components/schemas/IssuedDatabaseToken/properties/token',
    rule: { kind: 'reference', name: 'DatabaseToken', reason: 'a token’s secret value: never written, referred to', secret: true },
  },
  {
    area: 'database',
    pointer: '#/components/schemas/PipelineResponse/properties/baton',
    rule: { kind: 'reference', name: 'Baton', reason: 'a stream handle the server makes up; the next request of the stream sends it back' },
  },
  {
    area: 'database',
    pointer: '#/components/schemas/PipelineResponseV3/properties/baton',
    rule: { kind: 'reference', name: 'Baton', reason: 'a stream handle the server makes up; the next request of the stream sends it back' },
  },
  ...['PipelineResponseV3', 'PipelineResponse'].map((schema) => ({
    area: 'database',
    pointer: `#/components/schemas/${schema}/properties/base_url`,
    rule: BASE_URL,
  })),
  {
    area: 'database',
    pointer: '#/components/schemas/StmtResult/properties/query_duration_ms',
    rule: { kind: 'shape', name: 'Duration', reason: 'how long the statement took: another time on every run', test: (v) => typeof v === 'number' && v >= 0 },
  },
  {
    area: 'database',
    pointer: '#/components/schemas/DatabaseTokensIssued/properties/database_url',
    rule: { kind: 'shape', name: 'DatabaseUrl', reason: 'the database’s URL on the target’s own host', test: isUrl },
  },
  {
    area: 'database',
    pointer: '#/components/schemas/DatabaseTokensInvalidated/properties/database_url',
    rule: { kind: 'shape', name: 'DatabaseUrl', reason: 'the database’s URL on the target’s own host', test: isUrl },
  },
];

/**
 * Answers the contract gives no schema to walk (a cursor's lines of JSON, read as an array of
 * lines): rules by operation and JSON path (`*` for any index or key), each with its reason.
 */
export const PATH_TABLE: readonly { operationId: string; path: string; rule: Rule }[] = [
  {
    operationId: 'runCursor',
    path: '/0/baton',
    rule: { kind: 'reference', name: 'Baton', reason: 'the cursor’s first line holds the stream handle the server makes up' },
  },
  {
    operationId: 'runCursor',
    path: '/0/base_url',
    rule: {
      kind: 'shape',
      name: 'BaseUrl',
      reason: 'where the stream continues: a host of the target’s own',
      test: (v) => v === null || typeof v === 'string',
    },
  },
];

/** The path table's rule for a path of an answer without a schema. */
export function pathRuleOf(operationId: string, tokens: readonly string[]): Rule | undefined {
  return PATH_TABLE.find((entry) => {
    const pattern = entry.path.split('/').slice(1);
    return entry.operationId === operationId && pattern.length === tokens.length && pattern.every((p, i) => p === '*' || p === tokens[i]);
  })?.rule;
}

function isUrl(value: unknown): boolean {
  return typeof value === 'string' && URL.canParse(value);
}
const isDateTime = (value: unknown) => typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i.test(value);

/** The rule the contract itself gives an element (its format, `x-sensitive`), if any. */
export function derivedRule(area: string, element: Element): Rule | undefined {
  const { node, pointer } = resolved(area, element);
  if (!node || typeof node !== 'object') return undefined;
  if (node['x-sensitive'] === true || node.format === 'password') {
    return { kind: 'reference', name: secretName(element.pointer), reason: 'the contract marks it secret (x-sensitive, format: password)', secret: true };
  }
  if (node.format === 'date-time') return { kind: 'shape', name: 'DateTime', reason: `format: date-time (${pointer}): the time of the call`, test: isDateTime };
  return undefined;
}

/** `#/components/schemas/PullZoneAccessControl/properties/ZoneSecurityKey` -> `ZoneSecurityKey`. */
const secretName = (pointer: string) => (pointer.split('/').at(-1) ?? 'Secret').replace(/^./, (c) => c.toUpperCase());

const byPointer = new Map(HAND_TABLE.map((entry) => [`${entry.area}${entry.pointer}`, entry.rule]));

/** The rule of an element: the hand table's, else the contract's. */
export function ruleOf(area: string, element: Element): Rule | undefined {
  return byPointer.get(`${area}${element.pointer}`) ?? byPointer.get(`${area}${resolved(area, element).pointer}`) ?? derivedRule(area, element);
}
