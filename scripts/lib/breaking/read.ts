// Each of api-smart-diff's differences read as changes to named elements: operations, paths,
// operationIds, security, parameters, request bodies, responses and their media types. What a
// schema under them changed is schema-changes.ts'; what only documents is dropped.
import { type Context, type Diff, type Here, isDocumenting, type Located, METHODS, operationName, parameterRef } from './located.ts';
import type { Direction } from './rules.ts';
import { schemaChanges } from './schema-changes.ts';
import { deref, isObject, type Json, type Key, mergedParameters, nodeAt, sameParameter } from './walk.ts';

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

/** The changes one difference makes, each with the element it is about. */
export function read(context: Context): Located[] {
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
