// What changed between two bundled contracts, for the people who act on it: one finding per
// change, each with its rule (scripts/lib/breaking/rules.ts: id, level, sentence), the operations
// it touches and where the contracts' sources say it. api-smart-diff finds the differences (it
// follows $refs, so a change to a shared schema shows up under each operation and media type that
// uses it); this module reads each one as a change to an element, names the element, pairs a
// removal with an addition under another name as a rename, drops what only documents (descriptions,
// examples, x- fields), and folds the copies of one change into one finding.
// Why not a whole tool from npm: oasdiff is Go; openapi-diff reads OpenAPI 3.0 only; Optic's
// rulesets know about fifteen kinds of change and bring a telemetry package; @pb33f/openapi-changes
// downloads a binary when installed. api-smart-diff reads 3.1 and follows $refs, but its own
// grading is unreliable (a response type changed from string to integer is "non-breaking"), so it
// only finds the differences here and the grading is the table's.

import { isDeepStrictEqual } from 'node:util';
import { apiCompare } from 'api-smart-diff';
import { type Change, type Direction, type Level, type Owner, type ParameterRef, RULES, type Rule, ruleFor } from './rules.ts';
import { inOneForm, valueOrNull } from './equivalent-forms.ts';
import { HTTP_METHODS } from '../openapi.ts';

export { type Change, type Level, RULES, type Rule } from './rules.ts';

type Json = Record<string, unknown>;
type Key = string | number;
interface Diff {
  action: 'add' | 'remove' | 'replace' | 'rename';
  type?: string;
  path: Key[];
  before?: unknown;
  after?: unknown;
}

export interface SourcePlace {
  file: string;
  line: number;
  col: number;
}

export interface Finding {
  rule: string;
  level: Level;
  /** The operations it concerns: "GET /library/{libraryId}/collections". */
  operations: string[];
  /** The sentence: the operations, then what changed. */
  text: string;
  /** What changed, the sentence without its operations. */
  predicate: string;
  /** Where in the after-contract (its bundle) the change is, or its nearest surviving parent. */
  bundlePath: Key[];
  /** The source file and line, when a locator was given. */
  source?: SourcePlace;
}

export interface CompareOptions {
  /** Maps a place in the after-contract's bundle to its source file and line. */
  locate?: (bundlePath: Key[]) => SourcePlace | undefined;
}

const METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);
const LEVEL_ORDER: Record<Level, number> = { error: 0, warning: 1, info: 2 };
/** Keys that only document: a change to them (or under them) is no change to the wire. */
const DOCUMENTING = new Set([
  'description',
  'summary',
  'title',
  'example',
  'examples',
  'externalDocs',
  '$comment',
  'xml',
  '$schema',
  '$id',
  'tags',
  'links',
  'callbacks',
  'servers',
  'encoding',
  'discriminator',
  'contentMediaType',
  'contentEncoding',
]);
const isDocumenting = (key: Key | undefined) => typeof key === 'string' && (DOCUMENTING.has(key) || key.startsWith('x-') || key === '$ref');
const BOUND_KEYWORDS = new Set([
  'maxLength',
  'maximum',
  'exclusiveMaximum',
  'maxItems',
  'maxProperties',
  'minLength',
  'minimum',
  'exclusiveMinimum',
  'minItems',
  'minProperties',
]);
/** Bounds an integer's format already sets: a bound written out that equals one changes nothing. */
const FORMAT_BOUNDS: Record<string, { minimum: number; maximum: number }> = {
  int32: { minimum: -(2 ** 31), maximum: 2 ** 31 - 1 },
  int64: { minimum: -(2 ** 63), maximum: 2 ** 63 - 1 },
};

// ---- reading the contracts along api-smart-diff's paths ----

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Follows internal $refs from a node: the node they lead to and its place in the document. */
function deref(document: Json, node: unknown, place: Key[]): { node: unknown; place: Key[] } {
  for (let hops = 0; hops < 20 && isObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#/'); hops++) {
    place = node.$ref
      .slice(2)
      .split('/')
      .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
    node = place.reduce<unknown>(
      (current, key) => (isObject(current) || Array.isArray(current) ? (current as Record<Key, unknown>)[key] : undefined),
      document,
    );
  }
  return { node, place };
}

/** An operation's own parameters and its path's, each where the document has it (a `$ref` followed). */
function parameterLists(document: Json, pathKey: string, method: string) {
  const item = deref(document, (document.paths as Json | undefined)?.[pathKey], ['paths', pathKey]);
  if (!isObject(item.node)) return { own: [], shared: [] };
  const operation = deref(document, item.node[method], [...item.place, method]);
  const own = isObject(operation.node) && Array.isArray(operation.node.parameters) ? operation.node.parameters : [];
  const shared = Array.isArray(item.node.parameters) ? item.node.parameters : [];
  const read = (list: unknown[], base: Key[]) => list.map((p, i) => deref(document, p, [...base, i]));
  return { own: read(own, [...operation.place, 'parameters']), shared: read(shared, [...item.place, 'parameters']) };
}

