// The parts of `pnpm bench mock` that `MOCK_ONLY` (a comma-separated list) may name; without it every part runs.
import { fail } from '../../scripts/lib/run.ts';

const PARTS = ['start-up', 'throughput', 'cpu', 'split', 'proxy', 'memory', 'in-process', 'suites', 'team', 'journal'] as const;
const only = process.env.MOCK_ONLY?.split(',').map((part) => part.trim());
const unknownPart = only?.find((part) => !(PARTS as readonly string[]).includes(part));
if (unknownPart !== undefined) fail(`MOCK_ONLY names ${JSON.stringify(unknownPart)}; the parts are ${PARTS.join(', ')}`);

/** Whether this run measures a part. `cpu` or `split` alone start the throughput part's servers without its req/s runs. */
export const measuring = (part: (typeof PARTS)[number]) => only === undefined || only.includes(part);
