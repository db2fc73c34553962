// The negative cases of a contract, as part of it: Specmatic external examples (one JSON file per
// invalid request and the 4xx that answers it) in the folder beside the contract's file, named
// after it (openapi/<area>/openapi_examples/ beside openapi.yaml, released/<revision>_examples/
// beside released/<revision>.yaml). The breaking-change check and the changelogs compare them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Finding } from './compare.ts';

export interface NegativeCase {
  /** The file's name, without .json. */
  name: string;
  /** The request as sent: "POST /library/not-a-library/videos". */
  request: string;
  status: number;
}

/** The folder Specmatic reads a contract file's external examples from. */
export const examplesDirOf = (contractFile: string) => contractFile.replace(/\.(ya?ml|json)$/, '_examples');

/** One negative case's file as Specmatic reads it. */
export interface NegativeCaseFile {
  /** The file's name, without .json. */
  name: string;
  request: { method: string; path: string; query?: Record<string, string>; headers?: Record<string, string>; body?: unknown };
  response: { status: number; headers?: Record<string, string>; body?: unknown };
}

/** The negative case files in a folder ([] when there is none), by file name. */
export function readNegativeCaseFiles(dir: string): NegativeCaseFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const example = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
      return { name: file.slice(0, -'.json'.length), request: example['http-request'], response: example['http-response'] };
    });
}

/** The negative cases in a folder ([] when there is none), by file name, as the breaking check compares them. */
export function readNegativeCases(dir: string): NegativeCase[] {
  return readNegativeCaseFiles(dir).map(({ name, request, response }) => ({ name, request: `${request.method} ${request.path}`, status: response.status }));
}

function finding(rule: string, level: Finding['level'], negative: NegativeCase, predicate: string): Finding {
  return { rule, level, operations: [negative.request], text: `negative case ${negative.name} (${negative.request}) ${predicate}`, predicate, bundlePath: [] };
}

/** What changed in the negative cases: one finding per case added, removed or answered with another status. */
export function compareNegativeCases(before: NegativeCase[], after: NegativeCase[]): Finding[] {
  const was = new Map(before.map((negative) => [negative.name, negative]));
  const is = new Map(after.map((negative) => [negative.name, negative]));
  return [
    ...after
      .filter((negative) => !was.has(negative.name))
      .map((negative) => finding('negative-case-added', 'info', negative, `added, answered ${negative.status}`)),
    ...before.filter((negative) => !is.has(negative.name)).map((negative) => finding('negative-case-removed', 'info', negative, 'removed')),
    ...after
      .filter((negative) => was.has(negative.name) && was.get(negative.name)!.status !== negative.status)
      .map((negative) => finding('negative-case-status-changed', 'warning', negative, `answered ${negative.status} (was ${was.get(negative.name)!.status})`)),
  ];
}
