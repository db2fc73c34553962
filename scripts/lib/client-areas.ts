// Each area's client module, generated from its contract by `pnpm generate`: the area's error
// class (its bodies by status from the contract's answers), its factory on the base URL its
// servers name, its paged operations (`x-pagination`), the names of its enumerations
// (`x-enum-varnames`) and where its answers hold int64 fields (for `int64: 'bigint'`). What the
// contract cannot say is the area's own, hand-written code: packages/client/src/domain/<area>.ts,
// re-exported as it is (its helpers; or its whole client, where it exports `platformProperties`).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { bundlePath, ROOT } from './paths.ts';
import { buildAreaModel, resolveRef, type Json, type Operation } from './openapi.ts';

export const CLIENT_SRC = path.join(ROOT, 'packages/client/src');

/** `object-storage` -> `objectStorage`. */
export const camelCase = (name: string) => name.replace(/[-_]([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
/** `object-storage` -> `ObjectStorage`. */
export const pascalCase = (name: string) => camelCase(name).replace(/^./, (letter) => letter.toUpperCase());

/** The area's hand-written module, relative to the client's sources. */
export const domainFile = (area: string) => `domain/${area}.ts`;

/** A base URL the contracts' servers name as a whole variable (`{api_base_url}`): createPlatformClient's option and its environment variable. */
export interface BaseUrl {
  variable: string;
  /** `apiBaseUrl` */
  option: string;
  /** `PLATFORM_API_BASE_URL` */
  env: string;
  description: string;
}

export interface PageDescriptor {
  [key: string]: string | number;
}

export interface AreaEnum {
  name: string;
  /** The first paragraph of the schema's description. */
  summary: string;
  values: [name: string, value: string | number][];
}

/** Where answers hold int64 fields; see packages/client/src/internal/exact-int64.ts. */
export type Int64Node = 1 | string | { [key: string]: Int64Node };
export interface Int64Layout {
  schemas: Record<string, Int64Node>;
  answers: Record<string, Record<string, Int64Node>>;
}

export interface ClientArea {
  area: string;
  /** `Video` */
  name: string;
  /** createPlatformClient's property: `video`, `objectStorage`. */
  property: string;
  /** `Video API` */
  title: string;
  summary: string | undefined;
  /** What packages/client/src/domain/<area>.ts exports (empty when there is none), re-exported by name. */
  domain: { name: string; typeOnly: boolean }[];
  /** Whether that module brings the area's whole client (it exports `platformProperties`): then nothing of the standard client is generated. */
  ownClient: boolean;
  baseUrl: BaseUrl | undefined;
  /** Each failure status and the body its answers carry: a schema name, or undefined for none. */
  errors: { status: string; bodies: (string | undefined)[] }[];
  pagination: Record<string, PageDescriptor>;
  enums: AreaEnum[];
  int64: Int64Layout;
}

const PAGE_FIELDS = ['page', 'size', 'firstPage', 'items', 'totalItems', 'totalPages', 'currentPage', 'hasMore'];
const SCHEMA_REF = /^#\/components\/schemas\/([^/]+)$/;

/** A contract fact the standard client cannot take, with what to do. */
export class ClientAreaError extends Error {
  override name = 'ClientAreaError';
}

export function readClientArea(
  area: string,
  document: Json = JSON.parse(readFileSync(bundlePath(area, 'json'), 'utf8')),
  domain = domainExportsOf([area]).get(area) ?? [],
): ClientArea {
  const operations = buildAreaModel(area as never, document);
  const ownClient = domain.some((item) => item.name === 'platformProperties');
  return {
    area,
    name: pascalCase(area),
    property: camelCase(area),
    title: String(document.info?.title ?? area),
    summary: typeof document.info?.summary === 'string' ? document.info.summary : undefined,
    domain,
    ownClient,
    baseUrl: ownClient ? undefined : baseUrlOf(area, operations),
    errors: errorsOf(operations),
    pagination: Object.fromEntries(
      operations
        .filter((operation) => operation.extensions['x-pagination'])
        .map((operation) => {
          const written = operation.extensions['x-pagination'] as Record<string, string | number>;
          return [operation.path, Object.fromEntries(PAGE_FIELDS.filter((field) => field in written).map((field) => [field, written[field]!]))];
        }),
    ),
    enums: enumsOf(document),
    int64: int64Layout(document, operations),
  };
}

export interface ExportedName {
  name: string;
  /** Only a type (the sources say so: `export type`, `export interface`, `export { type X }`, as verbatimModuleSyntax requires). */
  typeOnly: boolean;
}

/**
 * What a module of the client's sources exports, read from its syntax alone (fast: no type
 * checking), following its `export * from` into the client's own modules; `read` gives a file's
 * text (the generated files about to be written included). Re-exports from packages are left out.
 */
export function moduleExports(
  file: string,
  read: (file: string) => string | undefined = (f) => (existsSync(f) ? readFileSync(f, 'utf8') : undefined),
  seen = new Set<string>(),
): ExportedName[] {
  const text = read(file);
  if (text === undefined || seen.has(file)) return [];
  seen.add(file);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  const found: ExportedName[] = [];
  const target = (specifier: string) => path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts'));
  const exported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      const from = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
      if (from !== undefined && !from.startsWith('.')) continue;
      if (!statement.exportClause) {
        if (from !== undefined)
          found.push(...moduleExports(target(from), read, seen).map((item) => ({ ...item, typeOnly: item.typeOnly || statement.isTypeOnly })));
      } else if (ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) found.push({ name: element.name.text, typeOnly: statement.isTypeOnly || element.isTypeOnly });
      }
    } else if (exported(statement)) {
      const typeOnly = ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement);
      if (ts.isVariableStatement(statement))
        for (const declaration of statement.declarationList.declarations) found.push({ name: declaration.name.getText(source), typeOnly: false });
      else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement) || typeOnly) && statement.name)
        found.push({ name: statement.name.text, typeOnly });
    }
  }
  // A value and a type of one name (an enumeration's object and type) is a value.
  const byName = new Map<string, ExportedName>();
  for (const item of found) byName.set(item.name, { name: item.name, typeOnly: (byName.get(item.name)?.typeOnly ?? true) && item.typeOnly });
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** What each area's own module exports, sorted; no entry for an area without one. */
export function domainExportsOf(areas: readonly string[]): Map<string, ExportedName[]> {
  return new Map(
    areas.flatMap((area) => {
      const file = path.join(CLIENT_SRC, domainFile(area));
      return existsSync(file) ? [[area, moduleExports(file)] as const] : [];
    }),
  );
}

