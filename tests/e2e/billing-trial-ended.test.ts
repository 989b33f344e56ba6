// The day after the free trial: Slack refuses questions with the catalogue's "Your free trial of
// Tomo has ended…", and the Subscription page must say the same, in the page's language, instead
// of a bare "No trial or plan is active".
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgSubscriptionRepository } from '../../adapters/postgres/pg-subscription-repository';
import { translate } from '../../apps/shared/messages';
import { FIRST_INSTALL_TRIAL_DAYS, Subscription } from '../../core/billing/subscription';
import en from '../../apps/web/src/locales/en/settings';
import { ADMIN, startBillingWorld, TEAM, type BillingWorld } from '../integration/billing-http/support/billing-world';
import { launchBrowser, watchPageErrors } from '../support/browser';
import { ensureWebBuild } from '../support/web-app';

let w: BillingWorld;
let browser: Browser;
let admin: BrowserContext;
const pageErrors: string[] = [];

beforeAll(async () => {
  ensureWebBuild();
  [w, browser] = await Promise.all([startBillingWorld({ billing: false, worker: false }), launchBrowser()]);
  admin = await browser.newContext({ baseURL: w.app.baseUrl, viewport: { width: 1280, height: 900 } });
  w.slack.oidc.signInAs({ teamId: TEAM, userId: ADMIN });
  const signIn = await admin.newPage();
  await signIn.goto('/auth/signin?returnTo=%2F');
  await signIn.waitForURL(`${w.app.baseUrl}/`);
  await signIn.close();
});
afterAll(async () => {
  await browser?.close();
  await w?.close();
});

async function subscriptionPageText(path: string): Promise<string> {
  const page = await admin.newPage();
  const errors = watchPageErrors(page);
  await page.goto(path);
  await page.locator('h1').first().waitFor();
  // Loaded once it says why nothing is active: the catalogue's trial end, or (before) the page's own sentence.
  const loaded = [en.subscription.none, 'Your free trial of Tomo has ended', 'Tomoの無料トライアルは終了しました'];
  await page.locator('main p', { hasText: new RegExp(loaded.join('|')) }).first().waitFor();
  const text = await page.locator('main').innerText();
  pageErrors.push(...errors);
  await page.close();
  return text;
}

describe('the Subscription page once the free trial has ended', () => {
  it('says what Slack says: the trial has ended and an admin can buy a plan (en and ja)', async () => {
    const subscriptions = new PgSubscriptionRepository(w.app.database.orm);
    // Installed 14 days and a minute ago: the trial's 14 days ended a minute ago.
    const installedAt = new Date(Date.now() - 14 * 86_400_000 - 60_000);
    await subscriptions.save(TEAM, Subscription.startTrial(`trial-${TEAM}-1`, TEAM, installedAt, FIRST_INSTALL_TRIAL_DAYS).toRecord());
    expect(await w.rows()).toEqual([expect.objectContaining({ kind: 'trial' })]);

    const english = await subscriptionPageText('/settings/subscription');
    expect(english).toContain(translate('ENTITLEMENT.TRIAL_OVER', { pricingUrl: `${w.app.baseUrl}/pricing` }, 'en'));
    expect(english).not.toContain(en.subscription.none);

    const japanese = await subscriptionPageText('/ja/settings/subscription');
    expect(japanese).toContain(translate('ENTITLEMENT.TRIAL_OVER', { pricingUrl: `${w.app.baseUrl}/ja/pricing` }, 'ja'));
    expect(pageErrors).toEqual([]);
  });
});
