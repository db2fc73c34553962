// The mock's own endpoints under /_mock/: health, reset, state snapshots, the virtual clock and
// faults. No area has paths under /_mock/.
import type { Engine } from './engine.ts';
import { FaultError, type FaultRule } from './faults.ts';
import type { MockClock, NamespaceClock } from './namespaces.ts';
import { DEFAULT_NAMESPACE, SnapshotError } from './namespaces.ts';

export const CONTROL_PREFIX = '/_mock/';
export const HEALTH_PATH = '/_mock/health';

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

/** The routes, for `--help`, the README and 405 answers. */
export const CONTROL_ROUTES: Record<string, { methods: string[]; what: string }> = {
  '/_mock/health': { methods: ['GET', 'HEAD'], what: 'readiness: {"status":"ok","areas":[...],"operations":N}' },
  '/_mock/reset': { methods: ['POST'], what: "forget every namespace, or one with ?namespace=KEY: its state (it starts from the seed again), its clock and its faults" },
  '/_mock/state': { methods: ['GET', 'PUT'], what: "a namespace's state as JSON (?namespace=KEY, default `default`): GET exports it, PUT imports it" },
  '/_mock/clock': { methods: ['GET', 'PUT', 'DELETE'], what: 'the virtual clock, or a namespace\'s with ?namespace=KEY: GET {"now","offsetMs"}; PUT {"now": ISO time} sets it; DELETE resets it' },
  '/_mock/clock/advance': { methods: ['POST'], what: 'moves the virtual clock (or ?namespace=KEY\'s) forward: {"ms": N}' },
  '/_mock/faults': {
    methods: ['GET', 'POST', 'DELETE'],
    what: 'faults: POST {"operationId","status"?,"body"?,"headers"?,"network"?: "reset"|"hang"|"truncate","latencyMs"?,"count"?,"rate"?,"namespace"?}; GET lists; DELETE clears (?namespace=KEY: that key\'s only)',
  },
};

export function createControl(engine: Engine, clock: MockClock, health: () => object) {
  return (method: string, path: string, query: URLSearchParams, body: string | undefined): ControlAnswer => {
    const route = CONTROL_ROUTES[path];
    if (!route) return problem(404, 'Not found', `The mock has no endpoint ${path}; it has ${Object.keys(CONTROL_ROUTES).join(', ')}.`);
    if (!route.methods.includes(method)) {
      return { ...problem(405, 'Method not allowed', `${path} answers ${route.methods.join(', ')}.`), headers: { 'content-type': 'application/problem+json', allow: route.methods.join(', ') } };
    }
    let json: Record<string, unknown> | undefined;
    if (body !== undefined && body.trim() !== '') {
      try {
        json = JSON.parse(body) as Record<string, unknown>;
      } catch (error) {
        return problem(400, 'Invalid JSON', `The body is not JSON: ${(error as Error).message}`);
      }
    }
    const namespace = query.get('namespace') || undefined;
    const clockOf = (): NamespaceClock => (namespace === undefined ? clock : engine.clocks.of(namespace));
    try {
      switch (`${method} ${path}`) {
        case 'GET /_mock/health':
        case 'HEAD /_mock/health':
          return { status: 200, body: health() };
        case 'POST /_mock/reset':
          engine.namespaces.reset(namespace);
          engine.clocks.reset(namespace);
          if (namespace !== undefined) engine.faults.clear(namespace);
          return { status: 200, body: { reset: namespace ?? 'every namespace' } };
        case 'GET /_mock/state':
          return { status: 200, body: engine.namespaces.export(namespace ?? DEFAULT_NAMESPACE) };
        case 'PUT /_mock/state':
          engine.namespaces.import(namespace ?? (json?.namespace as string | undefined) ?? DEFAULT_NAMESPACE, json);
          return { status: 200, body: { imported: namespace ?? json?.namespace ?? DEFAULT_NAMESPACE } };
        case 'GET /_mock/clock':
          return { status: 200, body: clockBody(clockOf()) };
        case 'DELETE /_mock/clock':
          clockOf().reset();
          return { status: 200, body: clockBody(clockOf()) };
        case 'PUT /_mock/clock': {
          const time = Date.parse(String(json?.now));
          if (Number.isNaN(time)) return problem(400, 'Invalid time', 'Send {"now": "2030-01-01T00:00:00Z"} (an ISO 8601 time).');
          clockOf().set(time);
          return { status: 200, body: clockBody(clockOf()) };
        }
        case 'POST /_mock/clock/advance': {
          const ms = json?.ms;
          if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0) return problem(400, 'Invalid advance', 'Send {"ms": N}, a whole number of milliseconds, 0 or more.');
          clockOf().advance(ms);
          return { status: 200, body: clockBody(clockOf()) };
        }
        case 'GET /_mock/faults':
          return { status: 200, body: { faults: engine.faults.list(namespace) } };
        case 'POST /_mock/faults':
          if (!json || typeof json.operationId !== 'string') return problem(400, 'Invalid fault', 'Send {"operationId": "...", "status": 503, "count": 1} (see GET /_mock/faults).');
          return { status: 201, body: engine.faults.add({ ...(json as unknown as FaultRule), ...(namespace === undefined ? {} : { namespace }) }) };
        case 'DELETE /_mock/faults':
          engine.faults.clear(namespace);
          return { status: 200, body: { faults: [] } };
      }
    } catch (error) {
      if (error instanceof SnapshotError || error instanceof FaultError) return problem(400, error.name === 'FaultError' ? 'Invalid fault' : 'Invalid snapshot', error.message);
      throw error;
    }
    return problem(404, 'Not found', path);
  };
}

function clockBody(clock: NamespaceClock) {
  return { now: new Date(clock.now()).toISOString(), offsetMs: clock.offsetMs };
}
