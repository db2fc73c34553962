// A change as the reader makes it: a change of the rule table (rules.ts) with the operations it
// touches and where it is, and the context of the difference it was read from.
import { HTTP_METHODS } from '../openapi.ts';
import type { Change, ParameterRef } from './rules.ts';
import { isObject, type Json, type Key } from './walk.ts';

export interface Diff {
  action: 'add' | 'remove' | 'replace' | 'rename';
  type?: string;
  path: Key[];
  before?: unknown;
  after?: unknown;
}
export const METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);
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
export const isDocumenting = (key: Key | undefined) => typeof key === 'string' && (DOCUMENTING.has(key) || key.startsWith('x-') || key === '$ref');

export interface Located extends Change {
  /** The operations, as "GET /path". */
  operations: string[];
  /** api-smart-diff's path of the change, for the location and for pairing renames. */
  path: Key[];
  /** The path to locate in the after-contract (a removal: its parent). */
  locateAt: Key[];
}

export interface Context {
  before: Json;
  after: Json;
  diff: Diff;
  /** Paths renamed (api-smart-diff's `rename` of a key under `paths`): old key -> new key. */
  renamedPaths: Map<string, string>;
  /** A path of api-smart-diff's (which keeps a renamed path's old key), for reading `document`. */
  afterPath(path: Key[], document: Json): Key[];
}

export const operationName = (method: string, pathKey: string) => `${method.toUpperCase()} ${pathKey}`;

export function parameterRef(node: unknown): ParameterRef {
  const p = isObject(node) ? node : {};
  return { name: String(p.name), in: String(p.in), required: p.required === true };
}

export function requiredOf(schema: unknown): string[] {
  return isObject(schema) && Array.isArray(schema.required) ? schema.required.map(String) : [];
}

export function propertyPath(segments: string[]): string {
  return segments.reduce((text, segment) => (segment === '[]' ? `${text}[]` : text ? `${text}.${segment}` : segment), '');
}

export type Here = Pick<Located, 'operations' | 'path' | 'locateAt' | 'classified'>;
