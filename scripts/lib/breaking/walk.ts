// Walking a bundle along one of api-smart-diff's paths, through the contracts package's model
// (walkOperations: each operation and its path item) and its one `$ref` resolver (follow): the
// node a difference is about and its place in the document, an operation's parameters as
// api-smart-diff lists and pairs them, and a value-or-null schema read as the one schema it is.
import { escapePointerToken, follow, unescapePointerToken, walkOperations } from '../openapi.ts';
import { valueOrNull } from './equivalent-forms.ts';

export type Json = Record<string, unknown>;
export type Key = string | number;
export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const pointerOf = (place: Key[]) => `#/${place.map((key) => escapePointerToken(String(key))).join('/')}`;
const placeOf = (pointer: string): Key[] => (pointer === '#' ? [] : pointer.slice(2).split('/').map(unescapePointerToken));

/** Follows a node's local `$ref`s (the contracts' resolver): the node they lead to and its place in the document. */
export function deref(document: Json, node: unknown, place: Key[]): { node: unknown; place: Key[] } {
  const at = pointerOf(place);
  const { value, pointer } = follow(document, node, at);
  return { node: value, place: pointer === at || pointer === undefined ? place : placeOf(pointer) };
}

/** An operation's own parameters and its path's, each where the document has it (a `$ref` followed). */
function parameterLists(document: Json, pathKey: string, method: string) {
  const raw = walkOperations(document).find((operation) => operation.path === pathKey && operation.method === method);
  const item = raw
    ? { node: raw.pathItem, place: placeOf(raw.pointer).slice(0, -1) }
    : deref(document, (document.paths as Json | undefined)?.[pathKey], ['paths', pathKey]);
  if (!isObject(item.node)) return { own: [], shared: [] };
  const own = raw && Array.isArray(raw.operation.parameters) ? raw.operation.parameters : [];
  const shared = Array.isArray(item.node.parameters) ? item.node.parameters : [];
  const read = (list: unknown[], base: Key[]) => list.map((p, i) => deref(document, p, [...base, i]));
  return { own: read(own, [...item.place, method, 'parameters']), shared: read(shared, [...item.place, 'parameters']) };
}

const isParameter = (p: { node: unknown; place: Key[] }): p is { node: Json; place: Key[] } => isObject(p.node);

/** An operation's parameters as api-smart-diff sees them: its own, then its path's that it does not override. */
export function mergedParameters(document: Json, pathKey: string, method: string): { node: Json; place: Key[] }[] {
  const { own, shared } = parameterLists(document, pathKey, method);
  const mine = own.filter(isParameter);
  const inherited = shared.filter(isParameter).filter((p) => !mine.some((m) => m.node.name === p.node.name && m.node.in === p.node.in));
  return [...mine, ...inherited];
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
export function parameterIndexAfter(before: Json, after: Json, beforeKey: string, afterKey: string, method: string, index: number): number | undefined {
  const was = listedParameters(before, beforeKey, method).map((p) => p.node);
  const now = listedParameters(after, afterKey, method).map((p) => p.node);
  const same = sameParameter(beforeKey, afterKey);
  const paired = was.map((parameter) => now.findIndex((candidate) => same(parameter, candidate)));
  if (index < was.length) return paired[index]! < 0 ? undefined : paired[index];
  const added = now.map((_, i) => i).filter((i) => !paired.includes(i));
  return added[index - was.length];
}

/** Whether a parameter of the path `beforeKey` is one of `afterKey` (its new key, if renamed): the same place and name, a path parameter also by its position in the template. */
export function sameParameter(beforeKey: string, afterKey: string): (was: Json, now: Json) => boolean {
  const names = (key: string) => [...key.matchAll(/\{(.*?)\}/g)].map((match) => match[1]!);
  const beforeNames = names(beforeKey);
  const afterNames = names(afterKey);
  return (was, now) => was.in === now.in && (was.name === now.name || (was.in === 'path' && afterNames[beforeNames.indexOf(String(was.name))] === now.name));
}

/** Walks a path of api-smart-diff's through a document: the deepest node reached and its place. */
export function walk(document: Json, path: Key[]): { node: unknown; place: Key[]; complete: boolean } {
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
export function asOneSchema(document: Json, node: unknown): Json | undefined {
  if (!isObject(node)) return undefined;
  const resolved = withBranches(document, node);
  return valueOrNull(resolved, 'anyOf') ?? valueOrNull(resolved, 'oneOf') ?? node;
}

export const nodeAt = (document: Json, path: Key[]) => {
  const found = walk(document, path);
  return found.complete ? found.node : undefined;
};
