// The negative cases each area ships beside its bundle: Specmatic external examples
// (packages/contracts/bundles/<area>_examples/*.json), each an invalid request (`http-request`)
// and the 4xx that answers it (`http-response`).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { negativeCasesDir } from '../../scripts/lib/paths.ts';
import { operationsOf, type Operation } from './openapi.ts';

export interface NegativeCase {
  area: string;
  file: string;
  operation: Operation;
  request: { method: string; path: string; query?: Record<string, string>; headers?: Record<string, string>; body?: unknown };
  response: { status: number; headers?: Record<string, string>; body?: unknown };
}

const templateOf = (operation: Operation) => new RegExp(`^${operation.path.replace(/\{[^}]+\}/g, '[^/]+')}$`);

/** Every negative case of the area, each with the operation its method and path name (an error when none does). */
export function negativeCases(area: string): NegativeCase[] {
  const dir = negativeCasesDir(area);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => {
      const example = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
      const request = example['http-request'];
      const operation = operationsOf(area as never).find(
        (candidate) => candidate.method.toUpperCase() === request.method && templateOf(candidate).test(request.path),
      );
      if (!operation) throw new Error(`${area}_examples/${file}: ${request.method} ${request.path} is no operation of the contract`);
      return { area, file, operation, request, response: example['http-response'] };
    });
}
