import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeHandler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void | Promise<void>;

export interface RunningFake {
  /** `http://127.0.0.1:PORT` (no trailing slash). */
  origin: string;
  port: number;
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 with an ephemeral port. The handler gets the whole body.
 * Fakes never log request or response content.
 */
export async function startHttpFake(handler: FakeHandler): Promise<RunningFake> {
  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      Promise.resolve(handler(req, res, Buffer.concat(parts))).catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { error: 'fake_failed', detail: String(error) });
        else res.destroy();
      });
    });
  });
  // Connections stay open for reuse as behind a real API's load balancer (a 1 s timeout made every client reconnect per call).
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(text);
}

/** Resolves after `ms`, or early when the client went away (so a slow fake never holds a test). */
export function waitUnlessGone(res: ServerResponse, ms: number): Promise<boolean> {
  if (ms <= 0) return Promise.resolve(!res.destroyed);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      res.off('close', onClose);
      resolve(!res.destroyed);
    }, ms);
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    res.once('close', onClose);
  });
}

/** A header value as one string (lower-case name). */
export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

export function parseJson(body: Buffer): unknown {
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Ends a streamed response early. `end` closes it properly (the client sees a short but
 * well-formed stream); `destroy` closes the connection mid-body once what was written is
 * flushed (the client sees a broken transfer).
 */
export function cutOff(res: ServerResponse, mode: 'end' | 'destroy' = 'end'): void {
  if (mode === 'end') {
    res.end();
    return;
  }
  const socket = res.socket;
  if (socket === null) return;
  socket.end(() => socket.destroy());
}
