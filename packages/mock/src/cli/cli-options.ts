// The `platform-mock` command's flags: the mock's own, the proxy's and each area's, its usage text,
// and the arguments read into startMock's options.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { type AreaName, readBundle } from '@platform-contracts/contracts';
import { AREA_BEHAVIOURS } from '../areas/index.ts';
import { CONTROL_ROUTES } from '../controls/control.ts';
import { accessOptionError } from '../doors/http/access.ts';
import { type AreaFlag, UsageError } from '../engine/area.ts';
import { parseExactJson } from '../engine/exact-json.ts';
import type { StateSnapshot } from '../engine/namespaces.ts';
import { expandVariadic, groupNames, PROXY_FLAGS, proxyOptionsFromFlags } from '../proxy/flags.ts';
import { argsFromEnv, ENV_PREFIX, namingVariable } from './cli-env.ts';
import { formatRows, HELP_WIDTH, mockProgram, parseArgsProblem, sentence, withDefault, wrap } from './cli-help.ts';

const CORE_FLAGS: Record<string, AreaFlag & { short?: string; default?: string | boolean }> = {
  port: { type: 'string', valueName: 'N', default: '4010', description: 'port to listen on; 0 picks a free one' },
  host: { type: 'string', valueName: 'HOST', default: '127.0.0.1', description: 'host to listen on' },
  area: {
    type: 'string',
    multiple: true,
    valueName: 'NAME',
    description: `serve only this area (repeatable): ${AREA_BEHAVIOURS.map((a) => a.name).join(', ')}`,
  },
  dynamic: { type: 'boolean', description: "Prism's generated answers instead of the contract's examples, for operations without behaviour" },
  seed: { type: 'string', valueName: 'TEXT', description: 'seed for generated answers, so that they repeat' },
  'max-body-bytes': { type: 'string', valueName: 'N', default: String(1024 * 1024), description: 'larger request bodies are answered 413' },
  'max-namespaces': {
    type: 'string',
    valueName: 'N',
    default: '1000',
    description: 'access keys whose state is kept at once; the least recently used is dropped beyond it',
  },
  'allowed-host': {
    type: 'string',
    multiple: true,
    valueName: 'HOST',
    description:
      'answer requests for this Host too (repeatable; ".name" for it and every name under it, "*" for any): loopback hosts and *.localhost are always answered',
  },
  'cors-origin': {
    type: 'string',
    multiple: true,
    valueName: 'ORIGIN',
    description: 'let web pages of this origin call the mock (repeatable; "null" for pages opened from a file, "*" for any): loopback origins always can',
  },
  'socket-timeout-ms': {
    type: 'string',
    valueName: 'N',
    default: '30000',
    description: 'close connections idle this long; request headers must arrive within it',
  },
  'max-state-bytes': {
    type: 'string',
    valueName: 'N',
    default: String(2 * 1024 * 1024),
    description: "about how many bytes of state one access key may hold; writes beyond it answer the area's 400 error",
  },
  state: { type: 'string', valueName: 'FILE', description: 'start from a state snapshot (as GET /_mock/state gives it)' },
  coverage: {
    type: 'string',
    valueName: 'FILE',
    description: 'when the mock stops, write there what every access key reached of the contracts (JSON, as GET /_mock/coverage gives it)',
  },
  'max-journal-entries': {
    type: 'string',
    valueName: 'N',
    default: '1000',
    description: 'requests kept per access key in the journal (GET /_mock/requests); the oldest are dropped first',
  },
  quiet: { type: 'boolean', description: 'no request log' },
  'log-format': {
    type: 'string',
    valueName: 'text|json',
    default: 'text',
    description: 'the request log: a line, or with json one object per request (time, method, path, status, area, operationId, ms, violations; never headers)',
  },
  version: { type: 'boolean', description: 'print the version and exit' },
  help: { type: 'boolean', short: 'h', description: 'print this help and exit' },
};

const areaFlags = () =>
  AREA_BEHAVIOURS.flatMap((area) => Object.entries((area.flags ?? {}) as Record<string, AreaFlag>).map(([name, flag]) => ({ area: area.name, name, flag })));

/** What the mock is, at the top of its help. */
const DESCRIPTION =
  'Serves every area of the platform API from one origin: the contract validates each request and answer; each area keeps state per access key. The reference site is served at /docs/.';

/** An area's title in the help, as its contract names it (`DNS`), else its name with a capital. */
function areaTitle(area: string): string {
  try {
    return String((readBundle(area as AreaName).info as { title: string }).title).replace(/ API$/, '');
  } catch {
    return sentence(area);
  }
}

/**
 * The help: `program` is the command the user typed (`pnpm start`, which also gives a `preface`
 * saying what it does before it runs the mock), `platform-mock` by default.
 */
