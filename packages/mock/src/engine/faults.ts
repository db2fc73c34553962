// Faults tests ask for: the next N calls of an operation (or a share of them) answer a given
// status with the contract's answer or with any body (an HTML 502 from a proxy), take longer, or
// fail on the network (a reset connection, no answer, a truncated body), so that a client's
// retries and timeouts can be tested. Per namespace (access key) or for every caller.

/** How a call fails on the network: the connection is reset, never answered, or its body cut short. */
export type NetworkFault = 'reset' | 'hang' | 'truncate';
const NETWORK_FAULTS: readonly NetworkFault[] = ['reset', 'hang', 'truncate'];

export interface FaultRule {
  /** The operation the fault applies to. */
  operationId: string;
  /**
   * The status answered. Without `body`, a status the contract documents sends its documented
   * answer, and any other status no body. With `body`, that body, whatever the contract says.
   */
  status?: number;
  /** The body sent with `status`: a string as it is (`text/plain` unless `headers` say otherwise), anything else as JSON. */
  body?: unknown;
  /** Headers sent with `status` and `body`, such as `{ "content-type": "text/html" }`. */
  headers?: Record<string, string>;
  /** `reset`: the connection drops before an answer; `hang`: no answer until the client gives up; `truncate`: the answer's body stops halfway. */
  network?: NetworkFault;
  /** Delay before answering, in ms. */
  latencyMs?: number;
  /** How many calls it applies to (default: every call until cleared). */
  count?: number;
  /** Share of calls it applies to, from 0 to 1 (default 1). */
  rate?: number;
  /** Only calls made with this access key (default: every namespace). */
  namespace?: string;
}

export interface ActiveFault extends FaultRule {
  id: number;
  /** Calls it has applied to so far. */
  applied: number;
}

export class FaultError extends Error {
  override name = 'FaultError';
}

/** A small seeded generator (mulberry32), so that a rate gives the same calls on every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MAX_FAULTS = 10_000;

/** Refuses a rule that cannot apply, with a message that says what to send instead. */
function check(rule: FaultRule, statuses: string[] | undefined) {
  if (!statuses) throw new FaultError(`no operation ${JSON.stringify(rule.operationId)} is served`);
  if (rule.status === undefined && rule.latencyMs === undefined && rule.network === undefined)
    throw new FaultError('a fault needs a status, a latencyMs, a network fault, or several');
  if (rule.status !== undefined && !(Number.isInteger(rule.status) && rule.status >= 200 && rule.status <= 599))
    throw new FaultError('status is a whole number from 200 to 599');
  if (rule.network !== undefined && !NETWORK_FAULTS.includes(rule.network)) throw new FaultError(`network is one of ${NETWORK_FAULTS.join(', ')}`);
  if ((rule.network === 'reset' || rule.network === 'hang') && rule.status !== undefined)
    throw new FaultError(`a ${rule.network} fault sends no answer, so it takes no status`);
  if ((rule.body !== undefined || rule.headers !== undefined) && rule.status === undefined) throw new FaultError('a fault body or headers go with a status');
  if (
    rule.headers !== undefined &&
    !(typeof rule.headers === 'object' && rule.headers !== null && Object.values(rule.headers).every((value) => typeof value === 'string'))
  ) {
    throw new FaultError('headers is an object of strings');
  }
  if (rule.latencyMs !== undefined && !(Number.isInteger(rule.latencyMs) && rule.latencyMs >= 0 && rule.latencyMs <= 600_000)) {
    throw new FaultError('latencyMs is a whole number of ms from 0 to 600000');
  }
  if (rule.count !== undefined && !(Number.isInteger(rule.count) && rule.count > 0)) throw new FaultError('count is a whole number above 0');
  if (rule.rate !== undefined && !(typeof rule.rate === 'number' && rule.rate > 0 && rule.rate <= 1))
    throw new FaultError('rate is a number above 0 and at most 1');
  if (rule.namespace !== undefined && (typeof rule.namespace !== 'string' || rule.namespace === ''))
    throw new FaultError('namespace is a non-empty access key');
}

export function createFaults(documentedStatuses: (operationId: string) => string[] | undefined, seed = 1) {
  let rules: ActiveFault[] = [];
  let nextId = 1;
  const random = seeded(seed);
  const inNamespace = (namespace: string | undefined) => (rule: ActiveFault) => namespace === undefined || rule.namespace === namespace;

  return {
    add(rule: FaultRule): ActiveFault {
      check(rule, documentedStatuses(rule.operationId));
      if (rules.length >= MAX_FAULTS) throw new FaultError(`at most ${MAX_FAULTS} faults are kept at once; clear some first`);
      const active: ActiveFault = { ...rule, id: nextId++, applied: 0 };
      rules.push(active);
      return active;
    },

    /** The fault that applies to this call, counting it; undefined when none does. */
    take(operationId: string, namespace: string): ActiveFault | undefined {
      for (const rule of rules) {
        if (rule.operationId !== operationId || (rule.namespace !== undefined && rule.namespace !== namespace)) continue;
        if (rule.rate !== undefined && random() >= rule.rate) continue;
        rule.applied++;
        if (rule.count !== undefined && rule.applied >= rule.count) rules = rules.filter((r) => r !== rule);
        return rule;
      }
      return undefined;
    },

    /** Every fault, or those set for one namespace. */
    list: (namespace?: string): ActiveFault[] => rules.filter(inNamespace(namespace)).map((rule) => ({ ...rule })),
    /** Removes every fault, or those set for one namespace. */
    clear(namespace?: string) {
      rules = namespace === undefined ? [] : rules.filter((rule) => rule.namespace !== namespace);
    },
  };
}

export type Faults = ReturnType<typeof createFaults>;
