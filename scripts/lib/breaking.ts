// Breaking changes between two bundled contracts, as a client of the API would feel them.
// api-smart-diff classifies each change; only changes under `paths` count, because that is where
// a schema change meets its use (a narrower enum breaks a request but not a response).
// The wording is ours: api-smart-diff calls every parameter "required" and cannot see a rename,
// so a removal and an addition of the same thing under another name are paired up here.
import { apiCompare } from 'api-smart-diff';
import { isDeepStrictEqual } from 'node:util';
import { inOneForm } from './equivalent-forms.ts';
import { HTTP_METHODS } from './openapi.ts';

export interface BreakingChange {
  /** Where, as a readable JSON path: paths./library/{libraryId}/videos.post.requestBody... */
  location: string;
  description: string;
}

type Json = Record<string, unknown>;
type Path = (string | number)[];
interface Diff {
  action: string;
  type?: string;
  path: Path;
  before?: unknown;
  after?: unknown;
  description?: string;
}

const METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);

/** api-smart-diff calls removing an optional property harmless; clients that send or read it break. */
const isRemovedProperty = (diff: Diff) => diff.action === 'remove' && diff.path.at(-2) === 'properties';
const isParameter = (path: Path) => path.at(-2) === 'parameters' && typeof path.at(-1) === 'number';
const isOperation = (path: Path) => path.length === 3 && path[0] === 'paths' && METHODS.has(String(path[2]));

interface Parameter {
  name?: string;
  in?: string;
  required?: boolean;
}

const parameterText = (p: Parameter) => `${p.required ? 'required' : 'optional'} ${p.in ?? ''} parameter \`${p.name}\``.replace('  ', ' ');
const operationText = (path: Path, operation: unknown) =>
  `operation ${String(path[2]).toUpperCase()} ${path[1]}${(operation as { operationId?: string })?.operationId ? ` (${(operation as { operationId: string }).operationId})` : ''}`;

/** Where a diff is, with the operation named: "in the GET /things/{id} operation". */
const readable = (path: Path) => path.map(String).join('.');

/** api-smart-diff's own text, with its "[Removed]" tags as plain words. */
function theirWords(diff: Diff): string {
  const text = (diff.description ?? `${diff.action} at ${readable(diff.path)}`).trim();
  return text.replace(/^\[(\w+)\]\s*/, (_tag, word: string) => `${word.toLowerCase()} `);
}

const at = (document: unknown, path: Path): unknown => path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], document);

/** The change in words, right about optional and required. */
function describeOne(diff: Diff, after: Json): string {
  const { action, path } = diff;
  if (isParameter(path)) {
    const parameter = (action === 'remove' ? diff.before : diff.after) as Parameter;
    if (action === 'remove') return `removed ${parameterText(parameter)}`;
    if (action === 'add') return `new ${parameterText(parameter)}`;
  }
  if (path.at(-1) === 'required' && isParameter(path.slice(0, -1))) {
    const name = (at(after, path.slice(0, -1)) as Parameter | undefined)?.name;
    return diff.after === true ? `${name ? `parameter \`${name}\`` : 'parameter'} made required (was optional)` : `${name ? `parameter \`${name}\`` : 'parameter'} made optional (was required)`;
  }
  if (isOperation(path)) {
    if (action === 'remove') return `removed ${operationText(path, diff.before)}`;
    if (action === 'add') return `new ${operationText(path, diff.after)}`;
  }
  return theirWords(diff);
}

/** Two diffs that remove a thing and add the same thing under another name, worded as one rename. */
function pairRenames(diffs: Diff[]): { renames: { removed: Diff; added: Diff; description: string }[]; rest: Diff[] } {
  const removed = diffs.filter((d) => d.action === 'remove');
  const added = diffs.filter((d) => d.action === 'add');
  const used = new Set<Diff>();
  const renames: { removed: Diff; added: Diff; description: string }[] = [];
  for (const gone of removed) {
    for (const come of added) {
      if (used.has(come)) continue;
      const description = renameOf(gone, come);
      if (description) {
        renames.push({ removed: gone, added: come, description });
        used.add(gone).add(come);
        break;
      }
    }
  }
  return { renames, rest: diffs.filter((d) => !used.has(d)) };
}

function renameOf(gone: Diff, come: Diff): string | undefined {
  const [a, b] = [gone.path, come.path];
  // A property with the same schema under the same parent.
  if (a.at(-2) === 'properties' && b.at(-2) === 'properties' && a.length === b.length && isDeepStrictEqual(a.slice(0, -1), b.slice(0, -1)) && isDeepStrictEqual(gone.before, come.after)) {
    return `renamed property \`${a.at(-1)}\` to \`${b.at(-1)}\`${theirWords(gone).replace(/^removed property `[^`]*`/, '')}`;
  }
  // A parameter that is the same but for its name, in the same operation.
  if (isParameter(a) && isParameter(b) && isDeepStrictEqual(a.slice(0, -1), b.slice(0, -1))) {
    const before = gone.before as Parameter;
    const after = come.after as Parameter;
    if (before.name !== after.name && isDeepStrictEqual({ ...before, name: '' }, { ...after, name: '' })) {
      return `renamed ${parameterText(before)} to \`${after.name}\``;
    }
  }
  // The same operation (same method and operationId) under another path.
  if (isOperation(a) && isOperation(b) && a[2] === b[2] && a[1] !== b[1]) {
    const id = (gone.before as { operationId?: string })?.operationId;
    if (id && id === (come.after as { operationId?: string })?.operationId) {
      return `moved ${operationText(a, gone.before)} to ${String(b[2]).toUpperCase()} ${b[1]} (renamed path)`;
    }
  }
  return undefined;
}

const underPaths = (diff: Diff) => diff.path[0] === 'paths';

export function findBreakingChanges(before: Json, after: Json): BreakingChange[] {
  const diffs = (apiCompare(inOneForm(before), inOneForm(after)).diffs as Diff[]).filter(underPaths);
  const { renames, rest } = pairRenames(diffs);
  const found = new Map<string, BreakingChange>();
  // A rename breaks whoever used the old name, whatever api-smart-diff thought of the removal.
  for (const { removed, description } of renames) {
    const location = readable(removed.path);
    found.set(location, { location, description });
  }
  for (const diff of rest) {
    if (diff.type !== 'breaking' && !isRemovedProperty(diff)) continue;
    const location = readable(diff.path);
    if (!found.has(location)) found.set(location, { location, description: describeOne(diff, after) });
  }
  return [...found.values()];
}

/** Every change with its classification, for changelogs. */
export function describeChanges(before: Json, after: Json): { type: string; description: string }[] {
  const diffs = (apiCompare(inOneForm(before), inOneForm(after)).diffs as Diff[]).filter((diff) => diff.path[0] !== 'components' && diff.description);
  const { renames, rest } = pairRenames(diffs);
  const seen = new Set<string>();
  return [
    ...renames.map(({ description }) => ({ type: 'breaking', description })),
    ...rest.map((diff) => ({ type: String(diff.type), description: describeOne(diff, after) })),
  ].filter((change) => !seen.has(change.description) && seen.add(change.description));
}
