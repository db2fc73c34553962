// `pnpm bench journal`: only the request journal's cost per request (bench/lib/journal-cost.ts),
// in process and over HTTP, as `pnpm bench mock` measures it at its end, without the rest.
import { existsSync } from 'node:fs';
import { fail } from '../scripts/lib/run.ts';
import { type Goal, printGoals } from './lib/goals.ts';
import { measureJournalCost } from './lib/journal-cost.ts';
import { BUILT } from './lib/processes.ts';

if (!existsSync(BUILT)) fail('packages/mock/dist is missing: run `pnpm build` first');
const goals: Goal[] = [];
await measureJournalCost(goals);
printGoals('pnpm bench journal', goals);
process.exit(0);
