// What a failed validation says: ajv's errors worded as the mock's violations, as Prism words them
// (a missing or unknown property at the object that holds it, the allowed values of an enum), at
// the location the contract names (`body`, `query` with the parameter's declared name, `response`).
import { unescapePointerToken } from '@platform-contracts/contracts';
import type { ErrorObject } from 'ajv/dist/2020.js';
import type { Violation } from './area.ts';

/** ajv's errors as violations under `prefix` (`body`, `query`, `response`), with parameter names as declared. */
export function toViolations(errors: ErrorObject[] | null | undefined, prefix: string, declaredName?: Map<string, string>): Violation[] {
  return (errors ?? []).map((error) => {
    const path = error.instancePath.split('/').filter(Boolean).map(unescapePointerToken);
    if (declaredName && path[0] !== undefined) path[0] = declaredName.get(path[0].toLowerCase()) ?? path[0];
    // As Prism reports them: a missing or unknown property at the object that holds it.
    const extra = error.params as { additionalProperty?: string; unevaluatedProperty?: string; allowedValues?: unknown[] };
    const detail = extra.allowedValues
      ? `: ${extra.allowedValues.join(', ')}`
      : extra.additionalProperty
        ? `; found '${extra.additionalProperty}'`
        : extra.unevaluatedProperty
          ? `: '${extra.unevaluatedProperty}'`
          : '';
    return { location: [prefix, ...path], message: `${error.message ?? error.keyword}${detail}` };
  });
}
