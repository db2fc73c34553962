// Each area's error class, by area name, for the typed `failure` of its calls (types only: no
// area's code is pulled into another's bundle). An area adds itself with one line.
import type { ContainersApiError } from '../containers.js';
import type { DatabaseTokensApiError } from '../database-tokens.js';
import type { DnsApiError } from '../dns.js';
import type { ShieldApiError } from '../shield.js';
import type { StorageApiError } from '../storage.js';
import type { VideoApiError } from '../video.js';

export interface AreaErrors<Status extends number, Body> {
  containers: ContainersApiError<Status, Body>;
  databaseTokens: DatabaseTokensApiError<Status, Body>;
  dns: DnsApiError<Status, Body>;
  shield: ShieldApiError<Status, Body>;
  storage: StorageApiError<Status, Body>;
  video: VideoApiError<Status, Body>;
}

export type AreaName = keyof AreaErrors<number, unknown>;
