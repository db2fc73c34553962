// Property names must follow the casing the specification uses for the area.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { areaOf } from './areaOf.js';

/** Documents already told that their area has no casing. */
const reported = new WeakSet();

const STYLES = {
  camel: /^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*$/,
  pascal: /^[A-Z][a-z0-9]*(?:[A-Z][a-z0-9]*)*$/,
  snake: /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/,
};

export default createRulesetFunction(
  {
    input: { type: 'object' },
    options: {
      type: 'object',
      additionalProperties: false,
      required: ['areas'],
      properties: {
        areas: {
          type: 'object',
          additionalProperties: {
            type: 'object',
            additionalProperties: false,
            required: ['style'],
            properties: {
              style: { enum: Object.keys(STYLES) },
              exceptions: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      },
    },
  },
  (properties, options, context) => {
    const area = areaOf(context.document.source);
    const rule = options.areas[area];
    if (!rule) {
      // An area without a casing would pass unchecked: say so once per document.
      if (reported.has(context.document)) return [];
      reported.add(context.document);
      return [{ message: `The ${area} area has no property casing: add it to the property-casing rule's areas in .spectral.yaml.`, path: [...context.path] }];
    }
    const exceptions = new Set(rule.exceptions ?? []);
    return Object.keys(properties)
      .filter((name) => !exceptions.has(name) && !STYLES[rule.style].test(name))
      .map((name) => ({
        message: `Property "${name}" is not ${rule.style}Case, the casing of the ${area} area.`,
        path: [...context.path, name],
      }));
  },
);