const isParameter = (p: { node: unknown; place: Key[] }): p is { node: Json; place: Key[] } => isObject(p.node);

/** An operation's parameters as api-smart-diff sees them: its own, then its path's that it does not override. */
function mergedParameters(document: Json, pathKey: string, method: string): { node: Json; place: Key[] }[] {
  const { own, shared } = parameterLists(document, pathKey, method);
  const mine = own.filter(isParameter);
  const inherited = shared.filter(isParameter).filter((p) => !mine.some((m) => m.node.name === p.node.name && m.node.in === p.node.in));
  return [...mine, ...inherited];
}

/**
 * Whether a parameter api-smart-diff reports as added to an operation is one the operation had
 * before, at its path's level or its own: an operation that declares a path's parameter again
 * (for examples of its own names) lists both, and api-smart-diff compares the one it declares
 * with the one it had (a change to its schema is reported there) and reports the path's copy,
 * now shadowed, as added.
 */
function redeclared(context: Context, listPath: Key[], added: unknown): boolean {
  const parameter = deref(context.after, added, []).node;
  if (!isObject(parameter)) return false;
  const beforeKey = String(listPath[1]);
  const same = sameParameter(beforeKey, context.renamedPaths.get(beforeKey) ?? beforeKey);
  return mergedParameters(context.before, beforeKey, String(listPath[2])).some((candidate) => same(candidate.node, parameter));
}

/**
 * An operation's parameters as api-smart-diff lists them (its transformPathItems): its own, then
 * every one of its path's, a path's parameter the operation declares again included (twice).
 * The index in a difference's path is the parameter's index in the before-contract's list.
 */
function listedParameters(document: Json, pathKey: string, method: string): { node: Json; place: Key[] }[] {
  const { own, shared } = parameterLists(document, pathKey, method);
  return [...own, ...shared].map((p) => ({ node: isObject(p.node) ? p.node : {}, place: p.place }));
}

/**
 * Where the parameter at `index` of a difference's path (api-smart-diff's index, in the
 * before-contract's list) is in the after-contract's list, as api-smart-diff pairs them (its
 * paramMappingResolver): the first after-parameter of the same place and name, a path parameter
 * also by its position in a renamed path's template. Parameters it finds no pair for are added,
 * placed after the before-list in their order. Undefined: the parameter was removed.
 */
function parameterIndexAfter(before: Json, after: Json, beforeKey: string, afterKey: string, method: string, index: number): number | undefined {
  const was = listedParameters(before, beforeKey, method).map((p) => p.node);
  const now = listedParameters(after, afterKey, method).map((p) => p.node);
  const same = sameParameter(beforeKey, afterKey);
  const paired = was.map((parameter) => now.findIndex((candidate) => same(parameter, candidate)));
  if (index < was.length) return paired[index]! < 0 ? undefined : paired[index];
  const added = now.map((_, i) => i).filter((i) => !paired.includes(i));
  return added[index - was.length];
}

/** Whether a parameter of the path `beforeKey` is one of `afterKey` (its new key, if renamed): the same place and name, a path parameter also by its position in the template. */
function sameParameter(beforeKey: string, afterKey: string): (was: Json, now: Json) => boolean {
  const names = (key: string) => [...key.matchAll(/\{(.*?)\}/g)].map((match) => match[1]!);
  const beforeNames = names(beforeKey);
  const afterNames = names(afterKey);
  return (was, now) => was.in === now.in && (was.name === now.name || (was.in === 'path' && afterNames[beforeNames.indexOf(String(was.name))] === now.name));
}

/** Walks a path of api-smart-diff's through a document: the deepest node reached and its place. */
function walk(document: Json, path: Key[]): { node: unknown; place: Key[]; complete: boolean } {
  let node: unknown = document;
  let place: Key[] = [];
  for (let i = 0; i < path.length; i++) {
    ({ node, place } = deref(document, node, place));
    const key = path[i]!;
    if (i === 3 && path[0] === 'paths' && key === 'parameters' && typeof path[4] === 'number') {
      const parameter = listedParameters(document, String(path[1]), String(path[2]))[path[4]];
      if (!parameter) return { node, place, complete: false };
      ({ node, place } = parameter);
      i++;
      continue;
    }
    let child = isObject(node) || Array.isArray(node) ? (node as Record<Key, unknown>)[key] : undefined;
    const branch = child === undefined ? nonNullBranch(document, node, place) : undefined;
    if (branch) {
      ({ node, place } = branch);
      child = (node as Json)[key];
    }
    if (child === undefined) return { node, place, complete: false };
    node = child;
    place = [...place, key];
  }
  ({ node, place } = deref(document, node, place));
  return { node, place, complete: true };
}

/** A node's `anyOf` and `oneOf` branches with their internal $refs followed (a copy). */
function withBranches(document: Json, node: Json): Json {
  const copy: Json = { ...node };
  for (const keyword of ['anyOf', 'oneOf'])
    if (Array.isArray(node[keyword])) copy[keyword] = (node[keyword] as unknown[]).map((branch) => deref(document, branch, []).node);
  return copy;
}

