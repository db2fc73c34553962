// The site's one document: every area merged without losing or mixing anything, assumptions
// marked and removable, guides, changelogs and assumption sources in its description.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { walkOperations } from '@platform-contracts/contracts';
import { describe, expect, it } from 'vitest';
import { DOCS_DIR, OPENAPI_DIR } from '../../scripts/lib/paths.ts';
import {
  assumedNavigationCss,
  assumedNodes,
  combineAreas,
  labelComponents,
  markAssumptions,
  readableReason,
  statedOnly,
} from '../../scripts/lib/site/document.ts';
import { headingSlug } from '../../scripts/lib/site/guides.ts';
import { MEMO_HELPER, withDescriptionMemo, withSearchHook } from '../../scripts/lib/site/scalar-adapter.ts';
import { type Json, listAreas, loadBundle, sourceOf } from '../support/openapi.ts';

const text = { title: 'T', version: '1', description: '' };
const area = (name: string, paths: Json, components: Json = {}, extra: Json = {}) => ({
  area: name,
  document: {
    openapi: '3.1.0',
    info: { title: `${name} API`, version: '1.0.0' },
    servers: [{ url: `https://${name}.example` }],
    security: [{ Key: [] }],
    tags: [{ name: `${name} tag` }],
    paths,
    components,
    ...extra,
  },
});
const op = (operationId: string, more: Json = {}) => ({ operationId, tags: ['x'], responses: { 200: { description: 'ok' } }, ...more });

/** The built site's document, as the browser gets it. */
function builtDocument(file: string): Json {
  const script = readFileSync(path.join(DOCS_DIR, 'assets', file), 'utf8');
  return JSON.parse(
    script
      .slice(script.indexOf('=') + 1)
      .trim()
      .replace(/;$/, ''),
  );
}

describe('combineAreas', () => {
  it('shows with each operation what the mock does with state (its x-mock-state)', () => {
    const combined = combineAreas(
      [area('a', { '/a': { get: op('getA', { description: 'Lists.', 'x-mock-state': 'Reads the things of the caller.' }), post: op('postA') } })],
      text,
    );
    expect(combined.paths['/a'].get.description).toBe('Lists.\n\n<span class="mock-state-badge">In the mock</span> Reads the things of the caller.');
    expect(combined.paths['/a'].post.description).toBeUndefined();
  });

  it('shows x-mock-state on every operation of the built site', () => {
    const built = builtDocument('document.js');
    const operations = walkOperations(built);
    expect(operations.length).toBeGreaterThan(20);
    for (const { operation, path: urlPath, method } of operations) {
      const where = `${operation.operationId} has no x-mock-state: add it in ${sourceOf(operation['x-area'], urlPath, method)}, then rebuild the site`;
      expect(typeof operation['x-mock-state'], where).toBe('string');
      expect(operation.description, operation.operationId).toContain(`In the mock</span> ${operation['x-mock-state']}`);
    }
  });

  it('keeps each operation with its own area’s servers and security, one tag group per area', () => {
    const combined = combineAreas(
      [area('a', { '/a': { get: op('getA') } }), area('b', { '/b': { servers: [{ url: 'https://other.example' }], post: op('postB', { security: [] }) } })],
      text,
    );
    expect(combined.paths['/a'].get.servers).toEqual([{ url: 'https://a.example' }]);
    expect(combined.paths['/a'].get.security).toEqual([{ Key: [] }]);
    expect(combined.paths['/b'].post.servers).toEqual([{ url: 'https://other.example' }]);
    expect(combined.paths['/b'].post.security).toEqual([]);
    expect(combined['x-tagGroups'].map((g: Json) => [g.name, g.tags])).toEqual([
      ['a API 1.0.0', ['a tag']],
      ['b API 1.0.0', ['b tag']],
    ]);
  });

  it.each([
    ['a path', area('b', { '/a': { get: op('other') } })],
    ['a component', area('b', {}, { schemas: { Thing: { type: 'integer' } } })],
    ['a tag', { ...area('b', {}), document: { ...area('b', {}).document, tags: [{ name: 'a tag' }] } }],
  ])('refuses two areas that both define %s', (_what, second) => {
    const first = area('a', { '/a': { get: op('getA') } }, { schemas: { Thing: { type: 'string' } } });
    expect(() => combineAreas([first, second], text)).toThrow(/defined twice/);
  });

  it('holds every operation of every area, each once', () => {
    const combined = builtDocument('document.js');
    const expected = listAreas()
      .flatMap((name) => walkOperations(loadBundle(name)).map(({ operation }) => operation.operationId))
      .sort();
    expect(
      walkOperations(combined)
        .map(({ operation }) => operation.operationId)
        .sort(),
    ).toEqual(expected);
  });
});

