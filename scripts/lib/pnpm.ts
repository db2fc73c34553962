// How scripts and tests call pnpm itself: the pnpm that runs this script when there is one
// (`npm_execpath`), else `npx -y pnpm@10` (pnpm is not installed globally here).
import path from 'node:path';

export function pnpmCommand(): [string, string[]] {
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm/.test(path.basename(execPath)))
    return execPath.endsWith('.cjs') || execPath.endsWith('.js') ? [process.execPath, [execPath]] : [execPath, []];
  return ['npx', ['-y', 'pnpm@10']];
}

/** npm settings from the environment that a clean environment keeps: where the registry is and how to reach it. */
const KEPT = /^npm_config_(registry|cafile|ca|https?_proxy|proxy|noproxy|cache|strict_ssl)$/i;

/**
 * The environment for npm and pnpm run from a script or a test. The calling package manager's
 * settings (`npm_config_*`, `npm_package_*`, ...) are left out, but for the registry, proxy and
 * cache, and the user's ~/.npmrc is not read: it may hold settings of other tools that npm warns
 * about on every run (`Unknown user config "nodedir"`), which would leak into the test output.
 */
export function cleanNpmEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => KEPT.test(key) || (!/^npm_/i.test(key) && !['PNPM_SCRIPT_SRC_DIR', 'INIT_CWD'].includes(key))),
  );
  return { ...env, npm_config_userconfig: '/dev/null', npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false', ...extra };
}