/**
 * The schema branch of a value-or-null written `anyOf` (or `oneOf`) of it and `{ type: 'null' }`:
 * a difference found in the one form (scripts/lib/breaking/equivalent-forms.ts: `type: [T, 'null']`) is read there.
 */
function nonNullBranch(document: Json, node: unknown, place: Key[]): { node: Json; place: Key[] } | undefined {
  if (!isObject(node)) return undefined;
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const resolved = withBranches(document, node);
    if (!valueOrNull(resolved, keyword)) continue;
    const index = (resolved[keyword] as unknown[]).findIndex((branch) => !(isObject(branch) && branch.type === 'null'));
    const found = deref(document, (node[keyword] as unknown[])[index], [...place, keyword, index]);
    if (isObject(found.node)) return { node: found.node, place: found.place };
  }
  return undefined;
}

/** A schema as the breaking check reads its keywords: a value-or-null as the one schema it is. */
function asOneSchema(document: Json, node: unknown): Json | undefined {
  if (!isObject(node)) return undefined;
  const resolved = withBranches(document, node);
  return valueOrNull(resolved, 'anyOf') ?? valueOrNull(resolved, 'oneOf') ?? node;
}

const nodeAt = (document: Json, path: Key[]) => {
  const found = walk(document, path);
  return found.complete ? found.node : undefined;
};

// ---- each difference as changes to named elements ----

interface Located extends Change {
  /** The operations, as "GET /path". */
  operations: string[];
  /** api-smart-diff's path of the change, for the location and for pairing renames. */
  path: Key[];
  /** The path to locate in the after-contract (a removal: its parent). */
  locateAt: Key[];
}

interface Context {
  before: Json;
  after: Json;
  diff: Diff;
  /** Paths renamed (api-smart-diff's `rename` of a key under `paths`): old key -> new key. */
  renamedPaths: Map<string, string>;
  /** A path of api-smart-diff's (which keeps a renamed path's old key), for reading `document`. */
  afterPath(path: Key[], document: Json): Key[];
}

const operationName = (method: string, pathKey: string) => `${method.toUpperCase()} ${pathKey}`;

function parameterRef(node: unknown): ParameterRef {
  const p = isObject(node) ? node : {};
  return { name: String(p.name), in: String(p.in), required: p.required === true };
}

function requiredOf(schema: unknown): string[] {
  return isObject(schema) && Array.isArray(schema.required) ? schema.required.map(String) : [];
}

function propertyPath(segments: string[]): string {
  return segments.reduce((text, segment) => (segment === '[]' ? `${text}[]` : text ? `${text}.${segment}` : segment), '');
}

/** The changes one difference makes, each with the element it is about. */
function read(context: Context): Located[] {
  const { diff, after } = context;
  const { path, action } = diff;
  if (path[0] !== 'paths') return [];
  // A path key renamed: the same operations under a new template.
  if (action === 'rename' && path.length === 1) {
    const item = nodeAt(after, ['paths', String(diff.after)]);
    const methods = isObject(item) ? Object.keys(item).filter((key) => METHODS.has(key)) : [];
    return [
      {
        action,
        kind: 'path-renamed',
        before: diff.before,
        after: diff.after,
        operations: methods.map((m) => operationName(m, String(diff.after))),
        path,
        locateAt: ['paths', String(diff.after)],
      },
    ];
  }
  const pathKey = String(path[1]);
  const afterKey = context.renamedPaths.get(pathKey) ?? pathKey;
  const afterPath = (p: Key[]) => context.afterPath(p, after);
  const locateAt = afterPath(action === 'remove' ? path.slice(0, -1) : path);
  const base = { path, locateAt, classified: diff.type };

  // A whole path item added or removed: each of its operations.
  if (path.length === 2) {
    const item = (action === 'remove' ? diff.before : diff.after) as Json | undefined;
    if (!isObject(item) || action === 'replace') return [];
    return Object.entries(item)
      .filter(([key]) => METHODS.has(key))
      .map(([method, operation]) => operationChange(action, method, pathKey, operation, { ...base, path: [...path, method] }));
  }
  const method = String(path[2]);
  if (!METHODS.has(method)) return [];
  const operations = [operationName(method, afterKey)];
  const rest = path.slice(3);
  const operationPath = path.slice(0, 3);
  const here = { ...base, operations };
  if (rest.length === 0) return action === 'replace' ? [] : [operationChange(action, method, pathKey, action === 'remove' ? diff.before : diff.after, base)];
  const [section, ...inner] = rest;
  if (isDocumenting(section)) return [];
  switch (section) {
    case 'operationId':
      return [{ ...here, action, kind: 'operation-id', before: diff.before, after: diff.after }];
    case 'deprecated':
      return [{ ...here, action, kind: 'deprecated', after: (nodeAt(after, afterPath(operationPath)) as Json | undefined)?.deprecated === true }];
    case 'security':
      return securityChanges(context, here, inner, operationPath, afterPath);
    case 'parameters':
      return parameterChanges(context, here, inner, [...operationPath, 'parameters']);
    case 'requestBody':
      return requestBodyChanges(context, here, inner, [...operationPath, 'requestBody']);
    case 'responses':
      return responseChanges(context, here, inner, [...operationPath, 'responses']);
    default:
      return [];
  }
}

