// The build's validator code (ajv's standalone output) as validation.ts loads it: each function's
// options, where a call leaves them out, one frozen object made once instead of new ones each call.

/** How ajv's standalone code declares each function's options: two defaults, each a new empty object. */
const OPTIONS_WITH_NEW_DEFAULTS = /\bdynamicAnchors=\{\}\}=\{\}\)/g;

/** A dynamic anchor read or written (`dynamicAnchors.name`, `dynamicAnchors["name"]`): passing the object on to a nested call does neither. */
const READS_AN_ANCHOR = /\bdynamicAnchors\s*[.[]/;

/**
 * ajv's functions take their options as `{instancePath="", ..., dynamicAnchors={}}={}`: a call
 * without options (the engine's) makes two empty objects: on a created video, six such calls, about
 * 350 of the 4,400 bytes a POST allocated in the engine. Where the code reads no dynamic anchor (`$dynamicAnchor` writes one, `$dynamicRef`
 * reads one: no contract has either), both defaults are one frozen empty object made once.
 */
export function withSharedDefaults(code: string): string {
  if (READS_AN_ANCHOR.test(code)) return code;
  const replaced = code.replace(OPTIONS_WITH_NEW_DEFAULTS, 'dynamicAnchors=noOptions}=noOptions)');
  return `${replaced}\nconst noOptions = Object.freeze({});`;
}