describe('assumptions', () => {
  const assumedDocument = () => {
    const inputs = [
      area(
        'a',
        {
          '/stated': {
            get: op('stated', {
              parameters: [
                { name: 'q', in: 'query', 'x-assumed': 'live service' },
                { name: 'p', in: 'query' },
              ],
            }),
          },
          '/assumed': { get: op('guessed', { 'x-assumed': 'operation of the live service' }) },
          '/secured': { get: op('secured', { 'x-assumed': 'security (Key) follows the live service' }) },
        },
        {
          schemas: {
            Mixed: {
              type: 'object',
              required: ['kept', 'guess'],
              properties: { kept: { type: 'string' }, guess: { type: 'string', 'x-assumed': 'live service' } },
            },
            Whole: { type: 'object', 'x-assumed': 'the protocol' },
          },
        },
      ),
    ];
    const combined = combineAreas(inputs, text);
    labelComponents(inputs, combined);
    return combined;
  };

  it('notes why on every assumed element, badges assumed operations, and links the source', () => {
    const document = assumedDocument();
    markAssumptions(document, (name) => `[source](#sources-${name})`);
    for (const { node } of assumedNodes(document)) {
      expect(node.description).toContain('<span class="assumed-badge">Assumed</span> Not stated by the specification');
      expect(node.description).toContain(node['x-assumed']);
      expect(node.description).toContain('(#sources-a)');
    }
    expect(document.paths['/assumed'].get['x-badges']).toEqual([expect.objectContaining({ name: 'Assumed' })]);
    expect(document.paths['/stated'].get['x-badges']).toBeUndefined();
  });

  it('leaves out assumed operations, parameters and properties in the stated view, and stubs assumed schemas', () => {
    const stated = statedOnly(assumedDocument());
    expect(Object.keys(stated.paths)).toEqual(['/stated', '/secured']); // an assumed security requirement leaves the operation stated
    expect(stated.paths['/stated'].get.parameters.map((p: Json) => p.name)).toEqual(['p']);
    expect(Object.keys(stated.components.schemas.Mixed.properties)).toEqual(['kept']);
    expect(stated.components.schemas.Mixed.required).toEqual(['kept']);
    expect(stated.components.schemas.Whole.description).toMatch(/Not stated by the specification/);
    // Nothing it shows keeps a badge: the kept operation says in words what is assumed about it.
    expect(assumedNodes(stated)).toEqual([]);
    expect(stated.paths['/secured'].get.description).toMatch(/^The security requirement is not stated by the specification: security \(Key\)/);
  });

  it('leaves out, in the stated view, the examples of shapes that held something assumed, and the groups’ badges', () => {
    const document = assumedDocument();
    document.paths['/stated'].get.responses[200] = {
      description: 'ok',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Mixed' }, example: { kept: 'a', guess: 'b' } } },
    };
    document.paths['/stated'].get.requestBody = {
      content: { 'application/json': { schema: { type: 'object', properties: { kept: { type: 'string' } } }, example: { kept: 'a' } } },
    };
    document.components.schemas.Mixed.example = { kept: 'a', guess: 'b' };
    document.tags = [{ name: 'x', 'x-assumed': 'the grouping is this contract’s' }];
    const stated = statedOnly(document);
    expect(stated.paths['/stated'].get.responses[200].content['application/json'].example).toBeUndefined();
    expect(stated.components.schemas.Mixed.example).toBeUndefined();
    expect(stated.paths['/stated'].get.requestBody.content['application/json'].example).toEqual({ kept: 'a' }); // nothing assumed in it
    expect(stated.tags).toEqual([{ name: 'x' }]);
  });

  it('reads a reason without citing a file and without saying the live service twice', () => {
    expect(readableReason('required by the live service (live-api-facts.md); the specification requires only name.')).toBe(
      'required by the live service; the specification requires only name.',
    );
    expect(readableReason('the Hrana over HTTP protocol, version 2 (live-api-facts.md).')).toBe(
      'the Hrana over HTTP protocol, version 2 (as the live service does).',
    );
    expect(readableReason('see live-api-facts.md')).toBe('see the live service');
  });

  it('says no filler in the built site', () => {
    for (const file of ['document.js', 'document-stated.js']) {
      const built = readFileSync(path.join(DOCS_DIR, 'assets', file), 'utf8');
      expect(built).not.toMatch(/live service[^.;"]{0,40}\(the live service\)|\(the live service\)/);
      expect(built).not.toMatch(/\b1 operations\b/);
    }
  });

  it('puts a navigation badge on assumed operations only, in the view it is scoped to', () => {
    const css = assumedNavigationCss(assumedDocument(), 'body:not([data-view="stated"]) ');
    expect(css).toContain('body:not([data-view="stated"]) li[data-sidebar-id$="/GET/assumed"] > a::after');
    expect(css).not.toContain('/GET/stated');
    expect(css).toContain('content: "Assumed"');
  });

  it('cites no file readers do not have, in the built site', () => {
    for (const file of ['document.js', 'document-stated.js'])
      expect(readFileSync(path.join(DOCS_DIR, 'assets', file), 'utf8')).not.toContain('live-api-facts.md');
  });

  it('has fewer assumed elements in the built stated view than in the full one, and no badged operation or group', () => {
    const full = builtDocument('document.js');
    const stated = builtDocument('document-stated.js');
    expect(assumedNodes(stated).length).toBeLessThan(assumedNodes(full).length);
    expect(walkOperations(stated).filter(({ operation }) => operation['x-assumed'] || operation['x-badges'])).toEqual([]);
    expect(stated.tags.filter((tag: Json) => tag['x-assumed'])).toEqual([]);
    expect(walkOperations(stated).length).toBeGreaterThan(0);
  });

  it.each(['document.js', 'document-stated.js'])('counts in the overview of %s the operations that view shows', (file) => {
    const built = builtDocument(file);
    for (const group of built['x-tagGroups']) {
      const shown = walkOperations(built).filter(({ operation }) => operation['x-area'] === group['x-area']).length;
      const line = (built.info.description as string).split('\n').find((l) => l.startsWith(`- **${group.name}**`));
      expect(line, group.name).toContain(` ${shown} operation${shown === 1 ? '' : 's'};`);
    }
  });
});

describe('the built description', () => {
  const description: string = builtDocument('document.js').info.description;
  const headings = [...description.matchAll(/^# (.+)$/gm)].map((m) => m[1]);

  it('has the guides, the changelogs and the assumptions as navigation entries', () => {
    expect(headings).toEqual([
      'Overview',
      'Quickstart',
      'Authentication',
      'Errors',
      'Paging',
      'The mock',
      'The database',
      'Checking the contract against the platform',
      'Vector search on the mock',
      'Changelogs',
      'Assumptions',
    ]);
  });

  it.each(listAreas())('has the %s area’s changelog, linking each released contract, and its assumption sources', (name) => {
    const title = loadBundle(name).info.title;
    expect(description, `the ${name} area has no changelog: run pnpm release (it writes openapi/${name}/CHANGELOG.md and openapi/${name}/released/)`).toContain(
      `## ${title} changelog`,
    );
    const links = [...description.matchAll(new RegExp(`\\]\\((released/${name}/[^)]+\\.yaml)\\)`, 'g'))].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(existsSync(path.join(DOCS_DIR, link)), link).toBe(true);
    expect(description, `the ${name} area has no section in openapi/ASSUMPTIONS.md: add "## Sources for ${title.replace(/ API$/, '')}"`).toContain(
      `## Sources for ${title.replace(/ API$/, '')}`,
    );
    expect(description).toContain(`${title} errors`);
  });

  it.each(listAreas())('shows the %s changelog in the words of its CHANGELOG.md (those of pnpm check:breaking), with the current revision', (name) => {
    const changes = readFileSync(path.join(OPENAPI_DIR, name, 'CHANGELOG.md'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('- '));
    expect(changes.length).toBeGreaterThan(0);
    for (const line of changes) expect(description).toContain(line);
    const info = loadBundle(name).info;
    expect(description).toContain(
      `The contract describes the ${info.title} ${info.version} (\`info.version\`); its revision is ${info['x-revision']} (\`info.x-revision\`).`,
    );
  });

  it('links only to headings that exist', () => {
    const anchors = new Set([...description.matchAll(/^#+ (.+)$/gm)].map((m) => headingSlug(m[1]!)));
    const links = [...JSON.stringify(builtDocument('document.js')).matchAll(/\(#description\/([^)]+)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(0);
    for (const link of new Set(links)) expect(anchors.has(link), link).toBe(true);
  });
});

describe('Scalar’s search, hooked (scripts/lib/site/scalar-adapter.ts)', () => {
  const call = 'results:V(()=>a.value.length===0?x:i.value.search(a.value,{limit:$zn})),query:a}';
  const index = 'r=V(()=>Zzn(Sn(e),{labels:Sn(n),modelsSectionLabel:Sn(t)??`Models`}))';

  it('passes what search looks in through window.PLATFORM_SEARCH_INDEX, and its results and query through window.PLATFORM_SEARCH_RESULTS', () => {
    expect(withSearchHook(`${index};x;${call};y.value.search(n.value,{limit:S}).flatMap(f)`)).toBe(
      'r=V(()=>(globalThis.PLATFORM_SEARCH_INDEX||(i=>i))(Zzn(Sn(e),{labels:Sn(n),modelsSectionLabel:Sn(t)??`Models`})));' +
        `x;results:V(()=>a.value.length===0?x:(globalThis.PLATFORM_SEARCH_RESULTS||(r=>r))(i.value.search(a.value,{limit:$zn}),a.value)),query:a};y.value.search(n.value,{limit:S}).flatMap(f)`,
    );
  });

  it.each([
    ['no search call', index, /expected one search call to hook/],
    ['two search calls', `${index};${call};${call}`, /expected one search call to hook/],
    ['no search index', call, /expected one search index to hook/],
    ['two search indexes', `${index};${index};${call}`, /expected one search index to hook/],
  ])('fails the build on a Scalar bundle with %s', (_what, script, message) => {
    expect(() => withSearchHook(script)).toThrow(message);
  });

  it('is in the built site once each', () => {
    const script = readFileSync(path.join(DOCS_DIR, 'assets', 'scalar.js'), 'utf8');
    expect(script.split('PLATFORM_SEARCH_RESULTS').length - 1).toBe(1);
    expect(script.split('PLATFORM_SEARCH_INDEX').length - 1).toBe(1);
  });
});

describe('the overview’s sections, remembered by their text (scripts/lib/site/scalar-adapter.ts)', () => {
  const component =
    'udn=j({__name:`InfoDescription`,props:{description:{}},setup(e){let t=V(()=>{if(!e.description)return[];let{slug:t}=BK();' +
    'return LOt(e.description).map(n=>{let r=IOt(n)[0];return{id:r,content:n}})})}})';

  it('passes the split of the description and the headings of each section through PLATFORM_MEMO, defined on the first line', () => {
    expect(withDescriptionMemo(`x;${component};y`)).toBe(
      `${MEMO_HELPER}\nx;${component.replace('LOt(e.description)', 'PLATFORM_MEMO(LOt,e.description)').replace('IOt(n)', 'PLATFORM_MEMO(IOt,n)')};y`,
    );
  });

  it.each([
    ['no description split', 'x;y'],
    ['two description splits', `${component};${component}`],
  ])('fails the build on a Scalar bundle with %s', (_what, script) => {
    expect(() => withDescriptionMemo(script)).toThrow(/expected one description split to hook/);
  });

  it('computes once per function and text, and answers what the function answered', () => {
    const context: { PLATFORM_MEMO?: (fn: (text: string) => unknown, text: string) => unknown } = {};
    runInNewContext(MEMO_HELPER.replace(/^var /, 'this.'), context);
    const calls: string[] = [];
    const split = (text: string) => (calls.push(`split ${text}`), text.split('|'));
    const headings = (text: string) => (calls.push(`headings ${text}`), [text.length]);
    const memo = context.PLATFORM_MEMO!;
    expect(memo(split, 'a|b')).toEqual(['a', 'b']);
    expect(memo(split, 'a|b')).toBe(memo(split, 'a|b'));
    expect(memo(split, 'c')).toEqual(['c']);
    expect(memo(headings, 'c')).toEqual([1]);
    expect(calls).toEqual(['split a|b', 'split c', 'headings c']);
  });

  it('is in the built site once', () => {
    const script = readFileSync(path.join(DOCS_DIR, 'assets', 'scalar.js'), 'utf8');
    expect(script.startsWith(MEMO_HELPER)).toBe(true);
    expect(script.split('PLATFORM_MEMO(').length - 1).toBe(2);
  });
});
