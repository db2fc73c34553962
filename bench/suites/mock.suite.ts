// The suite on the platform mock: one line of setup (its vitest fixtures), each test in a namespace of its own.
import { createPlatformClient, type PlatformClientOptions } from '@platform-contracts/client';
import { createMockTest, type TestPlatformOptions } from '@platform-contracts/mock/vitest';
import { definePublishingTests } from './cases.ts';

// The suite uses no database: it names its areas, as the mock's README says (the worker then starts no database engine).
const test = createMockTest({
  createPlatformClient: (options: TestPlatformOptions) => createPlatformClient<true>({ ...options, throwOnError: true } satisfies PlatformClientOptions<true>),
  mock: { areas: ['video', 'shield', 'dns'] },
});
definePublishingTests(test);
