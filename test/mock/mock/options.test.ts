// The mock's options as a product: Prefer (code, example, dynamic), seeds, CORS, the health
// endpoint, the body limit, JSON request logs, start-up time and a clean shutdown on SIGTERM.
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { request } from 'node:http';
import path from 'node:path';
import type { AreaName } from '@platform-contracts/contracts';
import { HEALTH_PATH, type RunningMock, startMock } from '@platform-contracts/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../scripts/lib/paths.ts';
import { loadBundle, operationsOf, resolveRef, validateAnswer } from '../../support/openapi.ts';

const CLI = path.join(ROOT, 'packages/mock/bin/platform-mock.js'); // the built package's bin, as `pnpm mock` runs it
const auth = { AccessKey: 'options-test-key' };
const collectionsPath = '/library/7/collections';

/** The named example of an operation's 200 answer, read from the contract. */
function contractExample(area: AreaName, operationId: string, name: string): unknown {
  const entry = operationsOf(area).find((op) => op.operationId === operationId)!;
  const document = loadBundle(area);
  const examples = resolveRef(document, entry.source.responses['200']).content['application/json'].examples;
  return resolveRef(document, examples[name]).value;
}

async function withMock<T>(options: Parameters<typeof startMock>[0], use: (mock: RunningMock) => Promise<T>): Promise<T> {
  const mock = await startMock({ port: 0, areas: ['video'], ...options });
  try {
    return await use(mock);
  } finally {
    await mock.close();
  }
}

describe('Prefer header', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ port: 0, areas: ['video'] });
  });
  afterAll(() => mock?.close());

  const get = (prefer: string, url = collectionsPath) => fetch(`${mock.url}${url}`, { headers: { ...auth, Prefer: prefer } });

  it('code= answers the documented status', async () => {
    const response = await get('code=404', `${collectionsPath}/any-collection`);
    expect(response.status).toBe(404);
  });

  it('example= answers the named example of the contract', async () => {
    const response = await get('example=firstPage');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(contractExample('video', 'listCollections', 'firstPage'));
  });

  it('dynamic=true answers a generated body that the contract allows', async () => {
    const response = await get('dynamic=true');
    const body = await response.json();
    expect(response.status).toBe(200);
    expect(validateAnswer('video', 'listCollections', 200, body)).toEqual([]);
    expect(body).not.toEqual(contractExample('video', 'listCollections', 'firstPage'));
  });

  it('answers 422 with a problem body for a Prefer header it cannot read', async () => {
    const response = await get('code=abc');
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ status: 422, title: 'Invalid Prefer header' });
  });
});

describe('dynamic answers with a seed', () => {
  const generated = (seed: string) =>
    withMock({ dynamic: true, seed }, async (mock) => {
      const response = await fetch(`${mock.url}${collectionsPath}`, { headers: { ...auth, Prefer: 'dynamic=true' } });
      return response.json();
    });

  it('repeat for the same seed and differ for another', async () => {
    const [first, again, other] = [await generated('seed-a'), await generated('seed-a'), await generated('seed-b')];
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
  });
});

