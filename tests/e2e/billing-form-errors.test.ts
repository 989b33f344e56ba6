import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../apps/shared/messages';
import pricingEn from '../../apps/web/src/locales/en/pricing';
import pricingJa from '../../apps/web/src/locales/ja/pricing';
import settingsJa from '../../apps/web/src/locales/ja/settings';
import { ADMIN, MEMBER, startBillingWorld, TEAM, type BillingWorld } from '../integration/billing-http/support/billing-world';
import { buyPlan } from '../integration/settings/support/slack-world';
import { launchBrowser, watchPageErrors } from '../support/browser';
import { ensureWebBuild } from '../support/web-app';

/**
 * What a person sees when a billing form post cannot go ahead (real server, PostgreSQL, the
 * Stripe and Slack fakes, headless Chromium): members find the plan buttons disabled with a
 * note; a refused or failed post brings them back to the page with the reason, never a JSON page.
 */
let world: BillingWorld;
let browser: Browser;
const pageErrors: string[] = [];

beforeAll(async () => {
  ensureWebBuild();
  [world, browser] = await Promise.all([startBillingWorld({ worker: false }), launchBrowser()]);
  await buyPlan(world.app, TEAM, { id: 'sub-form-errors', planKey: 'gpt50', seats: 2 });
});
afterAll(async () => {
  await browser?.close();
  await world?.close();
});

async function signedIn(userId: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: world.app.baseUrl, viewport: { width: 1280, height: 900 } });
  world.slack.oidc.signInAs({ teamId: TEAM, userId });
  const page = await context.newPage();
  await page.goto('/auth/signin?returnTo=%2F');
  await page.waitForURL(`${world.app.baseUrl}/`);
  await page.close();
  return context;
}

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  page.on('close', () => pageErrors.push(...errors));
  await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  return page;
}

const planCard = (page: Page, name: string): Locator =>
  page.locator('li.plan-card', { has: page.getByRole('heading', { name, exact: true }) });

describe('pricing for a member who is not a workspace admin', () => {
  it('shows the plan buttons disabled, with a note saying who can subscribe (en and ja)', async () => {
    const member = await signedIn(MEMBER);
    const page = await open(member, '/pricing');
    const note = page.getByText(pricingEn.card.adminOnly);
    await note.waitFor();
    for (const [name, label] of [['Entry', /Subscribe/], ['Standard', /Manage/], ['Premium', /Subscribe/]] as const) {
      const button = planCard(page, name).getByRole('button', { name: label });
      expect(await button.isDisabled()).toBe(true);
      // The note is the button's description, so a screen reader says why it is disabled.
      expect(await button.getAttribute('aria-describedby')).toBe(await note.getAttribute('id'));
    }
    expect(await page.locator('.plan-grid form, #payment-methods form').count()).toBe(0);

    const ja = await open(member, '/ja/pricing');
    await ja.getByText(pricingJa.card.adminOnly).waitFor();
    expect(await planCard(ja, 'Entry').getByRole('button').isDisabled()).toBe(true);
    await member.close();
  });
});

describe('a billing form post that fails comes back to its page with the reason', () => {
  it('Stripe down on Manage: back on the (Japanese) Subscription page with the outage message, nothing opened', async () => {
    const admin = await signedIn(ADMIN);
    const page = await open(admin, '/ja/settings/subscription');
    const portals = world.stripe!.state.portalSessions.size;
    // Every attempt of the SDK (one try, two retries) gets a 500.
    world.stripe!.failNext(3, { path: '/v1/billing_portal/sessions' });
    await page.getByRole('button', { name: settingsJa.subscription.manage.button }).click();

    await page.waitForURL(`${world.app.baseUrl}/ja/settings/subscription?billing_error=BILLING.PROVIDER_UNAVAILABLE`);
    const alert = page.getByRole('alert').filter({ hasText: translate('BILLING.PROVIDER_UNAVAILABLE', {}, 'ja') });
    await alert.waitFor();
    expect(await alert.locator('.alert-title').innerText()).toBe(settingsJa.subscription.billingError.title);
    expect(world.stripe!.state.portalSessions.size).toBe(portals);

    // Stripe is back: the same button opens the portal.
    await page.getByRole('button', { name: settingsJa.subscription.manage.button }).click();
    await page.waitForURL(`${world.stripe!.url}/portal/**`);
    await admin.close();
  });

  it('signed out since the page loaded: Subscribe comes back to pricing with a sign-in prompt that signs in and returns', async () => {
    const admin = await signedIn(ADMIN);
    const page = await open(admin, '/pricing');
    const subscribe = planCard(page, 'Premium').getByRole('button', { name: /Subscribe/ });
    await subscribe.waitFor();
    await admin.clearCookies();
    await subscribe.click();

    await page.waitForURL(`${world.app.baseUrl}/pricing?billing_error=AUTH.TEAM_ID_MISSING`);
    const alert = page.getByRole('alert').filter({ hasText: translate('AUTH.TEAM_ID_MISSING', {}, 'en') });
    await alert.waitFor();
    expect(await alert.locator('.alert-title').innerText()).toBe('Sign in first');
    const signIn = alert.getByRole('link', { name: 'Sign in with Slack' });
    expect(await signIn.getAttribute('href')).toBe('/auth/signin?returnTo=%2Fpricing');
    expect(world.stripe!.state.checkoutSessions.size).toBe(0);

    world.slack.oidc.signInAs({ teamId: TEAM, userId: ADMIN });
    await signIn.click();
    await page.waitForURL(`${world.app.baseUrl}/pricing`);
    await planCard(page, 'Premium').getByRole('button', { name: /Subscribe/ }).waitFor();
    await admin.close();
    expect(pageErrors).toEqual([]);
  });

  it("a form posted from another site: back on the page it names, told it came from another site (en, ja), nothing opened", async () => {
    // A page of another origin that posts Tomo's billing forms (the signed-in admin's cookie goes along).
    const forms = (path: string, returnTo: string) =>
      `<!doctype html><title>Elsewhere</title><form method="post" action="${world.app.baseUrl}${path}"><input type="hidden" name="returnTo" value="${returnTo}"><button>Go</button></form>`;
    const elsewhere: Server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://elsewhere.invalid');
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(url.pathname === '/portal' ? forms('/api/create-portal-session', '/ja/settings/subscription') : forms('/api/create-checkout-session', '/pricing'));
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    const admin = await signedIn(ADMIN);
    try {
      const portals = world.stripe!.state.portalSessions.size;
      const checkouts = world.stripe!.state.checkoutSessions.size;
      for (const [path, back, lang, title] of [
        ['/portal', '/ja/settings/subscription', 'ja', settingsJa.subscription.billingError.title],
        ['/checkout', '/pricing', 'en', pricingEn.alerts.billingError.title],
      ] as const) {
        const page = await admin.newPage();
        await page.goto(`${origin}${path}`);
        await page.getByRole('button', { name: 'Go' }).click();
        await page.waitForURL(`${world.app.baseUrl}${back}?billing_error=CROSS_SITE`);
        const message = translate('CROSS_SITE', {}, lang);
        expect(message).not.toBe(translate('UNKNOWN', {}, lang));
        const alert = page.getByRole('alert').filter({ hasText: message });
        await alert.waitFor();
        expect(await alert.locator('.alert-title').innerText()).toBe(title);
        await page.close();
      }
      expect(world.stripe!.state.portalSessions.size).toBe(portals);
      expect(world.stripe!.state.checkoutSessions.size).toBe(checkouts);
    } finally {
      await admin.close();
      await new Promise((resolve) => elsewhere.close(resolve));
    }
  });
});
