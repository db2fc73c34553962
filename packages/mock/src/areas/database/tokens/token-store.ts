// Database access tokens: one store per database of a namespace, following the specification's
// state table.
//   generate tokens            -> new tokens valid; existing tokens stay valid
//   regenerate / invalidate    -> every existing token invalid at once (regenerate adds a new pair)
// An expired token is refused like an invalidated one. Only digests of the secrets are kept.
import { hash, randomFillSync } from 'node:crypto';
import type * as Database from '@platform-contracts/contracts/database';
import { remembered } from '../../../engine/remembered.ts';
import type { StoredToken } from '../namespaces/state-store.ts';
import type { Access } from '../sql/index.ts';

type Schemas = Database.components['schemas'];
export type TokenKind = Schemas['DatabaseTokenKind'];
export type IssuedToken = Schemas['IssuedDatabaseToken'];
export type ListedToken = Schemas['DatabaseToken'];

export const BOTH_KINDS: readonly TokenKind[] = ['full_access', 'read_only'];
const DAY_MS = 24 * 60 * 60 * 1000;
const ACCESS_OF: Record<TokenKind, Access> = { full_access: 'full', read_only: 'read-only' };

export const digestOf = (secret: string) => hash('sha256', secret, 'hex');

/** Secrets longer than this are digested at each request, never kept (the mock's own are 40 characters or so). */
const KEPT_SECRET_LENGTH = 128;
/**
 * `digest`, remembering the digests of at most `kept` secrets (all forgotten when full): a request
 * digests its secret twice (its namespace, then its caller) and a client sends the same token with
 * every statement; over WebSocket, with each of a statement's three messages.
 */
export function rememberedDigests(digest: (secret: string) => string = digestOf, kept = 1024): (secret: string) => string {
  return remembered(digest, { kept, longestKey: KEPT_SECRET_LENGTH });
}
const isoOrNull = (time: number | null) => (time === null ? null : new Date(time).toISOString());

const SECRET_BYTES = 18;
const ID_BYTES = 8;
/** A secret's random part: base64url of SECRET_BYTES (a multiple of 3, so that each secret's characters are its own in an encoding of several). */
const SECRET_CHARS = (SECRET_BYTES / 3) * 4;
const ID_CHARS = ID_BYTES * 2;
const SECRET_PREFIX: Record<TokenKind, string> = { full_access: 'mock-full-access-', read_only: 'mock-read-only-' };
/**
 * Bytes of the system's generator, drawn a block at a time and each handed out once: a call for a
 * few bytes cost about as much as one for a block (a job object per call), and a new namespace's
 * tokens were one call each.
 */
export class RandomPool {
  readonly #block: Buffer;
  #used: number;

  constructor(
    private readonly fill: (block: Buffer) => void = randomFillSync,
    size = 4096,
  ) {
    this.#block = Buffer.alloc(size);
    this.#used = size;
  }

  /** `count` bytes never handed out before; a view to read at once (the block is drawn again later). */
  take(count: number): Buffer {
    if (count > this.#block.length) {
      const bytes = Buffer.alloc(count);
      this.fill(bytes);
      return bytes;
    }
    if (this.#used + count > this.#block.length) {
      this.fill(this.#block);
      this.#used = 0;
    }
    this.#used += count;
    return this.#block.subarray(this.#used - count, this.#used);
  }
}

const RANDOM = new RandomPool();

/**
 * Random texts for `count` tokens, each a secret's random part and an id (recognisable as the
 * mock's in logs of a client that misbehaves): one draw, the secrets' bytes encoded at once and the
 * ids' at once, each token's characters then a slice of its own.
 */
function randomTexts(pool: RandomPool, count: number): { secret(index: number): string; id(index: number): string } {
  const bytes = pool.take(count * (SECRET_BYTES + ID_BYTES));
  const secrets = bytes.toString('base64url', 0, count * SECRET_BYTES);
  const ids = bytes.toString('hex', count * SECRET_BYTES, count * (SECRET_BYTES + ID_BYTES));
  return {
    secret: (index) => secrets.slice(index * SECRET_CHARS, (index + 1) * SECRET_CHARS),
    id: (index) => ids.slice(index * ID_CHARS, (index + 1) * ID_CHARS),
  };
}

export class TokenLimitReached extends Error {}

export class TokenStore {
  constructor(
    readonly tokens: StoredToken[],
    private readonly now: () => number,
    private readonly maxTokens: number,
    private readonly random: RandomPool = RANDOM,
  ) {}