const reexport = (names: { name: string; typeOnly: boolean }[], from: string) =>
  `export {\n${names.map(({ name, typeOnly }) => `  ${typeOnly ? 'type ' : ''}${name},`).join('\n')}\n} from '${from}';`;

/** The one base URL every operation of the area is served at, with the `AccessKey` header. */
function baseUrlOf(area: string, operations: Operation[]): BaseUrl {
  const own = `write the area's client in packages/client/src/${domainFile(area)}, exporting its platformProperties (as packages/client/src/domain/database.ts does)`;
  const urls = new Set(operations.map((operation) => operation.servers[0]?.url));
  const [url] = urls;
  const variable = /^\{(\w+)\}$/.exec(url ?? '')?.[1];
  if (urls.size !== 1 || !variable) {
    throw new ClientAreaError(
      `openapi/${area}/: the generated client needs one server URL for every operation that is a whole variable (such as '{api_base_url}'), and found ${[...urls].map(String).join(', ')}; give it one, or ${own}`,
    );
  }
  const withoutKey = operations.filter(
    (operation) =>
      !operation.security.some((schemes) => schemes.some((scheme) => scheme.type === 'apiKey' && scheme.in === 'header' && scheme.keyName === 'AccessKey')),
  );
  if (withoutKey.length > 0)
    throw new ClientAreaError(
      `openapi/${area}/: ${withoutKey.map((o) => o.operationId).join(', ')} ${withoutKey.length === 1 ? 'is' : 'are'} not authenticated with the AccessKey header, which the generated client sends; ${own}`,
    );
  const server = operations[0]!.servers[0]!;
  const description = String((server.variables?.[variable] as { description?: string } | undefined)?.description ?? `Base URL of the ${variable}`).replace(
    /\.$/,
    '',
  );
  return { variable, option: camelCase(variable), env: `PLATFORM_${variable.toUpperCase()}`, description };
}

