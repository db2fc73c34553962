// Breaking changes between two bundled contracts, as a client of the API would feel them.
// api-smart-diff classifies each change; only changes under `paths` count, because that is where
// a schema change meets its use (a narrower enum breaks a request but not a response).
import { apiCompare } from 'api-smart-diff';

export interface BreakingChange {
  /** Where, as a readable JSON path: paths./library/{libraryId}/videos.post.requestBody... */
  location: string;
  description: string;
}

type Json = Record<string, unknown>;

/** api-smart-diff calls removing an optional property harmless; clients that send or read it break. */
const isRemovedProperty = (diff: { action: string; path: (string | number)[] }) =>
  diff.action === 'remove' && diff.path.at(-2) === 'properties';

export function findBreakingChanges(before: Json, after: Json): BreakingChange[] {
  const { diffs } = apiCompare(before, after);
  const found = new Map<string, BreakingChange>();
  for (const diff of diffs) {
    if (diff.path[0] !== 'paths' || (diff.type !== 'breaking' && !isRemovedProperty(diff))) continue;
    const location = diff.path.map(String).join('.');
    found.set(location, { location, description: (diff.description ?? `${diff.action} at ${location}`).trim() });
  }
  return [...found.values()];
}

/** Every change with its classification, for changelogs. */
export function describeChanges(before: Json, after: Json): { type: string; description: string }[] {
  const seen = new Set<string>();
  return apiCompare(before, after)
    .diffs.filter((diff) => diff.path[0] !== 'components' && diff.description)
    .map((diff) => ({ type: String(diff.type), description: diff.description!.trim() }))
    .filter((change) => !seen.has(change.description) && seen.add(change.description));
}
