// Every area the mock serves. Each area's module brings its behaviour, options, flags and
// start-up report; operations without a handler are answered from the contract's examples.
import containers from './containers.ts';
import database from './database.ts';
import dns from './dns.ts';
import shield from './shield.ts';
import storage from './storage.ts';
import video from './video.ts';

export const AREAS = [video, containers, storage, shield, dns, database] as const;
