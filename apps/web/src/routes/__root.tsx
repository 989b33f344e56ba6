import { HeadContent, Outlet, createRootRouteWithContext, useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { RouterContext } from '../app/router';
import { prepareMessages } from '../app/i18n';
import { NotFoundPage } from '../components/not-found-page';
import { Frame } from '../features/frame/components/frame';
import { htmlLang, localeOfPath } from '../lib/locale';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ location, context }) => {
    const locale = localeOfPath(location.pathname);
    await prepareMessages(context.i18n, locale, ['common']);
    return { locale };
  },
  head: () => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'theme-color', content: '#1d4ed8' },
    ],
    links: [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }],
  }),
  component: RootDocument,
  notFoundComponent: NotFoundPage,
});

// The whole document is React's: prerendered to HTML, then hydrated. Assets (stylesheet,
// entry script, module preloads) are added to <head> by the prerenderer and left alone.
function RootDocument() {
  const locale = useLocation({ select: (location) => localeOfPath(location.pathname) });
  // A marker for tests and tools: the page is interactive from here on.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <html lang={htmlLang[locale]}>
      <head>
        <HeadContent />
      </head>
      <body>
        <Frame>
          <Outlet />
        </Frame>
      </body>
    </html>
  );
}
