import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/** One acknowledgement as the client sent it over the socket. */
export interface SocketAck {
  envelope_id: string;
  payload?: Record<string, unknown>;
}

export interface FakeSocketMode {
  /** Use as SLACK_API_URL: `apps.connections.open` is answered here, every other call goes on to `upstream`. */
  url: string;
  /** The Web API origin other calls are forwarded to (the fake Slack's). */
  upstream: string | undefined;
  /** Every `apps.connections.open` call: the token it carried and what it got. */
  opens: { token: string | undefined; outcome: string }[];
  /** Sockets that completed the handshake (hello sent), oldest first. */
  connections: number;
  /** Open sockets now. */
  openSockets(): number;
  /** Every acknowledgement received. */
  acks: SocketAck[];
  /**
   * Sends one envelope over the newest open socket and resolves with its acknowledgement
   * (rejects when none comes within `timeoutMs`).
   */
  send(type: 'events_api' | 'interactive' | 'slash_commands', payload: Record<string, unknown>, options?: { retryAttempt?: number; timeoutMs?: number }): Promise<SocketAck>;
  /** The socket drops without a goodbye (a network cut, a Slack pod gone). */
  drop(): void;
  /** Slack's polite way: `{"type":"disconnect","reason":"refresh_requested"}`. */
  askToReconnect(): void;
  /**
   * What Slack does before recycling a connection: `{"type":"disconnect","reason":"warning"}`
   * on every open socket, which it then keeps delivering on for `graceMs` (Slack: about ten
   * seconds) before closing it. Resolves once those sockets are closed.
   */
  warnAndRecycle(graceMs: number): Promise<void>;
  /** Sends one frame as it is (a malformed or unexpected message) over the newest open socket. */
  sendRaw(frame: string): void;
  /**
   * Socket Mode turned off in the app's settings: every open socket gets
   * `{"type":"disconnect","reason":"link_disabled"}` and is closed. Until `turnOn`,
   * `apps.connections.open` still hands out a URL, and a socket opened on it is told
   * `link_disabled` at once instead of hello (Slack's answer while off is not documented).
   * Resolves once the open sockets are closed.
   */
  turnOff(): Promise<void>;
  /** Socket Mode turned on again: connections get their hello. */
  turnOn(): void;
  /** Whether Socket Mode is on (it is at start). */
  readonly on: boolean;
  /** Sockets told `link_disabled` while opening (Socket Mode off). */
  readonly refusedWhileOff: number;
  /** The next `count` calls to `apps.connections.open` get `invalid_auth` (a token Slack refuses for a while). */
  refuseOpens(count: number): void;
  /** The next `count` sockets open but get no hello (a handshake still under way). */
  withholdHello(count: number): void;
  /** Open sockets that said hello and were never warned: the ones Slack would deliver to. */
  liveSockets(): number;
  /** Resolves once `count` handshakes have completed in all. */
  waitForConnections(count: number, timeoutMs?: number): Promise<void>;
  /**
   * `apps.event.authorizations.list`: the installations each event (by its `event_context`) is
   * visible to, as tests set them. An event_context not here gets `invalid_event_context`.
   */
  eventAuthorizations: Map<string, EventAuthorization[]>;
  /** The app-level token's scopes (Slack: chosen when the token is generated). Default `connections:write` only. */
  scopes: Set<string>;
  /** Every `apps.event.authorizations.list` call: its arguments and what it got. */
  authorizationLists: { eventContext: string | undefined; cursor: string | undefined; limit: number; outcome: string }[];
  close(): Promise<void>;
}

/** One installation of the app an event is visible to, as `apps.event.authorizations.list` lists it. */
export type EventAuthorization = {
  enterprise_id: string | null;
  team_id: string | null;
  user_id: string;
  is_bot: boolean;
  is_enterprise_install: boolean;
};

/**
 * A fake of Slack's Socket Mode on 127.0.0.1: `apps.connections.open` (Bearer app token →
 * a one-time `wss` URL), a WebSocket server that greets with `hello`, delivers envelopes
 * (`envelope_id`, `type`, `payload`, `retry_attempt`), and reads acknowledgements. As Slack
 * does, an unknown or reused ticket is refused and a wrong token gets `invalid_auth`.
 */
