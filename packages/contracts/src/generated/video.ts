/**
 * Generated from openapi/video/ by `pnpm generate` (openapi-typescript). Do not edit:
 * change the contract and run `pnpm bundle && pnpm generate` instead.
 */

export interface paths<Int64 extends number | bigint = number> {
    "/library/{libraryId}/videos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a video
         * @description Creates a video record in the library. The answer is the created video with a fresh
         *     `guid` and status `0` (Created); upload the file afterwards.
         */
        post: operations<Int64>["createVideo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/library/{libraryId}/collections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List collections
         * @description Lists the library's collections, one page at a time.
         */
        get: operations<Int64>["listCollections"];
        put?: never;
        /**
         * Create a collection
         * @description Creates an empty collection in the library.
         */
        post: operations<Int64>["createCollection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/library/{libraryId}/collections/{collectionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a collection
         * @description Returns one collection of the library.
         */
        get: operations<Int64>["getCollection"];
        put?: never;
        /**
         * Rename a collection
         * @description Changes the name of a collection.
         */
        post: operations<Int64>["updateCollection"];
        /**
         * Delete a collection
         * @description Deletes a collection. Its videos stay in the library.
         */
        delete: operations<Int64>["deleteCollection"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components<Int64 extends number | bigint = number> {
    schemas: {
        /**
         * LibraryId
         * Format: int64
         * @description ID of a video library.
         */
        LibraryId: Int64;
        /**
         * CreateVideoRequest
         * @description The video to create. Unknown properties are rejected.
         */
        CreateVideoRequest: {
            /** @description Title of the video. */
            title: string;
            /** @description ID of the collection the video is added to. */
            collectionId?: string | null;
            /**
             * Format: int32
             * @description Video time, in milliseconds, used to extract the main thumbnail.
             */
            thumbnailTime?: number | null;
        };
        /**
         * VideoModelStatus
         * Format: int32
         * @description Processing state of a video. Transitions between the states are not specified.
         *
         *     | Value | Name |
         *     |---|---|
         *     | 0 | Created |
         *     | 1 | Uploaded |
         *     | 2 | Processing |
         *     | 3 | Transcoding |
         *     | 4 | Finished |
         *     | 5 | Error |
         *     | 6 | UploadFailed |
         *     | 7 | JitSegmenting |
         *     | 8 | JitPlaylistsCreated |
         * @enum {integer}
         */
        VideoModelStatus: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
        /**
         * Caption
         * @description A caption track of a video.
         */
        Caption: {
            /** @description Unique short code of the caption language. */
            srclang?: string | null;
            /** @description Label of the caption track. */
            label?: string | null;
            /**
             * Format: int32
             * @description Version of the caption track.
             */
            version?: number;
        };
        /**
         * Chapter
         * @description A chapter of a video.
         */
        Chapter: {
            /** @description Title of the chapter. */
            title: string;
            /**
             * Format: int32
             * @description Start of the chapter, in seconds.
             */
            start?: number;
            /**
             * Format: int32
             * @description End of the chapter, in seconds.
             */
            end?: number;
        };
        /**
         * Moment
         * @description A labelled moment in a video.
         */
        Moment: {
            /** @description Label of the moment. */
            label: string;
            /**
             * Format: int32
             * @description Position of the moment, in seconds.
             */
            timestamp?: number;
        };
        /**
         * MetaTag
         * @description A metadata tag of a video.
         */
        MetaTag: {
            /** @description Name of the tag. */
            property?: string | null;
            /** @description Value of the tag. */
            value?: string | null;
        };
        /**
         * Severity
         * Format: int32
         * @description Severity of a transcoding message.
         *
         *     | Value | Name | Meaning |
         *     |---|---|---|
         *     | 0 | Undefined | should not be used |
         *     | 1 | Information | |
         *     | 2 | Warning | the transcoded video may break when playing |
         *     | 3 | Error | the video is most likely not playable |
         * @enum {integer}
         */
        Severity: 0 | 1 | 2 | 3;
        /**
         * IssueCodes
         * Format: int32
         * @description Kind of issue met while transcoding.
         *
         *     | Value | Name |
         *     |---|---|
         *     | 0 | Undefined |
         *     | 1 | StreamLengthsDifference |
         *     | 2 | TranscodingWarnings |
         *     | 3 | IncompatibleResolution |
         *     | 4 | InvalidFramerate |
         *     | 5 | VideoExceededMaxDuration |
         *     | 6 | AudioExceededMaxDuration |
         *     | 7 | OriginalCorrupted |
         *     | 8 | TranscriptionFailed |
         *     | 9 | JitIncompatible |
         *     | 10 | JitFailed |
         *     | 11 | CaptionGenerationFailed |
         * @enum {integer}
         */
        IssueCodes: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11;
        /**
         * TranscodingMessage
         * @description An issue met while transcoding a video.
         */
        TranscodingMessage: {
            /**
             * Format: date-time
             * @description When the issue was met.
             */
            timeStamp?: string;
            level?: components<Int64>["schemas"]["Severity"];
            issueCode?: components<Int64>["schemas"]["IssueCodes"];
            /** @description Human-readable message. */
            message?: string | null;
            /** @description Value related to the issue. */
            value?: string | null;
        };
        /**
         * SmartGenerateStatus
         * Format: int32
         * @description State of AI generation (smart generate) for a video or one of its features.
         *     Transitions between the states are not specified.
         *
         *     | Value | Name |
         *     |---|---|
         *     | 0 | None |
         *     | 1 | Queued |
         *     | 2 | InProgress |
         *     | 3 | Finished |
         *     | 4 | Failed |
         * @enum {integer}
         */
        SmartGenerateStatus: 0 | 1 | 2 | 3 | 4;
        /**
         * SmartGenerateFeaturesStatus
         * @description Smart-generate status of each feature. A feature is `null` on legacy rows,
         *     which were stored before per-feature statuses existed.
         */
        SmartGenerateFeaturesStatus: {
            /** @description Status of the generated title; `null` on legacy rows. */
            title?: components<Int64>["schemas"]["SmartGenerateStatus"] | null;
            /** @description Status of the generated description; `null` on legacy rows. */
            description?: components<Int64>["schemas"]["SmartGenerateStatus"] | null;
            /** @description Status of the generated chapters; `null` on legacy rows. */
            chapters?: components<Int64>["schemas"]["SmartGenerateStatus"] | null;
            /** @description Status of the generated moments; `null` on legacy rows. */
            moments?: components<Int64>["schemas"]["SmartGenerateStatus"] | null;
        };
        /**
         * VideoModel
         * @description A video record inside a video library.
         * @example {
         *       "videoLibraryId": 42,
         *       "guid": "5b7e0c1d-2f3a-4b5c-8d9e-0f1a2b3c4d5e",
         *       "title": "Onboarding tour",
         *       "description": "A five-minute tour of the dashboard.",
         *       "dateUploaded": "2026-10-02T14:05:11Z",
         *       "views": 1280,
         *       "isPublic": true,
         *       "length": 312,
         *       "status": 4,
         *       "framerate": 29.97,
         *       "rotation": 0,
         *       "width": 1920,
         *       "height": 1080,
         *       "availableResolutions": "360p,720p,1080p",
         *       "outputCodecs": "x264,vp9",
         *       "thumbnailCount": 12,
         *       "encodeProgress": 100,
         *       "storageSize": 248003571,
         *       "captions": [
         *         {
         *           "srclang": "en",
         *           "label": "English",
         *           "version": 2
         *         }
         *       ],
         *       "hasMP4Fallback": true,
         *       "collectionId": null,
         *       "thumbnailFileName": "thumbnail.jpg",
         *       "thumbnailUrl": "https://cdn.platform.invalid/5b7e0c1d/thumbnail.jpg",
         *       "thumbnailBlurhash": "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
         *       "averageWatchTime": 141,
         *       "totalWatchTime": 180480,
         *       "category": "education",
         *       "chapters": [
         *         {
         *           "title": "Introduction",
         *           "start": 0,
         *           "end": 45
         *         },
         *         {
         *           "title": "The dashboard",
         *           "start": 45,
         *           "end": 312
         *         }
         *       ],
         *       "moments": [
         *         {
         *           "label": "First deploy",
         *           "timestamp": 201
         *         }
         *       ],
         *       "metaTags": [
         *         {
         *           "property": "og:title",
         *           "value": "Onboarding tour"
         *         }
         *       ],
         *       "transcodingMessages": [
         *         {
         *           "timeStamp": "2026-10-02T14:06:40Z",
         *           "level": 2,
         *           "issueCode": 2,
         *           "message": "Audio stream is shorter than the video stream.",
         *           "value": null
         *         }
         *       ],
         *       "jitEncodingEnabled": false,
         *       "smartGenerateStatus": 2,
         *       "smartGenerateFeaturesStatus": {
         *         "title": 3,
         *         "description": 2,
         *         "chapters": 1,
         *         "moments": 4
         *       },
         *       "hasOriginal": true,
         *       "originalHash": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
         *       "hasHighQualityPreview": true
         *     }
         */
        VideoModel: {
            /**
             * Format: int64
             * @description ID of the library that owns the video.
             */
            videoLibraryId: Int64;
            /** @description Unique ID of the video. */
            guid: string;
            /** @description Title of the video. */
            title: string;
            /** @description Description of the video. */
            description?: string | null;
            /**
             * Format: date-time
             * @description When the video was uploaded.
             */
            dateUploaded: string;
            /**
             * Format: int64
             * @description Number of views.
             */
            views: Int64;
            /** @description Whether the video is publicly accessible. */
            isPublic: boolean;
            /**
             * Format: int32
             * @description Duration in seconds.
             */
            length: number;
            status: components<Int64>["schemas"]["VideoModelStatus"];
            /**
             * Format: double
             * @description Frame rate of the video.
             */
            framerate: number;
            /**
             * Format: int64
             * @description Rotation of the video.
             */
            rotation?: Int64 | null;
            /**
             * Format: int32
             * @description Width of the original file, in pixels.
             */
            width: number;
            /**
             * Format: int32
             * @description Height of the original file, in pixels.
             */
            height: number;
            /** @description Resolutions the video is available in. */
            availableResolutions?: string | null;
            /** @description Encoded output codecs. */
            outputCodecs: string;
            /**
             * Format: int32
             * @description Number of thumbnails.
             */
            thumbnailCount: number;
            /**
             * Format: int32
             * @description Encoding progress.
             */
            encodeProgress: number;
            /**
             * Format: int64
             * @description Storage used by the video.
             */
            storageSize: Int64;
            /** @description Caption tracks of the video. */
            captions?: components<Int64>["schemas"]["Caption"][] | null;
            /** @description Whether MP4 fallback files exist. */
            hasMP4Fallback: boolean;
            /** @description ID of the collection the video belongs to. */
            collectionId?: string | null;
            /** @description File name of the thumbnail inside storage. */
            thumbnailFileName?: string | null;
            /** @description CDN URL of the thumbnail. */
            thumbnailUrl?: string | null;
            /** @description Placeholder shown while the thumbnail loads. */
            thumbnailBlurhash?: string | null;
            /**
             * Format: int64
             * @description Average watch time, in seconds.
             */
            averageWatchTime: Int64;
            /**
             * Format: int64
             * @description Total watch time, in seconds.
             */
            totalWatchTime: Int64;
            /** @description Automatically detected category. */
            category?: string | null;
            /** @description Chapters of the video. */
            chapters?: components<Int64>["schemas"]["Chapter"][] | null;
            /** @description Labelled moments of the video. */
            moments?: components<Int64>["schemas"]["Moment"][] | null;
            /** @description Metadata tags of the video. */
            metaTags?: components<Int64>["schemas"]["MetaTag"][] | null;
            /** @description Issues met while transcoding. */
            transcodingMessages?: components<Int64>["schemas"]["TranscodingMessage"][] | null;
            /** @description Whether just-in-time encoding is enabled. */
            jitEncodingEnabled?: boolean | null;
            /**
             * @description Aggregate smart-generate status of the video.
             *
             *     When the per-feature statuses (`smartGenerateFeaturesStatus`: title, description,
             *     chapters, moments) are present, the aggregate is derived from them:
             *     **InProgress** if any feature is InProgress; otherwise **Queued** if any is Queued;
             *     otherwise **Failed** if any is Failed; otherwise **Finished**.
             *     When the per-feature statuses are absent (legacy rows), the stored legacy value is
             *     returned.
             */
            smartGenerateStatus?: components<Int64>["schemas"]["SmartGenerateStatus"] | null;
            /** @description Per-feature smart-generate statuses; a feature is `null` on legacy rows. */
            smartGenerateFeaturesStatus?: components<Int64>["schemas"]["SmartGenerateFeaturesStatus"] | null;
            /** @description Whether the original file is in storage. */
            hasOriginal?: boolean | null;
            /** @description SHA256 hash of the original upload. */
            originalHash?: string | null;
            /** @description Whether a high-quality preview exists. */
            hasHighQualityPreview?: boolean | null;
        };
        /**
         * StatusModel
         * @description Outcome of a request, returned by the video API for invalid requests and plain acknowledgements.
         */
        StatusModel: {
            /** @description Whether the request succeeded. */
            success?: boolean;
            /** @description Human-readable explanation. */
            message?: string | null;
            /**
             * Format: int32
             * @description HTTP status code of the answer.
             */
            statusCode?: number;
        };
        /**
         * Collection
         * @description A collection of videos inside a video library.
         */
        Collection: {
            /**
             * Format: int64
             * @description ID of the library that owns the collection.
             */
            videoLibraryId: Int64;
            /** @description Unique ID of the collection. */
            guid: string;
            /** @description Name of the collection. */
            name?: string | null;
            /**
             * Format: int64
             * @description Number of videos in the collection.
             */
            videoCount?: Int64;
            /**
             * Format: int64
             * @description Total storage used by the collection's videos.
             */
            totalSize?: Int64;
            /** @description Comma-separated IDs of the videos used as the collection's preview. */
            previewVideoIds?: string | null;
            /** @description URLs of the preview images (only with `includeThumbnails=true`). */
            previewImageUrls?: string[] | null;
        };
        /**
         * CollectionList
         * @description One page of a library's collections.
         */
        CollectionList: {
            /**
             * Format: int64
             * @description Number of collections over all pages.
             */
            totalItems: Int64;
            /**
             * Format: int64
             * @description Number of this page, from 1.
             */
            currentPage: Int64;
            /**
             * Format: int32
             * @description Page size used for this answer.
             */
            itemsPerPage: number;
            /** @description The collections on this page. */
            items: components<Int64>["schemas"]["Collection"][];
        };
        /**
         * CollectionNameRequest
         * @description Name of a collection to create or rename.
         */
        CollectionNameRequest: {
            /** @description Name of the collection. */
            name: string;
        };
        /**
         * CollectionId
         * @description ID (guid) of a collection.
         */
        CollectionId: string;
    };
    responses: {
        /** @description The request was invalid. */
        VideoBadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components<Int64>["schemas"]["StatusModel"];
            };
        };
        /** @description Authentication failed (missing or wrong `AccessKey`). No body. */
        VideoUnauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description Authorization failed. No body. */
        VideoForbidden: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description No collection with this ID in the library. No body. */
        CollectionNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description Internal server error. No body. */
        VideoInternalError: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
    };
    parameters: {
        /** @description Page number, from 1. */
        CollectionsPage: number;
        /** @description Number of collections per page. */
        CollectionsItemsPerPage: number;
        /** @description Only collections whose name contains this text. */
        CollectionsSearch: string;
        /**
         * @description Field the collections are ordered by: `date` (newest first, the default) or `title` (the
         *     collection's name, A to Z). Any other value answers 400.
         */
        CollectionsOrderBy: "date" | "title";
        /** @description Whether `previewImageUrls` is filled in. */
        IncludeThumbnails: boolean;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type LibraryId<Int64 extends number | bigint = number> = components<Int64>['schemas']['LibraryId'];
export type CreateVideoRequest<Int64 extends number | bigint = number> = components<Int64>['schemas']['CreateVideoRequest'];
export type VideoModelStatus<Int64 extends number | bigint = number> = components<Int64>['schemas']['VideoModelStatus'];
export type Caption<Int64 extends number | bigint = number> = components<Int64>['schemas']['Caption'];
export type Chapter<Int64 extends number | bigint = number> = components<Int64>['schemas']['Chapter'];
export type Moment<Int64 extends number | bigint = number> = components<Int64>['schemas']['Moment'];
export type MetaTag<Int64 extends number | bigint = number> = components<Int64>['schemas']['MetaTag'];
export type Severity<Int64 extends number | bigint = number> = components<Int64>['schemas']['Severity'];
export type IssueCodes<Int64 extends number | bigint = number> = components<Int64>['schemas']['IssueCodes'];
export type TranscodingMessage<Int64 extends number | bigint = number> = components<Int64>['schemas']['TranscodingMessage'];
export type SmartGenerateStatus<Int64 extends number | bigint = number> = components<Int64>['schemas']['SmartGenerateStatus'];
export type SmartGenerateFeaturesStatus<Int64 extends number | bigint = number> = components<Int64>['schemas']['SmartGenerateFeaturesStatus'];
export type VideoModel<Int64 extends number | bigint = number> = components<Int64>['schemas']['VideoModel'];
export type StatusModel<Int64 extends number | bigint = number> = components<Int64>['schemas']['StatusModel'];
export type Collection<Int64 extends number | bigint = number> = components<Int64>['schemas']['Collection'];
export type CollectionList<Int64 extends number | bigint = number> = components<Int64>['schemas']['CollectionList'];
export type CollectionNameRequest<Int64 extends number | bigint = number> = components<Int64>['schemas']['CollectionNameRequest'];
export type CollectionId<Int64 extends number | bigint = number> = components<Int64>['schemas']['CollectionId'];
export type ResponseVideoBadRequest<Int64 extends number | bigint = number> = components<Int64>['responses']['VideoBadRequest'];
export type ResponseVideoUnauthorized<Int64 extends number | bigint = number> = components<Int64>['responses']['VideoUnauthorized'];
export type ResponseVideoForbidden<Int64 extends number | bigint = number> = components<Int64>['responses']['VideoForbidden'];
export type ResponseCollectionNotFound<Int64 extends number | bigint = number> = components<Int64>['responses']['CollectionNotFound'];
export type ResponseVideoInternalError<Int64 extends number | bigint = number> = components<Int64>['responses']['VideoInternalError'];
export type ParameterCollectionsPage<Int64 extends number | bigint = number> = components<Int64>['parameters']['CollectionsPage'];
export type ParameterCollectionsItemsPerPage<Int64 extends number | bigint = number> = components<Int64>['parameters']['CollectionsItemsPerPage'];
export type ParameterCollectionsSearch<Int64 extends number | bigint = number> = components<Int64>['parameters']['CollectionsSearch'];
export type ParameterCollectionsOrderBy<Int64 extends number | bigint = number> = components<Int64>['parameters']['CollectionsOrderBy'];
export type ParameterIncludeThumbnails<Int64 extends number | bigint = number> = components<Int64>['parameters']['IncludeThumbnails'];
export type $defs = Record<string, never>;
export interface operations<Int64 extends number | bigint = number> {
    createVideo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the video library. */
                libraryId: components<Int64>["schemas"]["LibraryId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components<Int64>["schemas"]["CreateVideoRequest"];
                "text/json": components<Int64>["schemas"]["CreateVideoRequest"];
                "application/*+json": components<Int64>["schemas"]["CreateVideoRequest"];
            };
        };
        responses: {
            /** @description The created video. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components<Int64>["schemas"]["VideoModel"];
                };
            };
            400: components<Int64>["responses"]["VideoBadRequest"];
            401: components<Int64>["responses"]["VideoUnauthorized"];
            403: components<Int64>["responses"]["VideoForbidden"];
            404: components<Int64>["responses"]["CollectionNotFound"];
            500: components<Int64>["responses"]["VideoInternalError"];
        };
    };
    listCollections: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: components<Int64>["parameters"]["CollectionsPage"];
                /** @description Number of collections per page. */
                itemsPerPage?: components<Int64>["parameters"]["CollectionsItemsPerPage"];
                /** @description Only collections whose name contains this text. */
                search?: components<Int64>["parameters"]["CollectionsSearch"];
                /**
                 * @description Field the collections are ordered by: `date` (newest first, the default) or `title` (the
                 *     collection's name, A to Z). Any other value answers 400.
                 */
                orderBy?: components<Int64>["parameters"]["CollectionsOrderBy"];
                /** @description Whether `previewImageUrls` is filled in. */
                includeThumbnails?: components<Int64>["parameters"]["IncludeThumbnails"];
            };
            header?: never;
            path: {
                /** @description ID of the video library. */
                libraryId: components<Int64>["schemas"]["LibraryId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of collections. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components<Int64>["schemas"]["CollectionList"];
                };
            };
            400: components<Int64>["responses"]["VideoBadRequest"];
            401: components<Int64>["responses"]["VideoUnauthorized"];
            403: components<Int64>["responses"]["VideoForbidden"];
            500: components<Int64>["responses"]["VideoInternalError"];
        };
    };
    createCollection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the video library. */
                libraryId: components<Int64>["schemas"]["LibraryId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components<Int64>["schemas"]["CollectionNameRequest"];
                "text/json": components<Int64>["schemas"]["CollectionNameRequest"];
                "application/*+json": components<Int64>["schemas"]["CollectionNameRequest"];
            };
        };
        responses: {
            /** @description The created collection. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components<Int64>["schemas"]["Collection"];
                };
            };
            400: components<Int64>["responses"]["VideoBadRequest"];
            401: components<Int64>["responses"]["VideoUnauthorized"];
            403: components<Int64>["responses"]["VideoForbidden"];
            500: components<Int64>["responses"]["VideoInternalError"];
        };
    };
    getCollection: {
        parameters: {
            query?: {
                /** @description Whether `previewImageUrls` is filled in. */
                includeThumbnails?: components<Int64>["parameters"]["IncludeThumbnails"];
            };
            header?: never;
            path: {
                /** @description ID of the video library. */
                libraryId: components<Int64>["schemas"]["LibraryId"];
                /** @description ID (guid) of the collection. */
                collectionId: components<Int64>["schemas"]["CollectionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The collection. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components<Int64>["schemas"]["Collection"];
                };
            };
            400: components<Int64>["responses"]["VideoBadRequest"];
            401: components<Int64>["responses"]["VideoUnauthorized"];
            403: components<Int64>["responses"]["VideoForbidden"];
            404: components<Int64>["responses"]["CollectionNotFound"];
            500: components<Int64>["responses"]["VideoInternalError"];
        };
    };
    updateCollection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the video library. */
                libraryId: components<Int64>["schemas"]["LibraryId"];
                /** @description ID (guid) of the collection. */
                collectionId: components<Int64>["schemas"]["CollectionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components<Int64>["schemas"]["CollectionNameRequest"];
                "text/json": components<Int64>["schemas"]["CollectionNameRequest"];
                "application/*+json": components<Int64>["schemas"]["CollectionNameRequest"];
            };
        };
        responses: {
            /** @description The collection was renamed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components<Int64>["schemas"]["StatusModel"];
                };
            };
            400: components<Int64>["responses"]["VideoBadRequest"];
            401: components<Int64>["responses"]["VideoUnauthorized"];
            403: components<Int64>["responses"]["VideoForbidden"];
            404: components<Int64>["responses"]["CollectionNotFound"];
            500: components<Int64>["responses"]["VideoInternalError"];
        };
    };
    deleteCollection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the video library. */
                libraryId: components<Int64>["schemas"]["LibraryId"];
                /** @description ID (guid) of the collection. */
                collectionId: components<Int64>["schemas"]["CollectionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The collection was deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components<Int64>["schemas"]["StatusModel"];
                };
            };
            400: components<Int64>["responses"]["VideoBadRequest"];
            401: components<Int64>["responses"]["VideoUnauthorized"];
            403: components<Int64>["responses"]["VideoForbidden"];
            404: components<Int64>["responses"]["CollectionNotFound"];
            500: components<Int64>["responses"]["VideoInternalError"];
        };
    };
}
