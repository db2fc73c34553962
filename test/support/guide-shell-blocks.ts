// The site's guides' shell blocks, run as written in a project that has the packed packages
// installed (test/newcomer/packed-install.test.ts installs them once), in the guides' order: a
// block that serves (it ends with `npx platform-mock`) gets `--port 0`, must answer, and gets
// Ctrl+C; every other block runs in bash against a mock started here from the installed package,
// with the docs' 127.0.0.1:4010 replaced by its address and the variables the guides set or ask
// for (BASE_URL and ACCESS_KEY from the Quickstart, PLATFORM_DATABASE_AUTH_TOKEN from the
// database guide, STAGING_URL from the validation proxy's). Every curl must get a 2xx answer. A
// block that cannot run here is named in RUN_ELSEWHERE, with the test that runs it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocksOf, type DocBlock, docFiles } from './doc-blocks.ts';
import type { packedProject } from './packed-project.ts';

/**
 * The guides' shell blocks that do not run in the installed project, each with where it runs
 * instead. Only a command of a clone of the contracts repository that is also one of the root
 * README's blocks may be here: test/newcomer/readme.test.ts runs those on a fresh clone (the test
 * below checks that the README has the same command, not marked as not run).
 */
const RUN_ELSEWHERE: Record<string, string> = {
  'site/guides/1-quickstart.md sh #1': 'pnpm install && pnpm start in a clone of the repository: the README’s first command',
};

const SHELL = /^(sh|bash|shell)$/;
const guideBlocks = (): DocBlock[] =>
  docFiles()
    .filter((file) => file.startsWith('site/guides/'))
    .flatMap((file) => blocksOf(file).filter((block) => SHELL.test(block.language)));
/** A command that serves until Ctrl+C, at the end of a line (before a comment). */
const SERVES = /(platform-mock)(?=[ \t]*(#.*)?$)/m;
/** The commands of a block, without comments and blank lines, for comparing two blocks. */
const commands = (code: string) =>
  code
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter(Boolean)
    .join('\n');
/** What a block must not print: a stack trace, a package manager's failure, an npm warning but the known ones. */
const FAULTS = /\n\s+at |ELIFECYCLE|ERR_|npm warn/i;

export function describeGuideShellBlocks(project: ReturnType<typeof packedProject>) {
  describe('the guides’ shell blocks, in the installed project', () => {
    const blocks = guideBlocks();
    let mock: ReturnType<typeof project.serve> | undefined;
    let address = '';
    const env: Record<string, string> = { ACCESS_KEY: 'guide-key' };
    beforeAll(async () => {
      mock = project.serve('npx', ['platform-mock', '--port', '0', '--quiet']);
      address = await mock.url;
      // A token of the guides' access key: the authentication guide invalidates those of the key `default`.
      const minted = await fetch(`${address}/database/my-database/tokens`, {
        method: 'POST',
        headers: { AccessKey: env.ACCESS_KEY!, 'Content-Type': 'application/json' },
        body: '{}',
      });
      const { tokens } = (await minted.json()) as { tokens: { kind: string; token: string }[] };
      // STAGING_URL: the platform the validation proxy guide forwards to (here, this mock).
      Object.assign(env, {
        BASE_URL: address,
        STAGING_URL: address,
        PLATFORM_DATABASE_AUTH_TOKEN: tokens.find((token) => token.kind === 'full_access')!.token,
      });
    }, 120_000);
    afterAll(async () => {
      await mock?.stop();
    });

    it('are found, and each one named as run elsewhere is a guide block the README runs', () => {
      expect(blocks.length).toBeGreaterThanOrEqual(8);
      const readme = blocksOf('README.md').filter((block) => SHELL.test(block.language) && block.notRun === undefined);
      for (const [name, why] of Object.entries(RUN_ELSEWHERE)) {
        const block = blocks.find((b) => b.name === name);
        expect(block, `${name} is not a shell block of the guides any more`).toBeDefined();
        expect(
          readme.map((b) => commands(b.code)),
          `${name} (${why})`,
        ).toContain(commands(block!.code));
      }
    });

    it.each(blocks.filter((block) => !(block.name in RUN_ELSEWHERE)).map((block) => [block.name, block] as const))(
      '%s runs as written',
      async (_name, block) => {
        const code = block.code.replaceAll('http://127.0.0.1:4010', address);
        if (SERVES.test(code)) {
          const server = project.serve('bash', ['--norc', '--noprofile', '-e', '-c', code.replace(new RegExp(SERVES.source, 'gm'), '$1 --port 0')]);
          try {
            const url = await server.url;
            expect((await fetch(`${url}/_mock/health`)).status).toBe(200);
            expect((await fetch(`${url}/docs/`)).status).toBe(200);
          } finally {
            expect(await server.stop()).not.toMatch(FAULTS);
          }
          return;
        }
        const curl = 'curl() { command curl --fail --silent --show-error --output /dev/null "$@"; }';
        const result = project.run('bash', ['--norc', '--noprofile', '-e', '-c', `${curl}\n${code}`], env);
        expect(result.status, result.output).toBe(0);
        expect(result.output).not.toMatch(FAULTS);
      },
      60_000,
    );
  });
}
