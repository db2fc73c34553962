// The names an area's client code is written with: its property and class names, where its
// modules and the client's sources are, and the opening comment of what is generated from it.
import path from 'node:path';
import { ROOT } from '../../paths.ts';

export const CLIENT_SRC = path.join(ROOT, 'packages/client/src');

/** `object-storage` -> `objectStorage`. */
export const camelCase = (name: string) => name.replace(/[-_]([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
/** `object-storage` -> `ObjectStorage`. */
export const pascalCase = (name: string) => camelCase(name).replace(/^./, (letter) => letter.toUpperCase());

/** The area's hand-written module, relative to the client's sources. */
export const domainFile = (area: string) => `domain/${area}.ts`;

/** A reference to a component schema, `#/components/schemas/<Name>`. */
export const SCHEMA_REF = /^#\/components\/schemas\/([^/]+)$/;

/** The area's client types (its client, its options, its paged operations), relative to the client's sources. */
export const clientTypesFile = (area: string) => `generated/client-types/${area}.ts`;

/** `a`, `a and b`, `a, b and c`. */
export const list = (items: string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** The opening comment of a file generated from an area's contract. */
export const generatedHeader = (area: string) =>
  [
    '/**',
    ` * Generated from openapi/${area}/ by \`pnpm generate\`. Do not edit: change the contract (or the`,
    ` * area's own code, packages/client/src/${domainFile(area)}) and run \`pnpm bundle && pnpm generate\`.`,
    ' */',
    '',
    '',
  ].join('\n');
