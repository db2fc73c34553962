// `pnpm check:breaking` words each change as a person acts on it: one line per change with the
// source file:line:col to edit, the level, the rule and a sentence naming the operations and the
// element (never `undefined`), the copies of one change folded into one line. The changelogs and
// the reference site use the same sentences, and no field that is ours alone.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { checkBreaking, nextSteps } from '../../scripts/check-breaking.ts';
import { formatFinding } from '../../scripts/lib/breaking/compare.ts';
import { OPENAPI_DIR, ROOT } from '../../scripts/lib/paths.ts';
import { changelogLine, entryDates, renderChangelog } from '../../scripts/lib/release/changelog.ts';
import { latestRelease } from '../../scripts/lib/release/releases.ts';
import { type Json, listAreas, loadBundle } from '../support/openapi.ts';

/** The 1-based line of the first line matching `pattern` after the first matching `after`. */
function lineOf(file: string, pattern: RegExp, after?: RegExp): number {
  const lines = readFileSync(path.join(ROOT, file), 'utf8').split('\n');
  const start = after ? lines.findIndex((line) => after.test(line)) : 0;
  const index = lines.findIndex((line, i) => i >= start && pattern.test(line));
  expect(index, `${pattern} in ${file}`).toBeGreaterThanOrEqual(0);
  return index + 1;
}

/** The lines `pnpm check:breaking` prints for the video contract as released, changed by `change`. */
function checkVideo(change: (d: Json) => void): string[] {
  const released = latestRelease(OPENAPI_DIR, 'video')!.document as Json;
  const after = structuredClone(released);
  change(after);
  const [report] = checkBreaking(OPENAPI_DIR, ['video'], () => after);
  return report!.findings.map((f) => formatFinding(f, (file) => path.relative(ROOT, file)));
}

const COLLECTIONS = 'openapi/video/paths/library_{libraryId}_collections.yaml';
const CREATE_VIDEO = 'openapi/video/components/schemas/CreateVideoRequest.yaml';
const COLLECTION_NAME = 'openapi/video/components/schemas/CollectionNameRequest.yaml';

describe('the breaking-change report', () => {
  it('names a removed parameter, its operation and where its list is (not "undefined at parameters.2")', () => {
    const lines = checkVideo((d) => {
      const list: Json[] = d.paths['/library/{libraryId}/collections'].get.parameters;
      list.splice(
        list.findIndex((p) => p.$ref === '#/components/parameters/CollectionsSearch'),
        1,
      );
    });
    expect(lines).toEqual([
      `${COLLECTIONS}:${lineOf(COLLECTIONS, /^ {2}parameters:/, /^get:/)}:3  error  request-parameter-removed  GET /library/{libraryId}/collections removed the optional query parameter 'search'`,
    ]);
  });

  it('says one property made required and one minLength raised in two lines, not one per media type', () => {
    let was = 0;
    const lines = checkVideo((d) => {
      const schema = d.components.schemas.CreateVideoRequest;
      schema.required.push('collectionId');
      was = schema.properties.title.minLength;
      schema.properties.title.minLength = was + 2;
    });
    expect(lines).toEqual([
      `${CREATE_VIDEO}:${lineOf(CREATE_VIDEO, /^required:/)}:1  error  request-property-became-required  POST /library/{libraryId}/videos made the request property 'collectionId' required`,
      `${CREATE_VIDEO}:${lineOf(CREATE_VIDEO, /^ {4}minLength:/, /^ {2}title:/)}:5  error  request-property-min-length-increased  POST /library/{libraryId}/videos raised the minLength of the request property 'title' from ${was} to ${was + 2}`,
    ]);
  });

  it('says a change to a schema two operations share once, naming both', () => {
    let was = 0;
    const lines = checkVideo((d) => {
      const name = d.components.schemas.CollectionNameRequest.properties.name;
      was = name.minLength;
      name.minLength = was + 1;
    });
    expect(lines).toEqual([
      `${COLLECTION_NAME}:${lineOf(COLLECTION_NAME, /^ {4}minLength:/, /^ {2}name:/)}:5  error  request-property-min-length-increased  POST /library/{libraryId}/collections, POST /library/{libraryId}/collections/{collectionId} raised the minLength of the request property 'name' from ${was} to ${was + 1}`,
    ]);
  });

  it('reports nothing for the released contract itself', () => {
    expect(checkVideo(() => {})).toEqual([]);
  });

  it('ends with the next step: the next major revision and pnpm release', () => {
    const openapiDir = mkdtempSync(path.join(tmpdir(), 'breaking-'));
    try {
      mkdirSync(path.join(openapiDir, 'things', 'released'), { recursive: true });
      writeFileSync(
        path.join(openapiDir, 'things', 'released', '1.4.2.yaml'),
        stringify({ openapi: '3.1.0', info: { title: 'Things', version: '1.0.0', 'x-revision': '1.4.2' }, paths: {} }),
      );
      const text = nextSteps(openapiDir, ['things']);
      expect(text).toMatch(/undo the change/);
      expect(text).toMatch(/things, meant to break: raise info\.x-revision in .*things\/openapi\.yaml to 2\.0\.0, then run `pnpm release`/);
    } finally {
      rmSync(openapiDir, { recursive: true, force: true });
    }
  });
});

describe.each(listAreas())('the %s changelog', (area) => {
  const file = path.join(OPENAPI_DIR, area, 'CHANGELOG.md');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';

  it('is what pnpm release writes from the released revisions, in the rules’ words today', () => {
    expect(text, `openapi/${area}/CHANGELOG.md is stale: run \`pnpm release\` (it writes every changelog again)`).toBe(
      renderChangelog(OPENAPI_DIR, area, entryDates(file)),
    );
  });

  it('names no field of ours, no $ref and nothing undefined, and no machine-diff words', () => {
    expect(text).not.toMatch(/x-mock-state|x-assumed|x-pagination|\$ref|undefined|annotation/);
  });

  it('says each change in the words of pnpm check:breaking', () => {
    const released = latestRelease(OPENAPI_DIR, area)!.document as Json;
    const after = structuredClone(released);
    const [operationPath, item] = Object.entries(after.paths as Record<string, Json>)[0]!;
    const method = Object.keys(item).find((key) => ['get', 'post', 'put', 'delete', 'patch'].includes(key))!;
    delete item[method];
    const [report] = checkBreaking(OPENAPI_DIR, [area], () => after);
    const finding = report!.findings.find((f) => f.rule === 'api-removed-without-deprecation')!;
    expect(finding.text).toMatch(new RegExp(`^${method.toUpperCase()} ${operationPath.replace(/[{}]/g, '\\$&')} was removed`));
    expect(formatFinding(finding)).toContain(`  ${finding.text}`);
    expect(changelogLine(finding)).toBe(`- ${finding.text} (\`api-removed-without-deprecation\`)`);
  });
});

describe('the contract of each area', () => {
  it.each(listAreas())('%s is its last released revision, so the check reports nothing', (area) => {
    const [report] = checkBreaking(OPENAPI_DIR, [area], () => loadBundle(area));
    expect(report!.findings.map((f) => formatFinding(f))).toEqual([]);
  });
});
