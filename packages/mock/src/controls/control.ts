// The mock's own endpoints under /_mock/: health, reset, state snapshots, the virtual clock and
// faults. No area has paths under /_mock/. Their writes cannot come from a simple cross-origin
// request (one a web page sends without a preflight): a body is read only as JSON with a JSON
// Content-Type, and a write without a body needs that Content-Type or the X-Mock-Control header.
// No answer holds an access key: they are shown redacted.
import { constants } from 'node:buffer';
import type { Engine } from '../engine/engine.ts';
import { parseExactJson, stringifyExactJson } from '../engine/exact-json.ts';
import { FaultError, type FaultRule } from '../engine/faults.ts';
import type { MockClock, NamespaceClock } from '../engine/namespaces.ts';
import { DEFAULT_NAMESPACE, SnapshotError } from '../engine/namespaces.ts';
import type { CoverageCounts } from '../journal/coverage.ts';
import type { CoverageReport } from '../journal/coverage-report.ts';
import { type Journal, redactKey } from '../journal/journal.ts';
import { redactedRule, resetNamespaces } from './namespace-handle.ts';
import {
  CONTROL_HEADER,
  CONTROL_PATHS,
  type ControlPath,
  DEFAULT_REQUESTS_PAGE,
  MAX_REQUESTS_PAGE,
  NAMESPACE_PARAMETER,
  NO_JOURNAL,
  type RequestsPage,
} from './protocol.ts';

export { CONTROL_PREFIX, HEALTH_PATH, STATE_PATH } from './protocol.ts';

/**
 * JSON text per byte of state the size cap counts, at most: a string of control characters
 * counts 1 byte a character (and 16 for the string) and takes 6 in JSON (`\u0001`); every other
 * value takes less JSON than it counts.
 */
const JSON_BYTES_PER_COUNTED_BYTE = 6;
/** The snapshot's envelope (`{"version":1,"areas":{...}}`, the areas' names) and the whitespace a file adds, generously. */
const SNAPSHOT_ENVELOPE_BYTES = 64 * 1024;

/**
 * The largest snapshot the caps allow, in bytes of JSON: what `PUT /_mock/state` takes, so that
 * a snapshot `GET /_mock/state` gave can always be put back. A namespace's state counts at most
 * maxStateBytes (6 bytes of JSON each, at most); the areas' shared, frozen seeds count nothing
 * and are added as they are; an area's data outside its state (the database's files) is added
 * as the area bounds it.
 */
export function largestSnapshotBytes(engine: Pick<Engine, 'behaviours'>, maxStateBytes: number): number {
  let bytes = SNAPSHOT_ENVELOPE_BYTES + JSON_BYTES_PER_COUNTED_BYTE * maxStateBytes;
  for (const behaviour of engine.behaviours.values()) {
    bytes += behaviour.protocol?.snapshotBytesOutsideState ?? 0;
    const seed = behaviour.seed?.('\u0000largest-snapshot');
    if (seed !== undefined && Object.isFrozen(seed))
      bytes += Buffer.byteLength(stringifyExactJson(behaviour.exportState ? behaviour.exportState(seed, '\u0000largest-snapshot') : seed));
  }
  // No snapshot is longer than the longest string Node holds (GET /_mock/state writes one).
  return Math.min(bytes, constants.MAX_STRING_LENGTH);
}

export interface ControlAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

const problem = (status: number, title: string, detail: string): ControlAnswer => ({
  status,
  headers: { 'content-type': 'application/problem+json' },
  body: { type: 'about:blank', title, status, detail },
});

/** What the control endpoints read of the journal and coverage. */
export interface ControlObservations {
  journal?: Journal;
  coverage(): CoverageReport;
  /** The raw counts under the report (they add up across mocks). */
  coverageCounts(): CoverageCounts;
}

