// The code blocks of the docs a user reads: the root README, every package's README and the
// site's guides (any new file or block is picked up). Blocks are tested as written; the only
// change made is the mock's address (`127.0.0.1:4010` in the docs) to the one the test runs.
// A shell block may carry a marker on the line before it,
//   <!-- not run: <reason> -->
// which the tests accept only with a reason (a TypeScript block too: one that needs what the
// packed project lacks, a container runtime, and that the test the reason names runs); a TypeScript block that is a test file to copy,
//   <!-- example: <file> -->
// is written to that file and run with vitest.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/paths.ts';

export interface DocBlock {
  /** `README.md #2`: the file, relative to the root, and the block's number among its language's blocks there. */
  name: string;
  file: string;
  language: string;
  code: string;
  /** The reason given in a `<!-- not run: ... -->` marker right before the block, `''` for a marker without one. */
  notRun?: string;
  /** The file an `<!-- example: FILE -->` marker names: the block is a vitest test file. */
  exampleFile?: string;
}

/** The docs whose blocks are tested: README.md, packages/<name>/README.md, site/guides/*.md. */
export function docFiles(root = ROOT): string[] {
  const packages = readdirSync(path.join(root, 'packages'))
    .map((name) => `packages/${name}/README.md`)
    .filter((file) => existsSync(path.join(root, file)));
  const guides = readdirSync(path.join(root, 'site/guides'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `site/guides/${file}`);
  return ['README.md', ...packages.sort(), ...guides.sort()];
}

const FENCE = /^( *)```([a-z]*)\n([\s\S]*?)^\1```/gm;
const NOT_RUN = /<!--\s*not run:?\s*(.*?)\s*-->\s*$/;
const EXAMPLE = /<!--\s*example:\s*(\S+)\s*-->\s*$/;

/** Every fenced block of the file, with its language (`ts`, `sh`, ...), unindented. */
export function blocksOf(file: string, root = ROOT): DocBlock[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const counts = new Map<string, number>();
  return [...text.matchAll(FENCE)].map((match) => {
    const language = match[2] === 'typescript' ? 'ts' : match[2]!;
    const count = (counts.get(language) ?? 0) + 1;
    counts.set(language, count);
    const before = text.slice(0, match.index).trimEnd().split('\n').at(-1) ?? '';
    const marker = NOT_RUN.exec(before);
    const example = EXAMPLE.exec(before);
    const indent = new RegExp(`^ {0,${match[1]!.length}}`, 'gm');
    return {
      name: `${file} ${language} #${count}`,
      file,
      language,
      code: match[3]!.replace(indent, ''),
      ...(marker ? { notRun: marker[1]! } : {}),
      ...(example ? { exampleFile: example[1]! } : {}),
    };
  });
}

/** Every TypeScript block of every doc, but those marked not run here (another test runs each). */
export const typeScriptBlocks = (root = ROOT) =>
  docFiles(root).flatMap((file) => blocksOf(file, root).filter((block) => block.language === 'ts' && block.notRun === undefined));

/** A file name for the block: `packages-client-README.md-ts-3.ts`. */
export const blockFileName = (block: DocBlock) => `${block.name.replace(/[/ #]+/g, '-')}.ts`;
