// The one table of what a change to a contract means for its clients: each kind of change has a
// stable id (oasdiff's where oasdiff has the same check), a level and its sentence. `error` fails
// `pnpm check:breaking` and makes a release major; `warning` may break some clients and is shown;
// `info` is a compatible change, for the changelogs. Where a level differs from oasdiff's it is
// because the client is typed: code that names a removed parameter or property stops compiling.
//
// The bound, enum, type, format and pattern families are written once and spread over the places
// a schema sits (a request parameter, the request body or one of its properties, a response body
// or one of its properties, a response header): a request breaks when it is narrowed, an answer
// when it is widened.

export type Level = 'error' | 'warning' | 'info';
export type Direction = 'request' | 'response';
/** Where a schema sits: the parameter's, the body's (or one of its properties), a response header's. */
export type Owner = 'parameter' | 'body' | 'header';

export interface ParameterRef {
  name: string;
  in: string;
  required: boolean;
}

/** One change, as read from the two contracts (scripts/lib/breaking/compare.ts makes them). */
export interface Change {
  action: 'add' | 'remove' | 'replace' | 'rename';
  kind:
    | 'operation'
    | 'operation-moved'
    | 'path-renamed'
    | 'operation-id'
    | 'deprecated'
    | 'security'
    | 'parameter'
    | 'parameter-renamed'
    | 'parameter-required'
    | 'parameter-serialization'
    | 'request-body'
    | 'request-body-required'
    | 'media-type'
    | 'response'
    | 'header'
    | 'header-required'
    | 'property'
    | 'property-renamed'
    | 'required'
    | 'keyword';
  direction?: Direction;
  owner?: Owner;
  parameter?: ParameterRef;
  status?: string;
  mediaType?: string;
  header?: string;
  /** The property's path in its schema ('items[].guid'); '' for the schema itself. */
  property?: string;
  /** For kind 'keyword': minLength, enum, type, ... */
  keyword?: string;
  /** The values: a keyword's before and after, the enum value or security requirement added or removed. */
  before?: unknown;
  after?: unknown;
  /** Whether the parameter, property or header added or removed is required; a security list's depth. */
  required?: boolean;
  /** A renamed thing's new name; a moved operation's new path. */
  renamedTo?: string;
  /** A removed operation was deprecated first. */
  deprecated?: boolean;
  operationId?: string;
  /** Security or an enum: the whole list, or one alternative or value of it. */
  whole?: boolean;
  /** api-smart-diff's own classification, for the changes no row of the table names. */
  classified?: string;
}

export interface Rule {
  id: string;
  level: Level;
  matches(change: Change): boolean;
  /** The sentence; `ops` is the operations it concerns ("GET /things, POST /things"). */
  text(change: Change, ops: string): string;
}

const quote = (value: unknown) => (typeof value === 'string' ? `'${value}'` : JSON.stringify(value));
const isSuccess = (status = '') => /^2/.test(status);

/** The element a schema change is about, in words: "the request property 'title'". */
function elementName(c: Change): string {
  const property = c.property ?? '';
  if (c.owner === 'parameter') {
    const parameter = `the ${c.parameter?.in} parameter '${c.parameter?.name}'`;
    return property ? `the property '${property}' of ${parameter}` : parameter;
  }
  if (c.owner === 'header') return `the ${c.status} response header '${c.header}'`;
  if (c.direction === 'request') return property ? `the request property '${property}'` : 'the request body';
  return property ? `the property '${property}' of the ${c.status} response` : `the ${c.status} response body`;
}

/** The subject part of a rule id: request-parameter, request-property, response-body, ... */
function subjectOf(c: Change): string | undefined {
  if (c.owner === 'parameter') return c.property ? undefined : 'request-parameter';
  if (c.owner === 'header') return c.property ? undefined : 'response-header';
  if (c.direction === 'request') return c.property ? 'request-property' : 'request-body';
  if (c.direction === 'response') return c.property ? 'response-property' : 'response-body';
  return undefined;
}

