import { createServer, type RequestListener, type Server } from 'node:http';

export interface RunningHttpServer {
  server: Server;
  port: number;
  /** Stops accepting, lets in-flight requests finish (up to timeoutMs), then drops the rest. */
  close(timeoutMs: number): Promise<void>;
}

export function listen(handler: RequestListener, port: number, host = '0.0.0.0'): Promise<RunningHttpServer> {
  const server = createServer(handler);
  server.keepAliveTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      resolve({ server, port: actual, close: (timeoutMs) => closeGracefully(server, timeoutMs) });
    });
  });
}

function closeGracefully(server: Server, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}
