import { createRouter } from '@tanstack/react-router';
import type { RouterHistory } from '@tanstack/react-router';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { parseSearch, stringifySearch } from '../lib/search-params';
import { routeTree } from '../routeTree.gen';

export interface RouterContext {
  i18n: I18n;
}

/** One router factory for the prerenderer and the browser, so both render the same tree. */
export function createAppRouter(i18n: I18n, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { i18n },
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    scrollRestoration: true,
    parseSearch,
    stringifySearch,
    Wrap: ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