function operationChange(
  action: Diff['action'],
  method: string,
  pathKey: string,
  operation: unknown,
  base: { path: Key[]; locateAt: Key[]; classified?: string },
): Located {
  const op = isObject(operation) ? operation : {};
  return {
    ...base,
    action,
    kind: 'operation',
    operations: [operationName(method, pathKey)],
    operationId: typeof op.operationId === 'string' ? op.operationId : undefined,
    deprecated: op.deprecated === true,
  };
}

type Here = Pick<Located, 'operations' | 'path' | 'locateAt' | 'classified'>;

function securityChanges({ diff, before, after }: Context, here: Here, inner: Key[], operationPath: Key[], afterPath: (p: Key[]) => Key[]): Located[] {
  const whole = (document: Json, p: Key[]) => (nodeAt(document, p) as Json | undefined)?.security;
  if (inner.length === 0) return [{ ...here, action: diff.action, kind: 'security', whole: true, before: diff.before, after: diff.after }];
  if (inner.length === 1 && diff.action !== 'replace') return [{ ...here, action: diff.action, kind: 'security', before: diff.before, after: diff.after }];
  return [{ ...here, action: 'replace', kind: 'security', before: whole(before, operationPath), after: whole(after, afterPath(operationPath)) }];
}

function parameterChanges(context: Context, here: Here, inner: Key[], listPath: Key[]): Located[] {
  const { diff, before, after } = context;
  // The whole list added or removed: each parameter in it.
  if (inner.length === 0) {
    const list = (diff.action === 'remove' ? diff.before : diff.after) as unknown[];
    const document = diff.action === 'remove' ? before : after;
    return (Array.isArray(list) ? list : [])
      .filter((p) => diff.action !== 'add' || !redeclared(context, listPath, p))
      .map((p) => ({
        ...here,
        action: diff.action,
        kind: 'parameter' as const,
        parameter: parameterRef(deref(document, p, []).node),
      }));
  }
  const [index, field, ...deeper] = inner;
  const parameterPath = [...listPath, index!];
  const beforeParameter = nodeAt(before, parameterPath);
  const afterParameter = nodeAt(after, context.afterPath(parameterPath, after));
  if (field === undefined) {
    if (diff.action === 'replace') {
      return [
        { ...here, action: 'remove', kind: 'parameter', parameter: parameterRef(deref(before, diff.before, []).node) },
        { ...here, action: 'add', kind: 'parameter', parameter: parameterRef(deref(after, diff.after, []).node) },
      ];
    }
    if (diff.action === 'add' && redeclared(context, listPath, diff.after)) return [];
    const node = diff.action === 'remove' ? deref(before, diff.before, []).node : deref(after, diff.after, []).node;
    return [{ ...here, action: diff.action, kind: 'parameter', parameter: parameterRef(node) }];
  }
  const parameter = parameterRef(afterParameter ?? beforeParameter);
  if (isDocumenting(field) || field === 'deprecated') return [];
  if (field === 'required')
    return [{ ...here, action: diff.action, kind: 'parameter-required', parameter, after: (afterParameter as Json | undefined)?.required === true }];
  if (field === 'name') {
    // A path parameter renamed with its path: the same request on the wire (api-path-parameter-renamed says it).
    if (parameterRef(beforeParameter).in === 'path') return [];
    return [{ ...here, action: 'replace', kind: 'parameter-renamed', parameter: parameterRef(beforeParameter), renamedTo: String(diff.after) }];
  }
  if (field === 'schema') return schemaChanges(context, { ...here, direction: 'request', owner: 'parameter', parameter }, deeper, [...parameterPath, 'schema']);
  if (field === 'content' && deeper.length >= 2 && deeper[1] === 'schema') {
    return schemaChanges(context, { ...here, direction: 'request', owner: 'parameter', parameter }, deeper.slice(2), [
      ...parameterPath,
      'content',
      deeper[0]!,
      'schema',
    ]);
  }
  return [
    {
      ...here,
      action: diff.action,
      kind: 'parameter-serialization',
      parameter,
      keyword: String(field),
      before: (beforeParameter as Json | undefined)?.[field as string],
      after: (afterParameter as Json | undefined)?.[field as string],
    },
  ];
}

function mediaTypeChanges(diff: Diff, here: Here & { direction: Direction; status?: string }, inner: Key[]): Located[] | undefined {
  // `content` itself, or one media type of it, added or removed.
  if (inner.length === 0 && diff.action !== 'replace') {
    const content = (diff.action === 'remove' ? diff.before : diff.after) as Json | undefined;
    return Object.keys(isObject(content) ? content : {}).map((mediaType) => ({ ...here, action: diff.action, kind: 'media-type' as const, mediaType }));
  }
  if (inner.length === 1 && diff.action !== 'replace') return [{ ...here, action: diff.action, kind: 'media-type', mediaType: String(inner[0]) }];
  return undefined;
}