export async function startFakeSocketMode(options: { appToken: string; appId?: string; upstream?: string; scopes?: string[] }): Promise<FakeSocketMode> {
  const tickets = new Set<string>();
  const sockets: WebSocket[] = [];
  const waiting = new Map<string, (ack: SocketAck) => void>();
  const opens: FakeSocketMode['opens'] = [];
  const acks: SocketAck[] = [];
  const warned = new Set<WebSocket>();
  let connections = 0;
  let on = true;
  let refusedWhileOff = 0;
  let hellosWithheld = 0;
  let opensRefused = 0;
  const linkDisabled = JSON.stringify({ type: 'disconnect', reason: 'link_disabled', debug_info: { host: 'fake-socket-mode' } });

  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      void route(req, Buffer.concat(parts)).then(
        ({ status, headers, body }) => {
          res.writeHead(status, headers);
          res.end(body);
        },
        (error: unknown) => {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ ok: false, error: 'fake_proxy_failed', detail: String(error) }));
        },
      );
    });
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const ticket = new URL(req.url ?? '/', 'http://fake').searchParams.get('ticket') ?? '';
    if (!tickets.delete(ticket)) {
      socket.end('HTTP/1.1 401 Unauthorized\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      if (!on) {
        refusedWhileOff += 1;
        ws.send(linkDisabled);
        ws.close();
        return;
      }
      sockets.push(ws);
      ws.on('message', (data) => {
        let ack: SocketAck;
        try {
          ack = JSON.parse(String(data)) as SocketAck;
        } catch {
          return;
        }
        acks.push(ack);
        waiting.get(ack.envelope_id)?.(ack);
        waiting.delete(ack.envelope_id);
      });
      ws.on('close', () => {
        sockets.splice(sockets.indexOf(ws), 1);
        warned.delete(ws);
      });
      if (hellosWithheld > 0) {
        hellosWithheld -= 1;
        return;
      }
      ws.send(
        JSON.stringify({
          type: 'hello',
          num_connections: sockets.length,
          debug_info: { host: 'fake-socket-mode', approximate_connection_time: 18060 },
          connection_info: { app_id: options.appId ?? 'A0TOMO' },
        }),
      );
      connections += 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  const fake: FakeSocketMode = {
    url: `${origin}/api/`,
    upstream: options.upstream,
    opens,
    get connections() {
      return connections;
    },
    openSockets: () => sockets.length,
    liveSockets: () => sockets.filter((socket) => !warned.has(socket)).length,
    acks,
    send(type, payload, { retryAttempt = 0, timeoutMs = 10_000 } = {}) {
      // Slack delivers on a connection it has not warned about, if there is one.
      const socket = sockets.filter((s) => !warned.has(s)).at(-1) ?? sockets.at(-1);
      if (!socket) return Promise.reject(new Error('no open Socket Mode connection'));
      const envelopeId = randomBytes(16).toString('hex');
      return new Promise<SocketAck>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(envelopeId);
          reject(new Error(`no acknowledgement for ${type} envelope within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.set(envelopeId, (ack) => {
          clearTimeout(timer);
          resolve(ack);
        });
        socket.send(
          JSON.stringify({
            envelope_id: envelopeId,
            type,
            payload,
            accepts_response_payload: type !== 'events_api',
            ...(type === 'events_api' ? { retry_attempt: retryAttempt, retry_reason: retryAttempt ? 'timeout' : '' } : {}),
          }),
        );
      });
    },
    drop() {
      for (const socket of [...sockets]) socket.terminate();
    },
    askToReconnect() {
      for (const socket of sockets) socket.send(JSON.stringify({ type: 'disconnect', reason: 'refresh_requested', debug_info: { host: 'fake' } }));
    },
    async warnAndRecycle(graceMs) {
      const recycled = [...sockets];
      for (const socket of recycled) {
        warned.add(socket);
        socket.send(JSON.stringify({ type: 'disconnect', reason: 'warning', debug_info: { host: 'fake' } }));
      }
      await new Promise((resolve) => setTimeout(resolve, graceMs));
      await Promise.all(
        recycled.map(
          (socket) =>
            new Promise<void>((resolve) => {
              if (socket.readyState === socket.CLOSED) return resolve();
              socket.once('close', () => resolve());
              socket.terminate();
            }),
        ),
      );
    },
    get on() {
      return on;
    },
    get refusedWhileOff() {
      return refusedWhileOff;
    },
    async turnOff() {
      on = false;
      const closing = [...sockets];
      await Promise.all(
        closing.map(
          (socket) =>
            new Promise<void>((resolve) => {
              if (socket.readyState === socket.CLOSED) return resolve();
              socket.once('close', () => resolve());
              socket.send(linkDisabled);
              // Slack closes the link itself if the client does not (a second later here).
              setTimeout(() => socket.terminate(), 1_000).unref();
            }),
        ),
      );
    },
    turnOn() {
      on = true;
    },
    refuseOpens(count) {
      opensRefused = count;
    },
    withholdHello(count) {
      hellosWithheld = count;
    },
    sendRaw(frame) {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('no open Socket Mode connection');
      socket.send(frame);
    },
    async waitForConnections(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (connections < count) {
        if (Date.now() > deadline) throw new Error(`${connections} Socket Mode connections, expected ${count}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    eventAuthorizations: new Map(),
    scopes: new Set(options.scopes ?? ['connections:write']),
    authorizationLists: [],
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.terminate();
        wss.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  async function route(req: IncomingMessage, body: Buffer): Promise<{ status: number; headers: Record<string, string>; body: Buffer | string }> {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    if (path === '/api/apps.connections.open') {
      const auth = req.headers.authorization;
      const token = auth?.startsWith('Bearer ') ? auth.slice('Bearer '.length) : undefined;
      const json = (value: unknown) => ({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });
      if (token === undefined) {
        opens.push({ token, outcome: 'not_authed' });
        return json({ ok: false, error: 'not_authed' });
      }
      if (token !== options.appToken || opensRefused > 0) {
        opensRefused = Math.max(0, opensRefused - 1);
        opens.push({ token, outcome: 'invalid_auth' });
        return json({ ok: false, error: 'invalid_auth' });
      }
      const ticket = randomBytes(12).toString('hex');
      tickets.add(ticket);
      opens.push({ token, outcome: 'ok' });
      return json({ ok: true, url: `ws://127.0.0.1:${port}/link/?ticket=${ticket}&app_id=${options.appId ?? 'A0TOMO'}` });
    }
    if (path === '/api/apps.event.authorizations.list') return eventAuthorizationsList(req, body);
    if (!fake.upstream) return { status: 502, headers: { 'content-type': 'text/plain' }, body: 'no upstream' };
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && !['host', 'content-length', 'connection'].includes(name)) headers[name] = value;
    }
    const upstream = await fetch(`${fake.upstream}${req.url ?? '/'}`, {
      method: req.method ?? 'GET',
      headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : new Uint8Array(body),
      redirect: 'manual',
    });
    const answer: Record<string, string> = {};
    upstream.headers.forEach((value, name) => {
      if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)) answer[name] = value;
    });
    return { status: upstream.status, headers: answer, body: Buffer.from(await upstream.arrayBuffer()) };
  }

  /**
   * Slack's `apps.event.authorizations.list` (docs.slack.dev/reference/methods/apps.event.authorizations.list):
   * an app-level token with `authorizations:read` (a workspace's token: `not_allowed_token_type`;
   * the scope missing: `missing_scope` with `needed` and `provided`), `event_context` required,
   * cursor pagination (`limit` up to 999, default 100; `response_metadata.next_cursor` empty on the last
   * page; a cursor it did not hand out: `invalid_cursor`). HTTP 200 with `ok: false` on every error.
   */
  function eventAuthorizationsList(req: IncomingMessage, body: Buffer): { status: number; headers: Record<string, string>; body: string } {
    const json = (value: unknown) => ({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });
    const type = req.headers['content-type'] ?? '';
    const params: Record<string, string> = type.includes('application/json')
      ? Object.fromEntries(Object.entries(JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>).map(([k, v]) => [k, String(v)]))
      : Object.fromEntries(new URLSearchParams(body.toString('utf8')));
    const auth = req.headers.authorization;
    const token = auth?.startsWith('Bearer ') ? auth.slice('Bearer '.length) : params.token;
    // Slack documents no error for a limit out of range; taken as its nearest bound here.
    const asked = Number(params.limit ?? 100);
    const limit = Number.isInteger(asked) ? Math.min(999, Math.max(1, asked)) : 100;
    const call = { eventContext: params.event_context, cursor: params.cursor || undefined, limit };
    const fail = (error: string, extra: Record<string, unknown> = {}) => {
      fake.authorizationLists.push({ ...call, outcome: error });
      return json({ ok: false, error, ...extra });
    };
    if (token === undefined || token === '') return fail('not_authed');
    if (!token.startsWith('xapp-')) return fail('not_allowed_token_type');
    if (token !== options.appToken) return fail('invalid_auth');
    if (!fake.scopes.has('authorizations:read')) return fail('missing_scope', { needed: 'authorizations:read', provided: [...fake.scopes].join(',') });
    if (!params.event_context) return fail('invalid_arguments');
    const all = fake.eventAuthorizations.get(params.event_context);
    if (!all) return fail('invalid_event_context');
    let offset = 0;
    if (call.cursor !== undefined) {
      const decoded = /^offset:(\d+)$/.exec(Buffer.from(call.cursor, 'base64').toString('utf8'));
      if (!decoded || Number(decoded[1]) > all.length) return fail('invalid_cursor');
      offset = Number(decoded[1]);
    }
    const page = all.slice(offset, offset + limit);
    const next = offset + limit < all.length ? Buffer.from(`offset:${offset + limit}`).toString('base64') : '';
    fake.authorizationLists.push({ ...call, outcome: 'ok' });
    return json({ ok: true, authorizations: page, response_metadata: { next_cursor: next } });
  }

  return fake;
}
