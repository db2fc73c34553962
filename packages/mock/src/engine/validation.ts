// JSON Schema validation for the mock: the one ajv (2020-12) setup, with OpenAPI's formats and
// keywords (what it finds is worded as violations in violations.ts). The format
// definitions live together here, so that a change to one (int64, say) is a one-place edit.
//
// Compiling a schema is the costly part of validation (tens of ms for a large answer), so:
// - one ajv serves the whole process: its meta-schema and formats are set up once, and each
//   contract's components are registered once, under an ID of their content;
// - a validator is compiled once per process for the same schema in the same components (mocks
//   created again reuse it);
// - `pnpm build` writes each validator the shipped contracts need as ajv's standalone code
//   (mock/precompile.ts), named by a digest of everything that shapes the code (ajv's version and
//   options, the vocabulary, the components, the schema); a validator whose file is there is
//   loaded from it instead of compiled: the same code ajv would generate, made ahead of time.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { compileFunction } from 'node:vm';
import type { Schema } from '@platform-contracts/contracts';
import type { Ajv2020, Format, ValidateFunction } from 'ajv/dist/2020.js';
import { fasterDateTime } from './date-time.ts';
import { asEveryMember, DISCRIMINATED, type Discriminated, decidedByTags, withDiscriminators } from './discriminated-oneof.ts';
import { withSharedDefaults } from './validator-defaults.ts';

const require = createRequire(import.meta.url);
/**
 * ajv itself (about 90 modules, a third of the mock's import) is loaded when a validator is first
 * compiled at run time: the build's precompiled code needs only its small runtime helpers, so a
 * mock whose validators were all precompiled never loads it.
 */
export const ajvModule = () => require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
const addFormats = () => (require('ajv-formats') as typeof import('ajv-formats')).default;

const AJV_OPTIONS = { allErrors: true, strict: false, coerceTypes: false, allowUnionTypes: true, validateFormats: true, discriminator: true } as const;
/** OpenAPI keywords ajv is told about, so that it ignores them (ajv applies `discriminator` itself). */
const OPENAPI_KEYWORDS = ['example', 'xml', 'externalDocs', DISCRIMINATED];

/** Where the build writes precompiled validators (beside the built module, or the repository's build for the sources). */
export const PRECOMPILED_DIR = new URL('../../dist/validators/', import.meta.url);

// OpenAPI's numeric formats. int64 is -2^63 to 2^63 - 1: values are read exactly (exact-json.ts)
// and handed to ajv on the right side of that line, so the bound holds to the last unit.
const OPENAPI_FORMATS: Record<string, Format> = {
  int64: { type: 'number', validate: (value: number) => Number.isInteger(value) && value >= -(2 ** 63) && value < 2 ** 63 },
  int32: { type: 'number', validate: (value: number) => Number.isInteger(value) && value >= -(2 ** 31) && value <= 2 ** 31 - 1 },
  ...Object.fromEntries(['float', 'double'].map((format) => [format, { type: 'number', validate: () => true }])),
  ...Object.fromEntries(['byte', 'binary', 'password', 'int8', 'int16', 'uint8'].map((format) => [format, () => true])),
};
/** ajv-formats' formats, required (a CommonJS module: see request.ts). */
const { fullFormats } = require('ajv-formats/dist/formats.js') as typeof import('ajv-formats/dist/formats.js');
/** ajv-formats' date-time, decided at once for toISOString's form (date-time.ts); any other text as ajv-formats decides. */
const DATE_TIME: Record<string, Format> = { 'date-time': fasterDateTime(fullFormats['date-time'] as never) };
/** Every format a schema may name, as the mock's ajv holds them: ajv-formats' (full mode), then OpenAPI's. */
const FORMATS: Record<string, Format> = { ...fullFormats, ...DATE_TIME, ...OPENAPI_FORMATS };

/** OpenAPI's own formats and keywords on top of JSON Schema's. */
export function addOpenApiVocabulary(ajv: Ajv2020): void {
  addFormats()(ajv);
  for (const [name, format] of Object.entries({ ...DATE_TIME, ...OPENAPI_FORMATS })) ajv.addFormat(name, format);
  for (const keyword of OPENAPI_KEYWORDS) ajv.addKeyword({ keyword });
}

/**
 * An ajv with the mock's setup. `source` keeps each validator's code, for ajv's standalone
 * output (the build's). Precompiled code reaches the formats through its `formats` parameter.
 */
export function createAjv(source = false): Ajv2020 {
  const { Ajv2020, _ } = ajvModule();
  const ajv = new Ajv2020({ ...AJV_OPTIONS, code: { source } });
  addOpenApiVocabulary(ajv);
  ajv.opts.code.formats = _`formats`;
  return ajv;
}

