import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../apps/shared/messages';
import en from '../../apps/web/src/locales/en/settings';
import ja from '../../apps/web/src/locales/ja/settings';
import enCommon from '../../apps/web/src/locales/en/common';
import jaCommon from '../../apps/web/src/locales/ja/common';
import { startBrowserWorld, type BrowserWorld } from '../integration/settings/support/browser-world';
import { PgInstructionRepository } from '../../adapters/postgres/pg-instruction-repository';
import { buyPlan, installTomo, MEMBER_A, TEAM_A } from '../integration/settings/support/slack-world';

/** A person without admin rights, and a visitor who has not signed in yet. */
let world: BrowserWorld;

beforeAll(async () => {
  world = await startBrowserWorld();
  await buyPlan(world.app, TEAM_A, { id: 'sub-acme-entry', planKey: 'gpt50_4k_50r', seats: 2 });
});
afterAll(async () => {
  await world?.close();
});

const MEMBERS_DENIED_EN =
  `Please make sure you're signed in with either "Primary Owner", "Owner", or "Admin" permissions to view and manage this Members' Settings page`;
const USAGE_DENIED_EN = `Please make sure you're signed in with either "Primary Owner", "Owner", or "Admin" permissions to view this Usage Settings page`;

const apiStatus = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ({ method, path, body }) =>
      (
        await fetch(path, {
          method,
          headers: { 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        })
      ).status,
    { method, path, body },
  );

