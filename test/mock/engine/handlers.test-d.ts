// The types of the mock's handlers (packages/mock/src/engine/area.ts): an area's handlers are keyed by
// its contract's operationIds and typed by its generated operations, as openapi-fetch and MSW type
// calls from `paths`. A misspelt key, an answer the contract does not document and a body of the
// wrong shape each fail to compile. Type-checked only: a type test is never run.

import type { AreaOperations } from '@platform-contracts/contracts';
import type { Collection, CreateVideoRequest, StatusModel, VideoModel } from '@platform-contracts/contracts/video';
import { defineArea, type Handler, type MockRequest, type MockResponse, type OperationsOf } from '@platform-contracts/mock';
import { describe, expectTypeOf, it } from 'vitest';

type Video = AreaOperations['video'];
const collection: Collection = { videoLibraryId: 42, guid: 'c-1', name: 'Talks' };

describe("an area's handlers", () => {
  it('are keyed by the operationIds of its contract', () => {
    expectTypeOf<OperationsOf<'video'>>().toEqualTypeOf<Video>();
    defineArea<'video'>()({ name: 'video', setup: () => ({ handlers: { getCollection: () => ({ status: 200, body: collection }) } }) });
    // @ts-expect-error -- creatVideo is no operation of the video contract
    defineArea<'video'>()({ name: 'video', setup: () => ({ handlers: { creatVideo: () => ({ status: 200 }) } }) });
    // @ts-expect-error -- createVideo is video's, not storage's
    defineArea<'storage'>()({ name: 'storage', setup: () => ({ handlers: { createVideo: () => ({ status: 200 }) } }) });
    // A setup with statements, whose answer the types infer rather than check: the key is refused all the same.
    // @ts-expect-error -- listStorageZone (singular) is no operation of the storage contract
    defineArea<'storage'>()({
      name: 'storage',
      setup() {
        const body: never[] = [];
        return { handlers: { listStorageZones: () => ({ status: 200, body }), listStorageZone: () => ({ status: 200, body }) } };
      },
    });
  });

  it("take the operation's parameters and body, as sent", () => {
    expectTypeOf<MockRequest<Video['createVideo']>['body']>().toEqualTypeOf<CreateVideoRequest>();
    expectTypeOf<MockRequest<Video['getCollection']>['params']>().toEqualTypeOf<{ libraryId: string; collectionId: string }>();
    expectTypeOf<MockRequest<Video['listCollections']>['query']>().toHaveProperty('orderBy').toEqualTypeOf<string | string[] | undefined>();
    expectTypeOf<MockRequest<Video['getCollection']>['body']>().toEqualTypeOf<undefined>();
    const handler: Handler<undefined, Video['getCollection']> = (request) => {
      // @ts-expect-error -- getCollection has no path parameter videoId
      void request.params.videoId;
      return { status: 200, body: { ...collection, guid: request.params.collectionId } };
    };
    void handler;
  });

  it("answer a documented status with that status's body", () => {
    expectTypeOf<MockResponse<Video['createVideo']>['status']>().toEqualTypeOf<200 | 400 | 401 | 403 | 404 | 500>();
    expectTypeOf<Extract<MockResponse<Video['createVideo']>, { status: 200 }>['body']>().toEqualTypeOf<VideoModel<number | bigint> | undefined>();
    expectTypeOf<Extract<MockResponse<Video['createVideo']>, { status: 400 }>['body']>().toEqualTypeOf<StatusModel<number | bigint> | undefined>();
    defineArea<'video'>()({
      name: 'video',
      // @ts-expect-error -- a Collection has a guid (string), not a number
      setup: () => ({ handlers: { getCollection: () => ({ status: 200, body: { ...collection, guid: 7 } }) } }),
    });
    defineArea<'video'>()({
      name: 'video',
      // @ts-expect-error -- getCollection documents no 201
      setup: () => ({ handlers: { getCollection: () => ({ status: 201, body: collection }) } }),
    });
    defineArea<'video'>()({
      name: 'video',
      // @ts-expect-error -- getCollection's 404 has no body
      setup: () => ({ handlers: { getCollection: () => ({ status: 404, body: { message: 'gone' } }) } }),
    });
  });
});
