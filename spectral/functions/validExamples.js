// Every example of an operation validates against its schema (parameters, request bodies and
// answers), except a request example of a name that a 4xx answer pairs with: a negative example,
// which breaks the schema on purpose (an example-based contract tester such as Specmatic sends it
// and expects that 4xx). Replaces oas3-valid-media-example, which knows no negative examples.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { schema as validate } from '@stoplight/spectral-functions';

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The names of the examples that answer with a 4xx status. */
function negativeNames(operation) {
  const names = new Set();
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (!/^4/.test(status) || !isObject(response)) continue;
    for (const media of Object.values(response.content ?? {})) for (const name of Object.keys(media?.examples ?? {})) names.add(name);
  }
  return names;
}

export default createRulesetFunction({ input: { type: 'object' }, options: null }, (pathItem, _options, context) => {
  const results = [];
  const check = (value, schema, path) => {
    if (!isObject(schema) && typeof schema !== 'boolean') return;
    for (const result of validate(value, { schema, allErrors: true, dialect: 'draft2020-12' }, { ...context, path }) ?? [])
      results.push({ message: `Example value must conform to the schema: ${result.message}`, path: result.path ?? path });
  };
  const examplesOf = (holder, at, skip) => {
    for (const [name, example] of Object.entries(holder?.examples ?? {}))
      if (!skip.has(name) && isObject(example) && 'value' in example) check(example.value, holder.schema, [...at, 'examples', name, 'value']);
    if (holder && 'example' in holder) check(holder.example, holder.schema, [...at, 'example']);
  };
  for (const [method, operation] of Object.entries(pathItem)) {
    if (!['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'].includes(method) || !isObject(operation)) continue;
    const negative = negativeNames(operation);
    const none = new Set();
    (operation.parameters ?? []).forEach((parameter, index) => examplesOf(parameter, [...context.path, method, 'parameters', index], negative));
    for (const [type, media] of Object.entries(operation.requestBody?.content ?? {}))
      examplesOf(media, [...context.path, method, 'requestBody', 'content', type], negative);
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      for (const [type, media] of Object.entries(response?.content ?? {}))
        examplesOf(media, [...context.path, method, 'responses', status, 'content', type], none);
    }
  }
  // The path item's own parameters: negative for an operation that pairs the name with a 4xx.
  const shared = [...Object.entries(pathItem)]
    .filter(([method]) => ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'].includes(method))
    .map(([, operation]) => negativeNames(operation));
  const negativeSomewhere = new Set(shared.flatMap((names) => [...names]));
  (pathItem.parameters ?? []).forEach((parameter, index) => examplesOf(parameter, [...context.path, 'parameters', index], negativeSomewhere));
  return results;
});
