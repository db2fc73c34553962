// What the specification defines for videos beyond their shape: the names of the enumerations
// and the smart-generate aggregate rule.
import type * as Video from '@platform-contracts/contracts/video';
import { enumeration } from './enums.js';

/** Video status by name: `VideoModelStatus.Finished` is 4, and `enumName(VideoModelStatus, 4)` is "Finished". */
export const VideoModelStatus = enumeration<Video.VideoModelStatus>()({
  Created: 0,
  Uploaded: 1,
  Processing: 2,
  Transcoding: 3,
  Finished: 4,
  Error: 5,
  UploadFailed: 6,
  JitSegmenting: 7,
  JitPlaylistsCreated: 8,
});
export type VideoModelStatus = Video.VideoModelStatus;

export const SmartGenerateStatus = enumeration<Video.SmartGenerateStatus>()({ None: 0, Queued: 1, InProgress: 2, Finished: 3, Failed: 4 });
export type SmartGenerateStatus = Video.SmartGenerateStatus;

/** Severity of a transcoding message. */
export const Severity = enumeration<Video.Severity>()({ Undefined: 0, Information: 1, Warning: 2, Error: 3 });
export type Severity = Video.Severity;

export const IssueCodes = enumeration<Video.IssueCodes>()({
  Undefined: 0,
  StreamLengthsDifference: 1,
  TranscodingWarnings: 2,
  IncompatibleResolution: 3,
  InvalidFramerate: 4,
  VideoExceededMaxDuration: 5,
  AudioExceededMaxDuration: 6,
  OriginalCorrupted: 7,
  TranscriptionFailed: 8,
  JitIncompatible: 9,
  JitFailed: 10,
  CaptionGenerationFailed: 11,
});
export type IssueCodes = Video.IssueCodes;

const FEATURES = ['title', 'description', 'chapters', 'moments'] as const;

/**
 * A video's smart-generate status, by the specification's rule: from the per-feature statuses
 * when there are any, InProgress if any feature is InProgress, otherwise Queued if any is Queued,
 * otherwise Failed if any is Failed, otherwise Finished. A legacy row (no per-feature statuses:
 * the object absent or every feature null) gives its stored `smartGenerateStatus` (null if none).
 */
export function aggregateSmartGenerateStatus(
  video: Pick<Video.VideoModel, 'smartGenerateStatus' | 'smartGenerateFeaturesStatus'>,
): SmartGenerateStatus | null {
  const features = video.smartGenerateFeaturesStatus;
  const statuses = FEATURES.map((feature) => features?.[feature]).filter((status): status is SmartGenerateStatus => status != null);
  if (statuses.length === 0) return video.smartGenerateStatus ?? null;
  for (const status of [SmartGenerateStatus.InProgress, SmartGenerateStatus.Queued, SmartGenerateStatus.Failed]) {
    if (statuses.includes(status)) return status;
  }
  return SmartGenerateStatus.Finished;
}
