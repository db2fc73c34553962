// A cassette: one scenario's exchanges, normalised, as reviewable JSON. The request holds
// references where the target's own values went (`<Input:libraryId>`, `<CollectionGuid:1>`,
// `<AccessKey>`), the answer its status, the headers the contract names and its body, each
// value normalised by its contract element. Nothing secret is written (scrubbed, then checked).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { findOperation, type Operation } from '@platform-contracts/contracts';
import { headersOf } from './elements.ts';
import { normaliseBody, normaliseRequestValue, type References, referTarget, referText } from './normalise.ts';

export const CASSETTE_FORMAT = 1;
/** A stand-in upstream says so on every answer; a cassette recorded from it is marked and never counts as the platform's word. */
export const STAND_IN_HEADER = 'x-parity-stand-in';

export interface NormalisedAnswer {
  status: number;
  headers: Record<string, string>;
  body?: unknown;
}

export interface Step {
  operationId: string;
  request: { method: string; target: string; headers: Record<string, string>; body?: unknown };
  answer: NormalisedAnswer;
  /** What the validation proxy found wrong with the exchange against the contract, when recording. */
  violations?: string[];
  /** The `x-assumed` elements the proxy saw the answer exercise without contradicting them (JSON Pointers without `#/`). */
  confirmed?: string[];
}

export interface Cassette {
  format: typeof CASSETTE_FORMAT;
  scenario: string;
  area: string;
  summary: string;
  /** `platform` (or staging), or `stand-in`: test equipment, never counted as verification. */
  source: 'platform' | 'stand-in';
  recordedAt: string;
  /** Each area's contract revision when recorded (`info.x-revision`). */
  revisions: Record<string, string>;
  steps: Step[];
}

/** An exchange as the capturing fetch saw it. */
export interface RawExchange {
  method: string;
  /** Path and query, as sent. */
  target: string;
  headers: Record<string, string>;
  body: string;
  status: number;
  answerHeaders: Record<string, string>;
  answerText: string;
}

/** The operation a request is a call of, by method and path template. */
export function operationOf(method: string, target: string, operations: readonly Operation[]): Operation | undefined {
  const pathPart = target.split('?')[0]!;
  return operations.find((operation) => {
    if (operation.method !== method.toLowerCase()) return false;
    const pattern = operation.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
    return new RegExp(`^${pattern}$`).test(pathPart);
  });
}

/** The body as JSON when it is JSON, as its lines of JSON when each line is (a cursor), else the text. */
function parseBody(text: string, contentType: string | undefined): { body: unknown; lines: boolean } {
  if (text === '') return { body: undefined, lines: false };
  try {
    if (/json/i.test(contentType ?? '') || /^[[{]/.test(text.trim())) return { body: JSON.parse(text), lines: false };
  } catch {}
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  try {
    if (lines.length > 1) return { body: lines.map((line) => JSON.parse(line)), lines: true };
  } catch {}
  return { body: text, lines: false };
}

/** An answer normalised: the headers the contract names for its status (and the media type), the body by its elements. */
export function normaliseAnswer(operation: Operation, status: number, headers: Record<string, string>, text: string, refs: References): NormalisedAnswer {
  const contentType = headers['content-type'];
  const kept: Record<string, string> = {};
  if (contentType) kept['content-type'] = contentType.split(';')[0]!.trim().toLowerCase();
  for (const name of headersOf(operation, status).keys()) if (headers[name] !== undefined) kept[name] = referText(headers[name], refs);
  const { body, lines } = parseBody(text, contentType);
  const normalised = body === undefined ? undefined : normaliseBody(operation, status, lines ? undefined : contentType, body, refs);
  return { status, headers: kept, ...(normalised === undefined ? {} : { body: normalised }) };
}

/** Request headers a cassette keeps: the media type, the credentials (as references) and the headers the operation declares. */
function keptRequestHeaders(operation: Operation, headers: Record<string, string>, refs: References): Record<string, string> {
  const declared = new Set(operation.parameters.filter((p) => p.in === 'header').map((p) => p.name.toLowerCase()));
  const credentials = new Set(operation.security.flat().map((scheme) => (scheme.in === 'header' ? scheme.keyName : 'authorization')?.toLowerCase()));
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'content-type' || declared.has(name)) kept[name] = referText(value, refs);
    else if (credentials.has(name) || name === 'authorization' || name === 'accesskey') kept[name] = referText(value, refs);
  }
  return kept;
}

/** One exchange as a cassette step: the request by references, then the answer normalised (which may make new ones). */
export function stepOf(raw: RawExchange, operations: readonly Operation[], refs: References): Step {
  const operation = operationOf(raw.method, raw.target, operations);
  if (!operation) throw new Error(`${raw.method} ${raw.target} is no operation of the contracts`);
  const requestBody = parseBody(raw.body, raw.headers['content-type']).body;
  const request = {
    method: raw.method,
    target: referTarget(raw.target, refs),
    headers: keptRequestHeaders(operation, raw.headers, refs),
    ...(requestBody === undefined ? {} : { body: normaliseRequestValue(requestBody, refs) }),
  };
  return { operationId: operation.operationId, request, answer: normaliseAnswer(operation, raw.status, raw.answerHeaders, raw.answerText, refs) };
}

const cassetteFile = (dir: string, scenario: string) => path.join(dir, `${scenario.replace('/', '.')}.json`);

export function writeCassette(dir: string, cassette: Cassette): string {
  mkdirSync(dir, { recursive: true });
  const file = cassetteFile(dir, cassette.scenario);
  writeFileSync(file, `${JSON.stringify(cassette, null, 2)}\n`);
  return file;
}

/** Every cassette in a folder (none when it does not exist). */
export function readCassettes(dir: string): { file: string; cassette: Cassette }[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return files.sort().map((name) => {
    const file = path.join(dir, name);
    const cassette = JSON.parse(readFileSync(file, 'utf8')) as Cassette;
    if (cassette.format !== CASSETTE_FORMAT) throw new Error(`${file}: format ${cassette.format}, this version reads ${CASSETTE_FORMAT}`);
    return { file, cassette };
  });
}

export const operationById = (operationId: string): Operation => {
  const operation = findOperation(operationId);
  if (!operation) throw new Error(`no operation ${operationId} in the contracts`);
  return operation;
};
