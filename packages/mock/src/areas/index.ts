// Every area the mock serves. Each area's module adds its behaviour; operations without a
// handler are answered by Prism from the contract's examples.
import type { AreaDefinition } from '../area.ts';
import containers from './containers.ts';
import database from './database.ts';
import dns from './dns.ts';
import shield from './shield.ts';
import storage from './storage.ts';
import video from './video.ts';

export const AREAS: AreaDefinition[] = [video, containers, storage, shield, dns, database];
