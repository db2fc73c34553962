// The types of the mock's vitest fixtures and of the helpers' call options: `platform` is what the
// factory handed over makes, `db` is @libsql/client's, and every helper takes a raw call's options
// and refuses an option no call takes.
import type { Client as LibsqlClient } from '@libsql/client';
import {
  createDatabaseTokens,
  createDnsClient,
  createPlatformClient,
  type DatabaseTokensClient,
  type HelperCallOptions,
  importDnsRecords,
  type PlatformClient,
} from '@platform-contracts/client';
import type { FaultRule } from '@platform-contracts/mock';
import {
  createMockTest,
  type MockFixtures,
  type NamespaceControl,
  test as plainTest,
  type RequestEntry,
  type TestNamespace,
} from '@platform-contracts/mock/vitest';
import { describe, expect, expectTypeOf, it } from 'vitest';

describe('createMockTest', () => {
  it('types platform as the client the factory makes, and db as @libsql/client', () => {
    const test = createMockTest({ createPlatformClient });
    // Type-checked only: a type test is never run.
    test('fixtures', ({ platform, db, namespace }) => {
      expectTypeOf(platform).toEqualTypeOf<PlatformClient>();
      expectTypeOf(db).toEqualTypeOf<LibsqlClient>();
      expectTypeOf(namespace).toEqualTypeOf<TestNamespace>();
      expectTypeOf(namespace).toExtend<NamespaceControl>();
      expectTypeOf(namespace.requests).returns.toEqualTypeOf<Promise<RequestEntry[]>>();
    });
    expectTypeOf<MockFixtures<never>['platform']>().toBeNever();
    expectTypeOf(plainTest).toEqualTypeOf<ReturnType<typeof createMockTest<never>>>();
  });

  it('takes only fault rules the mock knows', () => {
    expectTypeOf<Parameters<NamespaceControl['fault']>[0]>().toEqualTypeOf<Omit<FaultRule, 'namespace'>>();
    expectTypeOf<FaultRule['network']>().toEqualTypeOf<'reset' | 'hang' | 'truncate' | undefined>();
  });
});

describe('the journal matchers', () => {
  it("join vitest's expect, async, with what a call must have been", () => {
    const namespace = {} as TestNamespace;
    expectTypeOf(expect(namespace).toHaveCalled('createVideo', { body: { title: 'Keynote' }, times: 1 })).toEqualTypeOf<Promise<void>>();
    expectTypeOf(expect(namespace).toHaveRunSql(/INSERT/)).toEqualTypeOf<Promise<void>>();
    // @ts-expect-error -- times is a number
    void expect(namespace).toHaveCalled('createVideo', { times: 'once' });
    // @ts-expect-error -- a call is matched on body, query, params, status and times only
    void expect(namespace).toHaveCalled('createVideo', { headers: {} });
  });
});

describe("the helpers take a raw call's options", () => {
  it('accepts headers, middleware, signal, timeoutMs and retry, and nothing else', () => {
    const dns = createDnsClient({ accessKey: 'k', baseUrl: 'http://127.0.0.1:4010' });
    const options: HelperCallOptions = { headers: { 'X-Trace': '1' }, middleware: [], signal: AbortSignal.timeout(1000), timeoutMs: 500, retry: false };
    void importDnsRecords(dns, 1, 'www IN A 192.0.2.1', options);
    // @ts-expect-error -- no call takes `timeout`
    void importDnsRecords(dns, 1, 'www IN A 192.0.2.1', { timeout: 500 });
    const tokens = {} as DatabaseTokensClient;
    void createDatabaseTokens(tokens, 'db', {}, options);
  });
});
