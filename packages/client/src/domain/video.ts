// What the specification defines for videos beyond their shape: the smart-generate aggregate
// rule. Re-exported by the generated video.ts (which names the enumerations).
import type * as Video from '@platform-contracts/contracts/video';
import { SmartGenerateStatus } from '../generated/enums/video.js';

const FEATURES = ['title', 'description', 'chapters', 'moments'] as const;

/**
 * A video's smart-generate status, by the specification's rule: from the per-feature statuses
 * when there are any, InProgress if any feature is InProgress, otherwise Queued if any is Queued,
 * otherwise Failed if any is Failed, otherwise Finished. A legacy row (no per-feature statuses:
 * the object absent or every feature null) gives its stored `smartGenerateStatus` (null if none).
 */
export function aggregateSmartGenerateStatus(video: Pick<Video.VideoModel, 'smartGenerateStatus' | 'smartGenerateFeaturesStatus'>): SmartGenerateStatus | null {
  const features = video.smartGenerateFeaturesStatus;
  const statuses = FEATURES.map((feature) => features?.[feature]).filter((status): status is SmartGenerateStatus => status != null);
  if (statuses.length === 0) return video.smartGenerateStatus ?? null;
  for (const status of [SmartGenerateStatus.InProgress, SmartGenerateStatus.Queued, SmartGenerateStatus.Failed]) {
    if (statuses.includes(status)) return status;
  }
  return SmartGenerateStatus.Finished;
}
