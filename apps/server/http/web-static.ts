import { existsSync, statSync } from 'node:fs';
import { join, normalize, posix, resolve, sep } from 'node:path';
import compression from 'compression';
import express, { type RequestHandler, Router } from 'express';

/**
 * Serves the built web app: its pages at `<path>/index.html` (prerendered, or the client-only
 * shell the build wrote at each settings and playground route), hashed assets with a long
 * cache. Any other path falls through to the 404 page, so a mistyped address answers 404 (not
 * a page saying "not found" with a 200 that crawlers index). Text (pages, scripts, styles, the
 * 404 page after it) goes out compressed when the browser accepts it (`compressed`).
 */
export function webStatic(distDir: string): Router {
  const root = resolve(distDir);
  const router = Router();
  router.use(compressed);
  router.use(
    '/assets',
    express.static(join(root, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }),
  );
  router.use(notFoundFilesAsNotFound);
  router.use(express.static(root, { index: false, redirect: false, maxAge: 0 }));
  router.get(/.*/, pageHandler(root));
  return router;
}

/** `404.html` and `ja/404.html`, however the path spells them (`/ja/../404.html`, `/%34%30%34.html`). */
const NOT_FOUND_FILE = /^\/(?:ja\/)?404\.html$/;

/**
 * The not-found pages are files of the build, but not pages of the site: asked for by name they
 * would go out with 200 (an indexable "not found"). They leave this router, so `notFoundPage`
 * answers them as it answers any unknown address: 404, with the page of the path's language.
 */
const notFoundFilesAsNotFound: RequestHandler = (req, _res, next) => {
  let path: string;
  try {
    path = posix.normalize(decodeURIComponent(req.path));
  } catch {
    next();
    return;
  }
  next(NOT_FOUND_FILE.test(path) ? 'router' : undefined);
};

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

/**
 * gzip or brotli for what the browser accepts (`Accept-Encoding`), text types over 1 KB only
 * (the `compression` package's rules): the framework chunk alone is about 350 KB as built and
 * 110 KB gzipped, which a first visit otherwise downloads whole. The package's brotli quality
 * (4) is fast enough to compress on each request; hashed assets are then cached for a year.
 */
export const compressed: RequestHandler = compression();
