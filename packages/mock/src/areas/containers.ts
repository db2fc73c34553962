// Containers: applications kept per access key with the templates added to them. A namespace
// starts with the application of the contract's example appId; more come from a state snapshot
// (PUT /_mock/state); an unknown application answers 404. Adding a template answers with the
// request reflected, ids generated and a public host per CDN endpoint, and stores it; invalid
// requests answer a problem object listing each field.
import { randomUUID } from 'node:crypto';
import type {
  ContainerEndpoint as GeneratedContainerEndpoint,
  ContainerEndpointRequest as GeneratedContainerEndpointRequest,
  ContainerFieldError as GeneratedContainerFieldError,
  ContainerProblemDetails as GeneratedContainerProblemDetails,
  ContainerTemplate as GeneratedContainerTemplate,
  ContainerTemplateRequest as GeneratedContainerTemplateRequest,
} from '@platform-contracts/contracts/containers';
import { defineArea, type OpenApiDocument, type Violation } from '../engine/area.ts';
import { type CapFlags, capFlags, capMessage, capsFromFlags, contractFields, resolveCaps } from './state.ts';

// int64 fields as the mock holds them: exact, a bigint beyond 2^53.
type ContainerEndpoint = GeneratedContainerEndpoint<number | bigint>;
type ContainerEndpointRequest = GeneratedContainerEndpointRequest<number | bigint>;
type ContainerFieldError = GeneratedContainerFieldError<number | bigint>;
type ContainerProblemDetails = GeneratedContainerProblemDetails<number | bigint>;
type ContainerTemplate = GeneratedContainerTemplate<number | bigint>;
type ContainerTemplateRequest = GeneratedContainerTemplateRequest<number | bigint>;

export interface ContainersState {
  /** By appId: the templates added to the application, oldest first. */
  apps: Record<string, { templates: ContainerTemplate[] }>;
}

const CAPS = { maxTemplatesPerApp: 100 };
export type ContainersMockOptions = Partial<typeof CAPS>;
const CAP_FLAGS: CapFlags<keyof typeof CAPS> = { maxTemplatesPerApp: { flag: 'max-templates-per-app', what: 'container templates in one application' } };

type FieldError = Required<ContainerFieldError>;

/** The host every mock endpoint's public host lives under. */
const PUBLIC_HOST_DOMAIN = 'platform.invalid';

/** Response fields that the contract gives a minimum length of 1. */
const NON_EMPTY_STRINGS = ['image', 'imageName', 'imageNamespace', 'imageTag', 'imageRegistryId', 'imageDigest'] as const;

export default defineArea<'containers', ContainersMockOptions, ContainersState>()({
  name: 'containers',
  flags: capFlags(CAP_FLAGS, CAPS),
  optionsFromFlags: (values): ContainersMockOptions => capsFromFlags(CAP_FLAGS, values),
  setup({ document, options }) {
    const fields = contractFields(document);
    const caps = resolveCaps('containers', CAPS, options);
    const fieldErrors = fieldErrorsFor(document);
    const seedApps = exampleAppIds(document);
    return {
      seed: (): ContainersState => ({ apps: Object.fromEntries(seedApps.map((id) => [id, { templates: [] }])) }),
      importState(snapshot: unknown): ContainersState {
        const apps = (snapshot as Partial<ContainersState> | null)?.apps;
        const valid =
          typeof apps === 'object' &&
          apps !== null &&
          Object.values(apps).every((app) => Array.isArray(app?.templates) && app.templates.length <= caps.maxTemplatesPerApp);
        if (!valid) throw new Error(`containers state is {"apps": {"<appId>": {"templates": [...]}}}, at most ${caps.maxTemplatesPerApp} templates each`);
        return {
          apps: Object.fromEntries(
            Object.entries(apps).map(([id, app]) => [id, { templates: app.templates.map((template) => fields('ContainerTemplate', template)) }]),
          ),
        };
      },
      report: () => [`Containers: each access key starts with application ${seedApps.join(', ')} (more applications: PUT /_mock/state)`],
      invalidRequest: (violations, request) => {
        const errors = fieldErrors(violations);
        return problem(request.path, 400, 'One or more validation errors occurred.', `The request has ${errors.length} invalid field(s).`, errors);
      },
      handlers: {
        addContainerTemplate(request, { state }) {
          const { appId } = request.params;
          const app = Object.hasOwn(state.apps, appId) ? state.apps[appId] : undefined;
          if (!app) return problem(request.path, 404, 'Not Found', `Application ${appId} was not found.`, []);
          if (app.templates.length >= caps.maxTemplatesPerApp) {
            const message = capMessage('containers', CAP_FLAGS, 'maxTemplatesPerApp', caps.maxTemplatesPerApp);
            return problem(request.path, 400, 'Limit reached', message, [{ field: '', message }]);
          }
          const template = containerTemplate(request.body);
          app.templates.push(template);
          return { status: 200, body: template };
        },
      },
    };
  },
});

/** The application IDs a namespace starts with: the contract's example of the appId parameter. */
function exampleAppIds(document: OpenApiDocument): string[] {
  const parameters = (document.components as { parameters?: Record<string, { examples?: Record<string, { value?: unknown }> }> } | undefined)?.parameters;
  const example = Object.values(parameters?.ContainersAppId?.examples ?? {})[0]?.value; // its first named example
  if (typeof example !== 'string') throw new Error('the containers contract gives no example appId (components.parameters.ContainersAppId.examples)');
  return [example];
}

