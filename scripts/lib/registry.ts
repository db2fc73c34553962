// The area registry and the operation table, as generated into packages/contracts/src/generated/.
import { HTTP_METHODS, deref, type Json } from './openapi.ts';

/** Names that would collide with the package's own files or subpaths. */
const RESERVED = new Set(['areas', 'operations', 'operation', 'index', 'bundles', 'package.json']);
const AREA_NAME = /^[a-z][a-z0-9-]*$/;

/** Why a folder name cannot be an area, or undefined when it can. */
export function areaNameProblem(area: string): string | undefined {
  if (!AREA_NAME.test(area)) return `"${area}" is not a usable area name (lowercase letters, digits and hyphens, starting with a letter)`;
  if (RESERVED.has(area)) return `"${area}" cannot be an area name: @platform-contracts/contracts uses it for its own ${area}`;
  return undefined;
}

const header = (from: string, change: string) =>
  [
    '/**',
    ` * Generated from ${from} by \`pnpm generate\`. Do not edit:`,
    ` * ${change} and run \`pnpm bundle && pnpm generate\` instead.`,
    ' */',
    '',
    '',
  ].join('\n');

export function renderAreas(areas: readonly string[]): string {
  return (
    header('the folders under openapi/ that hold an openapi.yaml', 'add or remove such a folder') +
    '/** Every area of the platform API: one folder under openapi/ each. */\n' +
    `export const AREAS = ${JSON.stringify(areas)} as const;\n\n` +
    'export type AreaName = (typeof AREAS)[number];\n'
  );
}

export interface OperationRow {
  area: string;
  operationId: string;
  method: string;
  path: string;
  parameters: { name: string; in: string; required: boolean }[];
  requestMediaTypes: string[];
  requestBodyRequired: boolean;
  responses: Record<string, string[]>;
  extensions: Record<string, unknown>;
  security: string[][];
}

/** One row per operation of a bundled document, in path then method order. */
export function operationRows(area: string, document: Json): OperationRow[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, rawItem]) => {
    const item = deref(document, rawItem) ?? {};
    return HTTP_METHODS.filter((method) => item[method]).map((method) => {
      const operation = item[method];
      const parameters = new Map<string, OperationRow['parameters'][number]>();
      for (const raw of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
        const parameter = deref(document, raw);
        parameters.set(`${parameter.in} ${parameter.name}`, { name: parameter.name, in: parameter.in, required: parameter.required === true });
      }
      const body = operation.requestBody ? deref(document, operation.requestBody) : undefined;
      const responses = Object.fromEntries(
        Object.entries(operation.responses ?? {}).map(([status, response]) => [status, Object.keys(deref(document, response)?.content ?? {})]),
      );
      const security: Json[] = operation.security ?? document.security ?? [];
      return {
        area,
        operationId: operation.operationId,
        method,
        path,
        parameters: [...parameters.values()],
        requestMediaTypes: Object.keys(body?.content ?? {}),
        requestBodyRequired: body?.required === true,
        responses,
        extensions: Object.fromEntries(Object.entries(operation).filter(([key]) => key.startsWith('x-'))),
        security: security.map((requirement) => Object.keys(requirement)),
      };
    });
  });
}

export function renderOperations(rows: readonly OperationRow[]): string {
  return (
    header("each area's bundle", 'change the contract') +
    "import type { Operation } from '../operation.ts';\n\n" +
    '/** Every operation of every area, in area, path and method order. */\n' +
    `export const OPERATIONS = ${JSON.stringify(rows, null, 2)} as const satisfies readonly Operation[];\n\n` +
    'export type OperationId = (typeof OPERATIONS)[number][\'operationId\'];\n'
  );
}
