import { createConnection, createServer, type Socket } from 'node:net';

export interface TcpProxy {
  /** The port on 127.0.0.1 that forwards to the target. */
  port: number;
  /** Connections ever accepted and forwarded (refused ones not counted). */
  readonly forwarded: number;
  /** Cuts every open connection and refuses new ones until `up()`: the far side looks gone. */
  down(): void;
  up(): void;
  readonly isDown: boolean;
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 (port 0) in front of a server, to take it away and give it back
 * without touching it: `down()` resets every connection through the proxy and refuses new
 * ones, as a database restart or a network cut looks to its clients. Used in front of the
 * shared PostgreSQL in the fault tests, which must not be restarted for real.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let isDown = false;
  let forwarded = 0;
  const server = createServer((client) => {
    if (isDown) {
      client.resetAndDestroy();
      return;
    }
    forwarded += 1;
    const upstream = createConnection(target);
    open.add(client);
    open.add(upstream);
    const endBoth = () => {
      open.delete(client);
      open.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', endBoth).on('close', endBoth);
    upstream.on('error', endBoth).on('close', endBoth);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no port');
  const cutAll = () => {
    for (const socket of open) socket.resetAndDestroy();
    open.clear();
  };
  return {
    port: address.port,
    get forwarded() {
      return forwarded;
    },
    get isDown() {
      return isDown;
    },
    down() {
      isDown = true;
      cutAll();
    },
    up() {
      isDown = false;
    },
    close() {
      cutAll();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The same PostgreSQL URL, reached through the proxy. */
export function throughProxy(url: string, proxy: TcpProxy): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(proxy.port);
  return parsed.toString();
}
