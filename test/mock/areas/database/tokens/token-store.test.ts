// A database's token store (tokens/token-store.ts) issues each token a secret and an id of its own,
// in the mock's recognisable forms, drawn from the system's generator a block at a time (each byte
// handed out once), and keeps only each secret's SHA-256 digest. An issue's tokens are made at one
// time, their random bytes encoded in two calls and their time written once (a new namespace's
// first mint paid four encodings, four buffer views and two date writes).
import { createHash, randomFillSync } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { BOTH_KINDS, digestOf, RandomPool, rememberedDigests, TokenStore } from '../../../../../packages/mock/src/areas/database/tokens/token-store.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('TokenStore', () => {
  it('issues every token a secret and an id of its own, in the forms clients and logs show, and keeps only their digests', () => {
    const store = new TokenStore([], () => Date.parse('2026-01-01T00:00:00Z'), 200);
    const issues = Array.from({ length: 50 }, () => store.generate(BOTH_KINDS));
    const issued = issues.flatMap(({ issued }) => issued);
    expect(issued).toHaveLength(100);
    for (const [index, token] of issued.entries()) {
      expect(token.kind).toBe(BOTH_KINDS[index % 2]);
      expect(token.token).toMatch(token.kind === 'full_access' ? /^mock-full-access-[A-Za-z0-9_-]{24}$/ : /^mock-read-only-[A-Za-z0-9_-]{24}$/);
      expect(token.id).toMatch(/^tok_[0-9a-f]{16}$/);
    }
    // The random part of each secret and each id are their own, never a neighbour's bytes.
    const randomParts = issued.flatMap((token) => [token.token.slice(-24), token.id.slice(4)]);
    expect(new Set(randomParts).size).toBe(200);
    expect(store.tokens.map((stored) => stored.digest)).toEqual(issued.map((token) => sha256(token.token)));
    expect(JSON.stringify(store.tokens)).not.toContain(issued[0]!.token);
  });

  it('draws the generator once per block of bytes, and hands out each byte once (a block that is not a whole number of issues included)', () => {
    for (const size of [4096, 100]) {
      const draws: number[] = [];
      const pool = new RandomPool((block) => {
        draws.push(block.length);
        randomFillSync(block);
      }, size);
      const store = new TokenStore([], () => Date.parse('2026-01-01T00:00:00Z'), 200, pool);
      const issued = Array.from({ length: 50 }, () => store.generate(BOTH_KINDS)).flatMap(({ issued }) => issued);
      // 52 bytes an issue (two secrets of 18, two ids of 8).
      expect(draws).toEqual(size === 4096 ? [4096] : Array.from({ length: 50 }, () => 100));
      expect(new Set(issued.flatMap((token) => [token.token.slice(-24), token.id.slice(4)])).size).toBe(200);
    }
    // Bytes handed out in order, none twice, past the end of a block included.
    let next = 0;
    const counting = new RandomPool((block) => {
      for (let index = 0; index < block.length; index++) block[index] = next++ % 256;
    }, 10);
    expect([...counting.take(4), ...counting.take(6), ...counting.take(3)]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(counting.take(16)).toHaveLength(16);
  });

  it.each([
    { days: null, dateWrites: 1 },
    { days: 30, dateWrites: 2 },
  ])('encodes an issue in two calls (secrets, then ids) and writes its times once each (expires_in_days $days)', ({ days, dateWrites }) => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    let time = now;
    // A clock that moves at each reading: the issue reads it once.
    const store = new TokenStore([], () => time++, 200);
    const encodings = vi.spyOn(Buffer.prototype, 'toString');
    const dates = vi.spyOn(Date.prototype, 'toISOString');
    try {
      const { issued, stored } = store.generate(BOTH_KINDS, days);
      expect(encodings).toHaveBeenCalledTimes(2);
      expect(dates).toHaveBeenCalledTimes(dateWrites);
      expect(issued.map((token) => token.created_at)).toEqual(['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z']);
      const expires = days === null ? null : new Date(now + days * 86_400_000).toISOString();
      expect(issued.map((token) => token.expires_at)).toEqual([expires, expires]);
      expect(stored.map((token) => [token.createdAt, token.expiresAt])).toEqual(stored.map(() => [now, days === null ? null : now + days * 86_400_000]));
      expect(stored.map((token) => token.digest)).toEqual(issued.map((token) => sha256(token.token)));
    } finally {
      encodings.mockRestore();
      dates.mockRestore();
    }
  });

  it('digests a secret as SHA-256 in hex', () => {
    expect(digestOf('mock-full-access-abc')).toBe(sha256('mock-full-access-abc'));
  });
});

describe('rememberedDigests (a request digests its token twice; a client sends the same token with every statement)', () => {
  const counting = () => {
    const digested: string[] = [];
    return { digested, digest: rememberedDigests((secret) => (digested.push(secret), digestOf(secret)), 3) };
  };

  it('digests a secret once, and gives the same digest each time', () => {
    const { digested, digest } = counting();
    expect(['a', 'a', 'b', 'a', 'b', 'ax'].map(digest)).toEqual(['a', 'a', 'b', 'a', 'b', 'ax'].map(sha256));
    expect(digested).toEqual(['a', 'b', 'ax']);
  });

  it('keeps at most its bound (all forgotten when full), and never a long secret', () => {
    const { digested, digest } = counting();
    for (const secret of ['a', 'b', 'c', 'd', 'a']) digest(secret);
    // d found it full: a, b and c were forgotten, so a is digested again.
    expect(digested).toEqual(['a', 'b', 'c', 'd', 'a']);
    const long = 'x'.repeat(129);
    expect([digest(long), digest(long)]).toEqual([sha256(long), sha256(long)]);
    expect(digested.filter((secret) => secret === long)).toHaveLength(2);
  });
});