const SUBJECTS = ['request-parameter', 'request-body', 'request-property', 'response-body', 'response-property', 'response-header'] as const;
type Subject = (typeof SUBJECTS)[number];
const directionOf = (subject: Subject): Direction => (subject.startsWith('request') ? 'request' : 'response');
const keywordChange = (subject: Subject, keyword: string, c: Change) => c.kind === 'keyword' && c.keyword === keyword && subjectOf(c) === subject;

// ---- bounds: a request breaks when a bound tightens, an answer when it loosens ----

type BoundMove = 'set' | 'unset' | 'increased' | 'decreased';
const BOUNDS: { keyword: string; id: string; upper: boolean }[] = [
  { keyword: 'maxLength', id: 'max-length', upper: true },
  { keyword: 'maximum', id: 'max', upper: true },
  { keyword: 'exclusiveMaximum', id: 'exclusive-max', upper: true },
  { keyword: 'maxItems', id: 'max-items', upper: true },
  { keyword: 'maxProperties', id: 'max-properties', upper: true },
  { keyword: 'minLength', id: 'min-length', upper: false },
  { keyword: 'minimum', id: 'min', upper: false },
  { keyword: 'exclusiveMinimum', id: 'exclusive-min', upper: false },
  { keyword: 'minItems', id: 'min-items', upper: false },
  { keyword: 'minProperties', id: 'min-properties', upper: false },
];

/** How a bound moved; undefined when it did not (or is not a number). */
function boundMove(c: Change): BoundMove | undefined {
  const [before, after] = [c.before, c.after];
  if (before === undefined && typeof after === 'number') return 'set';
  if (typeof before === 'number' && after === undefined) return 'unset';
  if (typeof before === 'number' && typeof after === 'number' && before !== after) return after > before ? 'increased' : 'decreased';
  return undefined;
}

function boundLevel(direction: Direction, upper: boolean, move: BoundMove): Level {
  const tightens = move === 'set' || (upper ? move === 'decreased' : move === 'increased');
  if (direction === 'request') return !tightens ? 'info' : move === 'set' ? 'warning' : 'error';
  return tightens ? 'info' : 'error';
}

function boundText(keyword: string, move: BoundMove, c: Change, ops: string): string {
  const element = elementName(c);
  if (move === 'set') return `${ops} set the ${keyword} of ${element} to ${c.after}`;
  if (move === 'unset') return `${ops} removed the ${keyword} (${c.before}) of ${element}`;
  return `${ops} ${move === 'increased' ? 'raised' : 'lowered'} the ${keyword} of ${element} from ${c.before} to ${c.after}`;
}

const boundRules: Rule[] = SUBJECTS.flatMap((subject) =>
  BOUNDS.flatMap(({ keyword, id, upper }) =>
    (['set', 'unset', 'increased', 'decreased'] as const).map(
      (move): Rule => ({
        id: `${subject}-${id}-${move}`,
        level: boundLevel(directionOf(subject), upper, move),
        matches: (c) => keywordChange(subject, keyword, c) && boundMove(c) === move,
        text: (c, ops) => boundText(keyword, move, c, ops),
      }),
    ),
  ),
);

// ---- enums, types, formats, patterns, defaults, closed objects, branches ----

const request = (subject: Subject) => directionOf(subject) === 'request';

/** The JSON types a `type` keyword allows, with integer inside number. */
function typeSet(type: unknown): Set<string> {
  const list = Array.isArray(type) ? type.map(String) : type === undefined ? ['any'] : [String(type)];
  return new Set(list);
}
const covers = (wide: Set<string>, narrow: Set<string>) => wide.has('any') || [...narrow].every((t) => wide.has(t) || (t === 'integer' && wide.has('number')));
function typeMove(c: Change): 'generalized' | 'specialized' | 'changed' | undefined {
  const [before, after] = [typeSet(c.before), typeSet(c.after)];
  if (covers(after, before) && covers(before, after)) return undefined;
  if (covers(after, before)) return 'generalized';
  if (covers(before, after)) return 'specialized';
  return 'changed';
}
const typeWords = (type: unknown) => [...typeSet(type)].join(' or ');

