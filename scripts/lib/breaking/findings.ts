// From changes to findings: a removal and an addition of the same thing under another name paired
// as a rename; the order findings are shown in, one sentence folded across its sources (for the
// changelogs), one line as `pnpm lint` shows its findings.
import { isDeepStrictEqual } from 'node:util';
import { HTTP_METHODS } from '../openapi.ts';
import type { Located } from './located.ts';
import type { Level } from './rules.ts';
import type { Key } from './walk.ts';

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
const LEVEL_ORDER: Record<Level, number> = { error: 0, warning: 1, info: 2 };
export function pairRenames(changes: Located[]): Located[] {
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
export function withoutRequiredOfAddedProperties(changes: Located[]): Located[] {
  const key = (c: Located) => JSON.stringify([c.operations, c.direction, c.owner, c.status, c.mediaType, c.header, c.parameter?.name, c.property]);
  const addedOrRemoved = new Set(changes.filter((c) => c.kind === 'property').map(key));
  return changes.filter((c) => c.kind !== 'required' || !addedOrRemoved.has(key(c)));
}

export const sortFindings = (findings: Finding[]) =>
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

export function compareOperations(a: string, b: string): number {
  const [ma = '', pa = ''] = a.split(' ');
  const [mb = '', pb = ''] = b.split(' ');
  return pa.localeCompare(pb) || HTTP_METHODS.indexOf(ma.toLowerCase() as never) - HTTP_METHODS.indexOf(mb.toLowerCase() as never);
}

/** One line, as `pnpm lint` shows its findings: file:line:col  level  rule  sentence. */
export function formatFinding(finding: Finding, relative: (file: string) => string = (file) => file): string {
  const where = finding.source ? `${relative(finding.source.file)}:${finding.source.line}:${finding.source.col}` : finding.bundlePath.join('/');
  return `${where}  ${finding.level}  ${finding.rule}  ${finding.text}`;
}