function requestBodyChanges(context: Context, here: Here, inner: Key[], bodyPath: Key[]): Located[] {
  const { diff, before, after } = context;
  if (inner.length === 0) {
    if (diff.action === 'replace') return [];
    const body = deref(diff.action === 'remove' ? before : after, diff.action === 'remove' ? diff.before : diff.after, []).node as Json | undefined;
    return [{ ...here, action: diff.action, kind: 'request-body', required: body?.required === true }];
  }
  const [field, ...deeper] = inner;
  if (field === 'required')
    return [{ ...here, action: diff.action, kind: 'request-body-required', after: (nodeAt(after, bodyPath) as Json | undefined)?.required === true }];
  if (field !== 'content') return [];
  const request = { ...here, direction: 'request' as const };
  const media = mediaTypeChanges(diff, request, deeper);
  if (media) return media;
  const [mediaType, part, ...schemaPath] = deeper;
  if (part !== 'schema') return [];
  return schemaChanges(context, { ...request, owner: 'body', mediaType: String(mediaType) }, schemaPath, [...bodyPath, 'content', mediaType!, 'schema']);
}

function responseChanges(context: Context, here: Here, inner: Key[], responsesPath: Key[]): Located[] {
  const { diff, before, after } = context;
  if (inner.length === 0) {
    const responses = (diff.action === 'remove' ? diff.before : diff.after) as Json | undefined;
    return diff.action === 'replace'
      ? []
      : Object.keys(isObject(responses) ? responses : {}).map((status) => ({ ...here, action: diff.action, kind: 'response' as const, status }));
  }
  const [statusKey, field, ...deeper] = inner;
  const status = String(statusKey);
  const responsePath = [...responsesPath, status];
  if (field === undefined) return diff.action === 'replace' ? [] : [{ ...here, action: diff.action, kind: 'response', status }];
  const response = { ...here, direction: 'response' as const, status };
  if (field === 'content') {
    const media = mediaTypeChanges(diff, response, deeper);
    if (media) return media;
    const [mediaType, part, ...schemaPath] = deeper;
    if (part !== 'schema') return [];
    return schemaChanges(context, { ...response, owner: 'body', mediaType: String(mediaType) }, schemaPath, [...responsePath, 'content', mediaType!, 'schema']);
  }
  if (field !== 'headers') return [];
  const headerNode = (document: Json, name: Key) => nodeAt(document, [...responsePath, 'headers', name]) as Json | undefined;
  if (deeper.length === 0) {
    const headers = (diff.action === 'remove' ? diff.before : diff.after) as Json | undefined;
    const document = diff.action === 'remove' ? before : after;
    return Object.entries(isObject(headers) ? headers : {}).map(([header, node]) => ({
      ...response,
      action: diff.action,
      kind: 'header' as const,
      header,
      required: (deref(document, node, []).node as Json | undefined)?.required === true,
    }));
  }
  const [name, headerField, ...schemaPath] = deeper;
  const header = String(name);
  if (headerField === undefined) {
    const node = diff.action === 'remove' ? headerNode(before, name!) : headerNode(after, name!);
    return diff.action === 'replace' ? [] : [{ ...response, action: diff.action, kind: 'header', header, required: node?.required === true }];
  }
  if (headerField === 'required')
    return [{ ...response, action: diff.action, kind: 'header-required', header, after: headerNode(after, name!)?.required === true }];
  if (headerField !== 'schema') return [];
  return schemaChanges(context, { ...response, owner: 'header', header }, schemaPath, [...responsePath, 'headers', name!, 'schema']);
}

type SchemaHere = Here & { direction: Direction; owner: Owner; parameter?: ParameterRef; status?: string; mediaType?: string; header?: string };

const impliedBound = (schema: Json | undefined, keyword: string): number | undefined => {
  const value = schema?.[keyword];
  if (typeof value === 'number') return value;
  if (value !== undefined) return undefined;
  const byFormat = FORMAT_BOUNDS[String(schema?.format)];
  return byFormat && (keyword === 'minimum' || keyword === 'maximum') ? byFormat[keyword] : undefined;
};

/** Type names in order, `null` last: "integer or null". */
const byTypeName = (a: string, b: string) => Number(a === 'null') - Number(b === 'null') || a.localeCompare(b);

/** The JSON types a schema allows, through its anyOf and oneOf branches. */
function effectiveTypes(document: Json, schema: unknown, depth = 0): string[] {
  const node = deref(document, schema, []).node;
  if (!isObject(node) || depth > 10) return ['any'];
  const branches = [node.anyOf, node.oneOf].find(Array.isArray) as unknown[] | undefined;
  if (branches) return [...new Set(branches.flatMap((branch) => effectiveTypes(document, branch, depth + 1)))].sort(byTypeName);
  const all = Array.isArray(node.allOf)
    ? (node.allOf as unknown[]).map((part) => effectiveTypes(document, part, depth + 1)).find((types) => !types.includes('any'))
    : undefined;
  if (node.type !== undefined) return (Array.isArray(node.type) ? node.type.map(String) : [String(node.type)]).sort(byTypeName);
  return all ?? ['any'];
}

