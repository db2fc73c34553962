// Type tests, checked by `tsc -p tsconfig.json`: the registry's types, and the client's public
// types being exactly those of @platform-contracts/contracts (the client re-exports, it does not copy).
// vitest only sees that the file loads.

import type { Database, Video } from '@platform-contracts/client';
import type * as ClientVideo from '@platform-contracts/client/video';
import {
  type AREAS,
  type AreaName,
  type AreaOperations,
  findOperation,
  type HttpMethod,
  type Operation,
  type OperationId,
  type OperationIdOf,
  operationsOf,
  readBundle,
} from '@platform-contracts/contracts';
import type * as ContractsDatabase from '@platform-contracts/contracts/database';
import type * as ContractsVideo from '@platform-contracts/contracts/video';
import { describe, expectTypeOf, it } from 'vitest';

describe('types', () => {
  it('name the areas and operations by their literal names', () => {
    expectTypeOf<AreaName>().toEqualTypeOf<(typeof AREAS)[number]>();
    expectTypeOf<'video'>().toExtend<AreaName>();
    expectTypeOf<'nope'>().not.toExtend<AreaName>();
    expectTypeOf<'createVideo'>().toExtend<OperationId>();
    expectTypeOf<'noSuchOperation'>().not.toExtend<OperationId>();
    expectTypeOf(operationsOf).returns.toEqualTypeOf<readonly Operation[]>();
    expectTypeOf<Operation['method']>().toEqualTypeOf<HttpMethod>();
    expectTypeOf(findOperation).parameter(0).toExtend<string>();
    expectTypeOf(findOperation).returns.toEqualTypeOf<Operation | undefined>();
    expectTypeOf(readBundle).parameter(0).toEqualTypeOf<AreaName>();
  });

  it('give each area its operations by operationId, the union of which is every operationId', () => {
    expectTypeOf<keyof AreaOperations>().toEqualTypeOf<AreaName>();
    expectTypeOf<AreaOperations['video']>().toEqualTypeOf<ContractsVideo.operations<number | bigint>>();
    expectTypeOf<AreaOperations<number>['video']>().toEqualTypeOf<ContractsVideo.operations>();
    expectTypeOf<OperationIdOf<AreaName>>().toEqualTypeOf<OperationId>();
    expectTypeOf<'createVideo'>().toExtend<OperationIdOf<'video'>>();
    expectTypeOf<'createVideo'>().not.toExtend<OperationIdOf<'database'>>();
  });

  it('make the client re-export the contracts’ types unchanged', () => {
    expectTypeOf<Video.paths>().toEqualTypeOf<ContractsVideo.paths>();
    expectTypeOf<ClientVideo.VideoModel>().toEqualTypeOf<ContractsVideo.VideoModel>();
    expectTypeOf<Database.components>().toEqualTypeOf<ContractsDatabase.components>();
  });
});