/** The routes, for `--help`, the README and 405 answers. */
export const CONTROL_ROUTES: Record<ControlPath, { methods: string[]; what: string }> = {
  [CONTROL_PATHS.health]: { methods: ['GET', 'HEAD'], what: 'readiness: {"status":"ok","areas":[...],"operations":N}' },
  [CONTROL_PATHS.reset]: {
    methods: ['POST'],
    what: 'forget every namespace, or one with ?namespace=KEY: its state (it starts from the seed again), its clock and its faults',
  },
  [CONTROL_PATHS.state]: {
    methods: ['GET', 'PUT'],
    what: "a namespace's state as JSON (?namespace=KEY, default `default`; the snapshot leaves the key out): GET exports it, PUT imports it (a body up to the largest snapshot the caps allow)",
  },
  [CONTROL_PATHS.clock]: {
    methods: ['GET', 'PUT', 'DELETE'],
    what: 'the virtual clock, or a namespace\'s with ?namespace=KEY: GET {"now","offsetMs"}; PUT {"now": ISO time} sets it; DELETE resets it',
  },
  [CONTROL_PATHS.clockAdvance]: { methods: ['POST'], what: 'moves the virtual clock (or ?namespace=KEY\'s) forward: {"ms": N}' },
  [CONTROL_PATHS.faults]: {
    methods: ['GET', 'POST', 'DELETE'],
    what: 'faults: POST {"operationId","status"?,"body"?,"headers"?,"network"?: "reset"|"hang"|"truncate","latencyMs"?,"count"?,"rate"?,"namespace"?}; GET lists; DELETE clears (?namespace=KEY: that key\'s only)',
  },
  [CONTROL_PATHS.requests]: {
    methods: ['GET'],
    what: `a namespace's request journal, oldest first (?namespace=KEY, default \`default\`; &after=SEQ; &limit=N, at most ${MAX_REQUESTS_PAGE}, default ${DEFAULT_REQUESTS_PAGE}; &violations=true for those that broke the contract; &setup=true to include the requests the vitest fixtures sent to set a test up, marked setup: true): {"requests","more","recorded","dropped","violations"}`,
  },
  [CONTROL_PATHS.coverage]: {
    methods: ['GET'],
    what: 'what every namespace reached of the contracts so far: the JSON platform-mock --coverage writes (?counts=true: the counts under it, which add up across mocks)',
  },
};

const JSON_TYPE = /^\s*(application\/json|application\/[^;\s]+\+json)\s*(;|$)/i;

/** Why a control request is refused for how it is sent (a write not marked as the mock's), if it is. */
function unmarkedWrite(method: string, headers: Record<string, string | undefined>, body: string | undefined): ControlAnswer | undefined {
  if (method === 'GET' || method === 'HEAD') return undefined;
  const json = JSON_TYPE.test(headers['content-type'] ?? '');
  if (json) return undefined;
  if (body !== undefined && body !== '') {
    return problem(
      415,
      'Unsupported media type',
      `A control body is JSON: send it with Content-Type: application/json (got ${JSON.stringify(headers['content-type'] ?? 'none')}).`,
    );
  }
  if (headers[CONTROL_HEADER] !== undefined) return undefined;
  return problem(
    415,
    'Unsupported media type',
    `A control write needs Content-Type: application/json or the header X-Mock-Control: 1, so that no web page can send it unasked.`,
  );
}

const MAX_FAULTS = 1000;
const RULE_FIELDS = ['operationId', 'status', 'body', 'headers', 'network', 'latencyMs', 'count', 'rate', 'namespace'] as const;
/** The rule's own fields only: whatever else a body holds is not kept. */
const ruleOf = (json: Record<string, unknown>) =>
  Object.fromEntries(RULE_FIELDS.filter((field) => json[field] !== undefined).map((field) => [field, json[field]])) as unknown as FaultRule;