/** The change of a schema's types, when api-smart-diff's rewriting is all that differs otherwise. */
function typesOf(context: Context, here: SchemaHere, holder: Key[], property: string): Located[] {
  const [was, is] = [
    effectiveTypes(context.before, nodeAt(context.before, holder)),
    effectiveTypes(context.after, nodeAt(context.after, context.afterPath(holder, context.after))),
  ];
  if (isDeepStrictEqual(was, is)) return [];
  return [
    {
      ...here,
      property,
      action: 'replace',
      kind: 'keyword',
      keyword: 'type',
      before: was.length === 1 ? was[0] : was,
      after: is.length === 1 ? is[0] : is,
      locateAt: context.afterPath(holder, context.after),
    },
  ];
}

/** A difference inside a schema: the property it is about (through properties, items and branches) and the keyword. */
function schemaChanges(context: Context, here: SchemaHere, schemaPath: Key[], schemaRoot: Key[]): Located[] {
  const { diff, before, after } = context;
  const segments: string[] = [];
  /** The path in the contracts themselves: without the allOf that api-smart-diff adds while it compares. */
  const real: Key[] = [...schemaRoot];
  let i = 0;
  for (; i < schemaPath.length; i++) {
    const key = schemaPath[i]!;
    if (key === 'properties' && i + 2 < schemaPath.length) {
      segments.push(String(schemaPath[i + 1]));
      real.push(key, schemaPath[++i]!);
    } else if (key === 'items' && i + 1 < schemaPath.length) {
      segments.push('[]');
      real.push(key);
    } else if (key === 'additionalProperties' && i + 1 < schemaPath.length) {
      segments.push('*');
      real.push(key);
    } else if ((key === 'oneOf' || key === 'anyOf' || key === 'allOf') && i + 1 < schemaPath.length) {
      // api-smart-diff writes `type: X` as `anyOf: [X]`, and a schema with siblings as an `allOf`,
      // while it compares. A branch list that is not in both contracts is its rewriting: an allOf is
      // looked through; for an anyOf or oneOf, what changed is the types the schema allows.
      const inBoth = [before, after].every((document) => Array.isArray((nodeAt(document, context.afterPath(real, document)) as Json | undefined)?.[key]));
      if (!inBoth && key !== 'allOf') return typesOf(context, here, real, propertyPath(segments));
      if (!inBoth) {
        i++;
        continue;
      }
      if (i + 2 >= schemaPath.length) break;
      real.push(key, schemaPath[++i]!);
    } else break;
  }
  const keyword = schemaPath[i];
  const tail = schemaPath.slice(i + 1);
  const schemaBefore = asOneSchema(before, nodeAt(before, real));
  const schemaAfter = asOneSchema(after, nodeAt(after, context.afterPath(real, after)));
  const property = propertyPath(segments);
  const changed = [...real, ...schemaPath.slice(i)];
  const at = { ...here, property, locateAt: context.afterPath(diff.action === 'remove' ? changed.slice(0, -1) : changed, after) };
  if (keyword === undefined) return [{ ...at, action: diff.action, kind: 'keyword', keyword: 'schema', before: diff.before, after: diff.after }];
  if (isDocumenting(keyword) || keyword === 'deprecated') return [];

  // A property added, removed or renamed: `properties/<name>`.
  if (keyword === 'properties' && tail.length === 1) {
    const name = String(tail[0]);
    const path = propertyPath([...segments, name]);
    if (diff.action === 'replace')
      return [{ ...at, property: path, action: 'replace', kind: 'keyword', keyword: 'schema', before: diff.before, after: diff.after }];
    const required = requiredOf(diff.action === 'remove' ? schemaBefore : schemaAfter).includes(name);
    return [{ ...at, property: path, action: diff.action, kind: 'property', required, before: diff.before, after: diff.after }];
  }
  if (keyword === 'properties' && tail.length === 0) {
    const entries = Object.keys(
      isObject(diff.action === 'remove' ? diff.before : diff.after) ? ((diff.action === 'remove' ? diff.before : diff.after) as Json) : {},
    );
    const list = requiredOf(diff.action === 'remove' ? schemaBefore : schemaAfter);
    return diff.action === 'replace'
      ? []
      : entries.map((name) => ({
          ...at,
          property: propertyPath([...segments, name]),
          action: diff.action,
          kind: 'property' as const,
          required: list.includes(name),
        }));
  }
  // `required`: the names that became required or optional.
  if (keyword === 'required') {
    const [was, is] = [requiredOf(schemaBefore), requiredOf(schemaAfter)];
    const names = tail.length === 0 ? [...new Set([...was, ...is])] : [String(diff.after ?? diff.before)];
    const moves: Located[] = [];
    for (const name of names) {
      if (is.includes(name) && !was.includes(name)) moves.push({ ...at, property: propertyPath([...segments, name]), action: 'add', kind: 'required' });
      if (was.includes(name) && !is.includes(name)) moves.push({ ...at, property: propertyPath([...segments, name]), action: 'remove', kind: 'required' });
    }
    if (tail.length === 1 && diff.action === 'replace') {
      return [String(diff.before), String(diff.after)].flatMap((name) =>
        is.includes(name) === was.includes(name)
          ? []
          : [
              {
                ...at,
                property: propertyPath([...segments, name]),
                action: is.includes(name) ? ('add' as const) : ('remove' as const),
                kind: 'required' as const,
              },
            ],
      );
    }
    return moves;
  }
  const keywordChange = (values: Partial<Located>): Located => ({ ...at, action: diff.action, kind: 'keyword', keyword: String(keyword), ...values });
  if (keyword === 'enum') {
    // api-smart-diff lists a whole enum added or removed value by value: it is one change.
    const [was, is] = [schemaBefore?.enum, schemaAfter?.enum];
    if (Array.isArray(was) !== Array.isArray(is)) {
      const enumPlace = context.afterPath(Array.isArray(is) ? [...real, 'enum'] : real, after);
      return [keywordChange({ action: Array.isArray(is) ? 'add' : 'remove', whole: true, before: was, after: is, locateAt: enumPlace })];
    }
    if (tail.length === 0) {
      if (diff.action === 'replace') {
        const [was, is] = [diff.before, diff.after].map((list) => (Array.isArray(list) ? list : []));
        return [
          ...was!.filter((v) => !is!.some((w) => isDeepStrictEqual(v, w))).map((v) => keywordChange({ action: 'remove', before: v, after: undefined })),
          ...is!.filter((v) => !was!.some((w) => isDeepStrictEqual(v, w))).map((v) => keywordChange({ action: 'add', before: undefined, after: v })),
        ];
      }
      return [keywordChange({ whole: true, before: diff.before, after: diff.after })];
    }
    if (diff.action === 'replace')
      return [
        keywordChange({ action: 'remove', before: diff.before, after: undefined }),
        keywordChange({ action: 'add', before: undefined, after: diff.after }),
      ];
    return [keywordChange({ before: diff.before, after: diff.after })];
  }
  if (keyword === 'type') return [keywordChange({ action: 'replace', before: schemaBefore?.type, after: schemaAfter?.type })];
  if (BOUND_KEYWORDS.has(String(keyword))) {
    const [was, is] = [impliedBound(schemaBefore, String(keyword)), impliedBound(schemaAfter, String(keyword))];
    if (was === is) return [];
    return [keywordChange({ before: was, after: is })];
  }
  if ((keyword === 'oneOf' || keyword === 'anyOf') && tail.length === 1) return [keywordChange({ before: diff.before, after: diff.after })];
  if (['format', 'pattern', 'default', 'additionalProperties'].includes(String(keyword)))
    return [keywordChange({ before: schemaBefore?.[keyword as string], after: schemaAfter?.[keyword as string] })];
  return [keywordChange({ before: diff.before, after: diff.after })];
}

