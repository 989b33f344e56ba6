import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import express, { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../apps/server/app';
import { listen, type RunningHttpServer } from '../../../apps/shared/http-server';
import { requireSignIn } from '../../../apps/server/http/session/signed-in';
import { testLogger } from '../../support/logger';

/**
 * An attacker declares a body, sends a few bytes of it and then nothing more (or a byte now and
 * then), on as many connections as they like, without signing in. Node held each one until its
 * requestTimeout (300 s), on any route: one that reads the body (a webhook before its signature
 * is checked, a JSON call) and one that answered without it alike. Now a body has 30 s (shortened
 * here) to arrive, and the rest of one nobody reads only a moment after the answer; the icon
 * upload alone keeps Node's bound.
 */
const DEADLINE_MS = 300;

describe('a request whose body comes slowly, or not at all', () => {
  let http: RunningHttpServer;

  beforeAll(async () => {
    const routes = Router()
      // As the icon upload does: the sign-in check answers 401 before the raw body is read.
      .put('/api/upload', requireSignIn, express.raw({ type: () => true, limit: '50mb' }), (_req, res) => void res.json({ ok: true }))
      .put('/api/open-upload', express.raw({ type: () => true, limit: '50mb' }), (req, res) => void res.json({ bytes: (req.body as Buffer).length }))
      .post('/api/echo', (req, res) => void res.json(req.body));
    // As Slack's and Stripe's webhooks are: read raw, before any body parser.
    const hook = Router().post('/hook', express.raw({ type: () => true }), (req, res) => void res.json({ bytes: (req.body as Buffer).length }));
    const app = createApp({
      logger: testLogger,
      readiness: { check: async () => {} },
      bodyLimit: '1mb',
      webDistDir: 'tests/fixtures/web-dist',
      routes: [routes],
      rawBodyRoutes: [hook],
      uploadPaths: ['/api/upload', '/api/open-upload'],
      bodyDeadlineMs: DEADLINE_MS,
    });
    http = await listen(app, 0, '127.0.0.1');
  });
  afterAll(() => http.close(1000));

  /** Sends `head` and waits for the answer's head; `closed` settles when the server closes the connection. */
  const send = (head: string, after?: (socket: Socket) => Promise<void>) =>
    new Promise<{ socket: Socket; answer: string; closed: Promise<void> }>((resolve, reject) => {
      const socket = connect(http.port, '127.0.0.1');
      const closed = new Promise<void>((done) => socket.on('close', () => done()));
      let received = '';
      socket.on('error', reject);
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString('latin1');
        if (received.includes('\r\n\r\n')) resolve({ socket, answer: received, closed });
      });
      socket.write(head);
      after?.(socket).catch(reject);
    });

  /** The body of the answer on `socket` once `answer` holds its head (Content-Length bytes). */
  const bodyOf = async (socket: Socket, answer: string) => {
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(answer)?.[1] ?? 0);
    let text = answer.slice(answer.indexOf('\r\n\r\n') + 4);
    while (Buffer.byteLength(text, 'latin1') < length) text += await new Promise<string>((resolve) => socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1'))));
    return JSON.parse(Buffer.from(text, 'latin1').toString('utf8')) as unknown;
  };

  it.each([
    ['en', 'POST /api/echo', 'application/json', 'Tomo did not receive the whole request in time. Check your connection and try again.'],
    ['ja', 'POST /api/echo', 'application/json', 'リクエストを時間内に受け取れませんでした。接続を確認してから、もう一度お試しください。'],
    ['en', 'POST /hook', 'application/json', 'Tomo did not receive the whole request in time. Check your connection and try again.'],
  ])('a body still coming after the deadline (%s, %s) is answered 408 REQUEST_TIMEOUT and the connection closed', async (locale, line, type, message) => {
    const { socket, answer, closed } = await send(`${line} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Tomo-Locale: ${locale}\r\nContent-Type: ${type}\r\nContent-Length: 1000\r\n\r\n{"a":`);
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(answer.toLowerCase()).toContain('\r\nconnection: close\r\n');
    expect(await bodyOf(socket, answer)).toEqual({ error: { code: 'REQUEST_TIMEOUT', message } });
    await closed;
  }, 10_000);

  it('lets an upload take longer than the deadline, and reads it whole', async () => {
    const { answer } = await send('PUT /api/open-upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png\r\nContent-Length: 6\r\n\r\nabc', async (socket) => {
      await new Promise((resolve) => setTimeout(resolve, DEADLINE_MS * 2));
      socket.write('def');
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(answer).toContain('{"bytes":6}');
  }, 10_000);

  it.each([
    ['a signed-out upload (401 before the body is read)', 'PUT /api/upload', 'image/png', '401'],
    ['a post to an unknown page (the 404 page)', 'POST /no-such-page', 'application/x-www-form-urlencoded', '404'],
    ['a post to an unknown API path (JSON 404, no parser for the type)', 'POST /api/no-such-path', 'image/png', '404'],
  ])('%s closes the connection instead of waiting for the rest of the body', async (_label, line, type, status) => {
    const { socket, answer, closed } = await send(`${line} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nContent-Length: 10000000\r\n\r\nabc`);
    expect(answer.split('\r\n')[0]).toBe(`HTTP/1.1 ${status} ${status === '401' ? 'Unauthorized' : 'Not Found'}`);
    // The attacker keeps quiet: the server, not the client, ends the connection.
    await closed;
    expect(socket.destroyed).toBe(true);
  }, 10_000);

  it.each([
    ['arrived whole', 'abc', ''],
    ['had its last bytes still on the way when the answer went out', 'a', 'bc'],
  ])('keeps the connection of a request whose body %s, and answers the next request on it', async (_label, first, rest) => {
    const { socket, answer } = await send(`POST /api/no-such-path HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png\r\nContent-Length: 3\r\n\r\n${first}`);
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 404 Not Found');
    expect(answer.toLowerCase()).toContain('\r\nconnection: keep-alive\r\n');
    if (rest) socket.write(rest);
    const next = new Promise<string>((resolve) => {
      let received = '';
      socket.removeAllListeners('data');
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString('latin1');
        if (received.includes('\r\n\r\n')) resolve(received);
      });
    });
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect((await next).split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    socket.destroy();
  });
  it('keeps no listener behind for a body that arrived whole: a keep-alive connection carries many posts', async () => {
    // Slack and the pages reuse one connection for request after request; each body the deadline
    // watched left a close listener on the socket until the connection ended (a slow leak, and
    // Node's MaxListenersExceededWarning after the tenth).
    const warnings: string[] = [];
    const onWarning = (warning: Error) => void warnings.push(warning.name);
    process.on('warning', onWarning);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const sockets = new Set<unknown>();
      for (let i = 0; i < 15; i += 1) {
        const echoed = await new Promise<string>((resolve, reject) => {
          const post = request({ host: '127.0.0.1', port: http.port, path: '/api/echo', method: 'POST', agent, headers: { 'Content-Type': 'application/json' } }, (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () => resolve(text));
          });
          post.on('socket', (socket) => sockets.add(socket));
          post.on('error', reject);
          post.end(JSON.stringify({ i }));
        });
        expect(JSON.parse(echoed)).toEqual({ i });
      }
      expect(sockets.size).toBe(1);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      agent.destroy();
      process.off('warning', onWarning);
    }
  });
});
