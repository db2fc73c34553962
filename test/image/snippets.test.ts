// The README's snippets for other languages and for GitHub Actions (section "The mock as a
// container image"), checked as far as this machine can, as the README says: each names the
// image's tag, its exposed port, the log line the mock prints when ready and only real
// PLATFORM_MOCK_ variables; Python is compiled by python3, Java by javac where a JDK is installed
// (stopping only at the Testcontainers classes it cannot have), the workflow is parsed as YAML.
// No container runs here: test/image/image.test.ts runs the image.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { usage } from '@platform-contracts/mock';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { IMAGE_PORT, imageConfig, LATEST_IMAGE } from '../../scripts/lib/build/image.ts';
import { blocksOf } from '../support/doc-blocks.ts';

const SNIPPETS = ['python', 'java', 'go', 'yaml'];
const blocks = blocksOf('README.md').filter((block) => SNIPPETS.includes(block.language));
/** The variable that sets an option, as the mock's README states the rule: PLATFORM_MOCK_ and the option's name in capitals, `-` as `_`. */
const envName = (option: string) => `PLATFORM_MOCK_${option.toUpperCase().replaceAll('-', '_')}`;
const optionVariables = new Set([...usage().matchAll(/--([a-z0-9-]+)/g)].map((match) => envName(match[1]!)));
const imageVariables = new Set(Object.keys(imageConfig('0', process.version).env));
const scratch = mkdtempSync(path.join(tmpdir(), 'readme-snippets-'));
const hasJavac = spawnSync('javac', ['-version']).status === 0;

/** What the mock prints once it listens (the CLI's own line, cli.ts). */
const READY_LINE = 'Ready in 321 ms; requests are logged below (--quiet to silence)';

describe("the README's snippets for other languages and CI", () => {
  it('are there: one each for Python, Java, Go and GitHub Actions', () => {
    expect(blocks.map((block) => block.language).sort()).toEqual([...SNIPPETS].sort());
  });

  it.each(blocks.map((block) => [block.language, block] as const))('%s names the image, its port and only real variables', (language, block) => {
    const image = language === 'yaml' ? /platform-mock:latest/ : new RegExp(LATEST_IMAGE.replaceAll('.', '\\.'));
    expect(block.code).toMatch(image);
    expect(block.code).toContain(String(IMAGE_PORT));
    for (const [variable] of block.code.matchAll(/PLATFORM_MOCK_[A-Z_]+/g))
      expect(optionVariables.has(variable) || imageVariables.has(variable), `${variable} is no option's variable`).toBe(true);
  });

  it.each([
    ['python', /wait_for_logs\(mock, r"(.+?)"\)/],
    ['java', /Wait\.forLogMessage\("(.+?)", 1\)/],
    ['go', /wait\.ForLog\("(.+?)"\)/],
  ])('%s waits for a log line the mock prints', (language, waits) => {
    const written = waits.exec(blocks.find((block) => block.language === language)!.code)?.[1];
    expect(written).toBeDefined();
    // As each language reads it: Java's is a whole-line regex of the Java string (\\d is \d), with its newline.
    const pattern = language === 'java' ? new RegExp(written!.replaceAll('\\\\', '\\').replace(/\\n$/, '\n')) : new RegExp(written!);
    expect(language === 'java' ? `${READY_LINE}\n` : READY_LINE).toMatch(pattern);
  });

  it('python compiles (python3 -m py_compile)', () => {
    const file = path.join(scratch, 'snippet.py');
    writeFileSync(file, blocks.find((block) => block.language === 'python')!.code);
    const result = spawnSync('python3', ['-m', 'py_compile', file], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
  });

  it.skipIf(!hasJavac)('java compiles with javac but for the Testcontainers classes (no Maven Central here)', () => {
    const file = path.join(scratch, 'PlatformMockTest.java');
    writeFileSync(file, blocks.find((block) => block.language === 'java')!.code);
    const result = spawnSync('javac', ['-d', scratch, file], { encoding: 'utf8' });
    const errors = [...result.stderr.matchAll(/error: (.+)/g)].map((match) => match[1]!);
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) expect(error).toMatch(/^(package org\.testcontainers\S* does not exist|cannot find symbol)$/);
    const symbols = [...result.stderr.matchAll(/symbol:\s+(?:class|variable|method) (\w+)/g)].map((match) => match[1]!);
    for (const symbol of symbols) expect(['GenericContainer', 'DockerImageName', 'Wait']).toContain(symbol);
  });

  it('the workflow is YAML whose service runs the image on loopback, with real variables', () => {
    const workflow = parse(blocks.find((block) => block.language === 'yaml')!.code) as {
      jobs: Record<string, { services: Record<string, { image: string; ports: string[]; env: Record<string, string>; options: string }> }>;
    };
    const [[name, service]] = Object.entries(Object.values(workflow.jobs)[0]!.services) as [[string, (typeof workflow.jobs)[string]['services'][string]]];
    expect(service.image).toMatch(/\/platform-mock:latest$/);
    expect(service.ports).toEqual([`127.0.0.1:${IMAGE_PORT}:${IMAGE_PORT}`]);
    // The service's own name is what steps in a job container send as Host.
    expect(service.env.PLATFORM_MOCK_ALLOWED_HOST).toBe(name);
    for (const variable of Object.keys(service.env)) expect(optionVariables.has(variable), variable).toBe(true);
    expect(service.options).toContain('--read-only');
  });
});