const valueRules: Rule[] = SUBJECTS.flatMap((subject): Rule[] => [
  {
    id: `${subject}-enum-value-removed`,
    level: request(subject) ? 'error' : 'info',
    matches: (c) => keywordChange(subject, 'enum', c) && c.action === 'remove' && c.whole !== true,
    text: (c, ops) => `${ops} removed the value ${quote(c.before)} from the enum of ${elementName(c)}`,
  },
  {
    id: `${subject}-enum-value-added`,
    level: request(subject) ? 'info' : 'warning',
    matches: (c) => keywordChange(subject, 'enum', c) && c.action === 'add' && c.whole !== true,
    text: (c, ops) => `${ops} added the value ${quote(c.after)} to the enum of ${elementName(c)}`,
  },
  {
    id: `${subject}-became-enum`,
    level: request(subject) ? 'error' : 'info',
    matches: (c) => keywordChange(subject, 'enum', c) && c.action === 'add' && c.whole === true,
    text: (c, ops) => `${ops} restricted ${elementName(c)} to the values ${(c.after as unknown[]).map(quote).join(', ')}`,
  },
  {
    id: `${subject}-enum-removed`,
    level: request(subject) ? 'info' : 'warning',
    matches: (c) => keywordChange(subject, 'enum', c) && c.action === 'remove' && c.whole === true,
    text: (c, ops) => `${ops} no longer restricts ${elementName(c)} to a list of values`,
  },
  ...(['generalized', 'specialized', 'changed'] as const).map(
    (move): Rule => ({
      id: `${subject}-type-${move}`,
      level: move === 'changed' ? 'error' : (move === 'specialized') === request(subject) ? 'error' : 'info',
      matches: (c) => keywordChange(subject, 'type', c) && typeMove(c) === move,
      text: (c, ops) =>
        move === 'changed'
          ? `${ops} changed the type of ${elementName(c)} from ${typeWords(c.before)} to ${typeWords(c.after)}`
          : `${ops} ${move === 'generalized' ? 'widened' : 'narrowed'} the type of ${elementName(c)} from ${typeWords(c.before)} to ${typeWords(c.after)}`,
    }),
  ),
  {
    id: `${subject}-format-changed`,
    level: 'error',
    matches: (c) => keywordChange(subject, 'format', c) && c.before !== undefined && c.after !== undefined,
    text: (c, ops) => `${ops} changed the format of ${elementName(c)} from ${quote(c.before)} to ${quote(c.after)}`,
  },
  {
    id: `${subject}-format-set`,
    level: request(subject) ? 'warning' : 'info',
    matches: (c) => keywordChange(subject, 'format', c) && c.before === undefined,
    text: (c, ops) => `${ops} set the format of ${elementName(c)} to ${quote(c.after)}`,
  },
  {
    id: `${subject}-format-unset`,
    level: request(subject) ? 'info' : 'warning',
    matches: (c) => keywordChange(subject, 'format', c) && c.after === undefined,
    text: (c, ops) => `${ops} removed the format ${quote(c.before)} of ${elementName(c)}`,
  },
  {
    id: `${subject}-pattern-added`,
    level: request(subject) ? 'error' : 'info',
    matches: (c) => keywordChange(subject, 'pattern', c) && c.before === undefined,
    text: (c, ops) => `${ops} added the pattern ${quote(c.after)} to ${elementName(c)}`,
  },
  {
    id: `${subject}-pattern-changed`,
    level: 'warning',
    matches: (c) => keywordChange(subject, 'pattern', c) && c.before !== undefined && c.after !== undefined,
    text: (c, ops) => `${ops} changed the pattern of ${elementName(c)} from ${quote(c.before)} to ${quote(c.after)}`,
  },
  {
    id: `${subject}-pattern-removed`,
    level: request(subject) ? 'info' : 'warning',
    matches: (c) => keywordChange(subject, 'pattern', c) && c.after === undefined,
    text: (c, ops) => `${ops} removed the pattern ${quote(c.before)} of ${elementName(c)}`,
  },
  {
    id: `${subject}-default-value-changed`,
    level: request(subject) ? 'warning' : 'info',
    matches: (c) => keywordChange(subject, 'default', c),
    text: (c, ops) =>
      c.before === undefined
        ? `${ops} gave ${elementName(c)} the default ${quote(c.after)}`
        : c.after === undefined
          ? `${ops} removed the default ${quote(c.before)} of ${elementName(c)}`
          : `${ops} changed the default of ${elementName(c)} from ${quote(c.before)} to ${quote(c.after)}`,
  },
  {
    id: `${subject}-additional-properties-restricted`,
    level: request(subject) ? 'warning' : 'info',
    matches: (c) => keywordChange(subject, 'additionalProperties', c) && c.after === false,
    text: (c, ops) => `${ops} no longer allows properties that ${elementName(c)} does not list`,
  },
  {
    id: `${subject}-additional-properties-allowed`,
    level: request(subject) ? 'info' : 'warning',
    matches: (c) => keywordChange(subject, 'additionalProperties', c) && c.after !== false,
    text: (c, ops) => `${ops} allows properties that ${elementName(c)} does not list`,
  },
  ...(['oneOf', 'anyOf'] as const).flatMap((keyword): Rule[] => [
    {
      id: `${subject}-${keyword.toLowerCase().replace('of', '-of')}-added`,
      level: request(subject) ? 'info' : 'error',
      matches: (c) => keywordChange(subject, keyword, c) && c.action === 'add',
      text: (c, ops) => `${ops} added ${keyword === 'anyOf' ? 'an' : 'a'} ${keyword} branch to ${elementName(c)}`,
    },
    {
      id: `${subject}-${keyword.toLowerCase().replace('of', '-of')}-removed`,
      level: request(subject) ? 'error' : 'info',
      matches: (c) => keywordChange(subject, keyword, c) && c.action === 'remove',
      text: (c, ops) => `${ops} removed ${keyword === 'anyOf' ? 'an' : 'a'} ${keyword} branch of ${elementName(c)}`,
    },
  ]),
]);

