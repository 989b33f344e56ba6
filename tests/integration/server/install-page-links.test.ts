import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendInstallPage, type InstallPage } from '../../../apps/server/http/slack/install-pages';
import { listen, type RunningHttpServer } from '../../../apps/shared/http-server';

/**
 * Every install result page is a dead end unless it links back to the site: the marketing
 * site's "Add to Slack" buttons lead here, including to the 503 of a server with no Slack app.
 */
const pages: Record<InstallPage['kind'], InstallPage> = {
  installed: { kind: 'installed', teamName: 'Acme', teamId: 'T0001', trialDays: 14 },
  expired: { kind: 'expired' },
  cancelled: { kind: 'cancelled' },
  failed: { kind: 'failed' },
  error: { kind: 'error' },
  enterprise: { kind: 'enterprise' },
  not_configured: { kind: 'not_configured' },
};

const home = {
  en: { href: '/', text: 'Back to the Tomo site' },
  ja: { href: '/ja', text: 'Tomo のサイトに戻る' },
} as const;

describe('install result pages link back to the site', () => {
  let http: RunningHttpServer;
  let base: string;

  beforeAll(async () => {
    const app = express().get('/page/:kind', (req, res) => {
      const kind = req.params.kind as InstallPage['kind'];
      sendInstallPage(res, kind === 'not_configured' ? 503 : 200, req.query.lang === 'ja' ? 'ja' : 'en', pages[kind]);
    });
    http = await listen(app, 0, '127.0.0.1');
    base = `http://127.0.0.1:${http.port}`;
  });
  afterAll(() => http.close(1000));

  const links = async (kind: string, lang: string) => {
    const html = await (await fetch(`${base}/page/${kind}?lang=${lang}`)).text();
    return [...html.matchAll(/<a href="([^"]*)">([^<]*)<\/a>/g)].map(([, href, text]) => ({ href, text }));
  };

  for (const kind of Object.keys(pages)) {
    for (const lang of ['en', 'ja'] as const) {
      it(`${kind} (${lang}) has a home link`, async () => {
        expect(await links(kind, lang)).toContainEqual(home[lang]);
      });
    }
  }

  it('not_configured offers no install link that would only come back to the same page', async () => {
    expect((await links('not_configured', 'en')).map((l) => l.href)).toEqual(['/']);
  });
});
