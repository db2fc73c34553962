// What the generated client of an area is made from, read from its contract: its names, its one
// base URL, its failure statuses and their bodies, its paged operations (`x-pagination`), its
// enumerations' names (`x-enum-varnames`) and where its answers hold int64 fields; and what its
// hand-written module (packages/client/src/domain/<area>.ts) exports.
import { readFileSync } from 'node:fs';
import { buildAreaModel, type Json, type Operation } from '../../openapi.ts';
import { bundlePath } from '../../paths.ts';
import { ClientAreaError } from './errors.ts';
import { type Int64Layout, int64Layout } from './int64-layout.ts';
import { domainExportsOf } from './module-exports.ts';
import { camelCase, domainFile, pascalCase, SCHEMA_REF } from './names.ts';

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
