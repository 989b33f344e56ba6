// Build-time site settings. Prerendered HTML carries absolute URLs (canonical, alternates,
// Open Graph), so the public origin is fixed when the site is built; `npm start` rebuilds.
export interface SiteSettings {
  origin: string;
  supportEmail: string;
  newsUrl: string;
  blogUrl: string;
  social: { x: string; github: string; linkedin: string; youtube: string };
}

export function readSiteSettings(env: Record<string, string | undefined>): SiteSettings {
  const origin = new URL(env.PUBLIC_URL || `http://localhost:${env.PORT || '3000'}`).origin;
  return {
    origin,
    supportEmail: env.WEB_SUPPORT_EMAIL || 'support@tomo.example',
    newsUrl: env.WEB_NEWS_URL || 'https://news.tomo.example',
    blogUrl: env.WEB_BLOG_URL || 'https://blog.tomo.example',
    social: {
      x: env.WEB_SOCIAL_X_URL || 'https://x.com/tomo_assistant',
      github: env.WEB_SOCIAL_GITHUB_URL || 'https://github.com/tomo-assistant',
      linkedin: env.WEB_SOCIAL_LINKEDIN_URL || 'https://www.linkedin.com/company/tomo-assistant',
      youtube: env.WEB_SOCIAL_YOUTUBE_URL || 'https://www.youtube.com/@tomo-assistant',
    },
  };
}

export function siteBuildDefines(env: Record<string, string | undefined>): Record<string, string> {
  return { __TOMO_SITE__: JSON.stringify(readSiteSettings(env)) };
}
