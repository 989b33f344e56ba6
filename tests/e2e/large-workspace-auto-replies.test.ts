import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../apps/shared/messages';
import en from '../../apps/web/src/locales/en/settings';
import ja from '../../apps/web/src/locales/ja/settings';
import { startBrowserWorld, type BrowserWorld } from '../integration/settings/support/browser-world';
import { ADMIN_A, ADMIN_B, TEAM_A, TEAM_B } from '../integration/settings/support/slack-world';
import { seriousViolations } from '../support/axe';

/**
 * The Auto replies page of a workspace with 120 bots in headless Chromium, the Slack emulator
 * pacing `users.conversations` like Slack (50 a minute): the rows come at once, those Slack has
 * not listed yet saying their channels are loading, and fill in as Slack answers while the admin
 * types and saves; the Japanese page says the same in Japanese.
 */
const BOTS = 120;
const SPEED = 60;

let world: BrowserWorld;
let ana: BrowserContext;
let bea: BrowserContext;
const pageErrors: string[] = [];
const botId = (i: number) => `U8${String(i).padStart(6, '0')}`;
const alertsOf = (i: number) => `C8A${String(i).padStart(5, '0')}`;

beforeAll(async () => {
  world = await startBrowserWorld();
  const { slack } = world;
  for (let i = 0; i < BOTS; i += 1) {
    slack.addUser({ id: botId(i), teamId: TEAM_A, name: `bot${i}`, realName: `Bot ${i}`, isBot: true });
    slack.addChannel({ id: alertsOf(i), teamId: TEAM_A, name: `alerts-${i}`, members: [botId(i)], botIsMember: false });
  }
  for (let i = 0; i < 3; i += 1) {
    slack.addUser({ id: `U7GLOBEX${i}`, teamId: TEAM_B, name: `globexbot${i}`, realName: `Globex Bot ${i}`, isBot: true });
  }
  slack.addChannel({ id: 'C7GLOBEXA', teamId: TEAM_B, name: 'globex-alerts', members: ['U7GLOBEX0', 'U7GLOBEX1', 'U7GLOBEX2'], botIsMember: false });
  ana = await world.signedIn({ teamId: TEAM_A, userId: ADMIN_A });
  bea = await world.signedIn({ teamId: TEAM_B, userId: ADMIN_B });
});
afterAll(async () => {
  await world?.close();
});

async function open(context: BrowserContext, path: string): Promise<Page> {
  const { page, errors } = await world.open(context, path);
  page.on('close', () => pageErrors.push(...errors));
  return page;
}

const row = (page: Page, bot: string) => page.locator(`tr[data-bot="${bot}"]`);
const loadingRows = (page: Page) => page.locator('[data-channels="loading"]');
const channelStatus = (page: Page) => page.locator('.settings-channels-progress [role="status"]');

