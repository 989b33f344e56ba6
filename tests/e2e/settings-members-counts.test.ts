import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../apps/shared/messages';
import en from '../../apps/web/src/locales/en/settings';
import ja from '../../apps/web/src/locales/ja/settings';
import { startBrowserWorld, type BrowserWorld } from '../integration/settings/support/browser-world';
import { ADMIN_A, buyPlan, TEAM_A } from '../integration/settings/support/slack-world';

/**
 * The Members page of a workspace with a large plan and a one-seat plan, in headless Chromium:
 * the seat counts read as the page's language writes them (1,200), a one-seat plan says "1 seat",
 * and a search of spaces alone lists everyone (spec 2: applied only with at least one character).
 */
let world: BrowserWorld;
let admin: BrowserContext;
const errors: string[] = [];

beforeAll(async () => {
  world = await startBrowserWorld();
  await buyPlan(world.app, TEAM_A, { id: 'sub-big', planKey: 'gpt50', seats: 1200 });
  await buyPlan(world.app, TEAM_A, { id: 'sub-one', planKey: 'gpt50_4k_50r', seats: 1 });
  admin = await world.signedIn({ teamId: TEAM_A, userId: ADMIN_A });
});
afterAll(async () => {
  await world?.close();
  expect(errors).toEqual([]);
});

async function open(path: string, locale: 'en' | 'ja'): Promise<Page> {
  const opened = await world.open(admin, path);
  opened.page.on('close', () => errors.push(...opened.errors));
  await opened.page.getByText(translate('UI.LOADING', {}, locale), { exact: true }).waitFor({ state: 'detached' });
  return opened.page;
}

const optionTexts = (page: Page) => page.locator('select option').allInnerTexts();
const summary = (page: Page, key: string) => page.locator(`[data-summary="${key}"] dd`).innerText();

describe('Members page counts', () => {
  it('groups the seat counts and says "1 seat" on /settings/members', async () => {
    const page = await open('/settings/members', 'en');
    const options = await optionTexts(page);
    expect(options.some((o) => o.endsWith('(1,200 seats)'))).toBe(true);
    expect(options.some((o) => o.endsWith('(1 seat)'))).toBe(true);
    await page.getByRole('combobox', { name: en.members.subscription }).selectOption('sub-big');
    await expect.poll(() => summary(page, 'totalSeats')).toBe('1,200');
    expect(await summary(page, 'available')).toBe('1,200');
    expect(await summary(page, 'freeUsageBasedSeats')).toBe('1,200');
    await page.close();
  });

  it('groups them on /ja/settings/members too', async () => {
    const page = await open('/ja/settings/members', 'ja');
    expect((await optionTexts(page)).some((o) => o.endsWith('（1,200 シート）'))).toBe(true);
    await page.getByRole('combobox', { name: ja.members.subscription }).selectOption('sub-big');
    await expect.poll(() => summary(page, 'totalSeats')).toBe('1,200');
    await page.close();
  });

  it('lists everyone for a search of spaces alone', async () => {
    const page = await open('/settings/members', 'en');
    const everyone = await page.locator('tbody tr').count();
    expect(everyone).toBeGreaterThan(1);
    await page.getByRole('searchbox', { name: en.members.search }).fill('   ');
    // The search waits for typing to pause (1 s) and then asks the API again.
    await page.waitForResponse((r) => r.url().includes('/api/settings/members'));
    expect(await page.locator('tbody tr').count()).toBe(everyone);
    expect(await page.getByText(translate('UI.NO_DATA', {}, 'en'), { exact: true }).count()).toBe(0);
    await page.close();
  });
});