// ---- renames: a removal and an addition of the same thing under another name ----

function pairRenames(changes: Located[]): Located[] {
  const used = new Set<Located>();
  const paired: Located[] = [];
  const removed = changes.filter((c) => c.action === 'remove');
  const added = changes.filter((c) => c.action === 'add');
  for (const gone of removed) {
    for (const come of added) {
      if (used.has(come) || used.has(gone)) continue;
      const rename = renameOf(gone, come);
      if (rename) {
        paired.push(rename);
        used.add(gone).add(come);
      }
    }
  }
  return [...paired, ...changes.filter((c) => !used.has(c))];
}

function renameOf(gone: Located, come: Located): Located | undefined {
  const sameParent = isDeepStrictEqual(gone.path.slice(0, -1), come.path.slice(0, -1));
  if (gone.kind === 'property' && come.kind === 'property' && sameParent && isDeepStrictEqual(gone.before, come.after)) {
    return { ...gone, kind: 'property-renamed', action: 'replace', renamedTo: String(come.path.at(-1)), locateAt: come.path };
  }
  if (gone.kind === 'parameter' && come.kind === 'parameter' && isDeepStrictEqual(gone.operations, come.operations)) {
    const [a, b] = [gone.parameter!, come.parameter!];
    if (a.name !== b.name && a.in === b.in && a.required === b.required)
      return { ...gone, kind: 'parameter-renamed', action: 'replace', renamedTo: b.name, locateAt: come.path };
  }
  if (gone.kind === 'operation' && come.kind === 'operation' && gone.operationId && gone.operationId === come.operationId) {
    const [method] = gone.operations[0]!.split(' ');
    if (come.operations[0]!.startsWith(`${method} `))
      return { ...gone, kind: 'operation-moved', action: 'replace', renamedTo: come.operations[0], locateAt: come.locateAt };
  }
  return undefined;
}