describe('The Auto replies page while Slack lists 120 bots’ channels at its pace', () => {
  it('shows every bot at once, fills in their channels as Slack answers, and keeps what is typed and saved meanwhile', async () => {
    // Slack's own pace: the minute's first 50 lists at once, then one every 1.2 s.
    world.slack.paceLikeSlack();
    const page = await open(ana, '/settings/auto-replies');
    await page.getByText(translate('UI.LOADING', {}, 'en'), { exact: true }).waitFor({ state: 'detached' });

    // Every bot is there at once, the later ones' channels still loading, and the page says why.
    await expect.poll(() => page.locator('tr[data-bot]').count()).toBe(BOTS + 1);
    expect(await row(page, botId(BOTS - 1)).locator('[data-channels="loading"]').innerText()).toBe(en.autoReplies.channelsLoading);
    expect(await channelStatus(page).innerText()).toBe(en.autoReplies.channelsReading);
    expect(await page.getByRole('progressbar', { name: en.autoReplies.channelsProgressLabel }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    // The admin writes an instruction for the last bot while its channels are still loading.
    await page.getByLabel('Instruction for Bot 119').fill('Not saved yet: say which check failed.');

    // Asking again every few seconds, the page shows the first fifty's channels while the rest wait for Slack.
    await expect.poll(() => page.locator(`li[data-channel="${alertsOf(0)}"]`).count(), { timeout: 15_000 }).toBe(1);
    expect(await row(page, botId(0)).locator(`li[data-channel="${alertsOf(0)}"]`).innerText()).toBe(
      en.autoReplies.tomoNotIn.replace('{{channel}}', 'alerts-0'),
    );
    expect(await loadingRows(page).count()).toBeGreaterThan(BOTS / 4);
    await expect.poll(() => page.locator('.settings-channels-progress').innerText()).toMatch(/\d+ of 121 bots/);

    // Saving another bot whose channels are not read yet: the save reloads the rows, and neither
    // the typed instruction nor the channels already shown are lost; the saved bot still says loading.
    const saved = row(page, botId(BOTS - 2));
    await page.getByLabel('Instruction for Bot 118').fill('Summarise the alert.');
    await page.getByLabel('Auto replies to Bot 118 enabled').check();
    await saved.getByRole('button', { name: en.actions.save }).click();
    await page.locator('dialog[open]').getByRole('button', { name: en.actions.confirm }).click();
    await expect.poll(() => saved.locator('td').nth(3).innerText()).toBe('Ana Admin');
    expect(await saved.locator('[data-channels="loading"]').count()).toBe(1);
    expect(await page.getByLabel('Instruction for Bot 119').inputValue()).toBe('Not saved yet: say which check failed.');
    expect(await page.locator(`li[data-channel="${alertsOf(0)}"]`).count()).toBe(1);

    // Slack sped up (its minute refills in a second): the page fills in to the last bot by itself.
    const start = Date.now();
    world.slack.paceLikeSlack({ now: () => start + (Date.now() - start) * SPEED });
    await expect.poll(() => loadingRows(page).count(), { timeout: 60_000 }).toBe(0);
    for (const i of [0, 59, 118, 119]) {
      expect(await row(page, botId(i)).locator(`li[data-channel="${alertsOf(i)}"]`).innerText()).toBe(
        en.autoReplies.tomoNotIn.replace('{{channel}}', `alerts-${i}`),
      );
    }
    expect(await channelStatus(page).innerText()).toBe('');
    expect(await page.getByRole('progressbar').count()).toBe(0);
    // What was typed is still there, and the saved bot kept its setting.
    expect(await page.getByLabel('Instruction for Bot 119').inputValue()).toBe('Not saved yet: say which check failed.');
    expect(await page.getByLabel('Instruction for Bot 118').inputValue()).toBe('Summarise the alert.');
    expect(await page.getByLabel('Auto replies to Bot 118 enabled').isChecked()).toBe(true);
    await page.close();
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('says the same in Japanese on /ja', async () => {
    // A slow Slack: its answers take 4 s, longer than the first answer waits for them.
    world.slack.answerLate('users.conversations', 4_000, { times: 10 });
    const page = await open(bea, '/ja/settings/auto-replies');
    await expect.poll(() => page.locator('tr[data-bot]').count()).toBe(3);
    expect(await row(page, 'U7GLOBEX0').locator('[data-channels="loading"]').innerText()).toBe(ja.autoReplies.channelsLoading);
    expect(await channelStatus(page).innerText()).toBe(ja.autoReplies.channelsReading);
    await expect.poll(() => loadingRows(page).count(), { timeout: 15_000 }).toBe(0);
    expect(await row(page, 'U7GLOBEX0').locator('li[data-channel="C7GLOBEXA"]').innerText()).toBe(
      ja.autoReplies.tomoNotIn.replace('{{channel}}', 'globex-alerts'),
    );
    expect(await channelStatus(page).innerText()).toBe('');
    await page.close();
    expect(pageErrors).toEqual([]);
  });
});
