import { existsSync, statSync } from 'node:fs';
import { join, normalize, resolve, sep } from 'node:path';
import express, { type RequestHandler, Router } from 'express';

/**
 * Serves the built web app: prerendered pages at `<path>/index.html`, hashed assets with a
 * long cache, and `spa.html` (the client-only shell) for routes that are not prerendered.
 */
export function webStatic(distDir: string): Router {
  const root = resolve(distDir);
  const router = Router();
  router.use(
    '/assets',
    express.static(join(root, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }),
  );
  router.use(express.static(root, { index: false, redirect: false, maxAge: 0 }));
  router.get(/.*/, pageHandler(root));
  return router;
}

function pageHandler(root: string): RequestHandler {
  return (req, res, next) => {
    const page = prerenderedPage(root, req.path) ?? existingFile(join(root, 'spa.html'));
    if (!page) {
      next();
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(page);
  };
}

function prerenderedPage(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const candidate = normalize(join(root, decoded, 'index.html'));
  if (!candidate.startsWith(root + sep)) return undefined;
  return existingFile(candidate);
}

function existingFile(path: string): string | undefined {
  try {
    return statSync(path).isFile() ? path : undefined;
  } catch {
    return undefined;
  }
}

/** Anything else: the site's 404 page when the build has one. */
export function notFoundPage(distDir: string): RequestHandler {
  const page = join(resolve(distDir), '404.html');
  return (_req, res) => {
    if (existsSync(page)) res.status(404).sendFile(page);
    else res.status(404).type('text/plain').send('Not found');
  };
}
