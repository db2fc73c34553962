// Connection upgrades at the HTTP door: an area brings its own (the database's WebSocket, see
// test/areas/database/websocket.test.ts); where no area serves one, the upgrade is refused
// with a clear 4xx problem, never the 302 to /docs/ that a plain GET / gets. An open
// WebSocket does not hold the mock's close, and upgrades are in the request log.
import { request } from 'node:http';
import { startMock } from '@platform-contracts/mock';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useHttpMock } from '../../support/mock.ts';

const mock = useHttpMock(['video']);

/** The raw answer to an upgrade request. */
function upgradeAnswer(path: string, upgrade: string): Promise<{ status: number; contentType?: string; body: any }> {
  const { port } = new URL(mock.url);
  const headers = { connection: 'Upgrade', upgrade, 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' };
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, contentType: res.headers['content-type'], body: JSON.parse(text) }));
    });
    req.on('upgrade', () => reject(new Error('the upgrade was accepted')));
    req.on('error', reject);
    req.end();
  });
}

describe('an upgrade no area serves', () => {
  it('answers a WebSocket upgrade of / with 404 saying the mock takes none, not the redirect to /docs/', async () => {
    const answer = await upgradeAnswer('/', 'websocket');
    expect(answer.status).toBe(404);
    expect(answer.contentType).toBe('application/problem+json');
    expect(answer.body).toEqual({
      type: 'about:blank',
      title: 'No WebSocket endpoint',
      status: 404,
      detail: 'No WebSocket endpoint at /. The mock takes no WebSocket upgrade.',
    });
  });

  it('answers an upgrade to another protocol with 400 naming it', async () => {
    const answer = await upgradeAnswer('/', 'h2c');
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(/does not upgrade to "h2c"; send the request without an Upgrade header/);
  });
});

describe('closing with a WebSocket open', () => {
  it('ends the upgraded connection and resolves; the upgrade is in the request log as 101', async () => {
    const logged: { method: string; path: string; status: number }[] = [];
    const running = await startMock({ port: 0, areas: ['database'], onRequest: ({ method, path, status }) => logged.push({ method, path, status }) });
    const socket = new WebSocket(running.url.replace(/^http:/, 'ws:'), ['hrana3']);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await running.close();
    await closed;
    expect(socket.readyState).toBe(WebSocket.CLOSED);
    expect(logged).toEqual([{ method: 'GET', path: '/', status: 101 }]);
  });
});
