// Every operation documents at least one 4xx answer.
import { createRulesetFunction } from '@stoplight/spectral-core';

export default createRulesetFunction({ input: { type: 'object' }, options: null }, (responses) =>
  Object.keys(responses).some((code) => /^4(\d\d|XX)$/.test(code)) ? [] : [{ message: 'Operation documents no 4xx response.' }],
);
