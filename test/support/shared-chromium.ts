// One Chromium for the whole vitest run, shared by the browser test files of both workers (each
// file connects to it, opens its own pages and contexts, and disconnects at its end): started by
// the first file that asks, under a lock in the run's scratch folder (test/support/run-lock.ts), as
// a Playwright browser server in a process of its own; stopped by the run's teardown
// (test/support/run-scratch.ts), or, should that never run, once the vitest process is gone.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/paths.ts';
import { underLock } from './run-lock.ts';

interface Server {
  wsEndpoint: string;
  pid: number;
}

const recordOf = (scratch: string) => path.join(scratch, 'chromium', 'server.json');

/** The server's process: it prints the endpoint once Chromium is up, and closes Chromium when the run's process is gone. */
const SERVER = `
import { chromium } from 'playwright-core';
const [executablePath, args, runPid] = JSON.parse(process.argv[1]);
const server = await chromium.launchServer({ executablePath, args });
process.stdout.write(server.wsEndpoint() + '\\n');
const watch = setInterval(() => {
  try { process.kill(runPid, 0); } catch { clearInterval(watch); void server.close(); }
}, 1000);
`;

function startServer(executablePath: string, args: string[], runPid: number): Promise<Server> {
  const child = spawn(process.execPath, ['--input-type=module', '--eval', SERVER, JSON.stringify([executablePath, args, runPid])], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const endpoint = /^(ws:\/\/\S+)\n/m.exec(output)?.[1];
      if (!endpoint) return;
      child.stdout.off('data', onData);
      child.stderr.off('data', onData);
      child.off('exit', onExit);
      // Its later output is not read: let the pipes go, and the process outlive this file.
      child.stdout.destroy();
      child.stderr.destroy();
      child.unref();
      resolve({ wsEndpoint: endpoint, pid: child.pid! });
    };
    const onExit = (code: number | null) => reject(new Error(`the shared Chromium's server exited (${code}) before it was up:\n${output}`));
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', onExit);
  });
}

/** This process's answer, per run: asked once (a second lock taken while this process holds it would wait forever). */
const endpoints = new Map<string, Promise<string>>();

/** The endpoint of the run's Chromium, launched with these arguments by the first caller of the run. */
export function sharedChromium(scratch: string, executablePath: string, args: string[], runPid: number): Promise<string> {
  const known = endpoints.get(scratch);
  if (known) return known;
  mkdirSync(path.join(scratch, 'chromium'), { recursive: true });
  const endpoint = underLock(path.join(scratch, 'chromium', 'lock'), async () => {
    const record = recordOf(scratch);
    if (existsSync(record)) return (JSON.parse(readFileSync(record, 'utf8')) as Server).wsEndpoint;
    const server = await startServer(executablePath, args, runPid);
    writeFileSync(record, JSON.stringify(server));
    return server.wsEndpoint;
  });
  endpoints.set(scratch, endpoint);
  return endpoint;
}

/** Stops the run's Chromium, if a file started one (its server's process group: the server and Chromium). */
export function stopSharedChromium(scratch: string): void {
  const record = recordOf(scratch);
  if (!existsSync(record)) return;
  const { pid } = JSON.parse(readFileSync(record, 'utf8')) as Server;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    // Gone already.
  }
}
