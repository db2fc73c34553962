// Faults tests ask for: the next N calls of an operation (or a share of them) answer a given
// documented status, or take longer, so that a client's retries and timeouts can be tested.

export interface FaultRule {
  /** The operation the fault applies to. */
  operationId: string;
  /** A status the contract documents for the operation; its documented answer is sent. */
  status?: number;
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

export function createFaults(documentedStatuses: (operationId: string) => string[] | undefined, seed = 1) {
  let rules: ActiveFault[] = [];
  let nextId = 1;
  const random = seeded(seed);

  return {
    add(rule: FaultRule): ActiveFault {
      const statuses = documentedStatuses(rule.operationId);
      if (!statuses) throw new FaultError(`no operation ${JSON.stringify(rule.operationId)} is served`);
      if (rule.status === undefined && rule.latencyMs === undefined) throw new FaultError('a fault needs a status, a latencyMs, or both');
      if (rule.status !== undefined && !statuses.includes(String(rule.status))) {
        throw new FaultError(`${rule.operationId} does not document status ${rule.status} (it documents ${statuses.join(', ')})`);
      }
      if (rule.latencyMs !== undefined && !(Number.isInteger(rule.latencyMs) && rule.latencyMs >= 0 && rule.latencyMs <= 600_000)) {
        throw new FaultError('latencyMs is a whole number of ms from 0 to 600000');
      }
      if (rule.count !== undefined && !(Number.isInteger(rule.count) && rule.count > 0)) throw new FaultError('count is a whole number above 0');
      if (rule.rate !== undefined && !(typeof rule.rate === 'number' && rule.rate > 0 && rule.rate <= 1)) throw new FaultError('rate is a number above 0 and at most 1');
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

    list: (): ActiveFault[] => rules.map((rule) => ({ ...rule })),
    clear() {
      rules = [];
    },
  };
}

export type Faults = ReturnType<typeof createFaults>;
