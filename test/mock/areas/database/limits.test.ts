// Every limit of the database engine is named in the mock README's table with its default and
// what answers it: the table is checked against the options and caps the code defines.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_RUNNING_PER_CONNECTION, MAX_UNSENT_BYTES } from '../../../../packages/mock/src/areas/database/hrana/ws/flow.ts';
import { DATABASE_FLAGS, DEFAULT_LIMITS } from '../../../../packages/mock/src/areas/database/namespaces/options.ts';
import { STATEMENT_CACHE_BYTES } from '../../../../packages/mock/src/areas/database/sql/statements/connection.ts';
import { SPLIT_CACHE_BYTES } from '../../../../packages/mock/src/areas/database/sql/statements/split-cache.ts';
import { GRACE_MS } from '../../../../packages/mock/src/areas/database/sql/threads/messages.ts';
import { LIKE_PATTERN_BYTES } from '../../../../packages/mock/src/areas/database/sql/wasm/connection-limits.ts';
import { ROOT } from '../../../../scripts/lib/paths.ts';

const readme = readFileSync(path.join(ROOT, 'packages/mock/README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## The database engine'));
const rows = section.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| Limit') && !line.startsWith('|---'));

/** How the README writes a size or a count: 16 MiB, 50,000 bytes, 5,000 ms, 128. */
const MIB = 1024 * 1024;
const written = (value: number, unit: 'bytes' | 'ms' | 'count') =>
  unit === 'bytes' && value % MIB === 0 ? `${value / MIB} MiB` : unit === 'count' ? value.toLocaleString('en-US') : `${value.toLocaleString('en-US')} ${unit}`;
const UNITS: Record<keyof typeof DEFAULT_LIMITS, 'bytes' | 'ms' | 'count'> = {
  streamIdleMs: 'ms',
  statementTimeoutMs: 'ms',
  lockWaitMs: 'ms',
  maxResultBytes: 'bytes',
  memoryLimitBytes: 'bytes',
  maxDatabaseBytes: 'bytes',
  engineWorkers: 'count',
  maxSnapshotBytes: 'bytes',
  maxStreams: 'count',
  maxDatabases: 'count',
  maxTokensPerDatabase: 'count',
  maxPipelineBodyBytes: 'bytes',
};
const FLAG_OF = Object.fromEntries(Object.entries(DATABASE_FLAGS).map(([flag]) => [flag, flag]));

describe("the database engine's limits in the mock README", () => {
  const documented = (Object.keys(DEFAULT_LIMITS) as (keyof typeof DEFAULT_LIMITS)[]).filter((name) => name !== 'maxTokensPerDatabase');
  it.each(documented)('names %s with its default, its flag and what answers it', (name) => {
    const row = rows.find((line) => line.includes(`\`${name}\``));
    expect(row, `no row of the table names ${name}`).toBeDefined();
    expect(row).toContain(written(DEFAULT_LIMITS[name], UNITS[name]));
    const flag = Object.keys(FLAG_OF).find((candidate) => row!.includes(`--${candidate}`));
    if (name !== 'maxSnapshotBytes') expect(flag, `the row of ${name} names no --db- flag`).toBeDefined();
    expect(row!.split('|').at(-2)!.trim()).not.toBe('');
  });

  it.each([
    ['answers a WebSocket client has not read yet', written(MAX_UNSENT_BYTES, 'bytes')],
    ['requests of one WebSocket connection running at once', String(MAX_RUNNING_PER_CONNECTION)],
    ['SQL texts remembered', written(SPLIT_CACHE_BYTES, 'bytes')],
    ['compiled statements a connection keeps', written(STATEMENT_CACHE_BYTES, 'bytes')],
    ['LIKE or GLOB pattern', written(LIKE_PATTERN_BYTES, 'bytes')],
  ])('states the cap on %s: %s', (what, value) => {
    const row = rows.find((line) => line.includes(what));
    expect(row, `no row of the table is about ${what}`).toBeDefined();
    expect(row).toContain(value);
  });

  it('states how long a statement that will not stop may run past its limit', () => {
    expect(section).toContain(`ended ${GRACE_MS} ms`);
  });
});