function containerTemplate(request: ContainerTemplateRequest): ContainerTemplate {
  const { endpoints, ...fields } = request;
  const template: ContainerTemplate = { id: randomUUID(), packageId: randomUUID(), ...fields };
  for (const name of NON_EMPTY_STRINGS) if (template[name] === '') delete template[name];
  if (endpoints) template.endpoints = endpoints.map(endpoint);
  return template;
}

function endpoint(request: ContainerEndpointRequest): ContainerEndpoint {
  const id = randomUUID();
  const answer: ContainerEndpoint = { id };
  if (request.displayName !== undefined) answer.displayName = request.displayName;
  const { cdn } = request;
  if (!cdn) return answer;
  return {
    ...answer,
    type: 'cdn',
    publicHost: `${slug(request.displayName ?? 'endpoint')}-${id.slice(0, 8)}.${PUBLIC_HOST_DOMAIN}`,
    ...(cdn.isSslEnabled !== undefined && { isSslEnabled: cdn.isSslEnabled }),
    ...(cdn.pullZoneId !== undefined && { pullZoneId: String(cdn.pullZoneId) }),
    portMappings: cdn.portMappings ?? [],
    stickySessions: { enabled: false, sessionHeaders: [] },
    internalIpAddresses: [],
    publicIpAddresses: [],
  };
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'endpoint';

function problem<Status extends 400 | 404>(instance: string, status: Status, title: string, detail: string, errors: FieldError[]) {
  return { status, body: { title, status, detail, instance, errors, id: randomUUID() } satisfies ContainerProblemDetails };
}

/**
 * Turns Prism's violations into one entry per invalid field, `field` a JSON Pointer into the
 * body ('' for the body as a whole). A probe that fails its `oneOf` is reported once, naming
 * the checks it must choose from, instead of once per check it lacks.
 */
function fieldErrorsFor(document: OpenApiDocument) {
  const probeChecks = probeChecksOf(document);
  return (violations: Violation[]): FieldError[] => {
    const oneOfFailures = new Set(violations.filter(isOneOfFailure).map((v) => pointerOf(v.location)));
    // Each branch of the probe's oneOf is a whole probe: the checks the branches found missing tell
    // whether it has exactly one (then only the errors inside it count) and which other branches' complaints to leave out.
    const checkOf = (violation: Violation) =>
      [REQUIRED, UNKNOWN].map((pattern) => pattern.exec(violation.message)?.[1]).find((name) => name !== undefined && probeChecks.includes(name));
    const missing = new Map<string, Set<string>>();
    for (const violation of violations.filter((v) => REQUIRED.test(v.message) && checkOf(v) && oneOfFailures.has(pointerOf(v.location)))) {
      const at = pointerOf(violation.location);
      missing.set(at, (missing.get(at) ?? new Set()).add(checkOf(violation)!));
    }
    const byField = new Map<string, string[]>();
    for (const violation of violations) {
      const { field, message } = fieldError(violation);
      if (isOneOfFailure(violation)) {
        if ((missing.get(field)?.size ?? 0) !== probeChecks.length - 1) add(byField, field, `must have exactly one of ${probeChecks.join(', ')}`);
      } else if (!(oneOfFailures.has(pointerOf(violation.location)) && (REQUIRED.test(violation.message) || checkOf(violation)))) {
        add(byField, field, message);
      }
    }
    return [...byField].map(([field, messages]) => ({ field, message: messages.join('; ') }));
  };
}

const REQUIRED = /must have required property '([^']+)'$/;
const UNKNOWN = /must NOT have additional properties; found '([^']+)'$/;
const isOneOfFailure = (violation: Violation) => /must match exactly one schema in oneOf$/.test(violation.message);

/** The field a violation is about, and what is wrong with it, without Prism's prefix. */
function fieldError({ location, message }: Violation): FieldError {
  const text = withoutPrismPrefix(location, message);
  const required = REQUIRED.exec(text);
  if (required) return { field: pointerOf([...location, required[1]!]), message: 'is required' };
  const unknown = UNKNOWN.exec(text);
  if (unknown) return { field: pointerOf([...location, unknown[1]!]), message: 'is not a known property' };
  return { field: pointerOf(location), message: text };
}

/** Prism writes `Request body property probes.startup must ...`; keep `must ...`. */
function withoutPrismPrefix(location: string[], message: string): string {
  const property = `Request body property ${location.slice(1).join('.')} `;
  if (message.startsWith(property)) return message.slice(property.length);
  return message.replace(/^Request body /, '');
}

/** ['body', 'probes', 'startup'] becomes '/probes/startup'; a parameter's location names it. */
function pointerOf(location: string[]): string {
  const [where, ...path] = location;
  if (where !== 'body') return location.at(-1) ?? '';
  return path.map((token) => `/${token.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

function add(byField: Map<string, string[]>, field: string, message: string) {
  const messages = byField.get(field) ?? [];
  if (!messages.includes(message)) messages.push(message);
  byField.set(field, messages);
}

/** The checks a probe chooses from, as the contract's ContainerProbe lists them in `oneOf` (each branch a schema of its own). */
function probeChecksOf(document: OpenApiDocument): string[] {
  type Branch = { required?: string[]; $ref?: string };
  const schemas = (document.components as { schemas?: Record<string, { oneOf?: Branch[]; required?: string[] }> } | undefined)?.schemas;
  const checks = schemas?.ContainerProbe?.oneOf?.flatMap(
    (branch) => (branch.$ref ? schemas[branch.$ref.replace('#/components/schemas/', '')] : branch)?.required ?? [],
  );
  if (!checks?.length) throw new Error('the containers contract has no ContainerProbe with a oneOf of checks');
  return checks;
}
