// Database access tokens: one store per database, following the specification's state table.
//   generate tokens            -> new tokens valid; existing tokens stay valid
//   regenerate / invalidate    -> every existing token invalid at once (regenerate adds a new pair)
// An expired token is refused like an invalidated one. Only digests of the secrets are kept.
import { createHash, randomBytes } from 'node:crypto';
import type * as Database from '@platform/contracts/database';
import type { Access } from './databases.ts';

type Schemas = Database.components['schemas'];
export type TokenKind = Schemas['DatabaseTokenKind'];
export type IssuedToken = Schemas['IssuedDatabaseToken'];
export type ListedToken = Schemas['DatabaseToken'];

export const BOTH_KINDS: readonly TokenKind[] = ['full_access', 'read_only'];
const DAY_MS = 24 * 60 * 60 * 1000;
const ACCESS_OF: Record<TokenKind, Access> = { full_access: 'full', read_only: 'read-only' };

interface StoredToken {
  id: string;
  kind: TokenKind;
  digest: string;
  createdAt: number;
  expiresAt: number | null;
  invalidated: boolean;
}

const digestOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
const isoOrNull = (time: number | null) => (time === null ? null : new Date(time).toISOString());

/** A fresh secret, recognisable as the mock's in logs of a client that misbehaves. */
export const newSecret = (kind: TokenKind) => `mock-${kind.replace('_', '-')}-${randomBytes(18).toString('base64url')}`;

export class TokenStore {
  readonly #tokens: StoredToken[] = [];

  /** Adds a token whose secret is already known (the mock's start-up tokens); it never expires. */
  seed(kind: TokenKind, secret: string): void {
    this.#add(kind, secret, null);
  }

  /** Generate Tokens: one new token per kind; every existing token stays valid. */
  generate(kinds: readonly TokenKind[], expiresInDays: number | null = null): IssuedToken[] {
    return kinds.map((kind) => {
      const token = newSecret(kind);
      const stored = this.#add(kind, token, expiresInDays);
      return { id: stored.id, kind, token, created_at: isoOrNull(stored.createdAt)!, expires_at: isoOrNull(stored.expiresAt) };
    });
  }

  /** Invalidate Tokens: every existing token is invalid from now on. Returns how many were valid. */
  invalidate(): number {
    const valid = this.#tokens.filter((token) => this.#isValid(token));
    for (const token of this.#tokens) token.invalidated = true;
    return valid.length;
  }

  /** What a pipeline request with this secret may do; undefined when it is unknown, invalidated or expired. */
  accessOf(secret: string): Access | undefined {
    const digest = digestOf(secret);
    const token = this.#tokens.find((candidate) => candidate.digest === digest);
    return token && this.#isValid(token) ? ACCESS_OF[token.kind] : undefined;
  }

  /** Every token, oldest first, without its secret. */
  list(): ListedToken[] {
    return this.#tokens.map((token) => ({
      id: token.id,
      kind: token.kind,
      created_at: isoOrNull(token.createdAt)!,
      expires_at: isoOrNull(token.expiresAt),
      valid: this.#isValid(token),
    }));
  }

  #isValid(token: StoredToken): boolean {
    return !token.invalidated && (token.expiresAt === null || Date.now() < token.expiresAt);
  }

  #add(kind: TokenKind, secret: string, expiresInDays: number | null): StoredToken {
    const createdAt = Date.now();
    const token: StoredToken = {
      id: `tok_${randomBytes(8).toString('hex')}`,
      kind,
      digest: digestOf(secret),
      createdAt,
      expiresAt: expiresInDays === null ? null : createdAt + expiresInDays * DAY_MS,
      invalidated: false,
    };
    this.#tokens.push(token);
    return token;
  }
}

/**
 * The token stores by database ID, created on first use. A new store starts with the mock's
 * start-up tokens (printed by `pnpm mock`), so that they work for every database until the
 * database's tokens are invalidated.
 */
export function tokenStores(startUp: { fullAccessToken: string; readOnlyToken: string }) {
  const stores = new Map<string, TokenStore>();
  return (databaseId: string): TokenStore => {
    let store = stores.get(databaseId);
    if (!store) {
      store = new TokenStore();
      store.seed('full_access', startUp.fullAccessToken);
      store.seed('read_only', startUp.readOnlyToken);
      stores.set(databaseId, store);
    }
    return store;
  };
}