/** The process's ajv, made when a validator is first compiled at run time. */
let shared: Ajv2020 | undefined;
const sharedAjv = () => (shared ??= createAjv());

/** What shapes a validator's code besides its schema: any change to it makes new digests. */
const SIGNATURE = JSON.stringify({
  ajv: (require('ajv/package.json') as { version: string }).version,
  ajvFormats: (require('ajv-formats/package.json') as { version: string }).version,
  options: AJV_OPTIONS,
  keywords: OPENAPI_KEYWORDS,
  formats: Object.entries(FORMATS).map(([name, format]) => [
    name,
    format instanceof RegExp
      ? String(format)
      : typeof format === 'object'
        ? `${(format as { type?: string }).type ?? 'string'}${(format as { async?: boolean }).async ? ' async' : ''}`
        : typeof format,
  ]),
});

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/** A document's components as the validators see them, known by a digest of their content. */
export interface RegisteredComponents {
  id: string;
  digest: string;
  components: object;
  /** Whether a oneOf in them was given a discriminator (its errors are then reshaped, on failure only). */
  discriminated: boolean;
}
const byDigest = new Map<string, RegisteredComponents>();
/** The same components object is digested once (per kind of discriminators). */
const byObject = { recursive: new WeakMap<object, RegisteredComponents>(), tagged: new WeakMap<object, RegisteredComponents>() };
/**
 * The components as a kind of validator sees them: `recursive`, a discriminator on each tagged
 * oneOf that holds itself (what every validator needs, and what reports a failure's errors);
 * `tagged`, on every tagged oneOf (what decides, see withDiscriminators).
 */
function componentsOf(components: unknown, which: Discriminated = 'recursive'): RegisteredComponents {
  const object = typeof components === 'object' && components !== null ? components : {};
  let entry = byObject[which].get(object);
  if (entry) return entry;
  const withTags = withDiscriminators(object, which) as object;
  const key = digest(JSON.stringify(withTags));
  entry = byDigest.get(key) ?? { id: `urn:platform:${key}`, digest: key, components: withTags, discriminated: withTags !== object };
  byDigest.set(key, entry);
  byObject[which].set(object, entry);
  return entry;
}

/** What made the validators of this process: ajv at run time, or the build's code (tests count them). */
const made = { compiled: 0, precompiled: 0 };
export const validatorsMade = (): Readonly<typeof made> => ({ ...made });

/** Components registered in the process's ajv (only a validator compiled at run time needs them). */
const inAjv = new Set<string>();
/** A validator compiled by the process's ajv now. */
export function compiledValidator(schema: Schema, components: RegisteredComponents): ValidateFunction {
  made.compiled++;
  const ajv = sharedAjv();
  if (!inAjv.has(components.id)) {
    ajv.addSchema({ $id: components.id, components: components.components }, undefined, undefined, false);
    inAjv.add(components.id);
  }
  return ajv.compile(compilable(schema, components));
}

/** A schema as ajv compiles it: its `#/...` references lead into its document's registered components. */
export function compilable(schema: Schema, components: RegisteredComponents): Schema {
  const rebased = JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, `"$ref":"${components.id}#/`)) as Schema;
  return typeof rebased === 'boolean' ? rebased : { ...rebased, $schema: undefined };
}

/** The name of a validator's precompiled code: what shapes the code, digested. */
export const validatorDigest = (components: RegisteredComponents, schema: Schema) =>
  digest(`${SIGNATURE}\u0000${components.digest}\u0000${JSON.stringify(schema)}`);

/** Validators made in this process, by digest. */
const validators = new Map<string, ValidateFunction>();

/** The build's standalone code of a validator, run as ajv runs its own; undefined when the build did not make it. */
export function precompiledValidator(name: string, dir: URL = PRECOMPILED_DIR): ValidateFunction | undefined {
  let code: string;
  try {
    code = readFileSync(new URL(`${name}.js`, dir), 'utf8');
  } catch {
    return undefined;
  }
  made.precompiled++;
  const module = { exports: {} as { default?: ValidateFunction } };
  compileFunction(withSharedDefaults(withKeySets(code)), ['module', 'exports', 'require', 'formats'], { filename: `platform-mock-validator-${name}.js` })(
    module,
    module.exports,
    require,
    FORMATS,
  );
  return module.exports.default;
}

/**
 * ajv's code for `additionalProperties: false` beside more than 8 properties asks, for each key of
 * the value, `Object.prototype.hasOwnProperty.call(schema.properties, key)`: over half of a created
 * video's validation (40 keys, a builtin called through `call` for each). The loaded code asks a
 * Set of the same own keys instead (the schema's properties are plain JSON: every own key is an
 * enumerable string). ajv's code is otherwise run as it wrote it; precompiled-validators.test.ts
 * compares the verdicts and errors with ajv compiling the schema now, extra keys included.
 */
