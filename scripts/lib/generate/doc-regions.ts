// The lists of areas in the docs, written by `pnpm generate` between markers and checked by
// `pnpm generate --check` like every generated file:
//
//   <!-- pnpm generate: NAME -->...<!-- /pnpm generate -->
//
// so that a new area appears in them without a hand edit. A list of areas written anywhere else
// fails test/layout/area-lists.test.ts, naming its file and line.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../paths.ts';
import type { ClientArea } from './client-areas/model.ts';
import { describeErrorBodies } from './client-areas/render-area.ts';

type Render = (clients: readonly ClientArea[]) => string;

const titleOf = (client: ClientArea) => client.title.replace(/ API$/, '');

/** Each file with generated regions: region name -> its content. */
const DOC_REGIONS: Record<string, Record<string, Render>> = {
  'README.md': {
    'area titles': (clients) => clients.map(titleOf).join(', '),
  },
  'packages/client/README.md': {
    'client areas': (clients) =>
      [
        '| Area | Subpath | Client | Error | Error body by status | Enumerations |',
        '|---|---|---|---|---|---|',
        ...clients
          .map((client) =>
            [
              titleOf(client),
              `\`@platform-contracts/client/${client.area}\``,
              client.ownClient ? `its own (see ${titleOf(client)} below)` : `\`create${client.name}Client\` (\`${client.baseUrl!.env}\`)`,
              client.ownClient ? 'its own' : `\`${client.name}ApiError\``,
              describeErrorBodies(client.errors).replace(/^./, (letter) => letter.toUpperCase()),
              client.enums.map((item) => `\`${item.name}\``).join(', ') || 'none',
            ].join(' | '),
          )
          .map((row) => `| ${row} |`),
      ].join('\n'),
  },
};

const REGION = (name: string) => new RegExp(`(<!-- pnpm generate: ${name} -->)[\\s\\S]*?(<!-- /pnpm generate -->)`);

/** `text` with each named region's content replaced; throws naming a region whose markers are missing. */
function fillRegions(file: string, text: string, regions: Record<string, string>): string {
  for (const [name, content] of Object.entries(regions)) {
    if (!REGION(name).test(text))
      throw new Error(`${file} has no region "${name}" (<!-- pnpm generate: ${name} --> ... <!-- /pnpm generate -->) for pnpm generate to fill`);
    const block = content.includes('\n') ? `\n${content}\n` : content;
    text = text.replace(REGION(name), (_whole, open: string, close: string) => `${open}${block}${close}`);
  }
  return text;
}

/** Every file with generated regions, path relative to the repository -> its content with fresh regions. */
export function renderDocRegions(clients: readonly ClientArea[], read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8')): Map<string, string> {
  return new Map(
    Object.entries(DOC_REGIONS).map(([file, regions]) => [
      file,
      fillRegions(file, read(file), Object.fromEntries(Object.entries(regions).map(([name, render]) => [name, render(clients)]))),
    ]),
  );
}
