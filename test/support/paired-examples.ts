// The contracts' examples as an example-based contract tester reads them (Specmatic 2.55's
// "examples as tests"): a request example is the parameters' and the request body's examples of
// one name, and it is answered with the status of the response example of the same name. A
// parameter gives its values by name (`examples`; a lone `example` has no name to pair). A request
// example is valid by its schemas: invalid requests are negative cases, beside the bundle
// (test/support/negative-cases.ts).
import { type Operation, resolveRef } from '@platform-contracts/contracts';
import type { Json } from '../../scripts/lib/openapi.ts';

export interface PairedExample {
  operation: Operation;
  name: string;
  /** Each parameter's value by place and name (path, query, header). */
  parameters: { in: string; name: string; value: unknown }[];
  /** The request body under each media type that has an example of this name. */
  bodies: { type: string; value: unknown }[];
  /** The answer: the status and media type of the response example of this name. */
  answer: { status: string; type: string; value: unknown };
}

const namedExamples = (document: unknown, holder: Json): Record<string, unknown> =>
  Object.fromEntries(Object.entries<Json>(holder?.examples ?? {}).map(([name, example]) => [name, (resolveRef(document, example) as Json)?.value]));

/** Statuses no request example can bring about: credentials come from the tester's configuration, server errors from the server. */
export const UNREQUESTABLE = /^(401|403|5\d\d|5XX|default)$/;

/** Where each response example name answers: status and media type. */
export function responseExamples(operation: Operation): Map<string, PairedExample['answer']> {
  const found = new Map<string, PairedExample['answer']>();
  for (const response of Object.values(operation.responses)) {
    for (const media of response.content)
      for (const [name, value] of Object.entries(media.examples)) if (!found.has(name)) found.set(name, { status: response.status, type: media.type, value });
  }
  return found;
}

/** Whether the operation takes any input a request example could name. */
export const takesInput = (operation: Operation) => operation.parameters.length > 0 || operation.requestBody !== undefined;

/** The response examples a request example must bring about: every one but those of statuses no request can. */
const requestable = (operation: Operation) => [...responseExamples(operation)].filter(([, answer]) => !UNREQUESTABLE.test(answer.status));

/**
 * What a tester reading the examples by name would miss or misread in this operation, each a
 * sentence naming the operation: a response example no request example brings about (a tester
 * in strict mode fails on it), a request body example no answer pairs with (it runs nothing), a
 * parameter's lone `example` (it has no name).
 */
export function pairingProblems(document: unknown, operation: Operation): string[] {
  const problems: string[] = [];
  const id = operation.operationId;
  for (const parameter of operation.parameters) {
    if ('example' in parameter.source)
      problems.push(`${id}: parameter ${parameter.name} gives a lone \`example\`; give its values by name (\`examples\`), one per request example`);
  }
  const answers = responseExamples(operation);
  if (!takesInput(operation)) {
    if (![...answers.values()].some((answer) => answer.status.startsWith('2')))
      problems.push(`${id}: it takes no input, so a tester sends it as it is: give its 2xx answer an example`);
    return problems;
  }
  for (const [name] of requestable(operation)) {
    for (const parameter of operation.parameters.filter((p) => p.required)) {
      if (!(name in namedExamples(document, parameter.source)))
        problems.push(`${id}: response example "${name}" has no value of that name for the required ${parameter.in} parameter ${parameter.name}`);
    }
    const body = operation.requestBody;
    if (body?.required && !body.content.some((media) => name in media.examples))
      problems.push(`${id}: response example "${name}" has no request body of that name, and the body is required`);
  }
  for (const media of operation.requestBody?.content ?? []) {
    for (const name of Object.keys(media.examples))
      if (!answers.has(name)) problems.push(`${id}: request body example "${name}" (${media.type}) has no response example of the same name`);
    // Specmatic runs each request media type on its own: an answer whose name this media type does
    // not give a body for is sent with a body it generates, which the answer does not describe.
    for (const [name] of requestable(operation))
      if (!(name in media.examples)) problems.push(`${id}: response example "${name}" has no request body of that name under ${media.type}`);
  }
  // A parameter's examples are request examples of every operation that takes the parameter (a
  // path-level parameter: every operation of the path), so each one needs an answer of its name here.
  for (const parameter of operation.parameters) {
    for (const name of Object.keys(namedExamples(document, parameter.source)))
      if (!answers.has(name))
        problems.push(`${id}: ${parameter.in} parameter ${parameter.name} has an example "${name}" that no response example of this operation answers`);
  }
  if (!requestable(operation).some(([, answer]) => answer.status.startsWith('2')))
    problems.push(`${id}: no response example of a 2xx status: a tester has no positive test to run`);
  return problems;
}

/**
 * Parameter example names that no operation using the parameter answers (a parameter shared by
 * several operations names the examples of each: Specmatic's own examples do so).
 */
export function unusedParameterExamples(document: unknown, operations: readonly Operation[]): string[] {
  const uses = new Map<object, { name: string; operations: Operation[] }>();
  for (const operation of operations) {
    for (const parameter of operation.parameters) {
      const entry = uses.get(parameter.source) ?? { name: `${parameter.in} parameter ${parameter.name}`, operations: [] };
      entry.operations.push(operation);
      uses.set(parameter.source, entry);
    }
  }
  return [...uses].flatMap(([source, { name, operations: using }]) =>
    Object.keys(namedExamples(document, source as Json))
      .filter((example) => !using.some((operation) => responseExamples(operation).has(example)))
      .map((example) => `${name}: example "${example}" is answered by none of ${using.map((o) => o.operationId).join(', ')}`),
  );
}

/** Each request example with its answer: a test a tester would run. An operation without input is one request, answered by its first 2xx example. */
export function pairedExamples(document: unknown, operation: Operation): PairedExample[] {
  const answers = responseExamples(operation);
  if (!takesInput(operation)) {
    const success = [...answers.entries()].find(([, answer]) => answer.status.startsWith('2'));
    return success ? [{ operation, name: success[0], parameters: [], bodies: [], answer: success[1] }] : [];
  }
  return requestable(operation).map(([name, answer]) => {
    const parameters = operation.parameters.flatMap((parameter) => {
      const values = namedExamples(document, parameter.source);
      return name in values ? [{ in: parameter.in, name: parameter.name, value: values[name] }] : [];
    });
    const bodies = (operation.requestBody?.content ?? []).flatMap((media) =>
      name in media.examples ? [{ type: media.type, value: media.examples[name] }] : [],
    );
    return { operation, name, parameters, bodies, answer };
  });
}
