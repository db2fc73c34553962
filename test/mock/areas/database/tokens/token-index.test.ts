// The area-wide token index (tokens/token-management.ts) leads a Bearer token to its namespace. A
// namespace reset or dropped past maxNamespaces takes its tokens out of the index with its state:
// the index held every token ever minted (two entries a new access key, a suite's every test), and
// a token of a namespace gone still led to it, so that a stale client's request made its state
// again. The start-up tokens stay, and every other namespace's tokens still lead to their own.
import { describe, expect, it } from 'vitest';
import { resolveDatabaseSettings } from '../../../../../packages/mock/src/areas/database/namespaces/options.ts';
import { type DatabaseState, newState } from '../../../../../packages/mock/src/areas/database/namespaces/state-store.ts';
import { STARTUP_NAMESPACE, tokenManagement } from '../../../../../packages/mock/src/areas/database/tokens/token-management.ts';

function area() {
  const settings = resolveDatabaseSettings({ maxTokensPerDatabase: 4 });
  const tokens = tokenManagement({
    settings,
    clockOf: () => ({ now: () => Date.parse('2026-01-01T00:00:00Z') }),
    ownerOf: (state, namespace) => `${namespace}\u0000${state.generation}`,
    onInvalidated() {},
    persist() {},
  });
  const states = new Map<string, DatabaseState>();
  const stateOf = (namespace: string) => states.get(namespace) ?? (states.set(namespace, newState()), states.get(namespace)!);
  /** Mints both kinds in a namespace: their secrets. */
  const mint = (namespace: string): string[] => {
    const call = { state: stateOf(namespace), namespace, stateOf } as never;
    const request = { params: { databaseId: settings.databaseId }, body: {}, headers: { host: '127.0.0.1:1' }, query: {} } as never;
    const answer = tokens.handlers.createDatabaseTokens!(request, call) as { status: number; body: { tokens: { token: string }[] } };
    expect(answer.status).toBe(201);
    return answer.body.tokens.map((token) => token.token);
  };
  /** What the engine and the area do at a reset: the state goes, then the area is told. */
  const reset = (namespace?: string) => {
    if (namespace === undefined) states.clear();
    else states.delete(namespace);
    tokens.forget(namespace);
  };
  const namespaceOf = (secret: string) => tokens.namespaceOf({ authorization: `Bearer ${secret}` });
  return { settings, tokens, mint, reset, namespaceOf, stateOf };
}

describe('the token index across resets', () => {
  it('takes a namespace reset out of the index, and leaves every other one leading to its own', () => {
    const { tokens, mint, reset, namespaceOf } = area();
    const minted = Array.from({ length: 50 }, (_, index) => ({ namespace: `key-${index}`, secrets: mint(`key-${index}`) }));
    expect(tokens.indexed).toBe(2 + 100);
    for (const { namespace, secrets } of minted.filter((_, index) => index % 2 === 0)) {
      reset(namespace);
      for (const secret of secrets) expect(namespaceOf(secret)).toBeUndefined();
    }
    expect(tokens.indexed).toBe(2 + 50);
    for (const { namespace, secrets } of minted.filter((_, index) => index % 2 === 1))
      for (const secret of secrets) expect(namespaceOf(secret)).toBe(namespace);
  });

  it("keeps the start-up tokens through a reset of their namespace or of every one, and drops the namespace's other tokens", () => {
    const { settings, tokens, mint, reset, namespaceOf } = area();
    const [defaultFull] = mint(STARTUP_NAMESPACE);
    const [otherFull] = mint('other');
    reset(STARTUP_NAMESPACE);
    expect(namespaceOf(defaultFull!)).toBeUndefined();
    expect(namespaceOf(otherFull!)).toBe('other');
    reset();
    expect(namespaceOf(otherFull!)).toBeUndefined();
    expect(tokens.indexed).toBe(2);
    for (const secret of [settings.fullAccessToken, settings.readOnlyToken]) expect(namespaceOf(secret)).toBe(STARTUP_NAMESPACE);
  });

  it('refuses a token of a namespace reset as unknown, with no state made for it, and the same namespace mints again', () => {
    const { mint, reset, namespaceOf, tokens, stateOf } = area();
    const [stale] = mint('suite-test');
    reset('suite-test');
    const made: string[] = [];
    const refusal = tokens.authorize(stale, '127.0.0.1:1', (namespace) => (made.push(namespace), stateOf(namespace)));
    expect(refusal).toHaveProperty('code', 'AUTH_JWT_INVALID');
    expect(made).toEqual([]);
    const [fresh] = mint('suite-test');
    expect(namespaceOf(fresh!)).toBe('suite-test');
    expect(tokens.authorize(fresh, '127.0.0.1:1', stateOf)).toMatchObject({ namespace: 'suite-test', databaseId: 'my-database', access: 'full' });
  });

  it('takes a token forgotten to make room (over maxTokensPerDatabase) out of the index', () => {
    const { tokens, mint, stateOf, namespaceOf } = area();
    const [first] = mint('busy');
    for (const token of stateOf('busy').databases['my-database']!.tokens) token.invalidated = true;
    mint('busy');
    mint('busy');
    expect(namespaceOf(first!)).toBeUndefined();
    expect(tokens.indexed).toBe(2 + 4);
  });
});
