import type { SiteSettings } from '../../prerender/site-defines';

declare const __TOMO_SITE__: SiteSettings | undefined;

// Filled in by Vite's `define` at build time (see prerender/site-defines.ts); unit tests
// that import this module without Vite get the same defaults as an unconfigured build.
export const site: SiteSettings =
  typeof __TOMO_SITE__ !== 'undefined'
    ? __TOMO_SITE__
    : {
        origin: 'http://localhost:3000',
        supportEmail: 'support@tomo.example',
        newsUrl: 'https://news.tomo.example',
        blogUrl: 'https://blog.tomo.example',
        social: {
          x: 'https://x.com/tomo_assistant',
          github: 'https://github.com/tomo-assistant',
          linkedin: 'https://www.linkedin.com/company/tomo-assistant',
          youtube: 'https://www.youtube.com/@tomo-assistant',
        },
      };

export const siteName = 'Tomo';

/** "Add to Slack": installs Tomo in a workspace and starts its free trial (the server's /slack/install). */
export const SLACK_INSTALL_PATH = '/slack/install';

export function absoluteUrl(path: string): string {
  return new URL(path, site.origin).href;
}
