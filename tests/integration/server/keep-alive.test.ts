import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningHttpServer } from '../../../apps/shared/http-server';

/**
 * The server keeps an idle connection open longer than the other side does (a load balancer's
 * 60 s, a client's own idle timeout), so a request sent on a connection that sat idle for a
 * while is answered, not reset (ECONNRESET, or a 502 behind a load balancer).
 */
describe('idle keep-alive connections', () => {
  let http: RunningHttpServer;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });

  beforeAll(async () => {
    http = await listen((_req, res) => void res.end('ok'), 0, '127.0.0.1');
  });
  afterAll(async () => {
    agent.destroy();
    await http.close(1000);
  });

  const get = () =>
    new Promise<{ reused: boolean; body: string; keepAlive: string | undefined }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: http.port, path: '/', agent }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ reused: req.reusedSocket, body, keepAlive: res.headers['keep-alive']?.toString() }));
      });
      req.on('error', reject);
      req.end();
    });

  it('answers a request on a connection left idle for 6 s on the same connection, and says it keeps it over a minute', async () => {
    const first = await get();
    expect(first).toEqual({ reused: false, body: 'ok', keepAlive: 'timeout=65' });
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await get()).toEqual({ reused: true, body: 'ok', keepAlive: 'timeout=65' });
  }, 20_000);
});