// ---- properties: added, removed, renamed, required or not ----

const propertyRules: Rule[] = [
  {
    id: 'request-property-removed',
    level: 'error',
    matches: (c) => c.kind === 'property' && c.direction === 'request' && c.action === 'remove',
    text: (c, ops) => `${ops} removed the ${c.required ? 'required' : 'optional'} request property '${c.property}'`,
  },
  {
    id: 'new-required-request-property',
    level: 'error',
    matches: (c) => c.kind === 'property' && c.direction === 'request' && c.action === 'add' && c.required === true,
    text: (c, ops) => `${ops} added the required request property '${c.property}'`,
  },
  {
    id: 'new-optional-request-property',
    level: 'info',
    matches: (c) => c.kind === 'property' && c.direction === 'request' && c.action === 'add' && c.required !== true,
    text: (c, ops) => `${ops} added the optional request property '${c.property}'`,
  },
  {
    id: 'response-required-property-removed',
    level: 'error',
    matches: (c) => c.kind === 'property' && c.direction === 'response' && c.action === 'remove' && c.required === true,
    text: (c, ops) => `${ops} removed the required property '${c.property}' from the ${c.status} response`,
  },
  {
    id: 'response-optional-property-removed',
    level: 'warning',
    matches: (c) => c.kind === 'property' && c.direction === 'response' && c.action === 'remove' && c.required !== true,
    text: (c, ops) => `${ops} removed the optional property '${c.property}' from the ${c.status} response`,
  },
  {
    id: 'response-required-property-added',
    level: 'info',
    matches: (c) => c.kind === 'property' && c.direction === 'response' && c.action === 'add' && c.required === true,
    text: (c, ops) => `${ops} added the required property '${c.property}' to the ${c.status} response`,
  },
  {
    id: 'response-optional-property-added',
    level: 'info',
    matches: (c) => c.kind === 'property' && c.direction === 'response' && c.action === 'add' && c.required !== true,
    text: (c, ops) => `${ops} added the optional property '${c.property}' to the ${c.status} response`,
  },
  {
    id: 'request-property-renamed',
    level: 'error',
    matches: (c) => c.kind === 'property-renamed' && c.direction === 'request',
    text: (c, ops) => `${ops} renamed the request property '${c.property}' to '${c.renamedTo}'`,
  },
  {
    id: 'response-property-renamed',
    level: 'error',
    matches: (c) => c.kind === 'property-renamed' && c.direction === 'response',
    text: (c, ops) => `${ops} renamed the property '${c.property}' of the ${c.status} response to '${c.renamedTo}'`,
  },
  {
    id: 'request-property-became-required',
    level: 'error',
    matches: (c) => c.kind === 'required' && c.direction === 'request' && c.action === 'add',
    text: (c, ops) => `${ops} made the request property '${c.property}' required`,
  },
  {
    id: 'request-property-became-optional',
    level: 'info',
    matches: (c) => c.kind === 'required' && c.direction === 'request' && c.action === 'remove',
    text: (c, ops) => `${ops} made the request property '${c.property}' optional`,
  },
  {
    id: 'response-property-became-optional',
    level: 'error',
    matches: (c) => c.kind === 'required' && c.direction === 'response' && c.action === 'remove',
    text: (c, ops) => `${ops} made the property '${c.property}' of the ${c.status} response optional`,
  },
  {
    id: 'response-property-became-required',
    level: 'info',
    matches: (c) => c.kind === 'required' && c.direction === 'response' && c.action === 'add',
    text: (c, ops) => `${ops} made the property '${c.property}' of the ${c.status} response required`,
  },
];

