// The proxy's CLI flags and their reading into ProxyOptions. `--proxy-only` and `--mock-only`
// take several names after one flag (`--proxy-only listStorageZones getVideo`), or commas.
import { type AreaName, readBundle } from '@platform-contracts/contracts';
import { type AreaFlag, type OpenApiDocument, UsageError } from '../engine/area.ts';
import type { ProxyOptions } from './options.ts';
import { upstreamGroups } from './targets.ts';

type Flag = AreaFlag & { default?: string };

export const PROXY_FLAGS: Record<string, Flag> = {
  proxy: {
    type: 'string',
    multiple: true,
    valueName: '[GROUP=]URL',
    description: "forward the platform's calls to URL, validating both ways (repeatable; GROUP for one group of areas)",
  },
  'proxy-only': {
    type: 'string',
    multiple: true,
    valueName: 'NAME...',
    description: 'forward only these operations (operationIds, or areas); the mock answers the rest',
  },
  'mock-only': {
    type: 'string',
    multiple: true,
    valueName: 'NAME...',
    description: 'answer these operations (operationIds, or areas) from the mock; forward the rest',
  },
  'drift-report': { type: 'string', valueName: 'FILE', description: 'when stopped, write the drift report to FILE (JSON) and a summary beside it (.md)' },
  'fail-on-drift': { type: 'boolean', description: 'when stopped, exit 3 if the traffic contradicted the contract (for CI)' },
  record: { type: 'string', valueName: 'DIR', description: "when stopped, write the upstream's answers as candidate examples under DIR" },
  'proxy-timeout-ms': { type: 'string', valueName: 'N', default: '30000', description: 'an upstream exchange taking longer is answered 504' },
  'proxy-max-answer-bytes': {
    type: 'string',
    valueName: 'N',
    default: String(16 * 1024 * 1024),
    description: 'a larger upstream answer (or WebSocket message) is answered 502',
  },
};

/** Flags that take the names following them: `--proxy-only a b` is `--proxy-only a --proxy-only b`. */
const VARIADIC = ['--proxy-only', '--mock-only'];

export function expandVariadic(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    out.push(token);
    if (!VARIADIC.includes(token)) continue;
    out.push(argv[++i] ?? '');
    while (i + 1 < argv.length && !argv[i + 1]!.startsWith('-')) out.push(token, argv[++i]!);
  }
  return out;
}

/** The groups as the contracts name them, for `--help` (`api, database, video`), or a note when the bundles are not built. */
export function groupNames(areas: readonly string[]): string {
  try {
    const documents = new Map(areas.map((area) => [area, readBundle(area as AreaName) as OpenApiDocument]));
    return upstreamGroups(documents)
      .map((group) => `${group.name} (${group.template}: ${group.areas.join(', ')})`)
      .join(', ');
  } catch {
    return "read from the contracts' servers once they are built";
  }
}

const names = (values: unknown) =>
  ((values as string[] | undefined) ?? [])
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);

/** ProxyOptions from parsed flags, or undefined without `--proxy`; a proxy flag without it is a usage error. */
export function proxyOptionsFromFlags(values: Record<string, unknown>, whole: (name: string, min: number, max: number) => number): ProxyOptions | undefined {
  const targets = values.proxy as string[] | undefined;
  if (!targets?.length) {
    const stray = ['proxy-only', 'mock-only', 'drift-report', 'fail-on-drift', 'record'].find((name) => values[name] !== undefined);
    if (stray) throw new UsageError(`--${stray} goes with --proxy URL (the validation proxy)`);
    return undefined;
  }
  for (const flag of ['proxy-only', 'mock-only']) {
    if (values[flag] !== undefined && names(values[flag]).length === 0) throw new UsageError(`--${flag} needs one or more operationIds or areas`);
  }
  return {
    to: targets,
    proxyOnly: names(values['proxy-only']),
    mockOnly: names(values['mock-only']),
    driftReport: values['drift-report'] as string | undefined,
    record: values.record as string | undefined,
    timeoutMs: whole('proxy-timeout-ms', 1, 3_600_000),
    maxAnswerBytes: whole('proxy-max-answer-bytes', 1, 2 ** 31),
  };
}
