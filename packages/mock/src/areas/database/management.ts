// The database's token management operations, served by the general management API
// (AccessKey header, checked by Prism): generate, invalidate or regenerate, and list tokens.
import type * as Database from '@platform/contracts/database';
import { describeViolations, type MockRequest, type MockResponse, type Violation } from '../../area.ts';
import type { DatabaseSettings } from './settings.ts';
import { BOTH_KINDS, type TokenStore } from './tokens.ts';

type Schemas = Database.components['schemas'];
type ManagementError = Schemas['DatabaseManagementError'];

export const MANAGEMENT_OPERATIONS = new Set(['createDatabaseTokens', 'invalidateDatabaseTokens', 'listDatabaseTokens']);

export function tokenManagement(settings: DatabaseSettings, tokensOf: (databaseId: string) => TokenStore) {
  /** With one default database only its ID is known; with one database per host name, every ID is. */
  const isKnown = (databaseId: string) => settings.perHost || databaseId === settings.databaseId;

  /** The URL a client of the mock reaches the database at: this origin, plain http (`tls=0`). */
  function databaseUrl(request: MockRequest, databaseId: string): string {
    const [, hostname = '127.0.0.1', port] = /^(.*?)(?::(\d+))?$/.exec(request.headers.host ?? '') ?? [];
    const host = settings.perHost ? `${databaseId}.localhost` : hostname || '127.0.0.1';
    return `libsql://${host}${port ? `:${port}` : ''}?tls=0`;
  }

  /** Runs `answer` with the database's token store, or answers 404 for an unknown database. */
  function withDatabase(request: MockRequest, answer: (databaseId: string, tokens: TokenStore) => MockResponse): MockResponse {
    const databaseId = request.params.databaseId ?? '';
    if (!isKnown(databaseId)) {
      return failure(404, 'database.not_found', `No database with the ID "${databaseId}" in this account.`);
    }
    return answer(databaseId, tokensOf(databaseId));
  }

  return {
    handlers: {
      createDatabaseTokens: (request: MockRequest) =>
        withDatabase(request, (databaseId, tokens) => {
          const body = (request.body ?? {}) as Schemas['CreateDatabaseTokensRequest'];
          const issued = tokens.generate(body.kinds ?? BOTH_KINDS, body.expires_in_days ?? null);
          const answer: Schemas['DatabaseTokensIssued'] = { database_id: databaseId, database_url: databaseUrl(request, databaseId), tokens: issued };
          return { status: 201, body: answer };
        }),

      invalidateDatabaseTokens: (request: MockRequest) =>
        withDatabase(request, (databaseId, tokens) => {
          const body = (request.body ?? {}) as Schemas['InvalidateDatabaseTokensRequest'];
          const invalidated = tokens.invalidate();
          const answer: Schemas['DatabaseTokensInvalidated'] = {
            database_id: databaseId,
            database_url: databaseUrl(request, databaseId),
            invalidated,
            tokens: body.regenerate ? tokens.generate(BOTH_KINDS) : [],
          };
          return { status: 200, body: answer };
        }),

      listDatabaseTokens: (request: MockRequest) =>
        withDatabase(request, (databaseId, tokens) => {
          const answer: Schemas['DatabaseTokenList'] = { database_id: databaseId, tokens: tokens.list() };
          return { status: 200, body: answer };
        }),
    },

    invalidRequest: (violations: Violation[]): MockResponse => failure(400, 'request.invalid', describeViolations(violations)),
  };
}

function failure(status: number, errorKey: string, message: string): MockResponse {
  const body: ManagementError = { error_key: errorKey, message };
  return { status, body };
}
