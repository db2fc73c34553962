// What the client generates beside each area's entry point: its enumerations' names, its exact
// JSON reader for `int64: 'bigint'`, and createPlatformClient's base URL options over all areas.
import type { BaseUrl, ClientArea } from './model.ts';
import { generatedHeader, list } from './names.ts';

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
  return `${generatedHeader(client.area)}${lines.join('\n')}\n`;
}

/** packages/client/src/generated/int64/<area>.ts: the area's exact JSON for `int64: 'bigint'` (loaded on first use). */
export function renderInt64(client: ClientArea): string {
  return (
    generatedHeader(client.area) +
    "import { exactJson } from '../../internal/exact-int64.js';\n\n" +
    `/** Where the ${client.title}'s answers hold int64 fields, each read as a bigint by a client made with \`int64: 'bigint'\`. */\n` +
    `export default exactJson(${JSON.stringify(client.int64)});\n`
  );
}

/** The base URLs of the areas with a generated client, each with the areas served there. */
function baseUrlsOf(clients: readonly ClientArea[]): (BaseUrl & { areas: string[] })[] {
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
