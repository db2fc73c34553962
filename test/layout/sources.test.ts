// Tests run against the packages' sources, not their last build: vitest resolves each package
// through its `development` export condition, so a change to a package's source is what its tests
// see without a rebuild. Each package throws here, and the frame names the file it ran from.

import { createPlatformClient } from '@platform-contracts/client';
import { operationsOf } from '@platform-contracts/contracts';
import { createMock } from '@platform-contracts/mock';
import { describe, expect, it } from 'vitest';

const thrownBy = async (run: () => unknown): Promise<string> => {
  try {
    await run();
  } catch (error) {
    return (error as Error).stack ?? '';
  }
  throw new Error('expected it to throw');
};

describe('tests import the packages’ sources (development condition)', () => {
  it.each([
    ['@platform-contracts/contracts', 'contracts', () => operationsOf('nope' as never)],
    ['@platform-contracts/client', 'client', () => createPlatformClient({ accessKey: 'k' }).shield],
    ['@platform-contracts/mock', 'mock', () => createMock({ areas: ['nope'] as never })],
  ] as const)('%s', async (_name, folder, run) => {
    const stack = await thrownBy(run);
    expect(stack).toMatch(new RegExp(`packages/${folder}/src/[^\\s)]+\\.ts`));
    expect(stack).not.toMatch(new RegExp(`packages/${folder}/dist/`));
  });
});