function withKeySets(code: string): string {
  const hasOwn = /const (func\d+) = Object\.prototype\.hasOwnProperty;/.exec(code)?.[1];
  if (!hasOwn) return code;
  const sets = new Map<string, string>();
  const asked = code.replace(new RegExp(`\\b${hasOwn}\\.call\\((schema\\d+\\.properties), (key\\d+)\\)`, 'g'), (_, properties: string, key: string) => {
    let set = sets.get(properties);
    if (set === undefined) sets.set(properties, (set = `ownKeys${sets.size}`));
    return `${set}.has(${key})`;
  });
  // Declared after everything else the module declares (the schemas first), before any validation runs.
  return `${asked}\n${[...sets].map(([properties, set]) => `const ${set} = new Set(Object.keys(${properties}));`).join('\n')}`;
}

/** Who wants to know each schema a compiler is asked for (the build, to precompile them). */
let recorder: ((components: RegisteredComponents, schema: Schema) => void) | undefined;
/** Hands every schema declared from now on to `record` (undefined stops). */
export function recordSchemas(record: typeof recorder): void {
  recorder = record;
}

/** Validators of one document's schemas, each made on its first use (start-up pays for none it does not call). */
export interface SchemaCompiler {
  lazy(schema: Schema): () => ValidateFunction;
}

/**
 * A compiler of one document's schemas: they refer to `#/components/schemas/X`, so each is
 * compiled within the document's components.
 */
export function createSchemaCompiler(components: unknown): SchemaCompiler {
  return {
    lazy(schema) {
      if (recorder) {
        recorder(componentsOf(components, 'tagged'), schema);
        recorder(componentsOf(components), schema);
      }
      let validate: ValidateFunction | undefined;
      return () => {
        if (validate) return validate;
        const reporting = componentsOf(components);
        const report = () => validatorOf(reporting, schema, true);
        const deciding = componentsOf(components, 'tagged');
        validate = deciding === reporting ? report() : decidedByTags(validatorOf(deciding, schema, false), report);
        return validate;
      };
    },
  };
}

/** What decides on a schema within components with every tagged oneOf discriminated (errors as ajv gives them); for the test that it decides as the schema as written. */
export function decidingValidator(components: unknown, schema: Schema): ValidateFunction {
  return validatorOf(componentsOf(components, 'tagged'), schema, false);
}

/** The validator of a schema within components: the build's code, else compiled now; made once per process. `reshaped`: a failure's errors as if every member of a discriminated oneOf was tried. */
function validatorOf(document: RegisteredComponents, schema: Schema, reshaped: boolean): ValidateFunction {
  const name = validatorDigest(document, schema);
  const key = reshaped && document.discriminated ? `${name} reshaped` : name;
  let validate = validators.get(key);
  if (validate) return validate;
  validate = validators.get(name) ?? precompiledValidator(name) ?? compiledValidator(schema, document);
  validators.set(name, validate);
  if (key !== name) {
    validate = withEveryMemberErrors(validate, schema, document, name);
    validators.set(key, validate);
  }
  return validate;
}

/** Where the last validation by a tracking validator met a oneOf told apart by its tag, and the tag. */
const discriminated: [string, string][] = [];
/** An ajv whose validators also say where they applied a discriminator: made for failed validations only. */
let tracking: Ajv2020 | undefined;
const inTracking = new Set<string>();
const trackingValidators = new Map<string, ValidateFunction>();

/**
 * A validator that takes `validate`'s decisions and, where it fails, reports its errors as if ajv
 * had tried every member of each discriminated oneOf (asEveryMember). Only a failure pays for it.
 */
function withEveryMemberErrors(validate: ValidateFunction, schema: Schema, components: RegisteredComponents, name: string): ValidateFunction {
  const wrapped = ((data: unknown) => {
    if (validate(data)) {
      wrapped.errors = null;
      return true;
    }
    let tracker = trackingValidators.get(name);
    if (!tracker) {
      tracking ??= (() => {
        const ajv = createAjv();
        ajv.removeKeyword(DISCRIMINATED);
        ajv.addKeyword({
          keyword: DISCRIMINATED,
          errors: false,
          validate: (tag: string, _data: unknown, _schema: unknown, at?: { instancePath: string }) => (discriminated.push([at?.instancePath ?? '', tag]), true),
        });
        return ajv;
      })();
      if (!inTracking.has(components.id)) {
        tracking.addSchema({ $id: components.id, components: components.components }, undefined, undefined, false);
        inTracking.add(components.id);
      }
      tracker = tracking.compile(compilable(schema, components));
      trackingValidators.set(name, tracker);
    }
    discriminated.length = 0;
    tracker(data);
    wrapped.errors = asEveryMember(tracker.errors ?? validate.errors ?? [], discriminated, data);
    return false;
  }) as ValidateFunction;
  return wrapped;
}
