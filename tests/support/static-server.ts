import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';

/**
 * Serves a built web app (apps/web/dist) with the rules the real server follows: a file or a
 * directory's index.html if one exists, otherwise spa.html for page requests (no extension),
 * otherwise 404. `api` answers chosen paths (e.g. /api/public-config) like the server would.
 */
export type ApiHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

export async function resolveStaticFile(root: string, urlPath: string): Promise<string | null> {
  const decoded = decodeURIComponent(urlPath);
  const target = normalize(join(root, decoded));
  if (!target.startsWith(resolve(root))) return null;
  if (await isFile(target)) return target;
  const index = join(target, 'index.html');
  if (await isFile(index)) return index;
  if (extname(decoded) === '') return join(root, 'spa.html');
  return null;
}

export async function startStaticServer(opts: { root: string; api?: Record<string, ApiHandler> }): Promise<StaticServer> {
  const root = resolve(opts.root);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const api = opts.api?.[url.pathname];
    if (api) return api(req, res);
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/auth/')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not_found"}');
      return;
    }
    void resolveStaticFile(root, url.pathname).then(
      (file) => {
        if (!file) {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
          return;
        }
        res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
        createReadStream(file).pipe(res);
      },
      () => res.writeHead(400).end(),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
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
