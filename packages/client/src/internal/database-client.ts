// The database's SQL pipeline client (libSQL's Hrana over HTTP, version 2): statements, batches and
// interactive transactions on streams of one database, with the database's own token.

import type { components, paths } from '@platform-contracts/contracts/database';
import createClient from 'openapi-fetch';
import type { CallInfo } from './api-error.js';
import { type CallOptions, type DatabaseClient, type DatabaseClientOptions, DatabaseError, type Transaction } from './database-api.js';
import { BEGIN, type Statement, statement, toStmt, transactionSteps } from './database-statements.js';
import { resolveOptions } from './database-url.js';
import { type ResultSet, type SqlArguments, toResultSet } from './database-values.js';
import { startDeadline } from './deadline.js';
import { PlatformRequestError, PlatformTimeoutError } from './errors.js';
import { newRequestId, redact, requestIdOf } from './redaction.js';
import { createRetryingFetch } from './transport.js';

type Schemas = components['schemas'];

/** A client for one database's SQL pipeline (libSQL's Hrana over HTTP, version 2). */
export function createDatabaseClient(options: DatabaseClientOptions = {}): DatabaseClient {
  const { baseUrl, authToken } = resolveOptions(options, 'createDatabaseClient');
  const fetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const http = createClient<paths>({
    baseUrl,
    fetch: createRetryingFetch(fetch as typeof globalThis.fetch, options.retry) as (request: Request) => Promise<Response>,
    headers: { Authorization: `Bearer ${authToken}` },
  });
  const { timeoutMs } = options;
  const intMode = options.intMode ?? 'number';
  let closed = false;
  const open = new Set<TransactionImpl>();

  function checkOpen() {
    if (closed) throw new DatabaseError('The database client is closed', 'CLIENT_CLOSED');
  }

  async function pipeline(requests: Schemas['StreamRequest'][], baton?: string | null, call: CallOptions = {}) {
    const { signal, headers, middleware, retry } = call;
    // Without a time limit, the call's own signal (if any) aborts it.
    const limit = call.timeoutMs ?? timeoutMs;
    const deadline = startDeadline(limit, signal);
    const body = baton === undefined ? { requests } : { baton, requests };
    const answer = await http
      .POST('/v2/pipeline', {
        body,
        signal: deadline?.signal ?? signal,
        ...(headers && { headers: { ...headers, Authorization: `Bearer ${authToken}` } }),
        ...(middleware && { middleware }),
        ...(retry !== undefined && { fetch: createRetryingFetch(fetch as typeof globalThis.fetch, retry) as (request: Request) => Promise<Response> }),
      })
      .catch((error: unknown) => {
        const request = { method: 'POST', path: '/v2/pipeline', requestId: newRequestId() };
        if (deadline?.timedOut) throw new PlatformTimeoutError(request, limit as number);
        throw new PlatformRequestError(request, redact(error instanceof Error ? error.message : String(error), [authToken]), { cause: error });
      })
      .finally(() => deadline?.clear());
    const { data, error, response } = answer;
    if (data) return data;
    throw httpError(response.status, redact(error, [authToken]), { method: 'POST', path: '/v2/pipeline', requestId: requestIdOf(response) });
  }

  /** The ok responses of a pipeline and the stream's next baton; the first failed request's error is thrown. */
  async function run(requests: Schemas['StreamRequest'][], baton?: string | null, call?: CallOptions) {
    const answer = await pipeline(requests, baton, call);
    const responses = answer.results.map((result) => {
      if (result.type === 'error') throw new DatabaseError(result.error.message, result.error.code ?? null);
      return result.response;
    });
    return { responses, baton: answer.baton };
  }

  /** The results of a batch's steps, from `first` on; the first failed step's error is thrown. */
  function batchResults(response: Schemas['StreamResponse'] | undefined, first: number, count: number): ResultSet[] {
    if (response?.type !== 'batch') throw new DatabaseError('The answer does not match the request', 'PROTOCOL_ERROR');
    const { step_results: results, step_errors: errors } = response.result;
    const failed = errors.find((error) => error !== null);
    if (failed) throw new DatabaseError(failed.message, failed.code ?? null);
    return Array.from({ length: count }, (_, i) => {
      const result = results[first + i];
      if (!result) throw new DatabaseError('A statement of the batch did not run', 'BATCH_NOT_RUN');
      return toResultSet(result, intMode);
    });
  }

  class TransactionImpl implements Transaction {
    #baton: string | null;
    #closed = false;
    constructor(baton: string | null) {
      this.#baton = baton;
      open.add(this);
    }
    get closed() {
      return this.#closed;
    }
    /** Runs requests on the transaction's stream; its baton moves on with each answer. */
    async #send(requests: Schemas['StreamRequest'][], call?: CallOptions) {
      checkOpen();
      if (this.#closed || this.#baton === null) throw new DatabaseError('The transaction is closed', 'TRANSACTION_CLOSED');
      const baton = this.#baton;
      this.#baton = null; // a baton is good for one request
      try {
        const answer = await pipeline(requests, baton, call);
        this.#baton = answer.baton;
        if (answer.baton === null) this.#end();
        return answer.results.map((result) => {
          if (result.type === 'error') throw new DatabaseError(result.error.message, result.error.code ?? null);
          return result.response;
        });
      } catch (error) {
        if (this.#baton === null) this.#end();
        throw error;
      }
    }
    #end() {
      this.#closed = true;
      open.delete(this);
    }
    async execute(sql: string, args?: SqlArguments, options: CallOptions = {}) {
      const [response] = await this.#send([{ type: 'execute', stmt: statement(sql, args) }], options);
      if (response?.type !== 'execute') throw new DatabaseError('The answer does not match the request', 'PROTOCOL_ERROR');
      return toResultSet(response.result, intMode);
    }
    async batch(statements: readonly Statement[], options: CallOptions = {}) {
      const steps = statements.map((item) => ({ stmt: toStmt(item) }));
      const [response] = await this.#send([{ type: 'batch', batch: { steps } }], options);
      return batchResults(response, 0, statements.length);
    }
    async commit(options: CallOptions = {}) {
      await this.#send([{ type: 'execute', stmt: statement('COMMIT') }, { type: 'close' }], options);
      this.#end();
    }
    async rollback(options: CallOptions = {}) {
      await this.#send([{ type: 'execute', stmt: statement('ROLLBACK') }, { type: 'close' }], options);
      this.#end();
    }
    close() {
      if (this.#closed) return;
      const baton = this.#baton;
      this.#end();
      // Closing the stream rolls back what is open; nobody waits for the answer.
      if (baton !== null) void pipeline([{ type: 'close' }], baton).catch(() => {});
    }
  }

  return {
    pipeline,

    async execute(sql, args, callOptions = {}) {
      checkOpen();
      const { responses } = await run([{ type: 'execute', stmt: statement(sql, args) }, { type: 'close' }], undefined, callOptions);
      const [response] = responses;
      if (response?.type !== 'execute') throw new DatabaseError('The answer does not match the request', 'PROTOCOL_ERROR');
      return toResultSet(response.result, intMode);
    },

    async batch(statements, mode = 'write', callOptions = {}) {
      checkOpen();
      const { responses } = await run([{ type: 'batch', batch: { steps: transactionSteps(statements, mode) } }, { type: 'close' }], undefined, callOptions);
      return batchResults(responses[0], 1, statements.length);
    },

    async transaction(mode = 'write', callOptions = {}) {
      checkOpen();
      const { baton } = await run([{ type: 'execute', stmt: statement(BEGIN[mode]) }], undefined, callOptions);
      return new TransactionImpl(baton);
    },

    close() {
      if (closed) return;
      for (const transaction of [...open]) transaction.close();
      closed = true;
    },

    get closed() {
      return closed;
    },
  };
}

function httpError(status: number, body: unknown, request: CallInfo): DatabaseError {
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
    const { message, code } = body as Schemas['DatabaseError'];
    return new DatabaseError(message, code ?? `HTTP_${status}`, status, { ...request, body: body as Schemas['DatabaseError'] });
  }
  const text = typeof body === 'string' && body.trim() !== '' ? body.trim() : undefined;
  const reason = status === 401 ? 'the access token was refused' : `the server answered ${status}`;
  return new DatabaseError(`Database request failed, ${reason}${text ? `: ${text}` : ''}`, `HTTP_${status}`, status, { ...request, body: text });
}
