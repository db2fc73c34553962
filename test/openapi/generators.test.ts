// Client generators besides ours (openapi-typescript, in the build) take every area's bundle, as a
// user runs them, and what they write is used as a user uses it: each generates, with a function
// for every operation; the module it wrote loads in Node (strict mode: a duplicate parameter name
// throws its SyntaxError); every operation is called with each of the contract's request examples
// against the mock in process, answered with its example's status, the answer valid by the
// contract; and the output type-checks under strict TypeScript (every generator's in one program).
// Each generator runs once for all areas, the runs starting when the file loads, two at a time.
// The generators are one table (test/support/generated-clients.ts), their known defects another
// (below), each with its upstream issue and a test that fails once the defect is gone.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Operation } from '@platform-contracts/contracts';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { bundlePath, ROOT } from '../../scripts/lib/paths.ts';
import { type Call, GENERATORS } from '../support/generated-clients.ts';
import { inTurn, outcomeOf } from '../support/in-turn.ts';
import { loadGenerated } from '../support/load-generated.ts';
import { useMock } from '../support/mock.ts';
import { listAreas, loadBundle, operationsOf, validateAnswer } from '../support/openapi.ts';
import { type PairedExample, pairedExamples } from '../support/paired-examples.ts';
import { testerCredentials } from '../support/tester-credentials.ts';

const run = promisify(execFile);
/** Where the generators write and their modules load from: inside the repository, so that the packages they import (openapi-zod-client's) resolve, for tsc and Node. */
const GENERATED = path.join(ROOT, 'node_modules/.cache/generated-clients');

/** What a generator gets wrong, known upstream: the problem it causes (as the test words it) and the issue that tracks it. */
interface KnownDefect {
  generator: string;
  /** The problem sentence this defect causes, as `problemsOf` writes it. */
  problem: RegExp;
  issue: string;
  why: string;
}

// Empty at these versions. orval's fetch client JSON-parsed every answer, so the database's text/plain
// version answers threw (orval-labs/orval#3088); orval 8.38.0 has the fix (orval-labs/orval#3222,
// parsing by Content-Type), and getPipelineVersion passes. An entry's test fails once its problem is
// gone, so the table holds only what still happens.
const KNOWN_DEFECTS: KnownDefect[] = [];

/** Every .ts file under a folder. */
const filesUnder = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));

const mock = useMock();

/** What went wrong when the generated code called one request example, as sentences naming it (none: it did as the contract says). */
async function problemsOf(generator: (typeof GENERATORS)[number], module: Record<string, unknown>, example: PairedExample): Promise<string[]> {
  const { operation } = example;
  const at = `${operation.operationId} "${example.name}"`;
  const credentials = await testerCredentials(mock.mock, operation, 'generated-client');
  const answers: { status: number; type: string; text: string }[] = [];
  const fetchWithCredentials = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    for (const [name, value] of Object.entries(credentials)) request.headers.set(name, value);
    const response = await mock.fetch(request);
    answers.push({ status: response.status, type: response.headers.get('content-type') ?? '', text: await response.clone().text() });
    return response;
  };
  const values = (place: string) => Object.fromEntries(example.parameters.filter((p) => p.in === place).map((p) => [p.name, p.value]));
  const call: Call = {
    operation,
    path: values('path'),
    query: values('query'),
    body: example.bodies[0],
    baseUrl: 'http://127.0.0.1:4010',
    fetch: fetchWithCredentials as typeof globalThis.fetch,
  };
  let thrown: unknown;
  try {
    await generator.call(module, call);
  } catch (error) {
    thrown = error;
  }
  const answer = answers[0];
  if (!answer) return [`${at}: sent no request (${thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown)})`];
  const problems: string[] = [];
  const expected = new RegExp(`^${example.answer.status.replace(/X/g, '\\d')}$`);
  if (!expected.test(String(answer.status)))
    problems.push(`${at}: answered ${answer.status}, its example ${example.answer.status}: ${answer.text.slice(0, 300)}`);
  const type = answer.type.split(';')[0]!.trim();
  const body = /json/.test(type) ? JSON.parse(answer.text) : answer.text === '' ? undefined : answer.text;
  problems.push(...validateAnswer(operation.area, operation.operationId, answer.status, body, type || example.answer.type).map((error) => `${at}: ${error}`));
  if (answer.status < 300 && thrown !== undefined)
    problems.push(`${at}: threw on its ${answer.status} ${type} answer: ${thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown)}`);
  return problems;
}

const examplesOf = (area: string, operation: Operation) => pairedExamples(loadBundle(area), operation);

