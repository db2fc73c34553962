// An area's generated client: its entry point (packages/client/src/<area>.ts: the area's error
// class, its factory and its createPlatformClient property, with what it re-exports) and, below
// it, its client types (generated/client-types/<area>.ts), which the area's own module
// (domain/<area>.ts) may import without importing the entry point that re-exports it.
import type { ClientArea } from './model.ts';
import { clientTypesFile, domainFile, generatedHeader, list } from './names.ts';

const reexport = (names: { name: string; typeOnly: boolean }[], from: string) =>
  `export {\n${names.map(({ name, typeOnly }) => `  ${typeOnly ? 'type ' : ''}${name},`).join('\n')}\n} from '${from}';`;

/** "`StatusModel` for 400, and undefined for 401, 403, 404 and 500 (no body)". */
export function describeErrorBodies(errors: ClientArea['errors'], code = (name: string) => `\`${name}\``): string {
  const groups = new Map<string, string[]>();
  for (const { status, bodies } of errors) {
    const key = bodies.map((body) => (body === undefined ? 'undefined' : body.startsWith('a ') ? body : code(body))).join(' or ');
    groups.set(key, [...(groups.get(key) ?? []), status]);
  }
  return list([...groups.entries()].map(([body, statuses]) => `${body} for ${list(statuses)}${body === 'undefined' ? ' (no body)' : ''}`));
}

/** packages/client/src/generated/client-types/<area>.ts: the area's paged operations, its client's type and its options' type. */
export function renderClientTypes(client: ClientArea): string {
  const { area, name, title } = client;
  const hasPages = Object.keys(client.pagination).length > 0;
  const pagination = JSON.stringify(client.pagination, null, 2)
    .replace(/"([A-Za-z_$][\w$]*)":/g, '$1:')
    .replace(/"/g, "'");
  const lines = [
    "import type { AccessKeyClientOptions } from '../../internal/area.js';",
    "import type { Int64Mode, Int64Of } from '../../internal/int64.js';",
    ...(hasPages ? ["import type { PaginationTable } from '../../internal/pagination-table.js';"] : []),
    "import type { PlatformHttpClient } from '../../internal/typed-client.js';",
    `import type { paths } from '@platform-contracts/contracts/${area}';`,
    '',
    hasPages
      ? `/** How the ${title}'s listings page: each paged operation's \`x-pagination\`, read by \`paginate\`. */`
      : `/** The ${title} has no paged listing (no operation has \`x-pagination\`). */`,
    `export const pagination = ${pagination}${hasPages ? ' as const satisfies PaginationTable' : ' as const'};`,
    '',
    `export type ${name}ClientOptions<ThrowOnError extends boolean = boolean, Int64 extends Int64Mode = Int64Mode> = AccessKeyClientOptions<ThrowOnError, Int64>;`,
    `export type ${name}Client<ThrowOnError extends boolean = false, Int64 extends Int64Mode = 'number'> = PlatformHttpClient<paths<Int64Of<Int64>>, '${area}', ThrowOnError, typeof pagination>;`,
  ];
  return `${generatedHeader(area)}${lines.join('\n')}\n`;
}

/** packages/client/src/<area>.ts: the area's entry point (`@platform-contracts/client/<area>`). */
export function renderClientArea(client: ClientArea): string {
  const { area, name } = client;
  const types = `./${clientTypesFile(area).replace(/\.ts$/, '.js')}`;
  const lines: string[] = [];
  if (!client.ownClient) {
    lines.push(
      "import { defineClientArea } from './internal/area.js';",
      "import { PlatformApiError } from './internal/api-error.js';",
      "import type { Int64Mode } from './internal/int64.js';",
      "import type { PlatformProperties } from './internal/platform-areas.js';",
      `import { pagination, type ${name}Client, type ${name}ClientOptions } from '${types}';`,
      '',
    );
  }
  lines.push(`export type * from '@platform-contracts/contracts/${area}';`, "export * from './internal/public.js';");
  // By name: a name of the area's own wins over the contract's type of the same name (an enumeration, DatabaseError).
  if (client.enums.length > 0)
    lines.push(
      reexport(
        client.enums.map(({ name }) => ({ name, typeOnly: false })),
        `./generated/enums/${area}.js`,
      ),
    );
  if (client.domain.length > 0) lines.push(reexport(client.domain, `./${domainFile(area).replace(/\.ts$/, '.js')}`));
  if (!client.ownClient) lines.push('', ...standardClient(client));
  return `${generatedHeader(area)}${lines.join('\n')}\n`;
}

/** The error class, factory and createPlatformClient property of an area the standard client serves. */
function standardClient(client: ClientArea): string[] {
  const { area, name, property, title } = client;
  const baseUrl = client.baseUrl!;
  const errorName = `${name}ApiError`;
  const summary = client.summary ? `: ${client.summary.replace(/\.$/, '').replace(/^[A-Z](?=[a-z])/, (letter) => letter.toLowerCase())}` : '';
  return [
    `/** A failure answer of the ${title}: \`body\` is ${describeErrorBodies(client.errors)}. */`,
    `export class ${errorName}<Status extends number = number, Body = unknown> extends PlatformApiError<Status, Body> {`,
    `  override name = '${errorName}';`,
    `  readonly area = '${area}';`,
    '}',
    '',
    "declare module './internal/area-errors.js' {",
    '  interface AreaErrors<Status extends number, Body> {',
    `    '${area}': ${errorName}<Status, Body>;`,
    '  }',
    '}',
    '',
    `export type { ${name}ClientOptions, ${name}Client };`,
    '',
    '/**',
    ` * A client for the ${title}${summary}. The base URL is \`baseUrl\`, else the`,
    ` * environment variable \`${baseUrl.env}\`; int64 fields are numbers unless \`int64: 'bigint'\`.`,
    ' */',
    `export const create${name}Client = defineClientArea({`,
    `  area: '${area}',`,
    `  factory: 'create${name}Client',`,
    `  baseUrlEnv: '${baseUrl.env}',`,
    `  Error: ${errorName},`,
    '  pagination,',
    `  exactJson: () => import('./generated/int64/${area}.js'),`,
    `}) as <ThrowOnError extends boolean = false, Int64 extends Int64Mode = 'number'>(options: ${name}ClientOptions<ThrowOnError, Int64>) => ${name}Client<ThrowOnError, Int64>;`,
    '',
    "declare module './internal/platform-areas.js' {",
    '  interface PlatformAreas<ThrowOnError extends boolean, Int64 extends Int64Mode> {',
    `    readonly ${property}: ${name}Client<ThrowOnError, Int64>;`,
    '  }',
    '}',
    '',
    `/** The \`${property}\` property of createPlatformClient, on its \`${baseUrl.option}\` (read by createPlatformClient; not for direct use). */`,
    `export const platformProperties: PlatformProperties<'${property}'> = { ${property}: (context) => create${name}Client(context.on('${baseUrl.option}')) };`,
  ];
}
