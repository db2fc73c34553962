// Pure judgements of the engine's objects, remembered while the object lives. The split cache
// (split-cache.ts) gives the same statement objects for a text sent again, so a statement that
// comes back (each step of a 1,000-row insert batch) is judged once (sqld's rules, its counts),
// not once per step.

const known = new WeakMap<(key: never) => unknown, WeakMap<object, unknown>>();

/** `judge(key)`, computed once per key object and judge (the judge must be a pure function of the key). */
export function remembered<K extends object, V>(key: K, judge: (key: K) => V): V {
  let answers = known.get(judge) as WeakMap<K, V> | undefined;
  if (!answers) known.set(judge, (answers = new WeakMap<K, V>()));
  if (answers.has(key)) return answers.get(key)!;
  const answer = judge(key);
  answers.set(key, answer);
  return answer;
}
