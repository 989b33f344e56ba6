import { describe, expect, it } from 'vitest';
import { readSiteSettings } from '../../../apps/web/prerender/site-defines';

// A public build (the Docker image, `npm run build`) bakes these links into every page: a link
// to support@tomo.example or news.tomo.example sends real visitors nowhere. Only the
// development build (`npm run dev` = `vite build --mode development`) may show placeholders.
describe('site settings baked into the web build', () => {
  it('omits contact, news, blog and social links that are not configured', () => {
    const { settings } = readSiteSettings({ PUBLIC_URL: 'https://tomo.acme.com' }, { development: false });
    expect(settings).toEqual({ origin: 'https://tomo.acme.com', supportEmail: null, newsUrl: null, blogUrl: null, social: {} });
  });

  it('uses what is configured', () => {
    const { settings, warnings } = readSiteSettings(
      {
        PUBLIC_URL: 'https://tomo.acme.com/',
        WEB_SUPPORT_EMAIL: 'help@acme.com',
        WEB_NEWS_URL: 'https://acme.com/news',
        WEB_BLOG_URL: 'https://acme.com/blog',
        WEB_SOCIAL_GITHUB_URL: 'https://github.com/acme',
      },
      { development: false },
    );
    expect(settings).toEqual({
      origin: 'https://tomo.acme.com',
      supportEmail: 'help@acme.com',
      newsUrl: 'https://acme.com/news',
      blogUrl: 'https://acme.com/blog',
      social: { github: 'https://github.com/acme' },
    });
    expect(warnings).toEqual([expect.stringMatching(/WEB_SOCIAL_X_URL.*WEB_SOCIAL_LINKEDIN_URL.*WEB_SOCIAL_YOUTUBE_URL/)]);
  });

  it('warns when the public origin is missing (canonical, Open Graph and sitemap would name localhost)', () => {
    const { settings, warnings } = readSiteSettings({ PORT: '8080' }, { development: false });
    expect(settings.origin).toBe('http://localhost:8080');
    expect(warnings).toContainEqual(expect.stringMatching(/PUBLIC_URL is not set.*http:\/\/localhost:8080/));
    expect(warnings).toContainEqual(expect.stringMatching(/WEB_SUPPORT_EMAIL.*WEB_NEWS_URL.*WEB_BLOG_URL/));
  });

  it('keeps the development defaults in a development build, without warnings', () => {
    const { settings, warnings } = readSiteSettings({}, { development: true });
    expect(settings.origin).toBe('http://localhost:3000');
    expect(settings.supportEmail).toBe('support@tomo.example');
    expect(settings.newsUrl).toBe('https://news.tomo.example');
    expect(Object.keys(settings.social)).toEqual(['x', 'github', 'linkedin', 'youtube']);
    expect(warnings).toEqual([]);
  });
});
