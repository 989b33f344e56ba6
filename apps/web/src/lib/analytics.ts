import type { AnyRouter } from '@tanstack/react-router';
import { fetchPublicConfig } from './api/get-public-config';
import { localeOfPath } from './locale';
import type { Locale } from './locale';

/**
 * Page views for a browser analytics script configured on the server (public config
 * `analyticsScriptUrl`). The script must define `window.tomoAnalytics.pageview(view)`;
 * views that happen before it has loaded are queued. Without a configured script nothing is
 * loaded and nothing is sent.
 */
export interface PageView {
  url: string;
  path: string;
  title: string;
  locale: Locale;
  referrer: string;
}

declare global {
  interface Window {
    tomoAnalytics?: { pageview(view: PageView): void };
  }
}

function send(view: PageView): void {
  try {
    window.tomoAnalytics?.pageview(view);
  } catch {
    // A broken analytics script must never break the site.
  }
}

export function startPageViews(router: AnyRouter): void {
  let lastKey = '';
  let referrer = document.referrer;
  let state: 'pending' | 'ready' | 'off' = 'pending';
  const queue: PageView[] = [];

  const record = () => {
    const { pathname, search, href } = window.location;
    const key = pathname + search; // moving to an anchor on the same page is not a page view
    if (key === lastKey) return;
    lastKey = key;
    const view: PageView = { url: href, path: pathname, title: document.title, locale: localeOfPath(pathname), referrer };
    referrer = href;
    if (state === 'ready') send(view);
    else if (state === 'pending') queue.push(view);
  };

  record();
  router.subscribe('onRendered', record);

  void fetchPublicConfig().then((config) => {
    if (!config.analyticsScriptUrl) {
      state = 'off';
      queue.length = 0;
      return;
    }
    const script = document.createElement('script');
    script.src = config.analyticsScriptUrl;
    script.async = true;
    script.onload = () => {
      state = 'ready';
      queue.splice(0).forEach(send);
    };
    script.onerror = () => {
      state = 'off';
      queue.length = 0;
    };
    document.head.append(script);
  });
}
