// The environment file (.env) the tool saves tokens to: existing lines are kept, a variable
// already there is replaced in place, a new one is appended. Created readable by its owner only.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { CliError, EXIT } from './errors.ts';

export const TOKEN_VARIABLE = 'PLATFORM_DATABASE_AUTH_TOKEN';
export const URL_VARIABLE = 'PLATFORM_DATABASE_URL';

/** The file's text, or '' when it does not exist yet. */
function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw unusable(file, 'read', error);
  }
}

/**
 * Writes the token, and the database URL when the file has none, to the file. Returns the
 * names of the variables written.
 */
export function saveDatabaseEnv(file: string, token: string, databaseUrl: string): string[] {
  let text = readText(file);
  const present = parseEnv(text);
  const values: [string, string][] = [[TOKEN_VARIABLE, token]];
  if (!present[URL_VARIABLE]) values.push([URL_VARIABLE, databaseUrl]);
  for (const [name, value] of values) text = setVariable(text, name, value);
  try {
    writeFileSync(file, text, { mode: 0o600 });
  } catch (error) {
    throw unusable(file, 'write', error);
  }
  return values.map(([name]) => name);
}

function setVariable(text: string, name: string, value: string): string {
  const line = `${name}=${quote(value)}`;
  const existing = new RegExp(`^[ \\t]*(?:export[ \\t]+)?${name}[ \\t]*=.*$`, 'm');
  if (existing.test(text)) return text.replace(existing, () => line);
  const separator = text === '' || text.endsWith('\n') ? '' : '\n';
  return `${text}${separator}${line}\n`;
}

/** Values with spaces, quotes or `#` are double-quoted; tokens and URLs normally are not. */
const quote = (value: string) => (/^[\w.:/?=&%@+,-]*$/.test(value) ? value : `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);

/** The message names the file and the reason, never the content. */
function unusable(file: string, action: 'read' | 'write', error: unknown): CliError {
  const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
  const reasons: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'not permitted',
    EROFS: 'read-only file system',
    EISDIR: 'it is a directory',
    ENOENT: 'its folder does not exist',
    ENOTDIR: 'a part of its path is not a folder',
  };
  return new CliError(`cannot ${action} the environment file ${file}: ${reasons[code] ?? code} (${code})`, EXIT.envFile);
}
