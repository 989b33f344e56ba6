// Build-time site settings. Prerendered HTML carries absolute URLs (canonical, alternates,
// Open Graph), so the public origin is fixed when the site is built; `npm start` rebuilds.
export type SocialKey = 'x' | 'github' | 'linkedin' | 'youtube';

export interface SiteSettings {
  origin: string;
  /** null: not configured, and the pages show no such link (placeholders only in development). */
  supportEmail: string | null;
  newsUrl: string | null;
  blogUrl: string | null;
  /** Only the configured accounts. */
  social: Partial<Record<SocialKey, string>>;
}

/** Placeholders a development build (`npm run dev`) shows so every link of the frame is visible. */
export const DEVELOPMENT_DEFAULTS = {
  WEB_SUPPORT_EMAIL: 'support@tomo.example',
  WEB_NEWS_URL: 'https://news.tomo.example',
  WEB_BLOG_URL: 'https://blog.tomo.example',
  WEB_SOCIAL_X_URL: 'https://x.com/tomo_assistant',
  WEB_SOCIAL_GITHUB_URL: 'https://github.com/tomo-assistant',
  WEB_SOCIAL_LINKEDIN_URL: 'https://www.linkedin.com/company/tomo-assistant',
  WEB_SOCIAL_YOUTUBE_URL: 'https://www.youtube.com/@tomo-assistant',
} as const;

const SOCIAL: Record<SocialKey, keyof typeof DEVELOPMENT_DEFAULTS> = {
  x: 'WEB_SOCIAL_X_URL',
  github: 'WEB_SOCIAL_GITHUB_URL',
  linkedin: 'WEB_SOCIAL_LINKEDIN_URL',
  youtube: 'WEB_SOCIAL_YOUTUBE_URL',
};

/**
 * A development build fills unset links with placeholders; any other build (the Docker image,
 * `npm run build`, `npm start`) leaves them out rather than send visitors to *.example, and
 * returns warnings for what is missing (printed by the build).
 */
export function readSiteSettings(
  env: Record<string, string | undefined>,
  options: { development: boolean },
): { settings: SiteSettings; warnings: string[] } {
  const publicUrl = env.PUBLIC_URL?.trim();
  const origin = new URL(publicUrl || `http://localhost:${env.PORT || '3000'}`).origin;
  const unset: string[] = [];
  const value = (name: keyof typeof DEVELOPMENT_DEFAULTS): string | null => {
    const configured = env[name]?.trim();
    if (configured) return configured;
    if (options.development) return DEVELOPMENT_DEFAULTS[name];
    unset.push(name);
    return null;
  };
  const settings: SiteSettings = {
    origin,
    supportEmail: value('WEB_SUPPORT_EMAIL'),
    newsUrl: value('WEB_NEWS_URL'),
    blogUrl: value('WEB_BLOG_URL'),
    social: {},
  };
  for (const [key, name] of Object.entries(SOCIAL) as [SocialKey, keyof typeof DEVELOPMENT_DEFAULTS][]) {
    const url = value(name);
    if (url) settings.social[key] = url;
  }
  const warnings: string[] = [];
  if (!publicUrl && !options.development) {
    warnings.push(
      `PUBLIC_URL is not set: canonical, alternate and Open Graph URLs and the sitemap name ${origin}. Set PUBLIC_URL to the site's public origin and rebuild.`,
    );
  }
  if (unset.length > 0) warnings.push(`Not configured, so the pages show no such link: ${unset.join(', ')}.`);
  return { settings, warnings };
}

export function siteBuildDefines(settings: SiteSettings): Record<string, string> {
  return { __TOMO_SITE__: JSON.stringify(settings) };
}
