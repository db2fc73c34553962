// From what the engine answered to what the mock keeps: an entry of the request journal (secrets
// redacted, SQL statements found, large bodies left out), the coverage counts, and the request's
// violations handed to whoever acts on them (onViolation). One place, called by the engine for
// every door (fetch, MSW, HTTP) and by an area's upgrade for each WebSocket message.

import type { AnsweredCall, AnsweredMessage } from '../engine/answering.ts';
import type { MockRequest } from '../engine/area.ts';
import type { CompiledOperation } from '../engine/contract.ts';
import { parseExactJson, stringifyExactJson } from '../engine/exact-json.ts';
import type { ActiveFault } from '../engine/faults.ts';
import type { IncomingRequest } from '../engine/request.ts';
import type { CoverageCounter } from './coverage.ts';
import type { Journal, JournalInput } from './journal.ts';

/** What a secret's value becomes in the journal: nothing of it is kept. */
export const REDACTED = '****';
/**
 * The header the vitest fixtures send on the requests that set a test up (database tokens): the
 * journal marks them `setup: true` and lists them only when asked; coverage does not count them.
 */
export const SETUP_HEADER = 'x-platform-mock-setup';

/** SQL statements kept per entry, and the length each is cut to. */
const MAX_STATEMENTS = 1000;
const MAX_STATEMENT_CHARS = 2000;

export interface RecorderOptions {
  /** Undefined: no journal is kept (coverage and violations still are). */
  journal?: Journal;
  coverage?: CoverageCounter;
  /** Names of the properties the contracts mark `x-sensitive`: their values are redacted wherever they appear in a body. */
  sensitive: Set<string>;
  /** A request that broke the contract (or matched no operation), or an answer that did. */
  onViolation?: (namespace: string, entry: JournalInput) => void;
}

export function createRecorder(options: RecorderOptions) {
  const { journal, coverage, sensitive, onViolation } = options;
  // One scan of a body for every secret's name (a property named so: `"Password"`).
  const namesSecret =
    sensitive.size === 0 ? undefined : new RegExp(`"(?:${[...sensitive].map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})"`);
  const maxBodyBytes = journal?.maxBodyBytes ?? 0;

  /** Puts the body in the entry as the journal keeps it: redacted, or left out when it is too large. `decoded`: the engine's text of the same bytes. */
  function keepBody(input: JournalInput, bytes: Buffer | undefined, parsed: unknown, decoded: string | undefined): string | undefined {
    if (bytes === undefined || bytes.length === 0) return;
    if (bytes.length > maxBodyBytes) return void (input.omittedBodyBytes = bytes.length);
    const text = decoded ?? bytes.toString('utf8');
    keepText(input, text, parsed);
    return text;
  }

  function keepText(input: JournalInput, text: string, parsed: unknown) {
    if (!namesSecret?.test(text)) return void (input.bodyText = text);
    let value = parsed;
    if (value === undefined || typeof value === 'string') {
      try {
        value = parseExactJson(text);
      } catch {
        return void (input.bodyText = '[not kept: the body names a secret field and is not JSON]');
      }
    }
    input.bodyText = stringifyExactJson(redacted(value, sensitive));
  }

  function record(namespace: string, input: JournalInput) {
    journal?.record(namespace, input);
    if (input.violations.length > 0) onViolation?.(namespace, input);
  }

  return {
    call(call: AnsweredCall) {
      const { incoming, operation, request } = call;
      const violations =
        call.requestViolations.length === 0 && call.answerViolations.length === 0
          ? NO_VIOLATIONS
          : [
              ...call.requestViolations.map((v) => ({ location: ['request', ...v.location], message: v.message })),
              ...call.answerViolations.map((v) => ({ location: v.location, message: v.message })),
            ];
      const fault = call.fault && faultOf(call.fault);
      const body = request?.body;
      const setup = incoming.headers[SETUP_HEADER] !== undefined;
      if (coverage && !setup)
        coverage.count({
          operationId: operation?.operationId,
          status: call.status,
          fault,
          parameters: operation ? parametersSent(operation, incoming, request) : NO_PARAMETERS,
          body,
        });
      if (!journal && violations.length === 0) return;
      // One shape for every entry (absent fields undefined): the journal keeps thousands of them.
      const input: JournalInput = {
        time: call.time,
        transport: 'http',
        method: incoming.method,
        path: incoming.rawPath,
        query: isEmpty(incoming.query) ? NO_QUERY : incoming.query,
        area: operation?.area,
        operationId: operation?.operationId,
        params: request?.params,
        bodyText: undefined,
        contentType: request?.contentType,
        omittedBodyBytes: undefined,
        statements: undefined,
        status: call.status,
        violations,
        fault,
        error: undefined,
        setup,
      };
      if (journal) {
        const text = keepBody(input, incoming.body, body, call.bodyText);
        if (incoming.body !== undefined && (text === undefined ? incoming.body.includes(SQL_FIELD) : text.includes('"sql"'))) {
          const statements = statementsIn(body !== undefined && typeof body !== 'string' ? body : parseQuietly(incoming.body));
          if (statements.length > 0) input.statements = statements;
        }
      }
      record(call.namespace, input);
    },

    message(message: AnsweredMessage) {
      if (!journal) return;
      const text = stringifyExactJson(message.message) ?? '';
      const input: JournalInput = {
        time: message.time,
        transport: 'websocket',
        method: 'WS',
        path: message.rawPath,
        query: {},
        area: message.area,
        operationId: undefined,
        params: undefined,
        bodyText: undefined,
        contentType: 'application/json',
        omittedBodyBytes: undefined,
        statements: undefined,
        status: 200,
        violations: NO_VIOLATIONS,
        fault: undefined,
        error: message.error,
        setup: undefined,
      };
      const bytes = Buffer.byteLength(text);
      if (bytes > maxBodyBytes) input.omittedBodyBytes = bytes;
      else keepText(input, text, message.message);
      const statements = statementsIn(message.message);
      if (statements.length > 0) input.statements = statements;
      record(message.namespace, input);
    },
  };
}