// ---- operations, parameters, bodies, media types, answers, headers, security ----

const parameterWords = (p: ParameterRef | undefined) => `${p?.required ? 'required' : 'optional'} ${p?.in} parameter '${p?.name}'`;

const structureRules: Rule[] = [
  {
    id: 'api-removed-without-deprecation',
    level: 'error',
    matches: (c) => c.kind === 'operation' && c.action === 'remove' && !c.deprecated,
    text: (c, ops) => `${ops} was removed (operationId ${c.operationId ?? 'none'})`,
  },
  {
    id: 'api-removed-with-deprecation',
    level: 'warning',
    matches: (c) => c.kind === 'operation' && c.action === 'remove' && c.deprecated === true,
    text: (c, ops) => `${ops} was removed after its deprecation (operationId ${c.operationId ?? 'none'})`,
  },
  {
    id: 'endpoint-added',
    level: 'info',
    matches: (c) => c.kind === 'operation' && c.action === 'add',
    text: (c, ops) => `${ops} was added (operationId ${c.operationId ?? 'none'})`,
  },
  {
    id: 'api-path-changed',
    level: 'error',
    matches: (c) => c.kind === 'operation-moved',
    text: (c, ops) => `${ops} moved to ${c.renamedTo} (operationId ${c.operationId})`,
  },
  {
    id: 'api-path-parameter-renamed',
    level: 'warning',
    matches: (c) => c.kind === 'path-renamed',
    text: (c, ops) => `${ops} renamed the path ${c.before} to ${c.after} (only its parameters' names)`,
  },
  {
    id: 'api-operation-id-changed',
    level: 'warning',
    matches: (c) => c.kind === 'operation-id',
    text: (c, ops) => `${ops} changed its operationId from ${quote(c.before)} to ${quote(c.after)}`,
  },
  {
    id: 'api-deprecated',
    level: 'info',
    matches: (c) => c.kind === 'deprecated' && c.after === true,
    text: (_c, ops) => `${ops} was deprecated`,
  },
  {
    id: 'api-reactivated',
    level: 'info',
    matches: (c) => c.kind === 'deprecated' && c.after !== true,
    text: (_c, ops) => `${ops} is no longer deprecated`,
  },
  {
    id: 'api-security-added',
    level: 'error',
    matches: (c) => c.kind === 'security' && c.whole === true && c.action === 'add',
    text: (c, ops) => `${ops} now requires ${securityWords(c.after)}`,
  },
  {
    id: 'api-security-removed',
    level: 'info',
    matches: (c) => c.kind === 'security' && c.whole === true && c.action === 'remove',
    text: (c, ops) => `${ops} no longer requires ${securityWords(c.before)}`,
  },
  {
    id: 'api-security-alternative-added',
    level: 'info',
    matches: (c) => c.kind === 'security' && c.whole !== true && c.action === 'add',
    text: (c, ops) => `${ops} also accepts ${securityWords([c.after])}`,
  },
  {
    id: 'api-security-alternative-removed',
    level: 'error',
    matches: (c) => c.kind === 'security' && c.whole !== true && c.action === 'remove',
    text: (c, ops) => `${ops} no longer accepts ${securityWords([c.before])}`,
  },
  {
    id: 'api-security-changed',
    level: 'warning',
    matches: (c) => c.kind === 'security' && c.action === 'replace',
    text: (c, ops) => `${ops} changed its security from ${securityWords(c.before)} to ${securityWords(c.after)}`,
  },
  {
    id: 'request-parameter-removed',
    level: 'error',
    matches: (c) => c.kind === 'parameter' && c.action === 'remove',
    text: (c, ops) => `${ops} removed the ${parameterWords(c.parameter)}`,
  },
  {
    id: 'new-required-request-parameter',
    level: 'error',
    matches: (c) => c.kind === 'parameter' && c.action === 'add' && c.parameter?.required === true,
    text: (c, ops) => `${ops} added the ${parameterWords(c.parameter)}`,
  },
  {
    id: 'new-optional-request-parameter',
    level: 'info',
    matches: (c) => c.kind === 'parameter' && c.action === 'add' && c.parameter?.required !== true,
    text: (c, ops) => `${ops} added the ${parameterWords(c.parameter)}`,
  },
  {
    id: 'request-parameter-renamed',
    level: 'error',
    matches: (c) => c.kind === 'parameter-renamed',
    text: (c, ops) => `${ops} renamed the ${parameterWords(c.parameter)} to '${c.renamedTo}'`,
  },
  {
    id: 'request-parameter-became-required',
    level: 'error',
    matches: (c) => c.kind === 'parameter-required' && c.after === true,
    text: (c, ops) => `${ops} made the ${c.parameter?.in} parameter '${c.parameter?.name}' required`,
  },
  {
    id: 'request-parameter-became-optional',
    level: 'info',
    matches: (c) => c.kind === 'parameter-required' && c.after !== true,
    text: (c, ops) => `${ops} made the ${c.parameter?.in} parameter '${c.parameter?.name}' optional`,
  },
  {
    id: 'request-parameter-serialization-changed',
    level: 'warning',
    matches: (c) => c.kind === 'parameter-serialization',
    text: (c, ops) =>
      `${ops} changed how the ${c.parameter?.in} parameter '${c.parameter?.name}' is written (${c.keyword}: ${quote(c.before ?? 'default')} to ${quote(c.after ?? 'default')})`,
  },
  {
    id: 'request-body-removed',
    level: 'error',
    matches: (c) => c.kind === 'request-body' && c.action === 'remove',
    text: (_c, ops) => `${ops} removed the request body`,
  },
  {
    id: 'request-body-added-required',
    level: 'error',
    matches: (c) => c.kind === 'request-body' && c.action === 'add' && c.required === true,
    text: (_c, ops) => `${ops} added a required request body`,
  },
  {
    id: 'request-body-added-optional',
    level: 'info',
    matches: (c) => c.kind === 'request-body' && c.action === 'add' && c.required !== true,
    text: (_c, ops) => `${ops} added an optional request body`,
  },
  {
    id: 'request-body-became-required',
    level: 'error',
    matches: (c) => c.kind === 'request-body-required' && c.after === true,
    text: (_c, ops) => `${ops} made the request body required`,
  },
  {
    id: 'request-body-became-optional',
    level: 'info',
    matches: (c) => c.kind === 'request-body-required' && c.after !== true,
    text: (_c, ops) => `${ops} made the request body optional`,
  },
  {
    id: 'request-body-media-type-removed',
    level: 'error',
    matches: (c) => c.kind === 'media-type' && c.direction === 'request' && c.action === 'remove',
    text: (c, ops) => `${ops} removed the media type '${c.mediaType}' from the request body`,
  },
  {
    id: 'request-body-media-type-added',
    level: 'info',
    matches: (c) => c.kind === 'media-type' && c.direction === 'request' && c.action === 'add',
    text: (c, ops) => `${ops} added the media type '${c.mediaType}' to the request body`,
  },
  {
    id: 'response-media-type-removed',
    level: 'error',
    matches: (c) => c.kind === 'media-type' && c.direction === 'response' && c.action === 'remove',
    text: (c, ops) => `${ops} removed the media type '${c.mediaType}' from the ${c.status} response`,
  },
  {
    id: 'response-media-type-added',
    level: 'info',
    matches: (c) => c.kind === 'media-type' && c.direction === 'response' && c.action === 'add',
    text: (c, ops) => `${ops} added the media type '${c.mediaType}' to the ${c.status} response`,
  },
  {
    id: 'response-success-status-removed',
    level: 'error',
    matches: (c) => c.kind === 'response' && c.action === 'remove' && isSuccess(c.status),
    text: (c, ops) => `${ops} removed the success response ${c.status}`,
  },
  {
    id: 'response-non-success-status-removed',
    level: 'warning',
    matches: (c) => c.kind === 'response' && c.action === 'remove' && !isSuccess(c.status),
    text: (c, ops) => `${ops} removed the non-success response ${c.status}`,
  },
  {
    id: 'response-success-status-added',
    level: 'info',
    matches: (c) => c.kind === 'response' && c.action === 'add' && isSuccess(c.status),
    text: (c, ops) => `${ops} added the success response ${c.status}`,
  },
  {
    id: 'response-non-success-status-added',
    level: 'info',
    matches: (c) => c.kind === 'response' && c.action === 'add' && !isSuccess(c.status),
    text: (c, ops) => `${ops} added the non-success response ${c.status}`,
  },
  {
    id: 'response-required-header-removed',
    level: 'error',
    matches: (c) => c.kind === 'header' && c.action === 'remove' && c.required === true,
    text: (c, ops) => `${ops} removed the required header '${c.header}' from the ${c.status} response`,
  },
  {
    id: 'response-optional-header-removed',
    level: 'warning',
    matches: (c) => c.kind === 'header' && c.action === 'remove' && c.required !== true,
    text: (c, ops) => `${ops} removed the optional header '${c.header}' from the ${c.status} response`,
  },
  {
    id: 'response-header-added',
    level: 'info',
    matches: (c) => c.kind === 'header' && c.action === 'add',
    text: (c, ops) => `${ops} added the ${c.required ? 'required' : 'optional'} header '${c.header}' to the ${c.status} response`,
  },
  {
    id: 'response-header-became-optional',
    level: 'error',
    matches: (c) => c.kind === 'header-required' && c.after !== true,
    text: (c, ops) => `${ops} made the header '${c.header}' of the ${c.status} response optional`,
  },
  {
    id: 'response-header-became-required',
    level: 'info',
    matches: (c) => c.kind === 'header-required' && c.after === true,
    text: (c, ops) => `${ops} made the header '${c.header}' of the ${c.status} response required`,
  },
];

