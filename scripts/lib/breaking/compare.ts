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

import { apiCompare } from 'api-smart-diff';
import { inOneForm } from './equivalent-forms.ts';
import { compareOperations, type Finding, pairRenames, type SourcePlace, sortFindings, withoutRequiredOfAddedProperties } from './findings.ts';
import { type Diff, METHODS } from './located.ts';
import { read } from './read.ts';
import { type Change, type Rule, ruleFor } from './rules.ts';
import { type Json, type Key, parameterIndexAfter, walk } from './walk.ts';

export { type Finding, foldAcrossSources, formatFinding } from './findings.ts';
export { type Level, RULES } from './rules.ts';

export interface CompareOptions {
  /** Maps a place in the after-contract's bundle to its source file and line. */
  locate?: (bundlePath: Key[]) => SourcePlace | undefined;
}
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
