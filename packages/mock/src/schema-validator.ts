// Validators of single named schemas of a contract, for what the engine does not route as an
// HTTP body (an area's WebSocket messages), with the same ajv setup and violation wording.
import type { OpenApiDocument, Violation } from './area.ts';
import { ContractError } from './contract.ts';
import { createSchemaCompiler, toViolations } from './validation.ts';

type Json = Record<string, unknown>;

/**
 * A validator of one schema under the document's components.schemas, for what is not an HTTP body
 * (WebSocket messages). A missing schema throws now (at the mock's start); the schema is compiled
 * at the first message, as ajv's first compile costs about as much as the rest of the start.
 */
export function schemaValidator(document: OpenApiDocument, name: string): (value: unknown) => Violation[] {
  const schemas = (document.components as Json | undefined)?.schemas as Json | undefined;
  if (!schemas?.[name]) throw new ContractError(`the contract has no schema named ${name}`);
  let validate: ReturnType<ReturnType<typeof createSchemaCompiler>> | undefined;
  return (value) => {
    validate ??= createSchemaCompiler('schema', document.components)({ $ref: `#/components/schemas/${name}` });
    return validate(value) ? [] : toViolations(validate.errors, 'message');
  };
}
