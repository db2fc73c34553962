// The negative cases each area ships beside its bundle: Specmatic external examples
// (packages/contracts/bundles/<area>_examples/*.json), each an invalid request (`http-request`)
// and the 4xx that answers it (`http-response`).
import { existsSync } from 'node:fs';
import { type NegativeCaseFile, readNegativeCaseFiles } from '../../scripts/lib/breaking/negative-cases.ts';
import { negativeCasesDir } from '../../scripts/lib/paths.ts';
import { type Operation, operationsOf } from './openapi.ts';

export interface NegativeCase extends Pick<NegativeCaseFile, 'request' | 'response'> {
  area: string;
  file: string;
  operation: Operation;
}

const templateOf = (operation: Operation) => new RegExp(`^${operation.path.replace(/\{[^}]+\}/g, '[^/]+')}$`);

/** Every negative case of the area, each with the operation its method and path name (an error when none does). */
export function negativeCases(area: string): NegativeCase[] {
  const dir = negativeCasesDir(area);
  if (!existsSync(dir)) throw new Error(`${dir} is missing: run pnpm bundle`);
  return readNegativeCaseFiles(dir).map(({ name, request, response }) => {
    const file = `${name}.json`;
    const operation = operationsOf(area as never).find(
      (candidate) => candidate.method.toUpperCase() === request.method && templateOf(candidate).test(request.path),
    );
    if (!operation) throw new Error(`${area}_examples/${file}: ${request.method} ${request.path} is no operation of the contract`);
    return { area, file, operation, request, response };
  });
}
