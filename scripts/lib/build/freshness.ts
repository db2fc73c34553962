// Which build steps are out of date, and why. Each step names the files it reads; after it runs,
// a hash of every one of them is recorded (dist/.build-record.json). A step is stale when its
// output is missing, when it never ran here, or when one of its inputs differs from the record,
// and the reason names the first such file, so `pnpm start` rebuilds only what changed and says why.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface BuildStep {
  name: string;
  /** Files and folders (relative to the root) whose content the step's output depends on. */
  inputs: string[];
  /** What the step writes; a missing one makes it stale. */
  outputs: string[];
  run(): void | Promise<void>;
  /** It compiles TypeScript, checking types unless the build says not to (`pnpm build --no-check`). */
  compiles?: boolean;
}

/**
 * The key a step's record gets when it compiled without a type check: a build that checks types
 * (`pnpm build`, `pnpm start`, `pnpm pack:all`) does it again, until a type check of every package
 * passed (`markChecked`, after pnpm test's typecheck stage).
 */
const UNCHECKED = '(types not checked)';

/** Relative path -> content hash, for every file under the inputs. */
export type Fingerprint = Record<string, string>;
export type BuildRecord = Record<string, Fingerprint>;

const SKIPPED = new Set(['node_modules', '.git']);

function filesUnder(root: string, relative: string, into: string[]) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) {
    into.push(relative);
    return;
  }
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    filesUnder(root, path.join(relative, entry.name), into);
  }
}

export function fingerprint(root: string, inputs: string[]): Fingerprint {
  const files: string[] = [];
  for (const input of inputs) filesUnder(root, input, files);
  const result: Fingerprint = {};
  for (const file of files.sort())
    result[file.split(path.sep).join('/')] = createHash('sha1')
      .update(readFileSync(path.join(root, file)))
      .digest('hex');
  return result;
}

/** Why the step must run, or undefined when its recorded inputs are unchanged and its outputs exist. */
export function whyStale(
  root: string,
  step: BuildStep,
  record: BuildRecord,
  current = fingerprint(root, step.inputs),
  { unchecked = false }: { unchecked?: boolean } = {},
): string | undefined {
  const missing = step.outputs.find((output) => !existsSync(path.join(root, output)));
  if (missing) return `${missing} is missing`;
  const before = record[step.name];
  if (!before) return 'no record of an earlier build here';
  for (const [file, hash] of Object.entries(current)) {
    if (!(file in before)) return `${file} is new`;
    if (before[file] !== hash) return `${file} changed`;
  }
  const removed = Object.keys(before).find((file) => file !== UNCHECKED && !(file in current));
  if (removed) return `${removed} was removed`;
  return before[UNCHECKED] && !unchecked
    ? 'it was compiled without a type check (pnpm start, pnpm build --no-check), and no type check has passed since'
    : undefined;
}

export function readRecord(file: string): BuildRecord {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as BuildRecord;
  } catch {
    return {};
  }
}

/** Written whole or not at all (a new file renamed over it): \`pnpm test\` reads it in lint while the build writes it. */
export function writeRecord(file: string, record: BuildRecord) {
  mkdirSync(path.dirname(file), { recursive: true });
  const written = `${file}.${process.pid}.tmp`;
  writeFileSync(written, `${JSON.stringify(record, null, 1)}\n`);
  renameSync(written, file);
}

export interface RunStepsOptions {
  root: string;
  recordFile: string;
  /** Run every step, stale or not (`pnpm build`). */
  all?: boolean;
  /** The steps that compile do not check types (`pnpm start`, `pnpm build --no-check`): recorded as such. */
  unchecked?: boolean;
  log?: (line: string) => void;
}

/**
 * Runs the steps in order: every one with `all`, else the stale ones. A step that ran makes the
 * following steps check their inputs again (its output may be one of them). Returns what ran.
 */
export async function runSteps(
  steps: BuildStep[],
  { root, recordFile, all = false, unchecked = false, log = console.log }: RunStepsOptions,
): Promise<string[]> {
  const record = readRecord(recordFile);
  const ran: string[] = [];
  for (const step of steps) {
    const inputs = fingerprint(root, step.inputs);
    const reason = all ? undefined : whyStale(root, step, record, inputs, { unchecked });
    if (!all && !reason) continue;
    if (reason) log(`rebuilding ${step.name}: ${reason}`);
    await step.run();
    // The inputs as they were when the step read them, so that an edit made meanwhile still counts.
    // Read again: a step may record something of its own meanwhile (the bundles, scripts/bundle.ts).
    const before: Fingerprint = unchecked && step.compiles ? { ...inputs, [UNCHECKED]: 'pnpm start, pnpm build --no-check' } : inputs;
    const latest = readRecord(recordFile);
    latest[step.name] = before;
    writeRecord(recordFile, latest);
    record[step.name] = before;
    ran.push(step.name);
  }
  return ran;
}

/** Every step's record as type-checked: a check of every package passed after they were compiled (pnpm test's typecheck stage). */
export function markChecked(recordFile: string) {
  const record = readRecord(recordFile);
  for (const fingerprinted of Object.values(record)) delete fingerprinted[UNCHECKED];
  writeRecord(recordFile, record);
}
