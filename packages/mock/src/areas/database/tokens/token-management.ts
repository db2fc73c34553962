// Database tokens, apart from the protocol that uses them: the token management operations
// (createDatabaseTokens, invalidateDatabaseTokens, listDatabaseTokens; general management API,
// AccessKey = the namespace) and the area-wide token index that leads a Bearer token, on any
// transport (HTTP pipeline, WebSocket), to its namespace, database and access.
import type * as Contract from '@platform-contracts/contracts/database';
import type { AnyOperation, CallContext, Handler, Handlers, MockRequest, MockResponse } from '../../../engine/area.ts';
import { DEFAULT_NAMESPACE } from '../../../engine/namespaces.ts';
import { remembered } from '../../../engine/remembered.ts';
import { DATABASE_ID, type DatabaseSettings } from '../namespaces/options.ts';
import type { DatabaseState } from '../namespaces/state-store.ts';
import { AUTH_REASONS, type AuthRefusal } from '../protocol/error-codes.ts';
import type { Access } from '../sql/index.ts';
import { BOTH_KINDS, digestOf, rememberedDigests, TokenLimitReached, TokenStore } from './token-store.ts';

type Schemas = Contract.components['schemas'];
type ManagementOperations = Pick<Contract.operations, 'createDatabaseTokens' | 'invalidateDatabaseTokens' | 'listDatabaseTokens'>;

/** The namespace the start-up tokens belong to. */
/** The namespace the start-up tokens belong to: the mock's default one. */
export const STARTUP_NAMESPACE = DEFAULT_NAMESPACE;
/** The latest expiry an answer can state: RFC 3339 date-times (the contract's `date-time`) have four-digit years. */
const LATEST_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const DAY_MS = 24 * 60 * 60 * 1000;

/** Who a token is: its namespace, the owner of the database files, the database and what it may do. */
export interface Caller {
  namespace: string;
  owner: string;
  databaseId: string;
  access: Access;
  /** The token's digest: a stream continues only with the token that opened it. */
  digest: string;
}

export interface TokenManagementOptions {
  settings: DatabaseSettings;
  /** A namespace's clock: its tokens are made and expire by it. */
  clockOf(namespace: string): { now(): number };
  /** Whose database files a namespace's state uses (the state part of the area). */
  ownerOf(state: DatabaseState, namespace: string): string;
  /** Called once tokens were invalidated: the streams they opened end now, on every transport. */
  onInvalidated(owner: string, databaseId: string, digests: Set<string>): void;
  /** Called after a namespace's tokens changed (the state part keeps the start-up namespace's in its folder). */
  persist(state: DatabaseState, namespace: string): void;
}

/** The secret of an `Authorization: Bearer <secret>` header; undefined for any other. Remembered: a client sends the same header with every statement, read twice (the request's namespace, then its caller). */
export const bearerSecret = remembered((authorization: string) => /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1], { kept: 1024, longestKey: 256 });

export function failure<Status extends 400 | 404>(status: Status, errorKey: string, message: string) {
  const body: Schemas['DatabaseManagementError'] = { error_key: errorKey, message };
  return { status, body };
}

