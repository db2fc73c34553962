// `--record DIR`: the upstream's answers kept as candidate examples, for a person to review and
// move into the contracts. One per operation and status (the first seen), secrets already replaced
// by placeholders, written when the proxy stops in the layout `openapi/<area>/` uses:
// `DIR/<area>/components/examples/<OperationId><Status>Observed.yaml` (an Example Object:
// `summary`, `description`, `value`), and `DIR/README.md` listing each file, whether it conforms,
// and the `$ref` that adds it to the operation's answer.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { stringifyExactJson } from '../engine/exact-json.ts';
import type { ProxiedExchange } from './exchange.ts';

/** yaml (70 modules) is loaded when a recording is written, not with every mock. */
const yaml = () => createRequire(import.meta.url)('yaml') as typeof import('yaml');

/** Answers larger than this (as JSON) are not recorded: an example is for reading. */
const MAX_RECORDED_CHARS = 256 * 1024;

interface Candidate {
  area: string;
  operationId: string;
  method: string;
  path: string;
  status: number;
  mediaType?: string;
  value: unknown;
  request: string;
  time: string;
  violations: string[];
}

export interface RecordedFile {
  /** Relative to the record folder. */
  file: string;
  operationId: string;
  status: number;
  conforms: boolean;
}

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
/** `/library/{libraryId}/videos` is written in `paths/library_{libraryId}_videos.yaml` (openapi/README.md). */
const pathFile = (template: string) => `${template.replace(/^\//, '').replace(/\//g, '_') || '_'}.yaml`;

export function createRecorder(dir: string) {
  const candidates = new Map<string, Candidate>();
  const skipped = new Map<string, string>();

  function add(exchange: ProxiedExchange) {
    const operation = exchange.operation;
    if (exchange.kind !== 'http' || !operation || exchange.refused !== undefined || exchange.answer?.value === undefined) return;
    const key = `${operation.operationId} ${exchange.status}`;
    if (candidates.has(key) || skipped.has(key)) return;
    const text = stringifyExactJson(exchange.answer.value);
    if (text.length > MAX_RECORDED_CHARS)
      return void skipped.set(key, `${operation.operationId} ${exchange.status}: ${text.length} characters, over ${MAX_RECORDED_CHARS}`);
    candidates.set(key, {
      area: exchange.area,
      operationId: operation.operationId,
      method: operation.method,
      path: operation.path,
      status: exchange.status,
      mediaType: exchange.answer.mediaType,
      value: exchange.answer.value,
      request: `${exchange.request.method} ${exchange.request.target}`,
      time: exchange.time,
      violations: exchange.violations.filter((v) => v.location[0] !== 'request').map((v) => `${v.contract}: ${v.message}`),
    });
  }

  /** Writes every candidate and the folder's README; returns what it wrote. */
  function write(): RecordedFile[] {
    const written: RecordedFile[] = [];
    const rows: string[] = [];
    for (const candidate of [...candidates.values()].sort(
      (a, b) => a.area.localeCompare(b.area) || a.operationId.localeCompare(b.operationId) || a.status - b.status,
    )) {
      const name = `${pascal(candidate.operationId)}${candidate.status}Observed`;
      const file = path.posix.join(candidate.area, 'components/examples', `${name}.yaml`);
      const conforms = candidate.violations.length === 0;
      const description = [
        `Recorded by platform-mock --record: the answer to ${candidate.request} on ${candidate.time}, secrets replaced by placeholders.`,
        conforms ? 'It conforms to the contract.' : `It breaks the contract at: ${candidate.violations.join('; ')}.`,
        'Review it before moving it into openapi/ (see the README beside it).',
      ].join('\n');
      mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
      writeFileSync(
        path.join(dir, file),
        yaml().stringify(
          { summary: `${candidate.operationId} answered ${candidate.status} (observed)`, description, value: candidate.value },
          { lineWidth: 0 },
        ),
      );
      written.push({ file, operationId: candidate.operationId, status: candidate.status, conforms });
      const media = candidate.mediaType ?? 'application/json';
      rows.push(
        `| \`${file}\` | ${candidate.operationId} (\`${candidate.method} ${candidate.path}\`) | ${candidate.status} | ${conforms ? 'yes' : 'no'} | \`openapi/${candidate.area}/paths/${pathFile(candidate.path)}\`, under \`${candidate.method.toLowerCase()}.responses.'${candidate.status}'.content.${media}.examples\`: \`observed${candidate.status}: { $ref: ../components/examples/${name}.yaml }\` |`,
      );
    }
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'README.md'),
      [
        '# Recorded answers: candidate examples',
        '',
        'Written by `platform-mock --record`: the first answer of each operation and status the proxied platform gave, with secrets replaced by `[redacted]`. Each file is an Example Object in the layout of `openapi/<area>/`: review it, rename it if you like (component names are unique across areas), move it to `openapi/<area>/components/examples/` and add its `$ref` to the answer; then `pnpm lint` and `pnpm test` check it against its schema.',
        '',
        '| File | Operation | Status | Conforms | Where it goes |',
        '|---|---|---|---|---|',
        ...rows,
        ...(skipped.size > 0 ? ['', 'Not recorded (too large to read as an example):', ...[...skipped.values()].map((why) => `- ${why}`)] : []),
        '',
      ].join('\n'),
    );
    return written;
  }

  return { add, write };
}
