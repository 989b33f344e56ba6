import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../apps/shared/messages';
import en from '../../apps/web/src/locales/en/settings';
import ja from '../../apps/web/src/locales/ja/settings';
import { startBrowserWorld, type BrowserWorld } from '../integration/settings/support/browser-world';
import { BOT_A, MEMBER_A, TEAM_A } from '../integration/settings/support/slack-world';
import { seriousViolations } from '../support/axe';

/**
 * A guest of Acme opens the workspace-wide settings pages in headless Chromium: they see the
 * values, read-only, and once, politely, why they cannot change them; a member sees the forms.
 */
const GUEST = 'U0GUESTMC';
let world: BrowserWorld;

beforeAll(async () => {
  world = await startBrowserWorld();
  world.slack.addUser({ id: GUEST, teamId: TEAM_A, name: 'gail', realName: 'Gail Guest', isRestricted: true });
});
afterAll(async () => {
  await world?.close();
});

describe('a guest on the workspace-wide settings pages', () => {
  it('sees App, Plugins, Reactions and Auto replies read-only, with the reason once (en, ja), while a member still edits', async () => {
    const member = await world.signedIn({ teamId: TEAM_A, userId: MEMBER_A });
    {
      const { page } = await world.open(member, '/settings/app');
      await page.getByRole('button', { name: en.actions.save }).waitFor();
      // Mo names the app and adds a reaction and an auto reply the guest will see.
      await page.getByLabel(en.app.name.label).fill('Acme Helper');
      await page.getByRole('button', { name: en.actions.save }).click();
      await page.getByRole('dialog').getByRole('button', { name: en.actions.confirm }).click();
      await expect.poll(() => page.getByText(/Updated by: Mo Member/).count()).toBe(1);
      const created = await page.evaluate(async () => (await fetch('/api/settings/reactions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'tada', prompt: 'Celebrate this.' }) })).status);
      expect(created).toBe(201);
      expect(await page.getByRole('status').filter({ hasText: translate('PERMISSION.GUEST_READ_ONLY', {}, 'en') }).count()).toBe(0);
      await page.close();
    }

    const guest = await world.signedIn({ teamId: TEAM_A, userId: GUEST });
    const message = translate('PERMISSION.GUEST_READ_ONLY', {}, 'en');

    const app = (await world.open(guest, '/settings/app')).page;
    const notice = app.getByRole('status').filter({ hasText: message });
    await notice.waitFor();
    expect(await app.getByText(message).count()).toBe(1);
    const name = app.getByLabel(en.app.name.label);
    expect(await name.inputValue()).toBe('Acme Helper');
    expect(await name.getAttribute('readonly')).not.toBeNull();
    expect(await name.getAttribute('aria-describedby')).toBe(await notice.getAttribute('id'));
    expect(await app.getByRole('button', { name: en.actions.save }).count()).toBe(0);
    expect(await app.getByRole('button', { name: en.app.icon.change }).count()).toBe(0);
    expect(await app.getByRole('switch', { name: en.app.greeting.label }).isDisabled()).toBe(true);
    expect(await seriousViolations(app)).toEqual([]);

    const plugins = (await world.open(guest, '/settings/plugins')).page;
    await plugins.getByRole('status').filter({ hasText: message }).waitFor();
    const switches = plugins.getByRole('switch');
    await expect.poll(() => switches.count()).toBe(6);
    for (const one of await switches.all()) expect(await one.isDisabled()).toBe(true);

    const reactions = (await world.open(guest, '/settings/reactions?tab=custom')).page;
    await reactions.getByRole('status').filter({ hasText: message }).waitFor();
    await reactions.getByRole('rowheader', { name: ':tada:' }).waitFor();
    expect(await reactions.getByRole('button', { name: en.reactions.add }).count()).toBe(0);
    expect(await reactions.getByRole('button', { name: en.actions.edit }).count()).toBe(0);
    expect(await reactions.getByRole('button', { name: en.actions.delete }).count()).toBe(0);

    const autoReplies = (await world.open(guest, '/settings/auto-replies')).page;
    await autoReplies.getByRole('status').filter({ hasText: message }).waitFor();
    const instruction = autoReplies.getByLabel(en.autoReplies.instructionFor.replace('{{bot}}', 'Relay Bot'));
    await instruction.waitFor();
    expect(await instruction.getAttribute('readonly')).not.toBeNull();
    expect(await autoReplies.getByLabel(en.autoReplies.enabledFor.replace('{{bot}}', 'Relay Bot')).isDisabled()).toBe(true);
    expect(await autoReplies.getByRole('button', { name: en.actions.save }).count()).toBe(0);
    expect(await autoReplies.locator(`[data-bot="${BOT_A}"]`).count()).toBe(1);

    const appJa = (await world.open(guest, '/ja/settings/app')).page;
    await appJa.getByRole('status').filter({ hasText: translate('PERMISSION.GUEST_READ_ONLY', {}, 'ja') }).waitFor();
    expect(await appJa.getByLabel(ja.app.name.label).getAttribute('readonly')).not.toBeNull();
    await guest.close();
    await member.close();
  });
});