export function tokenManagement({ settings, clockOf, ownerOf, onInvalidated, persist }: TokenManagementOptions) {
  const startUpDigests = new Set([digestOf(settings.fullAccessToken), digestOf(settings.readOnlyToken)]);
  /** The digests of the secrets requests present. */
  const requestDigest = rememberedDigests();
  /** Token digest → where it belongs. Start-up tokens belong to every database of the start-up namespace. */
  const tokenIndex = new Map<string, { namespace: string; databaseId: string | '*' }>();
  for (const digest of startUpDigests) tokenIndex.set(digest, { namespace: STARTUP_NAMESPACE, databaseId: '*' });
  /** The digests each namespace put in the index (start-up tokens aside), so that a namespace reset or dropped takes its own out. */
  const indexedBy = new Map<string, Set<string>>();
  function index(digest: string, namespace: string, databaseId: string) {
    tokenIndex.set(digest, { namespace, databaseId });
    let digests = indexedBy.get(namespace);
    if (!digests) indexedBy.set(namespace, (digests = new Set()));
    digests.add(digest);
  }
  function unindex(digest: string) {
    const owner = tokenIndex.get(digest);
    if (!owner || startUpDigests.has(digest)) return;
    tokenIndex.delete(digest);
    indexedBy.get(owner.namespace)?.delete(digest);
  }

  /** A database's token store in a namespace's state, created on first use (with the start-up tokens in the start-up namespace); on the namespace's clock. */
  function tokensOf(state: DatabaseState, namespace: string, databaseId: string): TokenStore {
    const now = () => clockOf(namespace).now();
    let entry = state.databases[databaseId];
    if (!entry) {
      entry = { tokens: [] };
      state.databases[databaseId] = entry;
      const store = new TokenStore(entry.tokens, now, settings.maxTokensPerDatabase);
      if (namespace === STARTUP_NAMESPACE) {
        store.seed('full_access', settings.fullAccessToken);
        store.seed('read_only', settings.readOnlyToken);
      }
      persist(state, namespace);
      return store;
    }
    return new TokenStore(entry.tokens, now, settings.maxTokensPerDatabase);
  }

  /**
   * A state taken over (kept in a folder, or imported): its tokens lead to the namespace. A token
   * belongs to the namespace that issued it: a copy in a snapshot put into another namespace (while
   * the first still holds it) gives no authority there, and is listed as invalid. The start-up
   * namespace keeps the start-up tokens.
   */
  function adopt(state: DatabaseState, namespace: string): DatabaseState {
    for (const [databaseId, entry] of Object.entries(state.databases)) {
      for (const token of entry.tokens) {
        if (startUpDigests.has(token.digest)) continue;
        const owner = tokenIndex.get(token.digest);
        if (owner && owner.namespace !== namespace) token.invalidated = true;
        else index(token.digest, namespace, databaseId);
      }
      if (namespace !== STARTUP_NAMESPACE) continue;
      const store = new TokenStore(entry.tokens, () => clockOf(namespace).now(), settings.maxTokensPerDatabase);
      if (!entry.tokens.some((token) => token.digest === digestOf(settings.fullAccessToken))) store.seed('full_access', settings.fullAccessToken);
      if (!entry.tokens.some((token) => token.digest === digestOf(settings.readOnlyToken))) store.seed('read_only', settings.readOnlyToken);
    }
    return state;
  }

  /**
   * Who a token secret is, for a request to `host` (its first label names the database with
   * perHost); or why it is refused, as libSQL's server words it: no token, or one that is
   * unknown, invalidated or for another database (an invalid JWT there), or expired.
   */
  function authorize(secret: string | undefined, host: string, stateOf: (namespace: string) => DatabaseState): Caller | AuthRefusal {
    if (!secret) return AUTH_REASONS.AUTH_HEADER_NOT_FOUND;
    const digest = requestDigest(secret);
    const owner = tokenIndex.get(digest);
    if (!owner) return AUTH_REASONS.AUTH_JWT_INVALID;
    let databaseId: string;
    if (settings.perHost) {
      const hostId = host.replace(/:\d+$/, '').toLowerCase().split('.')[0] ?? '';
      if (!DATABASE_ID.test(hostId) || (owner.databaseId !== '*' && owner.databaseId !== hostId)) return AUTH_REASONS.AUTH_JWT_INVALID;
      databaseId = hostId;
    } else databaseId = owner.databaseId === '*' ? settings.databaseId : owner.databaseId;
    const state = stateOf(owner.namespace);
    const store = tokensOf(state, owner.namespace, databaseId);
    const access = store.accessOf(digest);
    if (access) return { namespace: owner.namespace, owner: ownerOf(state, owner.namespace), databaseId, access, digest };
    const token = store.tokens.find((stored) => stored.digest === digest);
    const expired = token !== undefined && !token.invalidated && token.expiresAt !== null && clockOf(owner.namespace).now() >= token.expiresAt;
    return expired ? AUTH_REASONS.AUTH_JWT_EXPIRED : AUTH_REASONS.AUTH_JWT_INVALID;
  }

  const isKnown = (databaseId: string) => settings.perHost || databaseId === settings.databaseId;

  /** The URL a client of the mock reaches the database at: this origin, plain http (`tls=0`). */
  function databaseUrl(request: MockRequest, databaseId: string): string {
    const [, hostname = '127.0.0.1', port] = /^(.*?)(?::(\d+))?$/.exec(request.headers.host ?? '') ?? [];
    const host = settings.perHost ? `${databaseId}.localhost` : hostname || '127.0.0.1';
    return `libsql://${host}${port ? `:${port}` : ''}?tls=0`;
  }

  type Managed<Op> = (databaseId: string, tokens: TokenStore, request: MockRequest<Op>, call: CallContext<DatabaseState>) => MockResponse<Op>;
  // Typed per operation for its callers; every management operation documents the 400 and 404 failures below.
  function managed<Id extends keyof ManagementOperations>(answer: Managed<ManagementOperations[Id]>): Handler<DatabaseState, ManagementOperations[Id]>;
  function managed(answer: Managed<AnyOperation>): Handler<DatabaseState> {
    return (request, call) => {
      const databaseId = request.params.databaseId ?? '';
      if (!isKnown(databaseId)) return failure(404, 'database.not_found', `No database with the ID "${databaseId}" in this account.`);
      if (!call.state.databases[databaseId] && Object.keys(call.state.databases).length >= settings.maxDatabases) {
        return failure(400, 'database.limit_reached', `This account has ${settings.maxDatabases} databases, the mock's limit (maxDatabases).`);
      }
      try {
        const answered = answer(databaseId, tokensOf(call.state, call.namespace, databaseId), request, call);
        persist(call.state, call.namespace);
        return answered;
      } catch (error) {
        if (error instanceof TokenLimitReached) return failure(400, 'tokens.limit_reached', error.message);
        throw error;
      }
    };
  }

  function issue(tokens: TokenStore, namespace: string, databaseId: string, kinds: readonly Schemas['DatabaseTokenKind'][], days: number | null) {
    const { issued, stored, forgotten } = tokens.generate(kinds, days);
    for (const token of forgotten) unindex(token.digest);
    for (const token of stored) index(token.digest, namespace, databaseId);
    return issued;
  }

  /** The most days an expiry may lie ahead from a namespace's now. */
  const maxExpiryDays = (namespace: string) => Math.floor((LATEST_TIME - clockOf(namespace).now()) / DAY_MS);

  const handlers: Handlers<ManagementOperations, DatabaseState> = {
    createDatabaseTokens: managed<'createDatabaseTokens'>((databaseId, tokens, request, call) => {
      const body = request.body ?? {};
      const days = body.expires_in_days ?? null;
      if (days !== null && days > maxExpiryDays(call.namespace)) {
        return failure(
          400,
          'request.invalid',
          `expires_in_days ${days} puts the expiry past the year 9999, the latest a date-time can state; give at most ${maxExpiryDays(call.namespace)} days, or null for tokens that never expire.`,
        );
      }
      const issued = issue(tokens, call.namespace, databaseId, body.kinds ?? BOTH_KINDS, days);
      const answer: Schemas['DatabaseTokensIssued'] = { database_id: databaseId, database_url: databaseUrl(request, databaseId), tokens: issued };
      return { status: 201, body: answer };
    }),

    invalidateDatabaseTokens: managed<'invalidateDatabaseTokens'>((databaseId, tokens, request, call) => {
      const body = request.body ?? {};
      const invalidated = tokens.invalidate();
      onInvalidated(ownerOf(call.state, call.namespace), databaseId, new Set(tokens.tokens.map((token) => token.digest)));
      const answer: Schemas['DatabaseTokensInvalidated'] = {
        database_id: databaseId,
        database_url: databaseUrl(request, databaseId),
        invalidated: invalidated.length,
        tokens: body.regenerate ? issue(tokens, call.namespace, databaseId, BOTH_KINDS, null) : [],
      };
      return { status: 200, body: answer };
    }),

    listDatabaseTokens: managed<'listDatabaseTokens'>((databaseId, tokens) => {
      const answer: Schemas['DatabaseTokenList'] = { database_id: databaseId, tokens: tokens.list() };
      return { status: 200, body: answer };
    }),
  };

  /** The namespace a Bearer token was issued in, so that the namespace's clock and faults reach the pipeline. */
  function namespaceOf(headers: Record<string, string>): string | undefined {
    const secret = bearerSecret(headers.authorization ?? '');
    return secret === undefined ? undefined : tokenIndex.get(requestDigest(secret))?.namespace;
  }

  /**
   * A namespace reset or dropped (every one without `namespace`): its tokens went with its state,
   * and leave the index with it, so that the index does not grow with every access key a suite
   * used and a token of a namespace gone no longer leads to it (it is unknown, as any other).
   */
  function forget(namespace?: string): void {
    if (namespace === undefined) {
      for (const digest of tokenIndex.keys()) if (!startUpDigests.has(digest)) tokenIndex.delete(digest);
      indexedBy.clear();
      return;
    }
    for (const digest of indexedBy.get(namespace) ?? []) if (!startUpDigests.has(digest)) tokenIndex.delete(digest);
    indexedBy.delete(namespace);
  }

  return {
    authorize,
    adopt,
    namespaceOf,
    forget,
    /** How many token digests the index holds (the start-up tokens included). */
    get indexed() {
      return tokenIndex.size;
    },
    handlers,
    operations: new Set(Object.keys(handlers)),
  };
}
