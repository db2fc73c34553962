import { measureValidatedCalls } from './lib/mock-in-process.ts';

await measureValidatedCalls();
await measureValidatedCalls();
process.exit(0);
