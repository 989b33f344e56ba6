import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../apps/shared/messages';
import { launchBrowser, watchPageErrors } from '../support/browser';
import { json } from '../support/static-server';
import type { ApiHandler, StaticServer } from '../support/static-server';
import { startWebApp } from '../support/web-app';

let browser: Browser;
const servers: StaticServer[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((server) => server.close()));
});

async function app(api: Record<string, ApiHandler> = {}): Promise<StaticServer> {
  const server = await startWebApp(api);
  servers.push(server);
  return server;
}

async function visit(url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchPageErrors(page);
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  return { page, errors };
}

const card = (page: Page, name: string) => page.locator('.plan-card', { has: page.locator('h2', { hasText: name }) });

describe('alerts from the query string', () => {
  const cases = [
    ['checkout=success', 'Thank you — your order was received', 'Customer Portal'],
    ['checkout=cancel', 'Your order was canceled', 'check out again'],
    ['setup=success', 'Your wallet is set up', 'Alipay'],
    ['setup=cancel', 'Wallet setup was cancelled', 'No payment method was added'],
  ] as const;

  for (const [query, title, body] of cases) {
    it(`shows the ${query} alert`, async () => {
      const server = servers[0] ?? (await app());
      const { page, errors } = await visit(`${server.url}/pricing?${query}`);
      const alert = page.locator('.alert');
      await alert.waitFor();
      expect(await alert.count()).toBe(1);
      expect(await alert.locator('.alert-title').innerText()).toBe(title);
      expect(await alert.innerText()).toContain(body);
      await alert.locator('button').click();
      expect(await page.locator('.alert').count()).toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('shows the alert in Japanese on /ja/pricing', async () => {
    const server = servers[0] ?? (await app());
    const { page } = await visit(`${server.url}/ja/pricing?checkout=success`);
    await page.locator('.alert').waitFor();
    expect(await page.locator('.alert-title').innerText()).toBe('ご注文ありがとうございます');
    await page.close();
  });

  it('shows why a Subscribe post was refused, in the page\'s language, with a sign-in link when signed out', async () => {
    const server = servers[0] ?? (await app());
    const cases = [
      ['/pricing', 'BILLING.PROVIDER_UNAVAILABLE', 'The payment page could not be opened', 'en'],
      ['/ja/pricing', 'PERMISSION.ADMIN_REQUIRED', '決済ページを開けませんでした', 'ja'],
    ] as const;
    for (const [path, code, title, locale] of cases) {
      const { page, errors } = await visit(`${server.url}${path}?billing_error=${code}`);
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.locator('.alert-title').innerText()).toBe(title);
      expect(await alert.innerText()).toContain(translate(code, {}, locale));
      expect(errors).toEqual([]);
      await page.close();
    }
    const { page } = await visit(`${server.url}/ja/pricing?billing_error=AUTH.TEAM_ID_MISSING`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.locator('.alert-title').innerText()).toBe('先にサインインしてください');
    expect(await alert.getByRole('link').getAttribute('href')).toBe('/auth/signin?returnTo=%2Fja%2Fpricing');
    await alert.getByRole('button').click();
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.close();
  });

  it('shows no alert without a known outcome', async () => {
    const server = servers[0] ?? (await app());
    for (const query of ['', '?checkout=maybe', '?other=success', '?billing_error=%3Cb%3Ehi%3C%2Fb%3E']) {
      const { page } = await visit(`${server.url}/pricing${query}`);
      await page.waitForTimeout(200);
      expect(await page.locator('.alert').count()).toBe(0);
      await page.close();
    }
  });
});

describe('plans from the catalog', () => {
  it('switches between monthly and yearly prices with savings, and to pay as you go', async () => {
    const server = servers[0] ?? (await app());
    const { page } = await visit(`${server.url}/pricing`);
    const price = (name: string) => card(page, name).locator('.plan-price').innerText();
    expect(await price('Entry')).toBe('$8 per user / month');
    expect(await price('Standard')).toBe('$20 per user / month');
    expect(await price('Premium')).toBe('$32 per user / month');

    await page.getByRole('button', { name: /Yearly/ }).click();
    expect(await price('Entry')).toBe('$80 per user / year');
    expect(await card(page, 'Entry').locator('.plan-savings').innerText()).toBe('Save $16 per user each year');
    expect(await card(page, 'Standard').locator('.plan-savings').innerText()).toBe('Save $40 per user each year');
    expect(await card(page, 'Premium').locator('.plan-savings').innerText()).toBe('Save $64 per user each year');
    expect(await page.locator('#plan-details td', { hasText: 'About 600 times per year' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Pay as you go' }).click();
    expect(await price('Entry')).toBe('$0.16 per response');
    expect(await price('Premium')).toBe('$0.64 per response');
    await page.close();
  });

  it('shows the plan detail rows for the trial and every plan', async () => {
    const server = servers[0] ?? (await app());
    const { page } = await visit(`${server.url}/pricing`);
    const rows = await page.locator('#plan-details tbody th').allInnerTexts();
    expect(rows).toEqual(['Tokens and models', 'Usage', 'URL readers', 'File readers', 'Instructions', 'Plugins', 'Image generation', 'Knowledge uploads', 'Support']);
    const headers = await page.locator('#plan-details thead th').allInnerTexts();
    expect(headers).toEqual(['Feature', 'Free trial', 'Entry', 'Standard', 'Premium']);
    expect(await page.locator('#plan-details tbody tr').nth(0).innerText()).toContain('GPT-5 · 1M tokens');
    // URL and file readers per answer come from the plan catalogue: trial 1, Entry 3, Standard 5, Premium 10.
    const readerCells = async (row: number) => page.locator('#plan-details tbody tr').nth(row).locator('td').allInnerTexts();
    expect((await readerCells(2)).map((cell) => /read per answer: (\d+)/.exec(cell)?.[1])).toEqual(['1', '3', '5', '10']);
    expect((await readerCells(3)).map((cell) => /read per answer: (\d+)/.exec(cell)?.[1])).toEqual(['1', '3', '5', '10']);
    // Image generations per seat per month, from the plan catalogue (docs/creations.md).
    expect(await readerCells(6)).toEqual([
      '2 generations of 4 images per month',
      '10 generations of 4 images per month',
      '30 generations of 4 images per month',
      '60 generations of 4 images per month',
    ]);
    // Knowledge quotas per plan, from the catalogue (docs/knowledge.md).
    expect((await readerCells(7)).map((cell) => /^([\d,]+) sources and ([\d,]+) passages/.exec(cell)?.slice(1).join('/'))).toEqual([
      '3/500',
      '20/5,000',
      '100/25,000',
      '500/100,000',
    ]);
    expect(await page.locator('#payment-methods').innerText()).toMatch(/Apple Pay[\s\S]*Google Pay[\s\S]*Alipay/);
    await page.close();
  });
});

describe('plan buttons', () => {
  it('says Coming soon when billing is disabled (and when the config cannot be read)', async () => {
    const configs: Record<string, ApiHandler>[] = [{ '/api/public-config': json({ billingEnabled: false }) }, {}];
    for (const api of configs) {
      const server = await app(api);
      const { page } = await visit(`${server.url}/pricing`);
      const button = card(page, 'Standard').locator('.plan-action button');
      await expect.poll(() => button.innerText()).toContain('Coming soon');
      expect(await button.isDisabled()).toBe(true);
      await page.close();
    }
  });

  it('sends a signed-out visitor to sign in first, then back to pricing', async () => {
    const server = await app({ '/api/public-config': json({ billingEnabled: true }) });
    const { page } = await visit(`${server.url}/pricing`);
    await page.waitForTimeout(200);
    const link = card(page, 'Entry').locator('.plan-action a');
    expect(await link.innerText()).toContain('Subscribe');
    expect(await link.getAttribute('href')).toBe('/auth/signin?returnTo=%2Fpricing');
    expect(await page.locator('#payment-methods form').count()).toBe(0);
    await page.close();
  });

  it('offers Subscribe as a checkout form and Manage for a plan the workspace already has', async () => {
    const server = await app({
      '/api/public-config': json({ billingEnabled: true }),
      '/api/session': json({ email: 'ken@acme.example', teamName: 'Acme', isAdmin: true, activeSubscriptions: [{ planKey: 'gpt50' }] }),
    });
    const { page } = await visit(`${server.url}/pricing`);
    const manage = card(page, 'Standard').locator('.plan-action form');
    await expect.poll(() => manage.getAttribute('action')).toBe('/api/create-portal-session');
    expect(await manage.innerText()).toContain('Manage');

    await page.getByRole('button', { name: /Yearly/ }).click();
    await page.getByLabel('Seats').fill('12');
    const checkout = card(page, 'Premium').locator('.plan-action form');
    expect(await checkout.getAttribute('action')).toBe('/api/create-checkout-session');
    expect(await checkout.getAttribute('method')).toBe('post');
    const fields = await checkout.evaluate((form) => Object.fromEntries(new FormData(form as HTMLFormElement)));
    expect(fields).toEqual({ plan: 'gpt50_8k', interval: 'yearly', mode: 'fixed_rate', seats: '12', returnTo: '/pricing' });
    expect(await checkout.innerText()).toContain('Subscribe');
    expect(await page.locator('#payment-methods form').getAttribute('action')).toBe('/api/create-setup-session');
    expect(await page.locator('.pricing-note').count()).toBe(0);
    await page.close();
  });

  it('gives a member who is not an admin disabled buttons and a note saying who can subscribe', async () => {
    const server = await app({
      '/api/public-config': json({ billingEnabled: true }),
      '/api/session': json({ email: 'max@acme.example', teamName: 'Acme', isAdmin: false, activeSubscriptions: [{ planKey: 'gpt50' }] }),
    });
    const { page } = await visit(`${server.url}/ja/pricing`);
    const note = page.locator('.pricing-note');
    await note.waitFor();
    expect(await note.innerText()).toContain('プランを購入できるのはワークスペースの管理者だけです。');
    for (const name of ['Entry', 'Standard', 'Premium']) {
      const button = card(page, name).locator('.plan-action button');
      expect(await button.isDisabled()).toBe(true);
      expect(await button.getAttribute('aria-describedby')).toBe(await note.getAttribute('id'));
    }
    expect(await page.locator('.plan-grid form, #payment-methods form').count()).toBe(0);
    await page.close();
  });
});
