// The area registry and the operationIds, as generated into packages/contracts/src/generated/.
import type { AreaName } from '../../../packages/contracts/src/generated/areas.ts';
import { buildAreaModel, type Json } from '../openapi.ts';

/** Names that would collide with a package's own files or subpaths: an area has a file of its name in each. */
const RESERVED = new Map([
  ...['areas', 'operations', 'operation', 'index', 'bundles', 'exact-json', 'package.json'].map((name) => [name, '@platform-contracts/contracts'] as const),
  ...['platform', 'generated', 'internal', 'domain'].map((name) => [name, '@platform-contracts/client'] as const),
  ['state', '@platform-contracts/mock'] as const,
]);
const AREA_NAME = /^[a-z][a-z0-9-]*$/;

/** Why a folder name cannot be an area, or undefined when it can. */
export function areaNameProblem(area: string): string | undefined {
  if (!AREA_NAME.test(area)) return `"${area}" is not a usable area name (lowercase letters, digits and hyphens, starting with a letter)`;
  const owner = RESERVED.get(area);
  if (owner) return `"${area}" cannot be an area name: ${owner} uses it for its own ${area}`;
  return undefined;
}

const header = (from: string, change: string) =>
  ['/**', ` * Generated from ${from} by \`pnpm generate\`. Do not edit:`, ` * ${change} and run \`pnpm bundle && pnpm generate\` instead.`, ' */', '', ''].join(
    '\n',
  );

export function renderAreas(areas: readonly string[]): string {
  return (
    header('the folders under openapi/ that hold an openapi.yaml', 'add or remove such a folder') +
    '/** Every area of the platform API: one folder under openapi/ each. */\n' +
    `export const AREAS = ${JSON.stringify(areas)} as const;\n\n` +
    'export type AreaName = (typeof AREAS)[number];\n'
  );
}

/** The operationIds of every area's operations, as a type (the operations themselves are the model, read from the bundles). */
export function operationIdsOf(area: string, document: Json): string[] {
  return buildAreaModel(area as AreaName, document).map((operation) => operation.operationId);
}

export function renderOperations(operationIds: readonly string[], areas: readonly string[]): string {
  return (
    header("each area's bundle", 'change the contract') +
    areas.map((area) => `import type { operations as ${identifierOf(area)} } from './${area}.ts';\n`).join('') +
    '\n/**\n' +
    ' * Every operationId of every area, in area, path and method order. The operations themselves\n' +
    ' * are the resolved model, read from the bundles: `operationsOf`, `findOperation`.\n' +
    ' */\n' +
    `export type OperationId =\n${operationIds.map((id) => `  | ${JSON.stringify(id)}`).join('\n')};\n\n` +
    '/**\n' +
    " * Each area's operations by operationId, as openapi-typescript types them (the `operations` of\n" +
    ' * `@platform-contracts/contracts/<area>`): parameters, request body and answers by status.\n' +
    ' */\n' +
    `export interface AreaOperations<Int64 extends number | bigint = number | bigint> {\n${areas.map((area) => `  ${JSON.stringify(area)}: ${identifierOf(area)}<Int64>;`).join('\n')}\n}\n\n` +
    '/** The operationIds of an area (of each area, for a union of areas). */\n' +
    'export type OperationIdOf<Area extends keyof AreaOperations> = Area extends keyof AreaOperations ? keyof AreaOperations[Area] & string : never;\n'
  );
}

/** An area name as a TypeScript identifier (area names are lowercase letters, digits and hyphens). */
const identifierOf = (area: string) => `${area.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase())}Operations`;
