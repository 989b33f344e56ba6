import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { localeOfPath } from '../lib/locale';
import { publicPaths } from '../lib/public-routes';
import { createI18n } from './i18n';
import { createAppRouter } from './router';

export interface RenderedPage {
  status: 200 | 404;
  /** The complete document, without asset tags (the prerenderer adds them). */
  html: string;
  /** Matched route ids, e.g. ['__root__', '/{-$locale}', '/{-$locale}/pricing']. */
  routeIds: string[];
  /** Message files the page rendered with, e.g. ['ja/common', 'ja/pricing']. */
  messageFiles: string[];
}

/** Renders one URL as the browser's first render will: same router, same messages. */
export async function renderPage(url: string): Promise<RenderedPage> {
  const pathname = new URL(url, 'http://prerender.invalid').pathname;
  const locale = localeOfPath(pathname);
  const i18n = await createI18n(locale);
  const router = createAppRouter(i18n, createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  const html = renderToString(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  const matches = router.state.matches;
  const notFound = matches.some((match) => match.status === 'notFound' || match._notFound === true);
  const loaded = Object.keys(i18n.store.data[locale] ?? {});
  return {
    status: notFound ? 404 : 200,
    html: `<!DOCTYPE html>${html}`,
    routeIds: matches.map((match) => match.routeId),
    messageFiles: loaded.map((namespace) => `${locale}/${namespace}`),
  };
}

/**
 * The pages the browser renders alone (settings, the playground), without the locale: every
 * route of the tree that is neither a public page (prerendered) nor a pattern (`$useCase`).
 * The prerenderer writes the client-only shell at each, so the server needs no list of its own.
 */
export async function clientOnlyPaths(): Promise<string[]> {
  const router = createAppRouter(await createI18n('en'));
  const paths = new Set<string>();
  for (const route of Object.values(router.routesById) as { fullPath: string }[]) {
    const path = route.fullPath.replace(/^\/\{-\$locale\}/, '').replace(/\/$/, '') || '/';
    if (!path.includes('$') && !publicPaths.includes(path)) paths.add(path);
  }
  return [...paths].sort();
}
