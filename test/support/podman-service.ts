// Podman's Docker-compatible API on a unix socket of its own (`podman system service`), for
// Testcontainers: started for a test file, stopped after it. Ryuk (Testcontainers' reaper) is off:
// its image would come from Docker Hub; the tests stop what they start.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface PodmanService {
  socket: string;
  stop(): Promise<void>;
}

/** Fails with what to do when podman or buildah is missing, or when not root (the image's storage is rootful). */
export function containerToolsProblem(): string | undefined {
  for (const tool of ['podman', 'buildah']) if (spawnSync(tool, ['--version']).status !== 0) return `${tool} is missing: run \`pnpm setup:tools\` as root`;
  if (process.getuid?.() !== 0) return 'the image tests run rootful podman: run them as root';
  return undefined;
}

/** Starts the service and resolves once its socket exists; sets DOCKER_HOST and TESTCONTAINERS_RYUK_DISABLED for Testcontainers. */
export async function startPodmanService(): Promise<PodmanService> {
  const dir = mkdtempSync(path.join(tmpdir(), 'podman-api-'));
  const socket = path.join(dir, 'podman.sock');
  const watcher = watch(dir);
  const child: ChildProcess = spawn('podman', ['system', 'service', '--time', '0', `unix://${socket}`], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  try {
    await new Promise<void>((resolve, reject) => {
      const check = () => existsSync(socket) && resolve();
      watcher.on('change', check);
      child.once('exit', (code) => reject(new Error(`podman system service exited (${code}): ${stderr}`)));
      check();
    });
  } finally {
    watcher.close();
  }
  process.env.DOCKER_HOST = `unix://${socket}`;
  process.env.TESTCONTAINERS_RYUK_DISABLED = 'true';
  return {
    socket,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
