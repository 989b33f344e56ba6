import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { localizePath, locales } from '../src/lib/locale.ts';
import { publicPages, publicPaths } from '../src/lib/public-routes.ts';
import { assetTags, clientEntryKey, injectIntoHead, pageScripts } from './asset-tags.ts';
import type { Manifest } from './asset-tags.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';
import { INLINE_SCRIPT_HASHES_FILE } from '../../server/http/content-security-policy.ts';

interface ServerEntry {
  renderPage(url: string): Promise<{ status: number; html: string; routeIds: string[]; messageFiles: string[] }>;
  clientOnlyPaths(): Promise<string[]>;
}

/** dist/<path>/index.html for a URL path: '/' → index.html, '/ja/pricing' → ja/pricing/index.html. */
export function outputFile(outDir: string, urlPath: string): string {
  return join(outDir, urlPath, 'index.html');
}

/**
 * The client-only shell for the routes that are not prerendered (settings, the playground),
 * written at each of their paths: no React markup, so the entry renders instead of hydrating
 * (data-render="client").
 */
export function spaShell(tags: string): string {
  return (
    '<!DOCTYPE html><html lang="en" data-render="client"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    // The prerendered pages' icon, else the browser asks for /favicon.ico (a 404 in the console).
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">' +
    `<title>Tomo</title>${tags}</head><body></body></html>`
  );
}

/**
 * The CSP hash source (`sha256-…`) of each inline script of a page: TanStack Router's scroll
 * restoration (it puts the saved scroll position back before the page paints). The server's
 * `script-src` allows exactly these (apps/server/http/content-security-policy.ts).
 */
export function inlineScriptHashes(html: string): string[] {
  const scripts = html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi);
  return [...scripts]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes ?? ''))
    .map(([, , body]) => `sha256-${createHash('sha256').update(body ?? '', 'utf8').digest('base64')}`);
}

async function write(file: string, content: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, content);
}

export async function prerenderSite(opts: { outDir: string; serverEntry: string; origin: string }): Promise<void> {
  const { outDir, origin } = opts;
  const hashes = new Set<string>();
  const writePage = async (file: string, html: string) => {
    for (const hash of inlineScriptHashes(html)) hashes.add(hash);
    await write(file, html);
  };
  const server = (await import(pathToFileURL(opts.serverEntry).href)) as ServerEntry;
  const manifestFile = join(outDir, '.vite/manifest.json');
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;

  const render = async (url: string, expected: number) => {
    const page = await server.renderPage(url);
    if (page.status !== expected) throw new Error(`Prerendering ${url} answered ${page.status}, expected ${expected}`);
    return injectIntoHead(page.html, assetTags(manifest, pageScripts(manifest, page.routeIds, page.messageFiles)));
  };

  for (const page of publicPages()) {
    await writePage(outputFile(outDir, page.url), await render(page.url, 200));
  }
  // Not-found pages for a server that wants to answer unknown public paths with 404.
  await writePage(join(outDir, '404.html'), await render('/404', 404));
  await writePage(join(outDir, 'ja/404.html'), await render('/ja/404', 404));
  const shell = spaShell(assetTags(manifest, pageScripts(manifest, [], [])));
  const clientOnly = await server.clientOnlyPaths();
  if (clientOnly.length === 0) throw new Error('No client-only routes found in the route tree');
  for (const path of clientOnly) {
    for (const locale of locales) await writePage(outputFile(outDir, localizePath(path, locale)), shell);
  }
  await write(join(outDir, 'sitemap.xml'), sitemapXml(origin, publicPaths));
  await write(join(outDir, 'robots.txt'), robotsTxt(origin));
  await write(join(outDir, INLINE_SCRIPT_HASHES_FILE), JSON.stringify([...hashes].sort()));
  if (!manifest[clientEntryKey]) throw new Error('Client entry missing from the manifest');
  // The manifest is a build artefact, not something to serve.
  await rm(join(outDir, '.vite'), { recursive: true, force: true });
  console.log(`prerendered ${publicPages().length} pages, 404 pages, the shell of ${clientOnly.length * locales.length} client-only pages, sitemap.xml and robots.txt into ${outDir}`);
}