function errorsOf(operations: Operation[]) {
  const byStatus = new Map<string, Set<string | undefined>>();
  for (const operation of operations) {
    for (const response of Object.values(operation.responses)) {
      if (!/^[45]/.test(response.status)) continue;
      const json = response.content.find((media) => /json/.test(media.type)) ?? response.content[0];
      const ref = json?.schema && typeof json.schema === 'object' ? String((json.schema as Json).$ref ?? '') : '';
      const body = json ? (SCHEMA_REF.exec(ref)?.[1] ?? `a ${json.type} body`) : undefined;
      byStatus.set(response.status, (byStatus.get(response.status) ?? new Set()).add(body));
    }
  }
  return [...byStatus.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([status, bodies]) => ({ status, bodies: [...bodies] }));
}

function enumsOf(document: Json): AreaEnum[] {
  return Object.entries<Json>(document.components?.schemas ?? {})
    .filter(([, schema]) => Array.isArray(schema.enum) && Array.isArray(schema['x-enum-varnames']) && schema.enum.length === schema['x-enum-varnames'].length)
    .map(([name, schema]) => ({
      name,
      summary: String(schema.description ?? '')
        .split(/\n\s*\n/)[0]!
        .replace(/\s+/g, ' ')
        .trim(),
      values: schema['x-enum-varnames'].map((varname: string, index: number) => [varname, schema.enum[index]]),
    }));
}

/** Where each answer of the area holds int64 fields, through its component schemas (which may refer to themselves). */
export function int64Layout(document: Json, operations: Operation[]): Int64Layout {
  const components: Record<string, Json> = document.components?.schemas ?? {};
  const holds = holdingInt64(components, document);
  const nodeOf = (schema: Json, depth = 0): Int64Node | undefined => {
    if (!schema || typeof schema !== 'object' || depth > 50) return undefined;
    if (typeof schema.$ref === 'string') {
      const name = SCHEMA_REF.exec(schema.$ref)?.[1];
      if (name !== undefined) return holds.has(name) ? name : undefined;
      return nodeOf(resolveRef(document, schema), depth + 1);
    }
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    let node: Int64Node | undefined = types.includes('integer') && schema.format === 'int64' ? 1 : undefined;
    const fields: Record<string, Int64Node> = {};
    const items = nodeOf(schema.items, depth + 1);
    if (items !== undefined) fields['[]'] = items;
    for (const [key, property] of Object.entries<Json>(schema.properties ?? {})) {
      const inner = nodeOf(property, depth + 1);
      if (inner !== undefined) fields[key] = inner;
    }
    const rest = typeof schema.additionalProperties === 'object' ? nodeOf(schema.additionalProperties, depth + 1) : undefined;
    if (rest !== undefined) fields['*'] = rest;
    if (Object.keys(fields).length > 0) node = merge(node, fields);
    for (const branch of [...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? [])]) node = merge(node, nodeOf(branch, depth + 1));
    return node;
  };
  const merge = (a: Int64Node | undefined, b: Int64Node | undefined): Int64Node | undefined => {
    if (a === undefined || b === undefined || a === b) return a ?? b;
    if (typeof a === 'string') return merge(nodeOf(components[a]), b);
    if (typeof b === 'string') return merge(a, nodeOf(components[b]));
    if (typeof a === 'object' && typeof b === 'object') {
      const merged: Record<string, Int64Node> = { ...a };
      for (const [key, node] of Object.entries(b)) merged[key] = merge(merged[key], node)!;
      return merged;
    }
    throw new ClientAreaError(
      `a schema holds an int64 value in one branch and ${JSON.stringify(typeof a === 'number' ? b : a)} in another at the same place; the bigint reader cannot tell them apart`,
    );
  };
  const schemas = Object.fromEntries([...holds].sort().map((name) => [name, nodeOf(components[name])!]));
  const answers: Int64Layout['answers'] = {};
  for (const operation of operations) {
    for (const response of Object.values(operation.responses)) {
      if (!/^2/.test(response.status)) continue;
      const media = response.content.find((m) => /^(application\/json|text\/json|application\/[^/]+\+json)$/.test(m.type));
      const node = media && nodeOf(media.schema);
      if (node !== undefined) (answers[`${operation.method.toUpperCase()} ${operation.path}`] ??= {})[response.status] = node;
    }
  }
  return { schemas, answers };
}