describe('signed out', () => {
  it("asks to sign in on a settings page, then comes back to it signed in, and signs out again", async () => {
    world.slack.oidc.signInAs({ teamId: TEAM_A, userId: MEMBER_A });
    const context = await world.browser.newContext({ baseURL: world.app.baseUrl, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto('/ja/settings/plugins');
    const prompt = page.locator('main').getByRole('link', { name: 'Slack でサインイン' });
    await prompt.waitFor();
    await prompt.click();
    await page.waitForURL(`${world.app.baseUrl}/ja/settings/plugins`);
    await expect.poll(() => page.locator('h1').innerText()).toBe('プラグイン');
    await expect.poll(() => page.locator('.user-status').innerText()).toContain('mo');
    expect(await page.locator('.user-status').innerText()).toContain('Acme');

    await page.locator('.user-status').getByRole('button').click();
    await page.waitForURL(`${world.app.baseUrl}/ja/settings/plugins`);
    await page.locator('main').getByRole('link', { name: 'Slack でサインイン' }).waitFor();
    expect((await context.cookies()).some((c) => c.name === 'tomo_session')).toBe(false);
    await context.close();
  });

  it("shows 'Sign in first' on every one of the 19 integration cards, in English and Japanese", async () => {
    const context = await world.browser.newContext({ baseURL: world.app.baseUrl });
    const page = await context.newPage();
    for (const [path, lang] of [['/settings/integrations', 'en'], ['/ja/settings/integrations', 'ja']] as const) {
      await page.goto(path);
      const cards = page.locator('[data-provider]');
      await expect.poll(() => cards.count()).toBe(19);
      const text = translate('UI.SIGN_IN_FIRST', {}, lang);
      await expect.poll(() => page.getByRole('link', { name: text, exact: true }).count()).toBe(19);
    }
    await context.close();
  });
});

describe('a member without admin rights', () => {
  it('sees the permission messages on Members and Usage, in English and Japanese', async () => {
    const context = await world.signedIn({ teamId: TEAM_A, userId: MEMBER_A });
    for (const [path, message] of [
      ['/settings/members', MEMBERS_DENIED_EN],
      ['/settings/usage', USAGE_DENIED_EN],
      ['/ja/settings/members', translate('PERMISSION.MEMBERS_PAGE', {}, 'ja')],
      ['/ja/settings/usage', translate('PERMISSION.USAGE_PAGE', {}, 'ja')],
    ]) {
      const { page, errors } = await world.open(context, path!);
      await expect.poll(() => page.getByRole('alert').innerText()).toBe(message);
      expect(await page.locator('table').count()).toBe(0);
      expect(errors.filter((e) => !e.includes('403'))).toEqual([]);
      await page.close();
    }
    await context.close();
  });

  it('sees the permission message at once on Members and Usage, never the admin controls first', async () => {
    const context = await world.signedIn({ teamId: TEAM_A, userId: MEMBER_A });
    // The pages' own data never arrives: whatever shows is what the page shows before the API answers.
    await context.route('**/api/settings/{members,usage}**', () => undefined);
    for (const [path, message, lang] of [
      ['/settings/members', MEMBERS_DENIED_EN, 'en'],
      ['/settings/usage', USAGE_DENIED_EN, 'en'],
      ['/ja/settings/members', translate('PERMISSION.MEMBERS_PAGE', {}, 'ja'), 'ja'],
      ['/ja/settings/usage', translate('PERMISSION.USAGE_PAGE', {}, 'ja'), 'ja'],
    ] as const) {
      const { page } = await world.open(context, path);
      const main = page.locator('main');
      expect(await main.getByRole('alert').allInnerTexts()).toEqual([message]);
      expect(await main.getByText(translate('UI.LOADING', {}, lang), { exact: true }).count()).toBe(0);
      expect(await main.getByRole('button').count()).toBe(0);
      expect(await main.locator('.settings-lead').count()).toBe(0);
      await page.close();
    }
    await context.close();
  });

  it('gets 403 from the Members and Usage APIs and from workspace-wide instructions', async () => {
    const context = await world.signedIn({ teamId: TEAM_A, userId: MEMBER_A });
    const { page } = await world.open(context, '/settings/instructions');
    expect(await apiStatus(page, 'GET', '/api/settings/members')).toBe(403);
    expect(await apiStatus(page, 'PUT', `/api/settings/members/${MEMBER_A}/seat`, { subscriptionId: 'sub-acme-entry' })).toBe(403);
    expect(await apiStatus(page, 'DELETE', `/api/settings/members/${MEMBER_A}/seat?subscriptionId=sub-acme-entry`)).toBe(403);
    expect(await apiStatus(page, 'GET', '/api/settings/usage?period=all_time')).toBe(403);
    expect(await apiStatus(page, 'PUT', '/api/settings/instructions/workspace', { name: 'x', text: 'y' })).toBe(403);
    // The page says so instead of offering a form that would fail.
    await page.getByText(en.instructions.adminOnly).waitFor();
    expect(await page.locator('form[data-level="workspace"]').count()).toBe(0);
    await page.close();
    await context.close();
  });
});

describe('a session that ends while a page is open', () => {
  it('says so on Save with a sign-in link that opens in a new tab, and keeps what was typed', async () => {
    const context = await world.signedIn({ teamId: TEAM_A, userId: MEMBER_A });
    const { page } = await world.open(context, '/settings/app');
    const name = page.getByLabel(en.app.name.label);
    await name.fill('Typed Before Expiry');
    await context.clearCookies();
    await page.getByRole('button', { name: en.actions.save }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('button', { name: en.actions.confirm }).click();
    const alert = page.getByRole('alert').filter({ hasText: translate('AUTH.TEAM_ID_MISSING', {}, 'en') });
    await alert.waitFor();
    const signIn = alert.getByRole('link', { name: 'Sign in again in a new tab, then try here once more: what you entered on this page stays.' });
    expect(await signIn.getAttribute('target')).toBe('_blank');
    expect(await signIn.getAttribute('href')).toBe(`/auth/signin?returnTo=${encodeURIComponent('/settings/app')}`);
    expect(await name.inputValue()).toBe('Typed Before Expiry');
    await page.close();
    await context.close();
  });

  it('gives the message the focus when a Save pressed by keyboard fails, so Tab reaches the sign-in link', async () => {
    const context = await world.signedIn({ teamId: TEAM_A, userId: MEMBER_A });
    const { page } = await world.open(context, '/settings/schedules');
    const lookback = page.getByLabel('Lookback days for random');
    await lookback.fill('9');
    await page.getByRole('row').filter({ has: lookback }).getByRole('button', { name: en.actions.save }).focus();
    await context.clearCookies();
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.innerText()).toBe(`${translate('AUTH.TEAM_ID_MISSING', {}, 'en')} ${enCommon.signInFirst.again}`);
    // Not the page's start (the pressed button is disabled while saving): the message, then its link.
    await expect.poll(() => alert.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(enCommon.signInFirst.again);
    expect(await lookback.inputValue()).toBe('9');
    await page.close();
    await context.close();
  });

  it('offers Sign in with Slack on the next settings page opened from the menu, and comes back to it signed in', async () => {
    const context = await world.signedIn({ teamId: TEAM_A, userId: MEMBER_A });
    const { page } = await world.open(context, '/ja/settings/app');
    await context.clearCookies();
    const openFromMenu = async (path: string) => {
      await page.locator('button[aria-controls="site-menu"]').click();
      await page.locator(`#site-menu a[href="${path}"]`).click();
      await page.waitForURL(`${world.app.baseUrl}${path}`);
    };
    // Integrations: the cards say 'Sign in first', as for a visitor, instead of the bare message.
    await openFromMenu('/ja/settings/integrations');
    await expect.poll(() => page.getByRole('link', { name: translate('UI.SIGN_IN_FIRST', {}, 'ja'), exact: true }).count()).toBe(19);
    expect(await page.getByRole('alert').count()).toBe(0);

    await openFromMenu('/ja/settings/schedules');
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.innerText()).toBe(`${translate('AUTH.TEAM_ID_MISSING', {}, 'ja')} ${jaCommon.cta.signInWithSlack}`);
    world.slack.oidc.signInAs({ teamId: TEAM_A, userId: MEMBER_A });
    await alert.getByRole('link', { name: jaCommon.cta.signInWithSlack }).click();
    await page.waitForURL(`${world.app.baseUrl}/ja/settings/schedules`);
    await page.getByLabel(ja.schedules.lookbackFor.replace('{{channel}}', 'random')).waitFor();
    await page.close();
    await context.close();
  });

  it('says so in the reaction dialog too, with the sign-in link, and keeps the draft', async () => {
    const context = await world.signedIn({ teamId: TEAM_A, userId: MEMBER_A });
    const { page } = await world.open(context, '/ja/settings/reactions');
    await page.getByRole('tab', { name: ja.reactions.tabs.custom }).click();
    await page.getByRole('button', { name: ja.reactions.add }).click();
    const modal = page.locator('dialog[open]');
    await modal.getByLabel(ja.reactions.fields.name).fill('wave');
    await modal.getByLabel(ja.reactions.fields.prompt).fill('Wave back.');
    await context.clearCookies();
    await modal.getByRole('button', { name: ja.actions.save }).click();
    const alert = modal.getByRole('alert');
    await expect.poll(() => alert.innerText()).toBe(`${translate('AUTH.TEAM_ID_MISSING', {}, 'ja')} ${jaCommon.signInFirst.again}`);
    await expect.poll(() => alert.evaluate((element) => element === document.activeElement)).toBe(true);
    const signIn = alert.getByRole('link', { name: jaCommon.signInFirst.again });
    expect(await signIn.getAttribute('target')).toBe('_blank');
    // Back to the tab the dialog was opened from.
    expect(await signIn.getAttribute('href')).toBe(`/auth/signin?returnTo=${encodeURIComponent('/ja/settings/reactions?tab=custom')}`);
    expect(await modal.getByLabel(ja.reactions.fields.prompt).inputValue()).toBe('Wave back.');
    await page.close();
    await context.close();
  });
});

describe('when Slack cannot list the channels', () => {
  // A workspace of its own, so no channel list of it is cached yet; kept last in this file,
  // since the fake's rate limit on conversations.list is shared by every workspace.
  it('says so in the channel section of Instructions instead of "No data available", in English and Japanese', async () => {
    const team = world.slack.addTeam({ id: 'T0INITECH', name: 'Initech' });
    world.slack.addUser({ id: 'U0PETERIN', teamId: team.id, name: 'peter', realName: 'Peter Gibbons', email: 'peter@initech.test' });
    world.slack.addChannel({ id: 'C0TPSREPS', teamId: team.id, name: 'tps-reports' });
    await installTomo(world.app, team);
    const at = new Date();
    await new PgInstructionRepository(world.app.database.orm).save(team.id, {
      teamId: team.id,
      level: 'channel',
      targetId: 'C0TPSREPS',
      name: 'tps',
      text: 'Always use the new cover sheet.',
      createdBy: 'U0PETERIN',
      createdAt: at,
      updatedBy: 'U0PETERIN',
      updatedAt: at,
    });
    // Longer than the Slack caller waits: every conversations.list of this test fails.
    world.slack.rateLimit('conversations.list', { times: 50, retryAfterSeconds: 120 });
    const context = await world.signedIn({ teamId: team.id, userId: 'U0PETERIN' });
    for (const [path, lang] of [['/settings/instructions', 'en'], ['/ja/settings/instructions', 'ja']] as const) {
      const { page } = await world.open(context, path);
      const section = page.locator('section[aria-labelledby="instructions-channel"]');
      await expect.poll(() => section.getByRole('alert').innerText()).toBe(translate('UNKNOWN', {}, lang));
      expect(await section.getByText(translate('UI.NO_DATA', {}, lang), { exact: true }).count()).toBe(0);
      await page.close();
    }
    await context.close();
  });
});
