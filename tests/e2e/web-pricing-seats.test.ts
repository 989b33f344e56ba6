import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAID_PLANS } from '../../core/billing/plan-catalog';
import { formatUsd } from '../../apps/web/src/features/pricing/plan-display';
import { launchBrowser, watchPageErrors } from '../support/browser';
import { json } from '../support/static-server';
import type { StaticServer } from '../support/static-server';
import { startWebApp } from '../support/web-app';

// A visitor choosing seats must see what they will pay, and a seat count that cannot be bought
// (0, 2.5) must be said to be wrong rather than quietly turned into another number at checkout.
let browser: Browser;
let server: StaticServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    startWebApp({
      '/api/public-config': json({ billingEnabled: true }),
      '/api/session': json({ email: 'ken@acme.example', teamName: 'Acme', isAdmin: true, activeSubscriptions: [] }),
    }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function visit(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchPageErrors(page);
  await page.goto(`${server.url}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  return { page, errors };
}

const card = (page: Page, name: string) => page.locator('.plan-card', { has: page.locator('h2', { hasText: name }) });
const entry = PAID_PLANS.find((plan) => plan.displayName === 'Entry')!;
const premium = PAID_PLANS.find((plan) => plan.displayName === 'Premium')!;

describe('seats on the pricing page', () => {
  it('shows the total for the chosen seats and billing period', async () => {
    const { page, errors } = await visit('/pricing');
    await page.getByLabel('Seats').fill('3');
    const total = (name: string) => card(page, name).locator('.plan-total').innerText();
    const monthly = entry.prices.monthly.unitAmountCents;
    expect(await total('Entry')).toBe(`${formatUsd(3 * monthly)} a month in total (3 × ${formatUsd(monthly)})`);
    await page.getByRole('button', { name: /Yearly/ }).click();
    const yearly = premium.prices.yearly.unitAmountCents;
    expect(await total('Premium')).toBe(`${formatUsd(3 * yearly)} a year in total (3 × ${formatUsd(yearly)})`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the total in Japanese', async () => {
    const { page } = await visit('/ja/pricing');
    await page.getByLabel('シート数').fill('2');
    const monthly = entry.prices.monthly.unitAmountCents;
    expect(await card(page, 'Entry').locator('.plan-total').innerText()).toBe(
      `合計 ${formatUsd(2 * monthly)} / 月（${formatUsd(monthly)} × 2 シート）`,
    );
    await page.close();
  });

  for (const { path, label, message } of [
    { path: '/pricing', label: 'Seats', message: 'Enter a whole number of seats, from 1 to 10000.' },
    { path: '/ja/pricing', label: 'シート数', message: 'シート数は 1〜10000 の整数で入力してください。' },
  ]) {
    for (const typed of ['0', '2.5']) {
      it(`${path}: says ${typed} is not a seat count, keeps it as typed and does not check out`, async () => {
        const { page } = await visit(path);
        const seats = page.getByLabel(label);
        await seats.fill(typed);
        await page.waitForTimeout(100);
        expect(await seats.inputValue()).toBe(typed);
        expect(await seats.getAttribute('aria-invalid')).toBe('true');
        expect(await page.locator('#pricing-seats-error').innerText()).toBe(message);
        expect(await card(page, 'Entry').locator('.plan-total').innerText()).toBe('');
        expect(await card(page, 'Entry').locator('.plan-action button[type="submit"]').isDisabled()).toBe(true);

        await seats.fill('4');
        expect(await seats.getAttribute('aria-invalid')).toBe(null);
        expect(await page.locator('#pricing-seats-error').count()).toBe(0);
        const form = card(page, 'Entry').locator('.plan-action form');
        expect(await form.evaluate((f) => new FormData(f as HTMLFormElement).get('seats'))).toBe('4');
        expect(await card(page, 'Entry').locator('.plan-action button[type="submit"]').isDisabled()).toBe(false);
        await page.close();
      });
    }
  }
});

describe('Japanese price line', () => {
  it('reads as Japanese: amount / ユーザー / period, and / 回答', async () => {
    const { page } = await visit('/ja/pricing');
    const price = (name: string) => card(page, name).locator('.plan-price').innerText();
    expect(await price('Entry')).toBe(`${formatUsd(entry.prices.monthly.unitAmountCents)} / ユーザー / 月`);
    await page.getByRole('button', { name: /年額/ }).click();
    expect(await price('Entry')).toBe(`${formatUsd(entry.prices.yearly.unitAmountCents)} / ユーザー / 年`);
    await page.getByRole('button', { name: '従量課金' }).click();
    expect(await price('Entry')).toBe(`${formatUsd(entry.payAsYouGo!.unitAmountCents)} / 回答`);
    await page.close();
  });
});