describe('CORS', () => {
  it('answers a preflight from a listed origin and marks its answers readable by that origin only (never *)', () =>
    withMock({ corsOrigins: ['http://app.example'] }, async (mock) => {
      const preflight = await fetch(`${mock.url}/library/1/videos`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://app.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'accesskey, content-type' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
      expect(preflight.headers.get('access-control-allow-headers')!.split(', ')).toEqual(expect.arrayContaining(['accesskey', 'content-type']));
      expect(preflight.headers.get('access-control-allow-origin')).toBe('http://app.example');

      const answers = [
        await fetch(`${mock.url}${collectionsPath}`, { headers: { ...auth, Origin: 'http://app.example' } }),
        await fetch(`${mock.url}/nowhere`, { headers: { Origin: 'http://app.example' } }),
      ];
      for (const answer of answers) expect(answer.headers.get('access-control-allow-origin')).toBe('http://app.example');
      const other = await fetch(`${mock.url}${collectionsPath}`, { headers: { ...auth, Origin: 'http://other.example' } });
      expect(other.status).toBe(403);
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    }));
});

describe(`health endpoint ${HEALTH_PATH}`, () => {
  it('answers 200 with the areas served, and 405 to other methods', () =>
    withMock({}, async (mock) => {
      const health = await fetch(`${mock.url}${HEALTH_PATH}`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok', areas: ['video'], operations: mock.operations.length });
      const post = await fetch(`${mock.url}${HEALTH_PATH}`, { method: 'POST' });
      expect(post.status).toBe(405);
      expect(post.headers.get('content-type')).toBe('application/problem+json');
    }));
});

describe('maxBodyBytes', () => {
  const limit = 200;
  const post = (mock: RunningMock, bytes: number) =>
    fetch(`${mock.url}/library/1/videos`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x'.repeat(bytes - '{"title":""}'.length) }),
    });

  it('answers 413 with a problem body above the limit and accepts a body at the limit', () =>
    withMock({ maxBodyBytes: limit }, async (mock) => {
      const over = await post(mock, limit + 1);
      expect(over.status).toBe(413);
      expect(await over.json()).toEqual({
        type: 'about:blank',
        title: 'Request body too large',
        status: 413,
        detail: `The mock accepts bodies of at most ${limit} bytes here; the option maxBodyBytes (--max-body-bytes) raises it.`,
      });
      expect((await post(mock, limit)).status).toBe(200);
    }));
});

describe('pnpm mock (built CLI)', () => {
  beforeAll(() => {
    expect(spawnSync(process.execPath, [CLI, '--help'], { encoding: 'utf8' }).status, 'packages/mock/dist is missing: run `pnpm build`').toBe(0);
  });

  /** Starts the CLI on a free port and resolves with its URL once it has printed that it is ready. */
  async function startCli(args: string[]): Promise<{ child: ChildProcessWithoutNullStreams; url: string; output: () => string }> {
    const child = spawn(process.execPath, [CLI, '--port', '0', '--area', 'video', ...args]);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', () => {
        const found = /at (http:\/\/\S+) /.exec(output);
        if (found && /Ready in \d+ ms/.test(output)) resolve(found[1]!);
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
    });
    return { child, url, output: () => output };
  }

  const exited = (child: ChildProcessWithoutNullStreams) => new Promise<number | null>((resolve) => child.once('exit', resolve));

  it('prints its start-up time and one JSON object per request with --log-format json', async () => {
    const { child, url, output } = await startCli(['--log-format', 'json']);
    try {
      await fetch(`${url}${collectionsPath}`, { headers: auth });
      await printed(child, () =>
        output()
          .split('\n')
          .some((line) => line.startsWith('{')),
      );
      const lines = output()
        .split('\n')
        .filter((line) => line.startsWith('{'));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({
        method: 'GET',
        path: collectionsPath,
        status: 200,
        area: 'video',
        operationId: 'listCollections',
        violations: [],
      });
      expect(output()).not.toContain(auth.AccessKey);
    } finally {
      child.kill('SIGKILL');
    }
  });

  const badOptions: [string, string[], RegExp][] = [
    ['an unknown log format', ['--log-format', 'xml'], /^error: --log-format must be text or json/],
    ['a body limit of 0', ['--max-body-bytes', '0'], /^error: --max-body-bytes must be a whole number from 1 to/],
  ];
  it.each(badOptions)('refuses %s', (_name, args, message) => {
    const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toMatch(message);
  });

  it('finishes a request in flight on SIGTERM, then exits 0', async () => {
    const { child, url } = await startCli(['--quiet']);
    const { hostname, port } = new URL(url);
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const req = request({
      hostname,
      port,
      path: '/library/1/videos',
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.on('error', reject);
    });
    // The request is in flight (its body half sent) when the signal arrives; the rest is sent
    // once the mock has said that it is finishing the requests in flight.
    await new Promise<void>((resolve) => req.write('{"title":', () => resolve()));
    child.kill('SIGTERM');
    await printed(child, () => stderr.includes('finishing requests in flight'));
    req.end('"Sent after SIGTERM"}');
    const code = exited(child);
    const { status, body } = await answer;
    expect(status).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ title: 'Sent after SIGTERM' });
    expect(await code).toBe(0);
  });
});

/** Resolves once the child has printed what `done` looks for (checked on each chunk it prints). */
function printed(child: ChildProcessWithoutNullStreams, done: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    if (done()) return resolve();
    const check = () => {
      if (!done()) return;
      child.stdout.off('data', check);
      child.stderr.off('data', check);
      resolve();
    };
    child.stdout.on('data', check);
    child.stderr.on('data', check);
    child.once('exit', (code) => reject(new Error(`exited ${code} before printing what was awaited`)));
  });
}
