import type { SiteSettings } from '../../prerender/site-defines';

declare const __TOMO_SITE__: SiteSettings | undefined;

// Filled in by Vite's `define` at build time (see prerender/site-defines.ts); unit tests
// that import this module without Vite get an unconfigured build's settings (no links).
export const site: SiteSettings =
  typeof __TOMO_SITE__ !== 'undefined'
    ? __TOMO_SITE__
    : { origin: 'http://localhost:3000', supportEmail: null, newsUrl: null, blogUrl: null, social: {} };

export const siteName = 'Tomo';

/** "Add to Slack": installs Tomo in a workspace and starts its free trial (the server's /slack/install). */
export const SLACK_INSTALL_PATH = '/slack/install';

export function absoluteUrl(path: string): string {
  return new URL(path, site.origin).href;
}