export function createControl(engine: Engine, clock: MockClock, health: () => object, observations: ControlObservations) {
  const reset = resetNamespaces(engine, observations.journal);
  return async (
    method: string,
    path: string,
    query: URLSearchParams,
    body: string | undefined,
    headers: Record<string, string | undefined> = {},
  ): Promise<ControlAnswer> => {
    const route = CONTROL_ROUTES[path as ControlPath] as (typeof CONTROL_ROUTES)[ControlPath] | undefined;
    if (!route) return problem(404, 'Not found', `The mock has no endpoint ${path}; it has ${Object.keys(CONTROL_ROUTES).join(', ')}.`);
    if (!route.methods.includes(method)) {
      return {
        ...problem(405, 'Method not allowed', `${path} answers ${route.methods.join(', ')}.`),
        headers: { 'content-type': 'application/problem+json', allow: route.methods.join(', ') },
      };
    }
    const unmarked = unmarkedWrite(method, headers, body);
    if (unmarked) return unmarked;
    let json: Record<string, unknown> | undefined;
    if (body !== undefined && body.trim() !== '') {
      try {
        json = parseExactJson(body) as Record<string, unknown>;
      } catch (error) {
        return problem(400, 'Invalid JSON', `The body is not JSON: ${(error as Error).message}`);
      }
    }
    const namespace = query.get(NAMESPACE_PARAMETER) || undefined;
    const clockOf = (): NamespaceClock => (namespace === undefined ? clock : engine.clocks.of(namespace));
    try {
      switch (`${method} ${path}`) {
        case `GET ${CONTROL_PATHS.health}`:
        case `HEAD ${CONTROL_PATHS.health}`:
          return { status: 200, body: health() };
        case `POST ${CONTROL_PATHS.reset}`:
          reset(namespace);
          return { status: 200, body: { reset: namespace === undefined ? 'every namespace' : redactKey(namespace) } };
        case `GET ${CONTROL_PATHS.state}`: {
          // The snapshot is for a file: it leaves out the access key (PUT it back with ?namespace=KEY).
          const { namespace: _key, ...snapshot } = await engine.namespaces.export(namespace ?? DEFAULT_NAMESPACE);
          return { status: 200, body: snapshot };
        }
        case `PUT ${CONTROL_PATHS.state}`: {
          const into = namespace ?? (json?.namespace as string | undefined) ?? DEFAULT_NAMESPACE;
          await engine.namespaces.import(into, json);
          return { status: 200, body: { imported: redactKey(into) } };
        }
        case `GET ${CONTROL_PATHS.clock}`:
          return { status: 200, body: clockBody(clockOf()) };
        case `DELETE ${CONTROL_PATHS.clock}`:
          clockOf().reset();
          return { status: 200, body: clockBody(clockOf()) };
        case `PUT ${CONTROL_PATHS.clock}`: {
          const time = Date.parse(String(json?.now));
          if (Number.isNaN(time)) return problem(400, 'Invalid time', 'Send {"now": "2030-01-01T00:00:00Z"} (an ISO 8601 time).');
          clockOf().set(time);
          return { status: 200, body: clockBody(clockOf()) };
        }
        case `POST ${CONTROL_PATHS.clockAdvance}`: {
          const ms = json?.ms;
          if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0)
            return problem(400, 'Invalid advance', 'Send {"ms": N}, a whole number of milliseconds, 0 or more.');
          clockOf().advance(ms);
          return { status: 200, body: clockBody(clockOf()) };
        }
        case `GET ${CONTROL_PATHS.faults}`:
          return { status: 200, body: { faults: engine.faults.list(namespace).map(redactedRule) } };
        case `POST ${CONTROL_PATHS.faults}`:
          if (!json || typeof json.operationId !== 'string')
            return problem(400, 'Invalid fault', 'Send {"operationId": "...", "status": 503, "count": 1} (see GET /_mock/faults).');
          if (engine.faults.list().length >= MAX_FAULTS)
            return problem(400, 'Invalid fault', `the mock holds at most ${MAX_FAULTS} fault rules: DELETE /_mock/faults first`);
          return { status: 201, body: redactedRule(engine.faults.add({ ...ruleOf(json), ...(namespace === undefined ? {} : { namespace }) })) };
        case `DELETE ${CONTROL_PATHS.faults}`:
          engine.faults.clear(namespace);
          return { status: 200, body: { faults: [] } };
        case `GET ${CONTROL_PATHS.requests}`:
          return requestsPage(observations.journal, namespace ?? DEFAULT_NAMESPACE, query);
        case `GET ${CONTROL_PATHS.coverage}`:
          return { status: 200, body: query.get('counts') === 'true' ? observations.coverageCounts() : observations.coverage() };
      }
    } catch (error) {
      if (error instanceof SnapshotError || error instanceof FaultError)
        return problem(400, error.name === 'FaultError' ? 'Invalid fault' : 'Invalid snapshot', error.message);
      throw error;
    }
    return problem(404, 'Not found', path);
  };
}

/** One page of a namespace's journal: `limit` entries after `after`, and whether more follow. */
function requestsPage(journal: Journal | undefined, namespace: string, query: URLSearchParams): ControlAnswer {
  if (!journal) return problem(404, 'No journal', NO_JOURNAL);
  const number = (name: string, fallback: number, max: number) => {
    const text = query.get(name);
    if (text === null) return fallback;
    return /^\d+$/.test(text) && Number(text) <= max ? Number(text) : undefined;
  };
  const after = number('after', 0, Number.MAX_SAFE_INTEGER);
  const limit = number('limit', DEFAULT_REQUESTS_PAGE, MAX_REQUESTS_PAGE);
  const flags = { violations: query.get('violations'), setup: query.get('setup') };
  if (after === undefined) return problem(400, 'Invalid query', `after is the seq of an entry, a whole number (got ${JSON.stringify(query.get('after'))}).`);
  if (limit === undefined || limit === 0)
    return problem(400, 'Invalid query', `limit is a whole number from 1 to ${MAX_REQUESTS_PAGE} (got ${JSON.stringify(query.get('limit'))}).`);
  for (const [name, value] of Object.entries(flags))
    if (value !== null && value !== 'true' && value !== 'false')
      return problem(400, 'Invalid query', `${name} is true or false (got ${JSON.stringify(value)}).`);
  const requests = journal.list(namespace, { after, limit: limit + 1, violations: flags.violations === 'true', setup: flags.setup === 'true' });
  const more = requests.length > limit;
  const page: RequestsPage = { namespace: redactKey(namespace), requests: more ? requests.slice(0, limit) : requests, more, ...journal.counts(namespace) };
  return { status: 200, body: page };
}

function clockBody(clock: NamespaceClock) {
  return { now: new Date(clock.now()).toISOString(), offsetMs: clock.offsetMs };
}
