import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { localeOfPath } from '../lib/locale';
import { startPageViews } from '../lib/analytics';
import { startRouteFocus } from '../lib/route-focus';
import { createI18n } from './i18n';
import { createAppRouter } from './router';
import './styles/index.css';

async function start() {
  const i18n = await createI18n(localeOfPath(window.location.pathname));
  const router = createAppRouter(i18n);
  // Tell the router the document was rendered on a server, so it renders the same
  // Suspense-free root as the prerenderer did (what its own hydrate() would set).
  router.ssr = { manifest: undefined };
  // Resolve the route, its code chunk and its messages first, so the first client render
  // produces exactly the prerendered markup.
  await router.load();
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  // The client-only shell (routes that are not prerendered, e.g. /settings/*) carries no React markup.
  if (document.documentElement.dataset.render === 'client') createRoot(document).render(app);
  else hydrateRoot(document, app);
  startPageViews(router);
  startRouteFocus(router);
}

void start();