// Every generator's command lines for all areas (one for all where its CLI takes a config file of
// several), started when the file loads, two at a time in the order the tests read them: a test
// waits only for the run that writes its area, while the ones after it run.
mkdirSync(GENERATED, { recursive: true });
const outputs = new Map(
  GENERATORS.map((generator) => [
    generator.name,
    { out: mkdtempSync(path.join(GENERATED, 'generator-')), loaded: mkdtempSync(path.join(GENERATED, 'generated-js-')) },
  ]),
);
afterAll(() => {
  for (const { out, loaded } of outputs.values()) {
    rmSync(out, { recursive: true, force: true });
    rmSync(loaded, { recursive: true, force: true });
  }
});
const runs = GENERATORS.flatMap((generator) =>
  generator.runs(listAreas().map((area) => ({ bundle: bundlePath(area, 'yaml'), out: area }))).map((line) => ({ generator, line })),
);
const generations = inTurn(
  runs.map(({ generator, line }) => async () => {
    const { out } = outputs.get(generator.name)!;
    for (const area of line.outs) mkdirSync(path.join(out, area), { recursive: true }); // openapi-zod-client writes into an existing folder only
    for (const [name, text] of Object.entries(line.files ?? {})) writeFileSync(path.join(out, name), text);
    await run(line.command, line.args, { cwd: out });
  }),
);
const generated = (name: string, area: string) => generations[runs.findIndex((r) => r.generator.name === name && r.line.outs.includes(area))]!;

/**
 * Every generator's output in one strict TypeScript program (the standard library and the packages
 * they import read and checked once, not once per generator), once all generated; each generator's
 * test reads the diagnostics of its own files. Each file must be a module that declares no global,
 * so that no output can change how another type-checks.
 */
let checked: Promise<{ errors: Map<string, string[]>; scripts: string[] }> | undefined;
const typeCheckAll = () =>
  (checked ??= Promise.all(generations).then(() => {
    const files = [...outputs.values()].flatMap(({ out }) => filesUnder(out));
    const program = ts.createProgram(files, {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: [],
    });
    const scripts = files.filter((file) => {
      const source = program.getSourceFile(file)!;
      return !ts.isExternalModule(source) || /\bdeclare\s+global\b/.test(source.text);
    });
    const errors = new Map<string, string[]>();
    for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
      const file = diagnostic.file?.fileName ?? '';
      const name = [...outputs].find(([, { out }]) => file.startsWith(`${out}/`))?.[0] ?? '(no file)';
      const text = ts.formatDiagnostic(diagnostic, {
        getCanonicalFileName: (f) => f,
        getCurrentDirectory: () => outputs.get(name)?.out ?? ROOT,
        getNewLine: () => '\n',
      });
      errors.set(name, [...(errors.get(name) ?? []), text]);
    }
    return { errors, scripts };
  }));

describe.each(GENERATORS.map((generator) => [generator.name, generator] as const))('%s', (name, generator) => {
  const { out, loaded } = outputs.get(name)!;
  const seen: string[] = [];

  it.each(listAreas())('generates the %s area: a module that loads, whose every operation answers each request example as the contract says', async (area) => {
    await outcomeOf(generated(name, area));
    const text = filesUnder(path.join(out, area))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n')
      .toLowerCase();
    const operations = operationsOf(area);
    expect(operations.filter((operation) => !text.includes(operation.operationId.toLowerCase())).map((o) => o.operationId)).toEqual([]);

    let module: Record<string, unknown>;
    try {
      module = loadGenerated(path.join(out, area), path.join(loaded, area), generator.entry);
    } catch (error) {
      throw new Error(`${name}'s ${area} module does not load: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`, {
        cause: error,
      });
    }
    const problems: string[] = [];
    for (const operation of operations) {
      const examples = examplesOf(area, operation);
      if (examples.length === 0) problems.push(`${operation.operationId}: no request example to call it with`);
      for (const example of examples) problems.push(...(await problemsOf(generator, module, example)));
    }
    const known = problems.filter((problem) => KNOWN_DEFECTS.some((defect) => defect.generator === name && defect.problem.test(problem)));
    seen.push(...known);
    expect(problems.filter((problem) => !known.includes(problem))).toEqual([]);
  });

  const defects = KNOWN_DEFECTS.filter((defect) => defect.generator === name);
  it.skipIf(defects.length === 0).each(defects.map((defect) => [defect.issue, defect] as const))(
    'still has its known defect (%s): remove it from KNOWN_DEFECTS once fixed',
    (_issue, defect) => {
      expect(seen.filter((problem) => defect.problem.test(problem)).length, defect.why).toBeGreaterThan(0);
    },
  );
});

// After every generator's areas' tests, which waited for all their outputs: one program for all.
describe.each(GENERATORS.map((generator) => [generator.name] as const))('%s', (name) => {
  it('generates code that type-checks under strict TypeScript', async () => {
    const { errors, scripts } = await typeCheckAll();
    expect(scripts, "a file that is not a module, or declares a global, would type-check with the other generators' files").toEqual([]);
    expect([...(errors.get(name) ?? []), ...(errors.get('(no file)') ?? [])], `${name}'s output does not type-check`).toEqual([]);
    const configFiles = runs.filter((r) => r.generator.name === name).flatMap(({ line }) => Object.keys(line.files ?? {}));
    expect(readdirSync(outputs.get(name)!.out).sort()).toEqual([...listAreas(), ...configFiles].sort());
  }, 120_000);
});
