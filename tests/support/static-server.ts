import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler } from 'express';
import { notFoundPage, webStatic } from '../../apps/server/http/web-static';

/**
 * Serves a built web app (apps/web/dist) with the real server's own serving rules
 * (apps/server/http/web-static.ts: files, prerendered pages, the client-only shell for settings
 * and the playground, the 404 page for anything else), without the rest of the server. `api`
 * answers chosen paths (e.g. /api/public-config) like the server would; other /api and /auth
 * paths answer 404, as when signed out.
 */
export type ApiHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

export async function startStaticServer(opts: { root: string; api?: Record<string, ApiHandler> }): Promise<StaticServer> {
  const app = express();
  app.use((req, res, next) => {
    const api = opts.api?.[req.path];
    if (api) return api(req, res);
    if (req.path.startsWith('/api/') || req.path.startsWith('/auth/')) return void res.status(404).json({ error: 'not_found' });
    next();
  });
  app.use(webStatic(opts.root));
  app.use(notFoundPage(opts.root));
  const failed: ErrorRequestHandler = (error: { status?: number }, _req, res, _next) => void res.status(error.status ?? 500).end();
  app.use(failed);
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((done) => server.once('listening', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

export function json(body: unknown, status = 200): ApiHandler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
}
