// An engine's answer and how it is made: the contract's documented answers, a fault's answer, an
// area's response as an answer, and the check of an answer against its operation's contract.
import type { MockResponse, Violation } from './area.ts';
import type { CompiledOperation } from './contract.ts';
import { forValidation, jsonTextOf } from './exact-json.ts';
import type { ActiveFault, NetworkFault } from './faults.ts';
import { templatedText, templateOf } from './json-template.ts';
import { type JsonText, knownJsonText } from './json-text.ts';

export interface ServedOperation {
  area: string;
  operationId: string;
  method: string;
  path: string;
}

export interface EngineAnswer {
  status: number;
  headers: Record<string, string>;
  body?: unknown;
  operation?: ServedOperation;
  /** Request and response violations, for the `sl-violations` header and the log. */
  violations: { location: string[]; message: string; severity: string }[];
  /** A network fault the door plays instead of (or, for `truncate`, while) sending the answer. */
  network?: NetworkFault;
  /** The body as it is sent, when the engine wrote it already (see `bodyText`): text, or its UTF-8 bytes (json-text.ts). */
  text?: JsonText;
}

/** What marks a value kept (given again as it is while its state is unchanged): frozen, and asked for without Object.isFrozen, a call into V8's runtime. */
const KEPT = Symbol('kept');

/** `value` frozen and marked kept (a mark not enumerable: a spread copy is not kept). Not for headers: fetch's Headers reads every own key, symbols too. */
export function keptFrozen<T extends object>(value: T): T {
  Object.defineProperty(value, KEPT, { value: true });
  return Object.freeze(value);
}

/** Whether `value` was made by keptFrozen (then it is frozen). */
export const isKept = (value: object): boolean => (value as { [KEPT]?: boolean })[KEPT] === true;

export const problem = (status: number, title: string, detail: string, extra: Record<string, unknown> = {}): EngineAnswer => ({
  status,
  headers: { 'content-type': 'application/problem+json' },
  body: { type: 'about:blank', title, status, detail, ...extra },
  violations: [],
});

/** A fault's answer: its own body as it is (outside the contract on purpose), else the documented answer, else no body. */
export function faultAnswer(operation: CompiledOperation, fault: ActiveFault): EngineAnswer {
  if (fault.body === undefined) return documentedAnswer(operation, fault.status!) ?? { status: fault.status!, headers: { ...fault.headers }, violations: [] };
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(fault.headers ?? {})) headers[name.toLowerCase()] = value;
  headers['content-type'] ??= typeof fault.body === 'string' ? 'text/plain' : 'application/json';
  const body = typeof fault.body === 'string' ? fault.body : JSON.stringify(fault.body);
  // `text`: sent as it is (a JSON body is written once, not again as a JSON string).
  return { status: fault.status!, headers, body, text: body, violations: [] };
}

/** The contract's own answer for a status: its first example, or no body. */
export function documentedAnswer(operation: CompiledOperation, status: number): EngineAnswer | undefined {
  const response = operation.responses.get(String(status));
  if (!response) return undefined;
  const media = response.contents.find((m) => m.example !== undefined) ?? response.contents[0];
  if (!media || media.example === undefined) return { status, headers: {}, violations: [] };
  return { status, headers: { 'content-type': media.type }, body: structuredClone(media.example), violations: [] };
}

export function documentedAnswerOrProblem(operation: CompiledOperation, status: number, violations: Violation[]): MockResponse {
  const documented = documentedAnswer(operation, status);
  if (documented) return documented;
  return {
    status: 400,
    headers: { 'content-type': 'application/problem+json' },
    body: { type: 'about:blank', title: 'Invalid request', status: 400, detail: violations.map((v) => `${v.location.join('.')}: ${v.message}`).join('; ') },
  };
}

export function toAnswer(response: MockResponse): EngineAnswer {
  const headers: Record<string, string> = {};
  const given = response.headers;
  // Most answers set none: no list of entries made for each.
  if (given !== undefined) for (const name in given) if (Object.hasOwn(given, name)) headers[name.toLowerCase()] = given[name]!;
  if (response.body !== undefined && headers['content-type'] === undefined) {
    headers['content-type'] = typeof response.body === 'string' ? 'text/plain' : 'application/json';
  }
  return { status: response.status, headers, body: response.body, violations: [] };
}

/** A body as it is sent: text as it is for a text media type, JSON otherwise (exact for bigints). */
export function bodyText(body: unknown, mediaType: string | undefined): { text: JsonText; holdsBigint: boolean } {
  if (typeof body === 'string' && !/json/i.test(mediaType ?? '')) return { text: body, holdsBigint: false };
  const known = templatedText(body) ?? knownJsonText(body);
  if (known !== undefined) return { text: known, holdsBigint: false };
  return jsonTextOf(body);
}

function mediaTypeOf(headers: Record<string, string>): string | undefined {
  const value = headers['content-type'];
  if (value === 'application/json') return value;
  return value?.split(';')[0]?.trim().toLowerCase();
}

/** The violations of an answer to a valid request: none (shared, never written to). */
const NO_VIOLATIONS: EngineAnswer['violations'] = Object.freeze([]) as never;

/**
 * Validates an answer against the contract; one that breaks it becomes a 500 that says so (what
 * it broke goes to `trace`). The body is written as it will be sent (kept in `text`), which also
 * tells whether it holds a bigint.
 */
export function checked(
  operation: CompiledOperation,
  answer: EngineAnswer,
  requestViolations: Violation[],
  trace: { answerViolations: Violation[] },
): EngineAnswer {
  const media = answer.body === undefined ? undefined : mediaTypeOf(answer.headers);
  const written = answer.body === undefined ? undefined : bodyText(answer.body, media);
  const value = written?.holdsBigint ? forValidation(answer.body) : answer.body;
  const made = written === undefined || written.holdsBigint ? undefined : templateOf(answer.body);
  const broken = operation.validateResponse(answer.status, media, value, written?.text, made);
  const violations =
    requestViolations.length === 0
      ? NO_VIOLATIONS
      : requestViolations.map((v) => ({ location: ['request', ...v.location], message: v.message, severity: 'Error' }));
  if (broken.length > 0) {
    trace.answerViolations = broken;
    return problem(500, 'The mock answer breaks the contract', `${operation.operationId} answered ${answer.status} with a body the contract does not allow.`, {
      violations: broken.map((v) => ({ location: v.location, message: v.message, severity: 'Error' })),
    });
  }
  answer.violations = violations;
  if (written) answer.text = written.text;
  return answer;
}
