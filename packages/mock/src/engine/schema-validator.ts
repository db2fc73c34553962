// Validators of single named schemas of a contract, for what the engine does not route as an
// HTTP body (an area's WebSocket messages), with the same ajv setup and violation wording.
import type { OpenApiDocument, Violation } from './area.ts';
import { ContractError } from './contract.ts';
import { createSchemaCompiler } from './validation.ts';
import { toViolations } from './violations.ts';

type Json = Record<string, unknown>;

/**
 * A validator of one schema under the document's components.schemas, for what is not an HTTP body
 * (WebSocket messages). A missing schema throws now (at the mock's start); the validator is made
 * at the first message (see validation.ts).
 */
export function schemaValidator(document: OpenApiDocument, name: string): (value: unknown) => Violation[] {
  const schemas = (document.components as Json | undefined)?.schemas as Json | undefined;
  if (!schemas?.[name]) throw new ContractError(`the contract has no schema named ${name}`);
  const validator = createSchemaCompiler(document.components).lazy({ $ref: `#/components/schemas/${name}` });
  return (value) => {
    const validate = validator();
    return validate(value) ? [] : toViolations(validate.errors, 'message');
  };
}