/** A property added or removed with its `required` entry is one change, not two. */
function withoutRequiredOfAddedProperties(changes: Located[]): Located[] {
  const key = (c: Located) => JSON.stringify([c.operations, c.direction, c.owner, c.status, c.mediaType, c.header, c.parameter?.name, c.property]);
  const addedOrRemoved = new Set(changes.filter((c) => c.kind === 'property').map(key));
  return changes.filter((c) => c.kind !== 'required' || !addedOrRemoved.has(key(c)));
}

// ---- findings ----

export function compareContracts(before: Json, after: Json, options: CompareOptions = {}): Finding[] {
  // api-smart-diff changes what it is given (it merges allOf in place): it gets copies.
  const diffs = (apiCompare(inOneForm(before), inOneForm(after)).diffs as Diff[]).filter((diff) => diff.path[0] === 'paths');
  const renamedPaths = new Map(diffs.filter((d) => d.action === 'rename' && d.path.length === 1).map((d) => [String(d.before), String(d.after)]));
  // A path of api-smart-diff's read in the after-contract: a renamed path's new key, and a
  // parameter's index in the after-contract's list (api-smart-diff's is in the before-contract's).
  const afterPath = (path: Key[], document: Json): Key[] => {
    if (document !== after || path[0] !== 'paths' || path.length < 2) return path;
    const beforeKey = String(path[1]);
    const afterKey = renamedPaths.get(beforeKey) ?? beforeKey;
    const moved = ['paths', afterKey, ...path.slice(2)];
    if (path[3] !== 'parameters' || typeof path[4] !== 'number' || !METHODS.has(String(path[2]))) return moved;
    const index = parameterIndexAfter(before, after, beforeKey, afterKey, String(path[2]), path[4]);
    return index === undefined ? moved.slice(0, 4) : [...moved.slice(0, 4), index, ...moved.slice(5)];
  };
  const changes = withoutRequiredOfAddedProperties(pairRenames(diffs.flatMap((diff) => read({ diff, before, after, renamedPaths, afterPath }))));
  const folded = new Map<string, Finding & { change: Change; ruleOf: Rule }>();
  for (const change of changes) {
    const rule = ruleFor(change);
    if (!rule) throw new Error(`no rule for the change ${JSON.stringify(change)} (scripts/lib/breaking/rules.ts)`);
    const bundlePath = walk(after, change.locateAt).place;
    const source = options.locate?.(bundlePath);
    const where = source ? `${source.file}:${source.line}:${source.col}` : bundlePath.join('/');
    const key = `${rule.id}\u0000${rule.text(change, '\u0001')}\u0000${where}`;
    const found = folded.get(key);
    if (found) {
      for (const operation of change.operations) if (!found.operations.includes(operation)) found.operations.push(operation);
    } else {
      folded.set(key, {
        rule: rule.id,
        level: rule.level,
        operations: [...change.operations],
        text: '',
        predicate: '',
        bundlePath,
        source,
        change,
        ruleOf: rule,
      });
    }
  }
  const findings = [...folded.values()].map(({ change, ruleOf, ...finding }) => {
    const operations = finding.operations.sort(compareOperations);
    const text = ruleOf.text(change, operations.join(', '));
    return { ...finding, operations, text, predicate: text.slice(operations.join(', ').length + 1) };
  });
  return sortFindings(findings);
}

const sortFindings = (findings: Finding[]) =>
  findings.sort((a, b) => LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] || compareOperations(a.operations[0]!, b.operations[0]!) || a.text.localeCompare(b.text));

/** The findings with one sentence folded into one, wherever their sources are (for changelogs, which show no source). */
export function foldAcrossSources(findings: Finding[]): Finding[] {
  const byWords = new Map<string, Finding>();
  for (const finding of findings) {
    const key = `${finding.rule}\u0000${finding.predicate}`;
    const found = byWords.get(key);
    if (!found) {
      byWords.set(key, { ...finding, operations: [...finding.operations] });
      continue;
    }
    for (const operation of finding.operations) if (!found.operations.includes(operation)) found.operations.push(operation);
    found.operations.sort(compareOperations);
    found.text = `${found.operations.join(', ')} ${found.predicate}`;
    found.source = undefined;
  }
  return sortFindings([...byWords.values()]);
}

function compareOperations(a: string, b: string): number {
  const [ma = '', pa = ''] = a.split(' ');
  const [mb = '', pb = ''] = b.split(' ');
  return pa.localeCompare(pb) || HTTP_METHODS.indexOf(ma.toLowerCase() as never) - HTTP_METHODS.indexOf(mb.toLowerCase() as never);
}

/** The findings that break a client of the before-contract (level error). */
export const breakingOf = (findings: Finding[]) => findings.filter((f) => f.level === 'error');

/** One line, as `pnpm lint` shows its findings: file:line:col  level  rule  sentence. */
export function formatFinding(finding: Finding, relative: (file: string) => string = (file) => file): string {
  const where = finding.source ? `${relative(finding.source.file)}:${finding.source.line}:${finding.source.col}` : finding.bundlePath.join('/');
  return `${where}  ${finding.level}  ${finding.rule}  ${finding.text}`;
}

export const RULE_IDS: readonly string[] = RULES.map((rule) => rule.id);