function securityWords(requirements: unknown): string {
  const list = (Array.isArray(requirements) ? requirements : []) as Record<string, string[]>[];
  const scheme = (name: string, scopes: string[] | undefined) =>
    `'${name}'${scopes && scopes.length > 0 ? ` with the scopes ${scopes.map((s) => `'${s}'`).join(', ')}` : ''}`;
  const alternatives = list.map(
    (requirement) =>
      Object.entries(requirement)
        .map(([name, scopes]) => scheme(name, scopes))
        .join(' and ') || 'no credential',
  );
  return alternatives.length === 0 ? 'no credential' : alternatives.join(' or ');
}

/** Any other schema keyword: graded as api-smart-diff grades it, so that nothing passes unseen. */
const fallbackRules: Rule[] = [
  {
    id: 'schema-keyword-changed-breaking',
    level: 'error',
    matches: (c) => c.kind === 'keyword' && c.classified === 'breaking',
    text: (c, ops) => `${ops} changed the ${c.keyword} of ${elementName(c)} from ${quote(c.before ?? 'none')} to ${quote(c.after ?? 'none')}`,
  },
  {
    id: 'schema-keyword-changed',
    level: 'warning',
    matches: (c) => c.kind === 'keyword',
    text: (c, ops) => `${ops} changed the ${c.keyword} of ${elementName(c)} from ${quote(c.before ?? 'none')} to ${quote(c.after ?? 'none')}`,
  },
];

/** Every rule, the first that matches a change names it. */
export const RULES: readonly Rule[] = [...structureRules, ...propertyRules, ...boundRules, ...valueRules, ...fallbackRules];

export const ruleFor = (change: Change): Rule | undefined => RULES.find((rule) => rule.matches(change));
