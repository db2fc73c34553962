/**
 * Generated from openapi/video/ by `pnpm generate`. Do not edit: change the contract (or the
 * area's own code, packages/client/src/domain/video.ts) and run `pnpm bundle && pnpm generate`.
 */

import { enumeration } from '../../internal/enums.js';
import type * as Contract from '@platform-contracts/contracts/video';

/** Processing state of a video. Transitions between the states are not specified. By name: `VideoModelStatus.Created` is 0, and `enumName(VideoModelStatus, 0)` is "Created". */
export const VideoModelStatus = enumeration<Contract.VideoModelStatus>()({ Created: 0, Uploaded: 1, Processing: 2, Transcoding: 3, Finished: 4, Error: 5, UploadFailed: 6, JitSegmenting: 7, JitPlaylistsCreated: 8 });
export type VideoModelStatus = Contract.VideoModelStatus;

/** Severity of a transcoding message. By name: `Severity.Undefined` is 0, and `enumName(Severity, 0)` is "Undefined". */
export const Severity = enumeration<Contract.Severity>()({ Undefined: 0, Information: 1, Warning: 2, Error: 3 });
export type Severity = Contract.Severity;

/** Kind of issue met while transcoding. By name: `IssueCodes.Undefined` is 0, and `enumName(IssueCodes, 0)` is "Undefined". */
export const IssueCodes = enumeration<Contract.IssueCodes>()({ Undefined: 0, StreamLengthsDifference: 1, TranscodingWarnings: 2, IncompatibleResolution: 3, InvalidFramerate: 4, VideoExceededMaxDuration: 5, AudioExceededMaxDuration: 6, OriginalCorrupted: 7, TranscriptionFailed: 8, JitIncompatible: 9, JitFailed: 10, CaptionGenerationFailed: 11 });
export type IssueCodes = Contract.IssueCodes;

/** State of AI generation (smart generate) for a video or one of its features. Transitions between the states are not specified. By name: `SmartGenerateStatus.None` is 0, and `enumName(SmartGenerateStatus, 0)` is "None". */
export const SmartGenerateStatus = enumeration<Contract.SmartGenerateStatus>()({ None: 0, Queued: 1, InProgress: 2, Finished: 3, Failed: 4 });
export type SmartGenerateStatus = Contract.SmartGenerateStatus;
