import { createServer, type RequestListener, type Server } from 'node:http';

export interface RunningHttpServer {
  server: Server;
  port: number;
  /** Stops accepting, lets in-flight requests finish (up to timeoutMs), then drops the rest. */
  close(timeoutMs: number): Promise<void>;
}

export function listen(handler: RequestListener, port: number, host = '0.0.0.0'): Promise<RunningHttpServer> {
  const server = createServer(handler);
  // Idle keep-alive connections are held longer than a load balancer's or a client's own idle
  // timeout (AWS ALB 60 s; undici closes at the server's hint less 2 s), so the other side always
  // closes first. At 5 s a request sent on a connection just as the server closed it was reset
  // (ECONNRESET for a POST, which clients do not retry; a 502 behind a load balancer).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
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