export type Recorder = ReturnType<typeof createRecorder>;

const SQL_FIELD = Buffer.from('"sql"');
const NO_VIOLATIONS: JournalInput['violations'] = Object.freeze([]) as unknown as JournalInput['violations'];
const NO_PARAMETERS: string[] = Object.freeze([]) as unknown as string[];
/** The query of the many entries without one, shared (read only: entries are copied out). */
const NO_QUERY: JournalInput['query'] = Object.freeze({}) as JournalInput['query'];

function isEmpty(object: object): boolean {
  for (const _ in object) return false;
  return true;
}

const faultOf = (fault: ActiveFault): JournalInput['fault'] => ({
  ...(fault.status !== undefined && { status: fault.status }),
  ...(fault.network !== undefined && { network: fault.network }),
  ...(fault.latencyMs !== undefined && { latencyMs: fault.latencyMs }),
});

/** Each operation's declared parameters with the key coverage counts them by: `query page`, `header x-id` (lower case). */
const countedParameters = new WeakMap<CompiledOperation, { in: string; name: string; key: string }[]>();

/** The list parametersSent fills, one for every call: coverage counts it at once and keeps none of it. */
const sentParameters: string[] = [];

/** The declared parameters a request sent, by their coverage keys (in a list shared by every call: read it before the next). */
function parametersSent(operation: CompiledOperation, incoming: IncomingRequest, request: MockRequest | undefined): string[] {
  let parameters = countedParameters.get(operation);
  if (!parameters) {
    parameters = operation.parameters.map((p) => {
      const name = p.in === 'header' ? p.name.toLowerCase() : p.name;
      return { in: p.in, name, key: `${p.in} ${name}` };
    });
    countedParameters.set(operation, parameters);
  }
  const sent = sentParameters;
  // Emptied by pops: setting an array's length is a call into V8's runtime, on every call.
  while (sent.length > 0) sent.pop();
  for (const parameter of parameters) {
    const present =
      parameter.in === 'path'
        ? request?.params[parameter.name] !== undefined
        : parameter.in === 'query'
          ? incoming.query[parameter.name] !== undefined
          : parameter.in === 'header' && incoming.headers[parameter.name] !== undefined;
    if (present) sent.push(parameter.key);
  }
  return sent;
}

function parseQuietly(bytes: Buffer): unknown {
  try {
    return parseExactJson(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The first `chars` characters of `text` as a string of their own: V8 makes a slice of a long
 * string a view that keeps the whole of it alive, so a kept 2,000-character cut of a 4 MB
 * statement would hold all 4 MB for as long as the journal keeps the entry.
 */
export const detachedCut = (text: string, chars: number): string => Buffer.from(text.slice(0, chars), 'utf8').toString('utf8');

/** Every SQL text in a body (the values of `sql` fields, in document order), without recursion. */
export function statementsIn(body: unknown): string[] {
  const found: string[] = [];
  const pending: unknown[] = [body];
  while (pending.length > 0 && found.length < MAX_STATEMENTS) {
    const node = pending.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (!Array.isArray(node) && typeof (node as { sql?: unknown }).sql === 'string') {
      const sql = (node as { sql: string }).sql;
      found.push(sql.length > MAX_STATEMENT_CHARS ? `${detachedCut(sql, MAX_STATEMENT_CHARS)}…` : sql);
    }
    const children = Array.isArray(node) ? node : Object.values(node);
    for (let i = children.length - 1; i >= 0; i--) if (typeof children[i] === 'object') pending.push(children[i]);
  }
  return found;
}

/** A copy of the value with every sensitive property's value redacted, at any depth (without recursion). */
export function redacted(value: unknown, sensitive: Set<string>): unknown {
  const copyOf = (item: unknown): unknown => (Array.isArray(item) ? [] : typeof item === 'object' && item !== null ? {} : item);
  const root = copyOf(value);
  const pending: [object, Record<string, unknown>][] = typeof value === 'object' && value !== null ? [[value, root as Record<string, unknown>]] : [];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [source, target] = next;
    for (const [key, item] of Object.entries(source)) {
      const secret = !Array.isArray(source) && sensitive.has(key) && item !== null && item !== undefined;
      const copy = secret ? REDACTED : copyOf(item);
      target[key] = copy;
      if (!secret && typeof copy === 'object' && copy !== null) pending.push([item as object, copy as Record<string, unknown>]);
    }
  }
  return root;
}

/** The names of the properties a document marks `x-sensitive`. */
export function sensitiveNamesOf(document: unknown): Set<string> {
  const names = new Set<string>();
  const pending: unknown[] = [document];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node !== 'object' || node === null) continue;
    const properties = (node as { properties?: unknown }).properties;
    if (typeof properties === 'object' && properties !== null && !Array.isArray(properties)) {
      for (const [name, schema] of Object.entries(properties)) if ((schema as Record<string, unknown> | null)?.['x-sensitive'] === true) names.add(name);
    }
    for (const child of Object.values(node)) if (typeof child === 'object') pending.push(child);
  }
  return names;
}
