// Property names must follow the casing the specification uses for the area, which its contract
// declares (`info.x-property-casing`: style camel, pascal or snake, and the names it excepts).
import { createRulesetFunction } from '@stoplight/spectral-core';
import { areaOf } from './areaOf.js';

/** Documents already told that their area has no casing. */
const reported = new WeakSet();

const STYLES = {
  camel: /^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*$/,
  pascal: /^[A-Z][a-z0-9]*(?:[A-Z][a-z0-9]*)*$/,
  snake: /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/,
};

/** The area's casing, as its contract declares it: `info.x-property-casing`. */
function casingOf(document) {
  const casing = document?.info?.['x-property-casing'];
  return casing && typeof casing === 'object' && Object.hasOwn(STYLES, casing.style) ? casing : undefined;
}

export default createRulesetFunction({ input: { type: 'object' }, options: null }, (properties, _options, context) => {
  const area = areaOf(context.document.source);
  const rule = casingOf(context.document.data);
  if (!rule) {
    // An area without a casing would pass unchecked: say so once per document.
    if (reported.has(context.document)) return [];
    reported.add(context.document);
    return [
      {
        message: `The ${area} area declares no property casing: give its openapi.yaml info.x-property-casing (style: ${Object.keys(STYLES).join(', ')}; exceptions: names it allows).`,
        path: ['info'],
      },
    ];
  }
  const exceptions = new Set(rule.exceptions ?? []);
  return Object.keys(properties)
    .filter((name) => !exceptions.has(name) && !STYLES[rule.style].test(name))
    .map((name) => ({
      message: `Property "${name}" is not ${rule.style}Case, the casing of the ${area} area.`,
      path: [...context.path, name],
    }));
});
