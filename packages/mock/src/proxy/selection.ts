// Which calls the proxy forwards and which the mock answers: every operation of an area that has
// an upstream, narrowed by `--proxy-only NAME...` or widened back to the mock by
// `--mock-only NAME...`. A name is an operationId or an area (all of its operations, and its
// connection upgrades, which have no operationId).
import { ProxyOptionError } from './targets.ts';

export interface Selectable {
  area: string;
  operationId: string;
}

export interface SelectionInput {
  /** Areas that have an upstream. */
  upstreamAreas: Set<string>;
  operations: Selectable[];
  proxyOnly?: string[];
  mockOnly?: string[];
}

export interface Selection {
  /** Whether a call of this operation is forwarded. */
  operation(operation: Selectable): boolean;
  /** Whether a connection upgrade (WebSocket) of this area is forwarded. */
  upgrade(area: string): boolean;
}

export function createSelection({ upstreamAreas, operations, proxyOnly, mockOnly }: SelectionInput): Selection {
  if (proxyOnly?.length && mockOnly?.length)
    throw new ProxyOptionError('--proxy-only and --mock-only exclude each other: name the operations to forward, or those to answer from the mock');
  const names = proxyOnly?.length ? proxyOnly : (mockOnly ?? []);
  const areas = new Set(operations.map((o) => o.area));
  const ids = new Set(operations.map((o) => o.operationId));
  const flag = proxyOnly?.length ? '--proxy-only' : '--mock-only';
  for (const name of names) {
    if (!ids.has(name) && !areas.has(name)) {
      const near = [...ids].filter((id) => id.toLowerCase() === name.toLowerCase() || id.toLowerCase().includes(name.toLowerCase())).slice(0, 3);
      throw new ProxyOptionError(
        `${flag} ${name}: no served operation or area has that name${near.length ? ` (did you mean ${near.join(', ')}?)` : ''}; pnpm mock --help lists the operations at start`,
      );
    }
    const area = areas.has(name) ? name : operations.find((o) => o.operationId === name)!.area;
    if (proxyOnly?.length && !upstreamAreas.has(area))
      throw new ProxyOptionError(`--proxy-only ${name}: the ${area} area has no upstream; give its group to --proxy`);
  }
  const named = new Set(names);
  const listed = (operation: Selectable) => named.has(operation.operationId) || named.has(operation.area);
  return {
    operation: (operation) => upstreamAreas.has(operation.area) && (proxyOnly?.length ? listed(operation) : !listed(operation)),
    upgrade: (area) => upstreamAreas.has(area) && (proxyOnly?.length ? named.has(area) : !named.has(area)),
  };
}
