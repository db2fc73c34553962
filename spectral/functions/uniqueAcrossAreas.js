// operationIds and component names must be unique across every area, so that the bundled
// documents can be joined without clashes. Compares the linted bundle with its siblings.
import fs from 'node:fs';
import path from 'node:path';
import { createRulesetFunction } from '@stoplight/spectral-core';
import { parse } from 'yaml';
import { areaOf } from './areaOf.js';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const COLLECTORS = {
  operationIds: (document) =>
    Object.values(document.paths ?? {}).flatMap((pathItem) => HTTP_METHODS.map((method) => pathItem?.[method]?.operationId).filter(Boolean)),
  componentNames: (document) =>
    Object.entries(document.components ?? {})
      .filter(([kind]) => kind !== 'securitySchemes') // shared schemes are meant to repeat
      .flatMap(([kind, members]) => Object.keys(members ?? {}).map((name) => `${kind}/${name}`)),
};

function siblingBundles(source) {
  const dir = path.dirname(source);
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.yaml') && path.join(dir, file) !== path.resolve(source))
    .map((file) => ({ area: areaOf(file), document: parse(fs.readFileSync(path.join(dir, file), 'utf8')) ?? {} }));
}

export default createRulesetFunction(
  {
    input: { type: 'object' },
    options: { type: 'object', required: ['of'], properties: { of: { enum: Object.keys(COLLECTORS) } } },
  },
  (document, { of }, context) => {
    const source = context.document.source;
    if (!source) return [];
    const collect = COLLECTORS[of];
    const seenIn = new Map();
    for (const sibling of siblingBundles(source)) for (const name of collect(sibling.document)) seenIn.set(name, sibling.area);
    const label = of === 'operationIds' ? 'operationId' : 'Component';
    return collect(document)
      .filter((name) => seenIn.has(name))
      .map((name) => ({ message: `${label} "${name}" is also used in the ${seenIn.get(name)} area.` }));
  },
);