export function usage({ program = mockProgram(), preface }: { program?: string; preface?: string } = {}): string {
  const row = (name: string, flag: AreaFlag & { short?: string; default?: string | boolean }): [string, string] => [
    `${flag.short ? `-${flag.short}, ` : '    '}--${name}${flag.type === 'string' ? ` ${flag.valueName ?? 'VALUE'}` : ''}`,
    withDefault(flag.description, flag.type === 'string' && flag.default !== undefined ? String(flag.default) : undefined),
  ];
  const core = Object.entries(CORE_FLAGS).map(([name, flag]) => row(name, flag));
  const byArea = new Map<string, [string, string][]>();
  for (const { area, name, flag } of areaFlags()) byArea.set(area, [...(byArea.get(area) ?? []), row(name, flag)]);
  const endpoints = Object.entries(CONTROL_ROUTES).map(([path, route]): [string, string] => [`${route.methods.join('|')} ${path}`, sentence(route.what)]);
  const proxy = Object.entries(PROXY_FLAGS).map(([name, flag]) => row(name, flag));
  const width = Math.max(...[...core, ...[...byArea.values()].flat(), ...proxy, ...endpoints].map(([term]) => term.length));
  const paragraphs = [...(preface ? preface.split(/\n\s*\n/) : []), DESCRIPTION].flatMap((paragraph) => [...wrap(paragraph, HELP_WIDTH), '']);
  return [
    `Usage: ${program} [option...]`,
    '',
    ...paragraphs,
    'Options:',
    ...formatRows(core, width),
    ...[...byArea].flatMap(([area, rows]) => ['', `${areaTitle(area)} area:`, ...formatRows(rows, width)]),
    '',
    'Validation proxy:',
    ...wrap(`GROUP is where areas live: ${groupNames(AREA_BEHAVIOURS.map((a) => a.name))}.`, HELP_WIDTH - 2).map((line) => `  ${line}`),
    ...formatRows(proxy, width),
    '',
    "The mock's own endpoints:",
    ...formatRows(endpoints, width),
    '',
    ...wrap(
      `Every option but --help and --version can also be set by an environment variable: ${ENV_PREFIX} and the option's name in capitals, dashes as underscores (${ENV_PREFIX}PORT=4011, ${ENV_PREFIX}DB_DIR=/data); a repeatable option takes a list separated by commas, a switch 1 or 0. An argument wins over its variable.`,
      HELP_WIDTH,
    ),
    '',
    ...wrap('Exit codes: 0 stopped by SIGINT or SIGTERM, 1 could not start, 2 usage error, 3 stopped and --fail-on-drift found drift.', HELP_WIDTH),
  ].join('\n');
}

/** The CLI's options from its arguments and, for those not given, from the environment (cli-env.ts). */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv = process.env) {
  const flags = { ...CORE_FLAGS, ...PROXY_FLAGS, ...Object.fromEntries(areaFlags().map(({ name, flag }) => [name, flag])) };
  const { args, from } = argsFromEnv(flags, argv, env);
  try {
    return parseArguments([...args, ...argv]);
  } catch (error) {
    throw error instanceof UsageError ? namingVariable(error, from) : error;
  }
}

function parseArguments(argv: string[]) {
  const options: ParseArgsConfig['options'] = {};
  const option = (flag: AreaFlag & { short?: string; default?: string | boolean }) =>
    Object.fromEntries(
      Object.entries({ type: flag.type, multiple: flag.multiple, short: flag.short, default: flag.default }).filter(([, value]) => value !== undefined),
    ) as never;
  for (const [name, flag] of Object.entries({ ...CORE_FLAGS, ...PROXY_FLAGS })) options[name] = option(flag);
  for (const { name, flag } of areaFlags()) {
    if (options[name]) throw new Error(`two definitions of the flag --${name}`);
    options[name] = option(flag);
  }
  let values;
  try {
    ({ values } = parseArgs({ args: expandVariadic(argv), options, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(parseArgsProblem((error as Error).message));
  }
  const whole = (name: string, min: number, max: number) => {
    const text = String(values[name]);
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < min || value > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${text}"`);
    return value;
  };
  const logFormat = values['log-format'];
  if (logFormat !== 'text' && logFormat !== 'json') throw new UsageError(`--log-format must be text or json, got "${String(logFormat)}"`);
  const known = AREA_BEHAVIOURS.map((a) => a.name as string);
  const areas = values.area as string[] | undefined;
  const unknown = (areas ?? []).filter((name) => !known.includes(name));
  if (unknown.length > 0) throw new UsageError(`unknown area ${unknown.join(', ')}; the areas are ${known.join(', ')}`);
  const access = { allowedHosts: values['allowed-host'] as string[] | undefined, corsOrigins: values['cors-origin'] as string[] | undefined };
  const accessError = accessOptionError(access);
  if (accessError) throw new UsageError(accessError);
  const perArea = Object.fromEntries(
    AREA_BEHAVIOURS.map((area) => [area.name, area.optionsFromFlags ? area.optionsFromFlags(values as Record<string, unknown>) : undefined]),
  );
  return {
    values,
    logFormat,
    coverageFile: values.coverage === undefined ? undefined : coverageFileOf(String(values.coverage)),
    start: {
      ...perArea,
      port: whole('port', 0, 65535),
      host: String(values.host),
      areas,
      dynamic: values.dynamic === true,
      seed: values.seed as string | undefined,
      maxBodyBytes: whole('max-body-bytes', 1, 2 ** 31),
      maxNamespaces: whole('max-namespaces', 1, 1_000_000),
      maxStateBytes: whole('max-state-bytes', 1024, 2 ** 40),
      socketTimeoutMs: whole('socket-timeout-ms', 100, 3_600_000),
      journal: { maxEntries: whole('max-journal-entries', 1, 1_000_000) },
      ...access,
      state: values.state === undefined ? undefined : readState(String(values.state)),
      proxy: proxyOptionsFromFlags(values as Record<string, unknown>, whole),
    },
  };
}

/** The --coverage file, checked at start: its folder exists and it is not a folder itself. */
function coverageFileOf(file: string): string {
  const folder = path.dirname(path.resolve(file));
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new UsageError(`--coverage ${file}: the folder ${folder} does not exist`);
  if (existsSync(file) && statSync(file).isDirectory()) throw new UsageError(`--coverage ${file}: it is a folder; name a file`);
  return file;
}

/** Once the mock has closed, writes its coverage to the file (what every access key reached). */
function readState(file: string): StateSnapshot {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--state ${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  try {
    return parseExactJson(text) as StateSnapshot;
  } catch (error) {
    throw new UsageError(`--state ${file}: not JSON (${(error as Error).message})`);
  }
}
