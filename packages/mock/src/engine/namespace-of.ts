// Which namespace a request belongs to, decided here alone for every path: a routed call, a call no
// operation took or no credential satisfied, a call the validation proxy forwarded, and a message
// on an upgraded connection (WebSocket). The first of these that gives one:
//   1. a credential an area issued that leads to a namespace (a database token: the area's
//      `protocol.namespaceOf`): the operation's own area's, or any area's when no operation took it;
//   2. the credential the operation's security is satisfied with: its access key (an operation
//      secured otherwise, or not at all, runs in `default`);
//   3. an access key the request carries in a header some contract names for one (the operation
//      refused its credential, or no operation took the request);
//   4. `default`.
// The namespace's state, clock, faults and journal all follow from it.
import type { CompiledOperation } from './contract.ts';
import { DEFAULT_NAMESPACE } from './namespaces.ts';
import { credentialOf } from './request.ts';

/** Reads a credential an area issued (a database token) from a request's headers: its namespace, or undefined. */
export type TokenNamespace = (headers: Record<string, string>) => string | undefined;

/**
 * The namespace of a request: `operation` when one took it; `credential` when the caller already
 * checked the operation's security (the engine's routed path), so that it is not read twice.
 */
export type NamespaceOf = (
  headers: Record<string, string>,
  operation?: Pick<CompiledOperation, 'area' | 'security'>,
  credential?: { namespace: string },
) => string;

/** The one decision, over the areas' token readers (by area) and every operation's security (for the access-key headers). */
export function namespaceDecision(tokens: ReadonlyMap<string, TokenNamespace>, operations: readonly Pick<CompiledOperation, 'security'>[]): NamespaceOf {
  const accessKeyHeaders = accessKeyHeadersOf(operations);
  const anyToken = [...tokens.values()];
  /** The area asked for last and its token reader (a suite calls one area many times in a row): no look-up. */
  let lastArea: string | undefined;
  let lastToken: TokenNamespace | undefined;
  return (headers, operation, credential) => {
    if (operation) {
      if (operation.area !== lastArea) {
        lastToken = tokens.get(operation.area);
        lastArea = operation.area;
      }
      const token = lastToken?.(headers);
      if (token !== undefined) return token;
      const satisfied = credential ?? credentialOf(operation, headers);
      if (satisfied) return satisfied.namespace;
    } else {
      for (const read of anyToken) {
        const token = read(headers);
        if (token !== undefined) return token;
      }
    }
    for (const name of accessKeyHeaders) if (headers[name]) return headers[name];
    return DEFAULT_NAMESPACE;
  };
}

/** The headers that carry an access key (apiKey schemes in a header), lower case. */
function accessKeyHeadersOf(operations: readonly Pick<CompiledOperation, 'security'>[]): string[] {
  const names = new Set<string>();
  for (const operation of operations)
    for (const scheme of operation.security.flat())
      if (scheme.type === 'apiKey' && scheme.in === 'header' && scheme.keyName) names.add(scheme.keyName.toLowerCase());
  return [...names];
}
