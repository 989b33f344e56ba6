import { existsSync, statSync } from 'node:fs';
import { join, normalize, resolve, sep } from 'node:path';
import express, { type RequestHandler, Router } from 'express';

/**
 * Serves the built web app: its pages at `<path>/index.html` (prerendered, or the client-only
 * shell the build wrote at each settings and playground route), hashed assets with a long
 * cache. Any other path falls through to the 404 page, so a mistyped address answers 404 (not
 * a page saying "not found" with a 200 that crawlers index).
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
    const page = prerenderedPage(root, req.path);
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

/** Anything else: the site's 404 page in the path's language, when the build has one. */
export function notFoundPage(distDir: string): RequestHandler {
  const root = resolve(distDir);
  return (req, res) => {
    const page = join(root, /^\/ja(?:\/|$)/.test(req.path) ? 'ja' : '', '404.html');
    if (existsSync(page)) res.status(404).setHeader('Cache-Control', 'no-cache').sendFile(page);
    else res.status(404).type('text/plain').send('Not found');
  };
}