/** The component schemas that hold an int64 value, themselves or through the schemas they refer to. */
function holdingInt64(components: Record<string, Json>, document: Json): Set<string> {
  const direct = new Set<string>();
  const refers = new Map<string, Set<string>>();
  for (const [name, schema] of Object.entries(components)) {
    const found = new Set<string>();
    const walk = (value: Json, depth: number) => {
      if (!value || typeof value !== 'object' || depth > 50) return;
      if (typeof value.$ref === 'string') {
        const target = SCHEMA_REF.exec(value.$ref)?.[1];
        if (target !== undefined) found.add(target);
        else walk(resolveRef(document, value), depth + 1);
        return;
      }
      const types = Array.isArray(value.type) ? value.type : [value.type];
      if (types.includes('integer') && value.format === 'int64') direct.add(name);
      for (const [key, child] of Object.entries<Json>(value)) if (!['example', 'examples', 'enum', 'const', 'default'].includes(key)) walk(child, depth + 1);
    };
    walk(schema, 0);
    refers.set(name, found);
  }
  const holds = new Set(direct);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, targets] of refers) if (!holds.has(name) && [...targets].some((target) => holds.has(target))) holds.add(name), (grew = true);
  }
  return holds;
}

const list = (items: string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** "`StatusModel` for 400, and undefined for 401, 403, 404 and 500 (no body)". */
export function describeErrorBodies(errors: ClientArea['errors'], code = (name: string) => `\`${name}\``): string {
  const groups = new Map<string, string[]>();
  for (const { status, bodies } of errors) {
    const key = bodies.map((body) => (body === undefined ? 'undefined' : body.startsWith('a ') ? body : code(body))).join(' or ');
    groups.set(key, [...(groups.get(key) ?? []), status]);
  }
  return list([...groups.entries()].map(([body, statuses]) => `${body} for ${list(statuses)}${body === 'undefined' ? ' (no body)' : ''}`));
}

const HEADER = (area: string) =>
  [
    '/**',
    ` * Generated from openapi/${area}/ by \`pnpm generate\`. Do not edit: change the contract (or the`,
    ` * area's own code, packages/client/src/${domainFile(area)}) and run \`pnpm bundle && pnpm generate\`.`,
    ' */',
    '',
    '',
  ].join('\n');

/** packages/client/src/<area>.ts: the area's entry point (`@platform-contracts/client/<area>`). */
export function renderClientArea(client: ClientArea): string {
  const { area, name, property, title } = client;
  const lines: string[] = [];
  if (!client.ownClient) {
    const hasPages = Object.keys(client.pagination).length > 0;
    lines.push(
      "import { type AccessKeyClientOptions, defineClientArea } from './internal/area.js';",
      "import { PlatformApiError } from './internal/api-error.js';",
      "import type { Int64Mode, Int64Of } from './internal/int64.js';",
      ...(hasPages ? ["import type { PaginationTable } from './internal/paging.js';"] : []),
      "import type { PlatformProperties } from './internal/platform-areas.js';",
      "import type { PlatformHttpClient } from './internal/typed-client.js';",
      `import type { paths } from '@platform-contracts/contracts/${area}';`,
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
  if (!client.ownClient) {
    const baseUrl = client.baseUrl!;
    const errorName = `${name}ApiError`;
    const pagination = JSON.stringify(client.pagination, null, 2)
      .replace(/"([A-Za-z_$][\w$]*)":/g, '$1:')
      .replace(/"/g, "'");
    lines.push(
      '',
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
      Object.keys(client.pagination).length > 0
        ? `/** How the ${title}'s listings page: each paged operation's \`x-pagination\`, read by \`paginate\`. */`
        : `/** The ${title} has no paged listing (no operation has \`x-pagination\`). */`,
      `const pagination = ${pagination}${Object.keys(client.pagination).length > 0 ? ' as const satisfies PaginationTable' : ' as const'};`,
      '',
      `export type ${name}ClientOptions<ThrowOnError extends boolean = boolean, Int64 extends Int64Mode = Int64Mode> = AccessKeyClientOptions<ThrowOnError, Int64>;`,
      `export type ${name}Client<ThrowOnError extends boolean = false, Int64 extends Int64Mode = 'number'> = PlatformHttpClient<paths<Int64Of<Int64>>, '${area}', ThrowOnError, typeof pagination>;`,
      '',
      '/**',
      ` * A client for the ${title}${client.summary ? `: ${client.summary.replace(/\.$/, '').replace(/^[A-Z](?=[a-z])/, (letter) => letter.toLowerCase())}` : ''}. The base URL is \`baseUrl\`, else the`,
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
    );
  }
  return `${HEADER(area)}${lines.join('\n')}\n`;
}

/** packages/client/src/generated/enums/<area>.ts: the names of the area's enumerations. */
export function renderEnums(client: ClientArea): string {
  const lines = ["import { enumeration } from '../../internal/enums.js';", `import type * as Contract from '@platform-contracts/contracts/${client.area}';`];
  for (const { name, summary, values } of client.enums) {
    const [firstName, firstValue] = values[0]!;
    lines.push(
      '',
      `/** ${summary ? `${summary} ` : ''}By name: \`${name}.${firstName}\` is ${JSON.stringify(firstValue)}, and \`enumName(${name}, ${JSON.stringify(firstValue)})\` is "${firstName}". */`,
      `export const ${name} = enumeration<Contract.${name}>()({ ${values.map(([key, value]) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}: ${JSON.stringify(value).replace(/"/g, "'")}`).join(', ')} });`,
      `export type ${name} = Contract.${name};`,
    );
  }
  return `${HEADER(client.area)}${lines.join('\n')}\n`;
}

/** packages/client/src/generated/int64/<area>.ts: the area's exact JSON for `int64: 'bigint'` (loaded on first use). */
export function renderInt64(client: ClientArea): string {
  return (
    HEADER(client.area) +
    "import { exactJson } from '../../internal/exact-int64.js';\n\n" +
    `/** Where the ${client.title}'s answers hold int64 fields, each read as a bigint by a client made with \`int64: 'bigint'\`. */\n` +
    `export default exactJson(${JSON.stringify(client.int64)});\n`
  );
}

/** The base URLs of the areas with a generated client, each with the areas served there. */
export function baseUrlsOf(clients: readonly ClientArea[]): (BaseUrl & { areas: string[] })[] {
  const byOption = new Map<string, BaseUrl & { areas: string[] }>();
  for (const client of clients) {
    if (!client.baseUrl) continue;
    const known = byOption.get(client.baseUrl.option) ?? { ...client.baseUrl, areas: [] };
    known.areas.push(client.area);
    byOption.set(client.baseUrl.option, known);
  }
  return [...byOption.values()].sort((a, b) => a.option.localeCompare(b.option));
}

/** packages/client/src/generated/base-urls.ts: createPlatformClient's base URL options. */
export function renderBaseUrls(clients: readonly ClientArea[]): string {
  const urls = baseUrlsOf(clients);
  return [
    '/**',
    " * Generated from the contracts' servers by `pnpm generate`. Do not edit: each option is a server",
    ' * variable that is a whole base URL (`{api_base_url}`), with the areas served there.',
    ' */',
    '',
    "/** createPlatformClient's base URL options: each defaults to its environment variable. */",
    'export interface BaseUrlOptions {',
    ...urls.flatMap((url) => [`  /** ${url.description} (${list(url.areas)}). Default: \`${url.env}\`. */`, `  ${url.option}?: string;`]),
    '}',
    '',
    "/** Each base URL option's environment variable. */",
    `export const BASE_URL_ENV = { ${urls.map((url) => `${url.option}: '${url.env}'`).join(', ')} } as const;`,
    '',
    'export type BaseUrlOption = keyof typeof BASE_URL_ENV;',
    '',
  ].join('\n');
}
