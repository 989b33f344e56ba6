import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendInstallPage } from '../../../apps/server/http/slack/install-pages';
import { listen, type RunningHttpServer } from '../../../apps/shared/http-server';

/** The page after an install names the workspace exactly as Slack names it. */
describe('install result page', () => {
  let http: RunningHttpServer;
  let base: string;

  beforeAll(async () => {
    const app = express().get('/installed', (req, res) =>
      sendInstallPage(res, 200, req.query.lang === 'ja' ? 'ja' : 'en', {
        kind: 'installed',
        teamName: String(req.query.team),
        teamId: 'T0001',
        trialDays: 7,
      }),
    );
    http = await listen(app, 0, '127.0.0.1');
    base = `http://127.0.0.1:${http.port}`;
  });
  afterAll(() => http.close(1000));

  const page = async (team: string, lang = 'en') =>
    (await (await fetch(`${base}/installed?lang=${lang}&team=${encodeURIComponent(team)}`)).text()).match(/<p>(.*?)<\/p>/)![1];

  it('shows a team name with $ patterns, braces and markup as typed (escaped, not expanded)', async () => {
    expect(await page("Bob's $' & $& {trial} <b>")).toBe(
      'Tomo is now part of Bob&#39;s $&#39; &#38; $&#38; {trial} &#60;b&#62;. Your free 7-day trial has started; no card needed. Mention @Tomo in a channel or send it a direct message.',
    );
    expect(await page('$`チーム', 'ja')).toBe(
      'Tomoが$`チームに追加されました。7日間の無料トライアルが始まりました（カード不要）。チャンネルで@Tomoをメンションするか、ダイレクトメッセージを送ってください。',
    );
  });
});