  /** Adds a token whose secret is already known (the mock's start-up tokens); it never expires. */
  seed(kind: TokenKind, secret: string): StoredToken {
    return this.#add(kind, digestOf(secret), this.now(), null, this.random.take(ID_BYTES).toString('hex'));
  }

  /** Generate Tokens: one new token per kind, made at one time; every existing token stays valid. */
  generate(kinds: readonly TokenKind[], expiresInDays: number | null = null): { issued: IssuedToken[]; stored: StoredToken[]; forgotten: StoredToken[] } {
    const forgotten = this.#makeRoom(kinds.length);
    const issued: IssuedToken[] = [];
    const stored: StoredToken[] = [];
    const random = randomTexts(this.random, kinds.length);
    const createdAt = this.now();
    const expiresAt = expiresInDays === null ? null : createdAt + expiresInDays * DAY_MS;
    const created = isoOrNull(createdAt)!;
    const expires = isoOrNull(expiresAt);
    for (let index = 0; index < kinds.length; index++) {
      const kind = kinds[index]!;
      const token = SECRET_PREFIX[kind] + random.secret(index);
      const added = this.#add(kind, digestOf(token), createdAt, expiresAt, random.id(index));
      stored.push(added);
      issued.push({ id: added.id, kind, token, created_at: created, expires_at: expires });
    }
    return { issued, stored, forgotten };
  }

  /** Invalidate Tokens: every existing token is invalid from now on. Returns those that were valid. */
  invalidate(): StoredToken[] {
    const valid = this.tokens.filter((token) => this.isValid(token));
    for (const token of this.tokens) token.invalidated = true;
    return valid;
  }

  /** What a pipeline request with this token may do; undefined when it is unknown, invalidated or expired. */
  accessOf(digest: string): Access | undefined {
    const token = this.tokens.find((candidate) => candidate.digest === digest);
    return token && this.isValid(token) ? ACCESS_OF[token.kind] : undefined;
  }

  /** Every token, oldest first, without its secret. */
  list(): ListedToken[] {
    return this.tokens.map((token) => ({
      id: token.id,
      kind: token.kind,
      created_at: isoOrNull(token.createdAt)!,
      expires_at: isoOrNull(token.expiresAt),
      valid: this.isValid(token),
    }));
  }

  isValid(token: StoredToken): boolean {
    return !token.invalidated && (token.expiresAt === null || this.now() < token.expiresAt);
  }

  /** Forgets the oldest invalid tokens to keep the store under its limit; refuses when every token is valid. */
  #makeRoom(adding: number): StoredToken[] {
    const forgotten: StoredToken[] = [];
    while (this.tokens.length + adding > this.maxTokens) {
      const index = this.tokens.findIndex((token) => !this.isValid(token));
      if (index === -1)
        throw new TokenLimitReached(`The database keeps at most ${this.maxTokens} tokens (maxTokensPerDatabase); invalidate tokens to make room`);
      forgotten.push(...this.tokens.splice(index, 1));
    }
    return forgotten;
  }

  #add(kind: TokenKind, digest: string, createdAt: number, expiresAt: number | null, id: string): StoredToken {
    const token: StoredToken = { id: `tok_${id}`, kind, digest, createdAt, expiresAt, invalidated: false };
    this.tokens.push(token);
    return token;
  }
}
