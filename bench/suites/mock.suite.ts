// The suite on the platform mock: one line of setup (its vitest fixtures), each test in a namespace of its own.
import { createPlatformClient, type PlatformClientOptions } from '@platform-contracts/client';
import { createMockTest, type TestPlatformOptions } from '@platform-contracts/mock/vitest';
import { definePublishingTests } from './cases.ts';

const test = createMockTest({
  createPlatformClient: (options: TestPlatformOptions) => createPlatformClient<true>({ ...options, throwOnError: true } satisfies PlatformClientOptions<true>),
});
definePublishingTests(test);
