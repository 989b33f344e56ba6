import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { PgScheduleSettingsRepository } from '../../adapters/postgres/pg-schedule-settings-repository';
import { PgUsageEventRepository } from '../../adapters/postgres/pg-usage-event-repository';
import { localTimeToUtc, utcTimeToLocal } from '../../core/schedules/local-time';
import { runAtOrAfter } from '../../core/schedules/schedule-runs';
import { utcOffsetAt } from '../../core/schedules/time-zone';
import { translate } from '../../apps/shared/messages';
import en from '../../apps/web/src/locales/en/settings';
import ja from '../../apps/web/src/locales/ja/settings';
import enCommon from '../../apps/web/src/locales/en/common';
import { startBrowserWorld, type BrowserWorld } from '../integration/settings/support/browser-world';
import { ADMIN_A, buyPlan, MEMBER_A, TEAM_A } from '../integration/settings/support/slack-world';

/** An admin of Acme signs in with Slack and uses every settings page; each change survives a reload. */
let world: BrowserWorld;
let admin: BrowserContext;
const pageErrors: string[] = [];

beforeAll(async () => {
  world = await startBrowserWorld();
  // A second bot, so the Auto replies page has two rows (added before the directory caches users.list).
  world.slack.addUser({ id: 'U0BOTDEPL', teamId: TEAM_A, name: 'deploybot', realName: 'Deploy Bot', isBot: true });
  await buyPlan(world.app, TEAM_A, { id: 'sub-acme-standard', planKey: 'gpt50', seats: 3 });
  admin = await world.signedIn({ teamId: TEAM_A, userId: ADMIN_A });
});
afterAll(async () => {
  await world?.close();
});

async function open(path: string): Promise<Page> {
  const { page, errors } = await world.open(admin, path);
  page.on('close', () => pageErrors.push(...errors));
  return page;
}

/** Reloads and waits for the page's data (the Loading... text gone). */
async function reload(page: Page): Promise<void> {
  await page.reload();
  await page.locator('h1').waitFor();
  await page.getByText(translate('UI.LOADING', {}, 'en'), { exact: true }).waitFor({ state: 'detached' });
}

/**
 * Fills a field with text that may hold a lone surrogate, as a broken paste leaves one: set in the
 * page (the DevTools protocol would turn it into U+FFFD on the way), with the input event React reads.
 */
const fillCodeUnits = (field: Locator, text: string) =>
  field.evaluate((element, units) => {
    const proto = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(element, String.fromCharCode(...units));
    element.dispatchEvent(new Event('input', { bubbles: true }));
  }, Array.from({ length: text.length }, (_, i) => text.charCodeAt(i)));
/** A field's value as UTF-16 code units turned back into a string, lone surrogates kept. */
const valueOf = (field: Locator) =>
  field
    .evaluate((element) => {
      const value = (element as HTMLInputElement).value;
      return Array.from({ length: value.length }, (_, i) => value.charCodeAt(i));
    })
    .then((units) => String.fromCharCode(...units));

const confirmDialog = (page: Page) => page.locator('dialog[open]');
const alert = (page: Page) => page.getByRole('alert');
const idle = (page: Page) => expect.poll(() => page.getByRole('status').last().innerText()).toBe('');

const PAGES = [
  ['app', 'app'],
  ['auto-replies', 'autoReplies'],
  ['instructions', 'instructions'],
  ['integrations', 'integrations'],
  ['members', 'members'],
  ['plugins', 'plugins'],
  ['reactions', 'reactions'],
  ['schedules', 'schedules'],
  ['usage', 'usage'],
  ['subscription', 'subscription'],
] as const;

describe('every settings page in English and Japanese', () => {
  it.each(PAGES)('/settings/%s renders in English, and under /ja in Japanese (%s)', async (path, key) => {
    for (const [prefix, copy, lang] of [['', en, 'en'], ['/ja', ja, 'ja']] as const) {
      const page = await open(`${prefix}/settings/${path}`);
      await expect.poll(() => page.locator('h1').innerText()).toBe(copy[key].title);
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);
      expect(await page.title()).toBe(`${copy[key].title} | Tomo`);
      await page.getByText(translate('UI.LOADING', {}, lang), { exact: true }).waitFor({ state: 'detached' });
      expect(await alert(page).count()).toBe(0);
      await page.close();
    }
    expect(pageErrors).toEqual([]);
  });
});

describe('App', () => {
  it('saves the name after confirmation, refuses 51 characters, and keeps the greeting choice', async () => {
    const page = await open('/settings/app');
    const name = page.getByLabel(en.app.name.label);
    await name.fill('x'.repeat(51));
    await expect.poll(() => alert(page).innerText()).toBe(translate('APP_NAME.TOO_LONG', { max: 50 }, 'en'));
    // A screen reader reads the message with the field.
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`[id="${await name.getAttribute('aria-describedby')}"]`).innerText()).toBe(translate('APP_NAME.TOO_LONG', { max: 50 }, 'en'));
    expect(await page.getByRole('button', { name: en.actions.save }).isDisabled()).toBe(true);

    await name.fill('Acme Helper');
    await page.getByRole('button', { name: en.actions.save }).click();
    await expect.poll(() => confirmDialog(page).innerText()).toContain('Update the app name to “Acme Helper”?');
    await confirmDialog(page).getByRole('button', { name: en.actions.confirm }).click();
    await idle(page);
    await page.getByRole('switch', { name: en.app.greeting.label }).click();
    await idle(page);

    await reload(page);
    // The form takes the loaded values in the render after the data arrives: poll, as a person would look again.
    await expect.poll(() => page.getByLabel(en.app.name.label).inputValue()).toBe('Acme Helper');
    await expect.poll(() => page.getByRole('switch', { name: en.app.greeting.label }).getAttribute('aria-checked')).toBe('false');
    await page.close();
  });

  it('refuses a pasted NUL character under the field, in the server\'s words, before anything is sent (en, ja)', async () => {
    for (const [prefix, copy, lang] of [['', en, 'en'], ['/ja', ja, 'ja']] as const) {
      const page = await open(`${prefix}/settings/app`);
      const puts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'PUT') puts.push(request.url());
      });
      const name = page.getByLabel(copy.app.name.label);
      await name.fill('Acme\u0000Bot');
      const message = translate('INPUT.UNSUPPORTED_CHARACTERS', {}, lang);
      await expect.poll(() => alert(page).innerText()).toBe(message);
      expect(await name.getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator(`[id="${await name.getAttribute('aria-describedby')}"]`).innerText()).toBe(message);
      const save = page.getByRole('button', { name: copy.actions.save });
      expect(await save.isDisabled()).toBe(true);
      // Enter in the field does not send it either; what was typed stays to be corrected.
      await name.press('Enter');
      expect(await confirmDialog(page).count()).toBe(0);
      expect(await name.inputValue()).toBe('Acme\u0000Bot');
      await name.fill('Acme Bot');
      await expect.poll(() => alert(page).count()).toBe(0);
      expect(await save.isDisabled()).toBe(false);
      expect(puts).toEqual([]);
      await page.close();
    }
  });

  it("on a phone, the greeting switch's label reads from its start when it wraps, beside the track", async () => {
    const phone = await world.signedIn({ teamId: TEAM_A, userId: ADMIN_A }, { width: 375 });
    const { page } = await world.open(phone, '/settings/app');
    const greeting = page.getByRole('switch', { name: en.app.greeting.label });
    await greeting.waitFor();
    const layout = await greeting.evaluate((button) => {
      const label = button.querySelector('span:not(.switch-track)')!;
      const track = button.querySelector('.switch-track')!.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(label);
      // One rectangle per line of text (the label wraps at this width).
      const lines = [...range.getClientRects()].map((line) => Math.round(line.left));
      return { lines, labelLeft: Math.round(label.getBoundingClientRect().left), trackWidth: Math.round(track.width) };
    });
    expect(layout.lines.length).toBeGreaterThan(1);
    // Every line starts where the label starts: not centred under each other.
    expect(new Set(layout.lines)).toEqual(new Set([layout.labelLeft]));
    // The track keeps its size beside a long label.
    expect(layout.trackWidth).toBe(44);
    await phone.close();
  });

  it('gives the focus back to Save once a change confirmed by keyboard is saved', async () => {
    const page = await open('/settings/app');
    await page.getByLabel(en.app.name.label).fill('Acme Helper');
    const save = page.getByRole('button', { name: en.actions.save });
    await save.focus();
    await page.keyboard.press('Enter');
    const confirm = confirmDialog(page).getByRole('button', { name: en.actions.confirm });
    await confirm.focus();
    await page.keyboard.press('Enter');
    await idle(page);
    // Not the page's start: the next Tab goes on from the form, not from 'Skip to content'.
    await expect.poll(() => save.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.close();
  });

  it('keeps a name being typed when the greeting switch is flipped before saving it', async () => {
    const page = await open('/settings/app');
    const greeting = page.getByRole('switch', { name: en.app.greeting.label });
    const before = await greeting.getAttribute('aria-checked');
    await page.getByLabel(en.app.name.label).fill('Not Saved Yet');
    await greeting.click();
    // The switch shows the reloaded settings once the change is stored.
    await expect.poll(() => greeting.getAttribute('aria-checked')).not.toBe(before);
    await idle(page);
    expect(await page.getByLabel(en.app.name.label).inputValue()).toBe('Not Saved Yet');
    await greeting.click();
    await expect.poll(() => greeting.getAttribute('aria-checked')).toBe(before);
    await page.close();
  });

  it("says the catalogue's unknown error, in Japanese, when a change never reaches the server", async () => {
    const page = await open('/ja/settings/app');
    await page.route('**/api/settings/app', (route) => (route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.continue()));
    const greeting = page.getByRole('switch', { name: ja.app.greeting.label });
    await greeting.waitFor();
    const before = await greeting.getAttribute('aria-checked');
    await greeting.click();
    await expect.poll(() => alert(page).innerText()).toBe(translate('UNKNOWN', {}, 'ja'));
    expect(await greeting.getAttribute('aria-checked')).toBe(before);
    await page.close();
  });

  it('checks the icon file with the exact messages, uploads it, and removes it with the X', async () => {
    const page = await open('/settings/app');
    const input = page.getByTestId('app-icon-input');
    const dir = await mkdtemp(join(tmpdir(), 'tomo-icons-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const files = { gif: join(dir, 'icon.gif'), none: join(dir, 'icon'), huge: join(dir, 'huge.png'), png: join(dir, 'icon.png') };
    // A real 1×1 PNG, so the browser can show it.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    await writeFile(files.gif, png);
    await writeFile(files.none, png);
    await writeFile(files.png, png);
    await writeFile(files.huge, '');
    await truncate(files.huge, 52_428_801);

    const expectAlert = async (file: string, text: string) => {
      await input.setInputFiles(file);
      await expect.poll(() => alert(page).innerText()).toBe(text);
    };
    await expectAlert(files.none, 'The file name does not have an extension. Please select a file with an extension.');
    await expectAlert(
      files.gif,
      'The file extension (gif) is not allowed. Please select a file with an allowed extension. Allowed extensions are jpg, jpeg, png.',
    );
    await expectAlert(files.huge, 'The file size (52428801 bytes) exceeds the limit of 52428800 bytes. Please select a file with a smaller size.');
    await input.setInputFiles([]);
    await input.dispatchEvent('change');
    await expect.poll(() => alert(page).innerText()).toBe('No file is selected. Please select a file.');

    await input.setInputFiles(files.png);
    await confirmDialog(page).getByRole('button', { name: en.actions.confirm }).click();
    await idle(page);
    await reload(page);
    expect(await page.getByRole('img', { name: en.app.icon.custom }).getAttribute('src')).toMatch(/^\/api\/settings\/app\/icon/);
    // The browser decodes the stored file: it is the image that was uploaded.
    await expect.poll(() => page.getByRole('img', { name: en.app.icon.custom }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    // The icon itself is shown 250×250 on a desktop viewport and 175×175 on phones (spec 5), not a pixel less for a frame.
    const shown = () =>
      page.getByRole('img', { name: en.app.icon.custom }).evaluate((img) => {
        const box = img.getBoundingClientRect();
        return `${box.width}x${box.height}`;
      });
    expect(await shown()).toBe('250x250');
    const desktop = page.viewportSize()!;
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(shown).toBe('175x175');
    await page.setViewportSize(desktop);
    await expect.poll(shown).toBe('250x250');

    await page.getByRole('button', { name: en.app.icon.remove }).click();
    await expect.poll(() => confirmDialog(page).innerText()).toContain(en.app.icon.confirmDelete);
    await confirmDialog(page).getByRole('button', { name: en.actions.confirm }).click();
    await idle(page);
    await reload(page);
    expect(await page.getByRole('img', { name: en.app.icon.original }).count()).toBe(1);
    await page.close();
  });
});

describe('Unsaved changes', () => {
  const menuLink = async (page: Page, label: string) => {
    await page.locator('button[aria-controls="site-menu"]').click();
    return page.locator('#site-menu').getByRole('link', { name: label, exact: true });
  };
  const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? null);

  it('asks before a settings link leaves a typed App name: Stay (or Escape) keeps it, Leave goes', async () => {
    const page = await open('/settings/app');
    const name = page.getByLabel(en.app.name.label);
    await name.fill('Typed Not Saved');
    const plugins = await menuLink(page, enCommon.menu.settingsItems.plugins);
    await plugins.click();
    const ask = page.locator('dialog[open]');
    await expect.poll(() => ask.locator('p').innerText()).toBe('You have unsaved changes. Leave this page?');
    // Focus is in the dialog, on the safe answer.
    expect(await focusedText(page)).toBe('Stay');
    await ask.getByRole('button', { name: 'Stay' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/settings/app');
    expect(await name.inputValue()).toBe('Typed Not Saved');
    // Focus is back on the link that was followed; by keyboard, Escape answers Stay.
    expect(await focusedText(page)).toBe(enCommon.menu.settingsItems.plugins);
    await page.keyboard.press('Enter');
    await expect.poll(() => ask.count()).toBe(1);
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/settings/app');
    expect(await focusedText(page)).toBe(enCommon.menu.settingsItems.plugins);

    await plugins.click();
    await ask.getByRole('button', { name: 'Leave' }).click();
    await expect.poll(() => page.locator('h1').innerText()).toBe(en.plugins.title);
    expect(new URL(page.url()).pathname).toBe('/settings/plugins');
    await page.close();
  });

  it("asks on the browser's Back within the app, and not at all once the name is saved", async () => {
    const page = await open('/settings/plugins');
    await (await menuLink(page, enCommon.menu.settingsItems.app)).click();
    const name = page.getByLabel(en.app.name.label);
    await name.fill('Back Helper');
    await page.evaluate(() => history.back());
    const ask = page.locator('dialog[open]');
    await expect.poll(() => ask.locator('p').innerText()).toBe(en.unsaved.message);
    await ask.getByRole('button', { name: en.unsaved.stay }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/settings/app');
    expect(await name.inputValue()).toBe('Back Helper');

    await page.getByRole('button', { name: en.actions.save }).click();
    await confirmDialog(page).getByRole('button', { name: en.actions.confirm }).click();
    await idle(page);
    await (await menuLink(page, enCommon.menu.settingsItems.plugins)).click();
    await expect.poll(() => page.locator('h1').innerText()).toBe(en.plugins.title);
    expect(await page.locator('dialog[open]').count()).toBe(0);
    await page.close();
  });

  it('asks on the pages with several forms too: an instruction, a bot row, a schedule row, the reaction modal', async () => {
    const type: [string, (page: Page) => Promise<void>][] = [
      ['/settings/instructions', (page) => page.locator('form[data-level="user"]').getByLabel(`${en.instructions.fields.text}: `).fill('Unsaved own words')],
      ['/settings/auto-replies', (page) => page.getByLabel('Instruction for Deploy Bot').fill('Unsaved bot words')],
      ['/settings/schedules', (page) => page.getByLabel('Lookback days for random').fill('9')],
    ];
    for (const [path, typeInto] of type) {
      const page = await open(path);
      await page.getByText(translate('UI.LOADING', {}, 'en'), { exact: true }).waitFor({ state: 'detached' });
      await typeInto(page);
      await (await menuLink(page, enCommon.menu.settingsItems.plugins)).click();
      const ask = page.locator('dialog[open]');
      await expect.poll(() => ask.locator('p').innerText()).toBe(en.unsaved.message);
      await ask.getByRole('button', { name: en.unsaved.leave }).click();
      await expect.poll(() => page.locator('h1').innerText()).toBe(en.plugins.title);
      await page.close();
    }
    // The reaction modal: the browser's Back while it holds a typed prompt.
    const page = await open('/settings/plugins');
    await (await menuLink(page, enCommon.menu.settingsItems.reactions)).click();
    await page.getByRole('tab', { name: en.reactions.tabs.custom }).click();
    await page.getByRole('button', { name: en.reactions.add }).click();
    await page.locator('dialog[open]').getByLabel(en.reactions.fields.prompt).fill('Unsaved prompt');
    await page.evaluate(() => history.back());
    await expect.poll(() => page.getByText(en.unsaved.message, { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: en.unsaved.stay }).click();
    expect(await page.getByLabel(en.reactions.fields.prompt).inputValue()).toBe('Unsaved prompt');
    expect(new URL(page.url()).pathname).toBe('/settings/reactions');
    await page.close();
  });

  it('asks before choosing another channel replaces a typed channel instruction: Keep editing keeps it, Discard switches', async () => {
    const page = await open('/settings/instructions');
    await page.getByText(translate('UI.LOADING', {}, 'en'), { exact: true }).waitFor({ state: 'detached' });
    const channel = page.getByRole('combobox', { name: en.instructions.chooseChannel, exact: true });
    const text = page.locator('form[data-level="channel"]').getByLabel(`${en.instructions.fields.text}: `);
    await channel.selectOption({ label: 'general' });
    await text.fill('Unsaved words for general');

    await channel.focus();
    await channel.selectOption({ label: 'random' });
    const ask = page.getByRole('dialog', { name: en.unsaved.discardMessage });
    await ask.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(en.unsaved.keepEditing);
    await ask.getByRole('button', { name: en.unsaved.keepEditing }).click();
    await ask.waitFor({ state: 'detached' });
    // Still general, with what was typed, and the focus back on the channel choice.
    expect(await channel.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe('general');
    expect(await text.inputValue()).toBe('Unsaved words for general');
    expect(await channel.evaluate((select) => select === document.activeElement)).toBe(true);

    await channel.selectOption({ label: 'random' });
    await ask.getByRole('button', { name: en.unsaved.discard }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await channel.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe('random');
    expect(await text.inputValue()).toBe('');
    // Nothing typed for random: general comes back without a question.
    await channel.selectOption({ label: 'general' });
    expect(await text.inputValue()).toBe('');
    expect(await page.locator('dialog[open]').count()).toBe(0);
    await page.close();
  });

  it("gets the browser's own prompt on reload or close while a change is unsaved, none after saving", async () => {
    const page = await open('/settings/app');
    const prompts: string[] = [];
    page.on('dialog', (dialog) => {
      prompts.push(dialog.type());
      void dialog.accept();
    });
    const name = page.getByLabel(en.app.name.label);
    await name.click();
    await name.pressSequentially('Reload Helper');
    await page.reload();
    expect(prompts).toEqual(['beforeunload']);

    await page.getByLabel(en.app.name.label).fill('Saved Helper');
    await page.getByRole('button', { name: en.actions.save }).click();
    await confirmDialog(page).getByRole('button', { name: en.actions.confirm }).click();
    await idle(page);
    await page.reload();
    expect(prompts).toEqual(['beforeunload']);

    await page.getByLabel(en.app.name.label).fill('Closing Helper');
    const closed = new Promise((resolve) => page.once('close', resolve));
    await page.close({ runBeforeUnload: true });
    await closed;
    expect(prompts).toEqual(['beforeunload', 'beforeunload']);
  });

  it('asks in Japanese on /ja, also before the language switch, and Leave switches without a second prompt', async () => {
    const page = await open('/ja/settings/app');
    const prompts: string[] = [];
    page.on('dialog', (dialog) => {
      prompts.push(dialog.type());
      void dialog.accept();
    });
    await page.getByLabel(ja.app.name.label).fill('保存していない名前');
    await page.locator('button[aria-controls="language-menu"]').click();
    await page.locator('#language-menu a[hreflang="en"]').click();
    const ask = page.locator('dialog[open]');
    await expect.poll(() => ask.locator('p').innerText()).toBe('保存していない変更があります。このページを離れますか？');
    expect(await ask.getByRole('button').allInnerTexts()).toEqual([ja.unsaved.stay, ja.unsaved.leave]);
    await ask.getByRole('button', { name: ja.unsaved.leave }).click();
    await page.waitForURL('**/settings/app');
    await expect.poll(() => page.locator('h1').innerText()).toBe(en.app.title);
    expect(prompts).toEqual([]);
    await page.close();
  });
});

describe('Integrations', () => {
  it("says the catalogue's unknown error, in Japanese, when its cards cannot be loaded", async () => {
    for (const fail of [(route: Route) => route.abort('internetdisconnected'), (route: Route) => route.fulfill({ status: 502, body: 'Bad Gateway' })]) {
      const page = await admin.newPage();
      await page.route('**/api/settings/integrations', fail);
      await page.goto('/ja/settings/integrations');
      await expect.poll(() => page.locator('main').getByRole('alert').innerText()).toBe(translate('UNKNOWN', {}, 'ja'));
      expect(await page.getByText(translate('UI.LOADING', {}, 'ja'), { exact: true }).count()).toBe(0);
      await page.close();
    }
  });
});

describe('Auto replies', () => {
  it("shows '---' before the first save, then keeps the bot's instruction and switch", async () => {
    const page = await open('/settings/auto-replies');
    const row = page.locator('tr[data-bot="U0BOTRELY"]');
    // The bot's channels, each saying whether Tomo is there to answer it.
    expect(await row.locator('li[data-channel="C0GENERAL"]').innerText()).toBe(
      en.autoReplies.tomoIn.replace('{{channel}}', 'general'),
    );
    expect(await row.locator('td').nth(3).innerText()).toBe('---');
    expect(await row.locator('td').nth(4).innerText()).toBe('---');
    await page.getByLabel('Instruction for Relay Bot').fill('Summarise each alert in one line.');
    await page.getByLabel('Auto replies to Relay Bot enabled').check();
    await row.getByRole('button', { name: en.actions.save }).click();
    await expect.poll(() => confirmDialog(page).innerText()).toContain('Update the auto reply settings for Relay Bot?');
    await confirmDialog(page).getByRole('button', { name: en.actions.confirm }).click();
    await idle(page);
    await reload(page);
    await expect.poll(() => page.getByLabel('Instruction for Relay Bot').inputValue()).toBe('Summarise each alert in one line.');
    expect(await page.getByLabel('Auto replies to Relay Bot enabled').isChecked()).toBe(true);
    expect(await row.locator('td').nth(3).innerText()).toBe('Ana Admin');
    // Updated at as each language writes a date: 'Dec 13, 2026, 14:05' / '2026年12月13日 14:05'.
    expect(await row.locator('td').nth(4).innerText()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}$/);
    await page.close();
    const onJa = await open('/ja/settings/auto-replies');
    await expect.poll(() => onJa.locator('tr[data-bot="U0BOTRELY"] td').nth(4).innerText()).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}$/);
    // Every column is named in Japanese, the row number's too.
    expect((await onJa.locator('thead th').allInnerTexts()).map((c) => c.trim())).toEqual(['番号', 'ボット名', '指示', '有効', '更新者', '更新日時', '保存']);
    await onJa.close();
  });

  it("keeps an instruction typed in one bot's row while another bot's row is saved", async () => {
    const page = await open('/settings/auto-replies');
    const deploy = page.locator('tr[data-bot="U0BOTDEPL"]');
    await expect.poll(() => deploy.locator('td').nth(4).innerText()).toBe('---');
    await page.getByLabel('Instruction for Relay Bot').fill('Not saved yet: list the failing checks.');
    await page.getByLabel('Instruction for Deploy Bot').fill('Say which version went out.');
    await deploy.getByRole('button', { name: en.actions.save }).click();
    await confirmDialog(page).getByRole('button', { name: en.actions.confirm }).click();
    // Deploy Bot's Updated at shows the save once the rows are reloaded.
    await expect.poll(() => deploy.locator('td').nth(4).innerText()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}$/);
    await idle(page);
    expect(await page.getByLabel('Instruction for Relay Bot').inputValue()).toBe('Not saved yet: list the failing checks.');
    expect(await page.getByLabel('Instruction for Deploy Bot').inputValue()).toBe('Say which version went out.');
    await page.close();
  });

  it("shows the server's refusal of a NUL character under the instruction holding it, not as a general alert, and keeps it", async () => {
    const page = await open('/settings/auto-replies');
    const row = page.locator('tr[data-bot="U0BOTDEPL"]');
    const instruction = page.getByLabel('Instruction for Deploy Bot');
    await instruction.fill('Say which\u0000 version went out.');
    await row.getByRole('button', { name: en.actions.save }).click();
    await confirmDialog(page).getByRole('button', { name: en.actions.confirm }).click();
    const message = translate('INPUT.UNSUPPORTED_CHARACTERS', {}, 'en');
    await expect.poll(() => alert(page).allInnerTexts()).toEqual([message]);
    expect(await instruction.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`[id="${await instruction.getAttribute('aria-describedby')}"]`).innerText()).toBe(message);
    expect(await instruction.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await instruction.inputValue()).toBe('Say which\u0000 version went out.');
    await page.close();
  });
});

describe('Instructions', () => {
  it('saves the workspace-wide instruction with its metrics', async () => {
    const page = await open('/settings/instructions');
    // The English page shows Tomo's own instruction alone, as the model receives it.
    const system = page.locator('section[aria-labelledby="instructions-system"]');
    await expect.poll(() => system.getByText(en.instructions.systemLanguageNote).count()).toBe(1);
    expect(await system.locator('.settings-system-meaning').count()).toBe(0);
    const form = page.locator('form[data-level="workspace"]');
    await form.getByLabel(en.instructions.fields.name).fill('House style');
    await form.getByLabel(`${en.instructions.fields.text}: `).fill('Answer in British English.');
    await form.getByRole('button', { name: en.actions.save }).click();
    await idle(page);
    await reload(page);
    const saved = page.locator('form[data-level="workspace"]');
    await expect.poll(() => saved.getByLabel(`${en.instructions.fields.text}: `).inputValue()).toBe('Answer in British English.');
    expect(await saved.getByRole('list', { name: en.instructions.metrics.label }).innerText()).toContain('This: 26 characters');
    await page.close();
  });

  it('on /ja, says what the system-wide instruction asks in Japanese, and refuses an instruction pasted over the 1 MB request limit in Japanese', async () => {
    const page = await open('/ja/settings/instructions');
    // Tomo's own system-wide instruction says what it asks in Japanese, above its exact English words.
    const system = page.locator('section[aria-labelledby="instructions-system"]');
    await expect.poll(() => system.getByText(ja.instructions.systemTranslatedNote).count()).toBe(1);
    // Both name the app as the App page set it (an earlier test may have renamed it).
    const appName = /^You are (.+), an assistant inside a Slack workspace\./.exec(await system.locator('pre[lang="en"]').innerText())?.[1];
    expect(await system.locator('.settings-system-meaning').innerText()).toBe(
      `あなたは Slack ワークスペースの中で働くアシスタント「${appName}」です。\n質問と同じ言語で、Slack の書式を使って簡潔に答えてください。\nわからないときはそう伝え、事実・リンク・人物を決して作り上げないでください。`,
    );
    expect(await system.getByText(ja.instructions.systemLanguageNote).count()).toBe(0);
    const form = page.locator('form[data-level="workspace"]');
    await form.getByLabel(`${ja.instructions.fields.text}: `).fill('長'.repeat(400_000));
    await form.getByRole('button', { name: ja.actions.save }).click();
    await expect.poll(() => alert(page).innerText()).toBe('一度に Tomo へ送るには大きすぎます。短くしてから、もう一度お試しください。');
    await page.close();
  });

  it("refuses a NUL character or a broken Unicode character under the input holding it while typed, and sends nothing (en, ja)", async () => {
    for (const [prefix, copy, lang] of [['', en, 'en'], ['/ja', ja, 'ja']] as const) {
      const page = await open(`${prefix}/settings/instructions`);
      // What left for the server: no save, and no measuring of a text holding the character.
      const sent: string[] = [];
      page.on('request', (request) => {
        const body = request.postData() ?? '';
        if (request.method() === 'PUT' || body.includes('\u0000') || /\\u0000|\\ude00/i.test(body)) sent.push(`${request.method()} ${request.url()} ${body}`);
      });
      const message = translate('INPUT.UNSUPPORTED_CHARACTERS', {}, lang);
      const own = page.locator('form[data-level="user"]');
      const name = own.getByLabel(copy.instructions.fields.name);
      const text = own.getByLabel(`${copy.instructions.fields.text}: `);
      const save = own.getByRole('button', { name: copy.actions.save });
      const describedBy = async (field: typeof name) => own.locator(`[id="${await field.getAttribute('aria-describedby')}"]`).innerText();

      await name.fill('Tone');
      await text.fill('Answer\u0000 briefly.');
      await expect.poll(() => own.getByRole('alert').allInnerTexts()).toEqual([message]);
      expect(await text.getAttribute('aria-invalid')).toBe('true');
      expect(await describedBy(text)).toBe(message);
      expect(await name.getAttribute('aria-invalid')).toBe(null);
      expect(await save.isDisabled()).toBe(true);

      // In the name (a lone surrogate): the message moves under the name; Enter does not save.
      await text.fill('Answer briefly.');
      await fillCodeUnits(name, 'Tone \uDE00');
      await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
      expect(await own.getByRole('alert').allInnerTexts()).toEqual([message]);
      expect(await describedBy(name)).toBe(message);
      expect(await text.getAttribute('aria-invalid')).toBe(null);
      await name.press('Enter');
      expect(await save.isDisabled()).toBe(true);

      // Nothing was sent (not even to measure the text), nothing typed is lost, and once the
      // character is gone the message goes and Save is back.
      expect(sent).toEqual([]);
      expect(await valueOf(name)).toBe('Tone \uDE00');
      expect(await text.inputValue()).toBe('Answer briefly.');
      await name.fill('Tone');
      await expect.poll(() => own.getByRole('alert').count()).toBe(0);
      expect(await save.isDisabled()).toBe(false);
      expect(await alert(page).count()).toBe(0);
      await page.close();
    }
  });

  it("shows the server's refusal of a text over the limit under the text, which takes focus", async () => {
    const page = await open('/settings/instructions');
    const own = page.locator('form[data-level="user"]');
    const text = own.getByLabel(`${en.instructions.fields.text}: `);
    await text.fill('x'.repeat(10_001));
    await own.getByRole('button', { name: en.actions.save }).click();
    const message = 'The instruction has 10001 characters; the limit is 10000 characters.';
    await expect.poll(() => alert(page).allInnerTexts()).toEqual([message]);
    expect(await text.getAttribute('aria-invalid')).toBe('true');
    expect(await own.locator(`[id="${await text.getAttribute('aria-describedby')}"]`).innerText()).toBe(message);
    expect(await text.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.close();
  });

  it('counts an emoji as one character, as the App name does, groups the counts, and saves 6,000 emoji on /ja', async () => {
    const page = await open('/ja/settings/instructions');
    const own = page.locator('form[data-level="user"]');
    await own.getByLabel(ja.instructions.fields.name).fill('絵文字😀');
    await own.getByLabel(`${ja.instructions.fields.text}: `).fill('🙂'.repeat(6000));
    const metrics = own.getByRole('list', { name: ja.instructions.metrics.label });
    await expect.poll(() => metrics.getByRole('listitem').first().innerText()).toBe('この指示: 6,000 文字');
    // Grouped like the App page's 52,428,800 bytes.
    expect(await metrics.getByRole('listitem').nth(2).innerText()).toBe('上限: 10,000 文字');
    await own.getByRole('button', { name: ja.actions.save }).click();
    await expect.poll(() => page.getByRole('cell', { name: '絵文字😀', exact: true }).count()).toBe(1);
    expect(await alert(page).count()).toBe(0);
    await page.close();
  });

  it('warns in words, in English and Japanese, when the instructions are over the soft token limit, and still saves', async () => {
    // About 6,000 tokens: over the 2,048 soft limit, within the 10,000-character limit.
    const long = '常に丁寧な日本語で答えてください。'.repeat(600).slice(0, 9_000);
    // A member of their own: the admin's user instructions saved by the tests above (6,000 emoji)
    // already put the admin's total over the soft limit.
    const member = await world.signedIn({ teamId: TEAM_A, userId: MEMBER_A });
    const openAsMember = async (path: string) => (await world.open(member, path)).page;
    for (const [path, texts, warning] of [
      ['/settings/instructions', en, 'Together these instructions are over the soft token limit of 2,048 tokens. They go with every question and leave less room for the conversation. You can still save.'],
      ['/ja/settings/instructions', ja, '指示の合計がトークンの目安上限（2,048）を超えています。指示は質問のたびに送られるため、会話に使える分が少なくなります。このまま保存することもできます。'],
    ] as const) {
      const page = await openAsMember(path);
      const own = page.locator('form[data-level="user"]');
      const text = own.getByLabel(`${texts.instructions.fields.text}: `);
      await text.fill('Short.');
      await expect.poll(() => own.getByRole('list', { name: texts.instructions.metrics.label }).getByRole('listitem').first().innerText()).toContain('6');
      expect(await own.getByText(warning, { exact: true }).count()).toBe(0);
      await text.fill(long);
      // Before, only the total's colour changed: nothing said so to a screen reader, or in words at all.
      await expect.poll(() => own.getByText(warning, { exact: true }).count()).toBe(1);
      await page.close();
    }
    const page = await open('/settings/instructions');
    const own = page.locator('form[data-level="user"]');
    await own.getByLabel(en.instructions.fields.name).fill('Long and polite');
    await own.getByLabel(`${en.instructions.fields.text}: `).fill(long);
    await own.getByRole('button', { name: en.actions.save }).click();
    await expect.poll(() => page.getByRole('cell', { name: 'Long and polite', exact: true }).count()).toBe(1);
    expect(await alert(page).count()).toBe(0);
    await page.close();
  });

  it('keeps unsaved words in one instruction while another instruction is saved', async () => {
    const page = await open('/settings/instructions');
    const own = page.locator('form[data-level="user"]');
    const workspace = page.locator('form[data-level="workspace"]');
    const saveOwn = async (name: string) => {
      await own.getByLabel(en.instructions.fields.name).fill(name);
      await own.getByLabel(`${en.instructions.fields.text}: `).fill(`Call me ${name}.`);
      await own.getByRole('button', { name: en.actions.save }).click();
      // The user-specific table shows the saved name once the page has reloaded its data.
      await expect.poll(() => page.getByRole('cell', { name, exact: true }).count()).toBe(1);
      await idle(page);
    };
    await saveOwn('Own style one');
    await workspace.getByLabel(`${en.instructions.fields.text}: `).fill('Draft the workspace is not ready for');
    await saveOwn('Own style two');
    expect(await workspace.getByLabel(`${en.instructions.fields.text}: `).inputValue()).toBe('Draft the workspace is not ready for');
    await page.close();
  });
});

describe('Members', () => {
  it('assigns a seat with the toggle and shows it in the summary after a reload', async () => {
    const page = await open('/settings/members');
    const seat = page.getByRole('switch', { name: 'Seat for Mo Member' });
    expect(await seat.getAttribute('aria-checked')).toBe('false');
    await seat.click();
    await idle(page);
    await reload(page);
    expect(await page.getByRole('switch', { name: 'Seat for Mo Member' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.locator('[data-summary="assigned"] dd').innerText()).toBe('1');
    expect(await page.locator('[data-summary="available"] dd').innerText()).toBe('2');

    await page.getByRole('searchbox', { name: en.members.search }).fill('ENGIN');
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 5000 }).toBe(1);
    expect(await page.locator('tbody tr').first().getAttribute('data-member')).toBe(MEMBER_A);
    await page.close();
  });
});

describe('Plugins', () => {
  it('turns a plugin off for the workspace', async () => {
    const page = await open('/settings/plugins');
    await page.getByRole('switch', { name: 'Use Web browsing' }).click();
    await idle(page);
    await reload(page);
    expect(await page.getByRole('switch', { name: 'Use Web browsing' }).getAttribute('aria-checked')).toBe('false');
    expect(await page.getByRole('switch', { name: 'Use Calculator' }).getAttribute('aria-checked')).toBe('true');
    await page.close();
  });
});

describe('Reactions', () => {
  it('validates the modal with the spec texts, adds, searches and deletes a custom reaction', async () => {
    const page = await open('/settings/reactions');
    await page.getByRole('tab', { name: en.reactions.tabs.custom }).click();
    await page.getByRole('button', { name: en.reactions.add }).click();
    const modal = page.locator('dialog[open]');
    const saveIn = () => modal.getByRole('button', { name: en.actions.save }).click();
    await saveIn();
    // Both required fields empty: both messages at once, each under its field.
    await expect.poll(() => modal.getByRole('alert').allInnerTexts()).toEqual(['Reaction name is required', 'Prompt text is required']);
    await modal.getByLabel(en.reactions.fields.name).fill('tada');
    await saveIn();
    await expect.poll(() => modal.getByRole('alert').innerText()).toBe('Prompt text is required');
    await modal.getByLabel(en.reactions.fields.name).fill(':jp:');
    await modal.getByLabel(en.reactions.fields.prompt).fill('Celebrate this message.');
    await saveIn();
    await expect.poll(() => modal.getByRole('alert').innerText()).toBe('This reaction name already exists');
    await modal.getByLabel(en.reactions.fields.name).fill('tada');
    await saveIn();
    await modal.waitFor({ state: 'detached' });

    await reload(page);
    await page.getByRole('tab', { name: en.reactions.tabs.custom }).click();
    expect(await page.locator('tr[data-reaction="tada"]').innerText()).toContain('Celebrate this message.');

    await page.getByRole('searchbox', { name: en.reactions.search }).fill('no such reaction');
    await expect.poll(() => page.getByText('No reactions found matching your search.').count()).toBe(1);
    await page.getByRole('searchbox', { name: en.reactions.search }).fill('');

    await page.locator('tr[data-reaction="tada"]').getByRole('button', { name: en.actions.delete }).click();
    await expect.poll(() => confirmDialog(page).innerText()).toContain('Are you sure you want to delete this reaction?');
    await confirmDialog(page).getByRole('button', { name: en.actions.delete }).click();
    await idle(page);
    await reload(page);
    await page.getByRole('tab', { name: en.reactions.tabs.custom }).click();
    expect(await page.locator('tr[data-reaction="tada"]').count()).toBe(0);
    await page.close();
  });

  it("shows the server's refusal, not an earlier check's message that no longer applies", async () => {
    const page = await open('/settings/reactions');
    await page.getByRole('tab', { name: en.reactions.tabs.custom }).click();
    await page.getByRole('button', { name: en.reactions.add }).click();
    const modal = page.locator('dialog[open]');
    await modal.getByLabel(en.reactions.fields.name).fill('long');
    await modal.getByRole('button', { name: en.actions.save }).click();
    await expect.poll(() => modal.getByRole('alert').innerText()).toBe('Prompt text is required');
    await modal.getByLabel(en.reactions.fields.name).fill('x'.repeat(101));
    await modal.getByLabel(en.reactions.fields.prompt).fill('Celebrate this message.');
    await modal.getByRole('button', { name: en.actions.save }).click();
    await expect.poll(() => modal.getByRole('alert').innerText()).toBe(translate('REACTION.NAME_TOO_LONG', { max: 100 }, 'en'));
    expect(await modal.getByLabel(en.reactions.fields.prompt).inputValue()).toBe('Celebrate this message.');
    // The server named the field (error.field): its message sits under the name, which has focus.
    const name = modal.getByLabel(en.reactions.fields.name);
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`[id="${await name.getAttribute('aria-describedby')}"]`).innerText()).toBe('The reaction name must be 100 characters or fewer.');
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.close();
  });

  it('says on /ja what each preset does in Japanese above its exact English prompt, and finds presets by those words', async () => {
    const page = await open('/ja/settings/reactions');
    const prompt = (name: string) => page.locator(`tr[data-reaction="${name}"] td`).first();
    const shown = () => page.locator('tr[data-reaction]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-reaction')));
    const search = page.getByRole('searchbox', { name: ja.reactions.search });
    await expect.poll(() => prompt('question').innerText()).toBe(
      'メッセージをわかりやすく簡潔に説明します\nExplain the message in plain words, briefly, for someone new to the topic.',
    );
    expect(await prompt('cn').innerText()).toBe(
      'メッセージを簡体中国語に翻訳します\n' +
        'Translate the message into Simplified Chinese. Keep its meaning, tone, formatting, names, mentions and links; reply with the translation only.',
    );
    expect(await prompt('flag-hk').innerText()).toMatch(/^メッセージを広東語 \(繁体字\)に翻訳します\nTranslate the message into Cantonese \(Traditional Chinese characters\)\./);
    expect(await prompt('flag-br').innerText()).toMatch(/^メッセージをポルトガル語 \(ブラジル\)に翻訳します\n/);
    // The prompt is marked English, so a screen reader reads it as English.
    expect(await prompt('cn').locator('[lang="en"]').innerText()).toMatch(/^Translate the message into Simplified Chinese\./);
    const all = await shown();

    await search.fill('日本語');
    await expect.poll(shown).toEqual(['jp', 'flag-jp']);
    await search.fill('要約');
    await expect.poll(shown).toEqual(['memo', 'pencil']);
    await search.fill('翻訳');
    const translations = all.filter((name) => !['question', 'grey_question', 'memo', 'pencil', 'bulb', 'mag', 'pencil2'].includes(name!));
    await expect.poll(shown).toEqual(translations);
    // The English words of the prompts are still found.
    await search.fill('Simplified');
    await expect.poll(shown).toEqual(['cn', 'flag-cn']);
    await page.close();

    // The English page is as before: the prompt alone, searched in English.
    const english = await open('/settings/reactions');
    const englishPrompt = english.locator('tr[data-reaction="question"] td').first();
    await expect.poll(() => englishPrompt.innerText()).toBe('Explain the message in plain words, briefly, for someone new to the topic.');
    expect(await english.locator('tr[data-reaction] [lang]').count()).toBe(0);
    await english.getByRole('searchbox', { name: en.reactions.search }).fill('日本語');
    await expect.poll(() => english.getByText('No reactions found matching your search.').count()).toBe(1);
    await english.getByRole('searchbox', { name: en.reactions.search }).fill('Japanese');
    await expect.poll(() => english.locator('tr[data-reaction]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-reaction')))).toEqual(['jp', 'flag-jp']);
    await english.close();
  });

  it('shows the validation messages in Japanese on /ja, each under its field, and moves focus there', async () => {
    const page = await open('/ja/settings/reactions');
    await page.getByRole('tab', { name: ja.reactions.tabs.custom }).click();
    await page.getByRole('button', { name: ja.reactions.add }).click();
    const modal = page.locator('dialog[open]');
    const name = modal.getByLabel(ja.reactions.fields.name);
    const prompt = modal.getByLabel(ja.reactions.fields.prompt);
    // The field a screen reader lands on, with the message it reads for it.
    const focusedField = () =>
      page.evaluate(() => {
        const field = document.activeElement!;
        const message = document.getElementById(field.getAttribute('aria-describedby') ?? '');
        return { label: field.closest('label')?.firstChild?.textContent, invalid: field.getAttribute('aria-invalid'), message: message?.innerText };
      });
    await modal.getByRole('button', { name: ja.actions.save }).click();
    await expect
      .poll(() => modal.getByRole('alert').allInnerTexts())
      .toEqual([translate('REACTION.NAME_REQUIRED', {}, 'ja'), translate('REACTION.PROMPT_REQUIRED', {}, 'ja')]);
    expect(await focusedField()).toEqual({ label: ja.reactions.fields.name, invalid: 'true', message: translate('REACTION.NAME_REQUIRED', {}, 'ja') });
    expect(await prompt.getAttribute('aria-invalid')).toBe('true');

    await name.fill('wave');
    await name.press('Enter');
    await expect.poll(() => modal.getByRole('alert').innerText()).toBe(translate('REACTION.PROMPT_REQUIRED', {}, 'ja'));
    expect(await focusedField()).toEqual({ label: ja.reactions.fields.prompt, invalid: 'true', message: translate('REACTION.PROMPT_REQUIRED', {}, 'ja') });
    expect(await name.getAttribute('aria-invalid')).toBe(null);
    expect(await prompt.evaluate((el) => el === document.activeElement)).toBe(true);

    // An emoji pasted as the name: Slack's reaction events name it (tada), so it would never fire.
    await prompt.fill('Celebrate with the team.');
    await name.fill('🎉');
    await modal.getByRole('button', { name: ja.actions.save }).click();
    const notAName = translate('REACTION.NAME_NOT_EMOJI_NAME', {}, 'ja');
    await expect.poll(() => modal.getByRole('alert').innerText()).toBe(notAName);
    expect(await focusedField()).toEqual({ label: ja.reactions.fields.name, invalid: 'true', message: notAName });
    // The API refuses it too, naming the field.
    const refused = await page.evaluate(async () => {
      const response = await fetch('/api/settings/reactions', { method: 'POST', headers: { 'content-type': 'application/json', 'x-tomo-locale': 'ja' }, body: JSON.stringify({ name: ':🎉:', prompt: 'x' }) });
      return { status: response.status, body: (await response.json()) as unknown };
    });
    expect(refused).toMatchObject({ status: 400, body: { error: { code: 'REACTION.NAME_NOT_EMOJI_NAME', message: notAName, field: 'name' } } });
    await page.close();
  });

  it("refuses a NUL character or a broken Unicode character under the field holding it, in the server's words, and sends nothing (en, ja)", async () => {
    for (const [prefix, copy, lang] of [['', en, 'en'], ['/ja', ja, 'ja']] as const) {
      const page = await open(`${prefix}/settings/reactions`);
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.method() !== 'GET') sent.push(`${request.method()} ${request.url()}`);
      });
      await page.getByRole('tab', { name: copy.reactions.tabs.custom }).click();
      await page.getByRole('button', { name: copy.reactions.add }).click();
      const modal = page.locator('dialog[open]');
      const name = modal.getByLabel(copy.reactions.fields.name);
      const prompt = modal.getByLabel(copy.reactions.fields.prompt);
      const message = translate('INPUT.UNSUPPORTED_CHARACTERS', {}, lang);
      const describedBy = async (field: typeof name) => page.locator(`[id="${await field.getAttribute('aria-describedby')}"]`).innerText();

      // In the prompt (a lone surrogate, as a broken paste leaves): under the prompt, which takes focus.
      await name.fill('sparkles');
      await fillCodeUnits(prompt, 'Cheer \uD83C them on.');
      await modal.getByRole('button', { name: copy.actions.save }).click();
      await expect.poll(() => modal.getByRole('alert').allInnerTexts()).toEqual([message]);
      expect(await prompt.getAttribute('aria-invalid')).toBe('true');
      expect(await describedBy(prompt)).toBe(message);
      expect(await prompt.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await name.getAttribute('aria-invalid')).toBe(null);

      // In the name: under the name, which takes focus.
      await prompt.fill('Cheer them on.');
      await name.fill('spark\u0000les');
      await name.press('Enter');
      await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
      expect(await modal.getByRole('alert').allInnerTexts()).toEqual([message]);
      expect(await describedBy(name)).toBe(message);
      expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await prompt.getAttribute('aria-invalid')).toBe(null);

      // Nothing was sent, the modal is still open and what was typed is all there.
      expect(sent).toEqual([]);
      expect(await name.inputValue()).toBe('spark\u0000les');
      expect(await prompt.inputValue()).toBe('Cheer them on.');
      await page.keyboard.press('Escape');
      await page.close();
    }
  });
});

describe('Schedules', () => {
  it('refuses a bad local time with the spec message and stores a good one in UTC', async () => {
    const tokyo = await world.browser.newContext({ baseURL: world.app.baseUrl, timezoneId: 'Asia/Tokyo', storageState: await admin.storageState() });
    const page = await tokyo.newPage();
    await page.goto('/settings/schedules');
    await page.locator('tr[data-channel="C0GENERAL"]').waitFor();
    await expect.poll(() => page.getByLabel('Local time for general').inputValue()).toBe('01:30');

    await page.getByPlaceholder('Search by channel name').fill('RAND');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await page.getByPlaceholder('Search by channel name').fill('');

    const row = page.locator('tr[data-channel="C0GENERAL"]');
    await page.getByLabel('Local time for general').fill('25:00');
    await row.getByRole('button', { name: en.actions.save }).click();
    await expect.poll(() => row.getByRole('alert').innerText()).toBe('Invalid local time format. Expected HH:mm.');

    await page.getByLabel('Local time for general').fill('10:30');
    await page.getByRole('switch', { name: 'Daily summary of general' }).click();
    await page.getByLabel('Lookback days for general').fill('3');
    await row.getByRole('button', { name: en.actions.save }).click();
    await expect.poll(() => page.getByRole('status').last().innerText()).toBe('');
    await page.reload();
    await page.locator('tr[data-channel="C0GENERAL"]').waitFor();
    await expect.poll(() => page.getByLabel('Local time for general').inputValue()).toBe('10:30');
    await expect.poll(() => page.getByLabel('Lookback days for general').inputValue()).toBe('3');
    expect(await page.getByRole('switch', { name: 'Daily summary of general' }).getAttribute('aria-checked')).toBe('true');
    const stored = await new PgScheduleSettingsRepository(world.app.database.orm).findLatest(TEAM_A, 'C0GENERAL');
    expect(stored).toMatchObject({ startTimeUtc: '01:30', lookbackDays: 3, isSummaryEnabled: true });

    await page.goto('/ja/settings/schedules');
    await page.locator('tr[data-channel="C0GENERAL"]').waitFor();
    await page.getByLabel('general の現地時間').fill('7:5');
    await page.locator('tr[data-channel="C0GENERAL"]').getByRole('button', { name: ja.actions.save }).click();
    await expect.poll(() => page.locator('tr[data-channel="C0GENERAL"]').getByRole('alert').innerText()).toBe(
      translate('SCHEDULE.INVALID_LOCAL_TIME', {}, 'ja'),
    );
    await tokyo.close();
  });

  it("keeps a time typed in one channel's row while another channel's row is saved", async () => {
    const page = await open('/settings/schedules');
    const random = page.locator('tr[data-channel="C0RANDOM1"]');
    await expect.poll(() => random.locator('td').nth(5).innerText()).toBe('---');
    await page.getByLabel('Local time for general').fill('08:15');
    await page.getByLabel('Lookback days for random').fill('2');
    await random.getByRole('button', { name: en.actions.save }).click();
    // random's Updated at shows the save once the rows are reloaded.
    await expect.poll(() => random.locator('td').nth(5).innerText()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}$/);
    await idle(page);
    expect(await page.getByLabel('Local time for general').inputValue()).toBe('08:15');
    await page.close();
  });

  it('shows a row kept in another time zone at the time it runs now, in the browser’s zone', async () => {
    // 09:00 in New York, saved when New York's offset was the other one of the year (EDT or EST):
    // the UTC time stored then is an hour off the one it runs at now.
    const now = new Date();
    const savedOffset = -utcOffsetAt({ timeZone: 'America/New_York', timezoneOffsetMinutes: 0 }, now) === 300 ? 240 : 300;
    const schedule = {
      teamId: TEAM_A,
      channelId: 'C0GENERAL',
      channelName: 'general',
      isSummaryEnabled: true,
      startTimeUtc: (localTimeToUtc('09:00', savedOffset) as { value: string }).value,
      lookbackDays: 1,
      timezoneOffsetMinutes: savedOffset,
      timeZone: 'America/New_York',
      updatedBy: ADMIN_A,
      updatedAt: now,
    };
    await new PgScheduleSettingsRepository(world.app.database.orm).append(TEAM_A, schedule);
    const runsAt = runAtOrAfter(schedule, now)!;
    const inTokyo = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(runsAt);

    const tokyo = await world.browser.newContext({ baseURL: world.app.baseUrl, timezoneId: 'Asia/Tokyo', storageState: await admin.storageState() });
    const page = await tokyo.newPage();
    await page.goto('/settings/schedules');
    await page.locator('tr[data-channel="C0GENERAL"]').waitFor();
    await expect.poll(() => page.getByLabel('Local time for general').inputValue()).toBe(inTokyo);
    const row = page.locator('tr[data-channel="C0GENERAL"]');
    expect(await row.locator('.settings-hint').innerText()).toBe('Runs at 09:00 America/New_York time; saved unchanged, it stays there');

    // A teammate in Tokyo changes only the lookback days: the schedule stays at 09:00 New York time.
    const repository = new PgScheduleSettingsRepository(world.app.database.orm);
    await page.getByLabel('Lookback days for general').fill('4');
    await row.getByRole('button', { name: en.actions.save }).click();
    await expect.poll(async () => (await repository.findLatest(TEAM_A, 'C0GENERAL'))?.lookbackDays).toBe(4);
    const kept = (await repository.findLatest(TEAM_A, 'C0GENERAL'))!;
    expect(kept.timeZone).toBe('America/New_York');
    expect(runAtOrAfter(kept, now)).toEqual(runsAt);
    await idle(page);
    expect(await page.getByLabel('Local time for general').inputValue()).toBe(inTokyo);

    // A time typed in Tokyo is Tokyo's: the schedule moves to that zone.
    await page.getByLabel('Local time for general').fill('10:00');
    await row.getByRole('button', { name: en.actions.save }).click();
    await expect.poll(async () => (await repository.findLatest(TEAM_A, 'C0GENERAL'))?.timeZone).toBe('Asia/Tokyo');
    expect((await repository.findLatest(TEAM_A, 'C0GENERAL'))!.startTimeUtc).toBe('01:00');
    await idle(page);
    expect(await row.locator('.settings-hint').count()).toBe(0);
    await tokyo.close();
  });
});

describe('Usage and Subscription', () => {
  it("says 'No data available' until there is usage, then ranks it by period", async () => {
    const page = await open('/settings/usage');
    await expect.poll(() => page.getByText('No data available', { exact: true }).count()).toBe(1);
    const usage = new PgUsageEventRepository(world.app.database.orm);
    for (const [i, kind] of (['channel_mention', 'channel_mention', 'direct_message'] as const).entries()) {
      await usage.record(TEAM_A, { id: `e2e-${i}`, teamId: TEAM_A, memberId: MEMBER_A, subscriptionId: null, kind, occurredAt: new Date() });
    }
    await reload(page);
    await page.getByRole('button', { name: 'Last 1 Month' }).click();
    const row = page.locator(`tr[data-member="${MEMBER_A}"]`);
    await row.waitFor();
    expect((await row.innerText()).split('\t').map((c) => c.trim())).toEqual(['1', 'Engineer', 'Mo Member', '2', '1', '0']);
    expect(await page.getByRole('definition').allInnerTexts()).toEqual(['1', '3', '3']);

    // Thousands are grouped as each language writes them.
    await world.app.database.orm.em.getConnection().execute(
      `insert into usage_events (team_id, id, member_id, subscription_id, kind, occurred_at)
       select ?, 'e2e-many-' || n, ?, null, 'reaction', now() from generate_series(1, 1200) as n`,
      [TEAM_A, ADMIN_A],
    );
    for (const [path, lang] of [['/settings/usage?period=last_1_month', 'en'], ['/ja/settings/usage?period=last_1_month', 'ja']] as const) {
      await page.goto(path);
      const top = page.locator(`tr[data-member="${ADMIN_A}"]`);
      await expect.poll(() => top.locator('td').last().innerText()).toBe('1,200');
      expect(await page.getByRole('definition').allInnerTexts(), lang).toEqual(['2', '1,203', '601.5']);
    }
    await page.close();
  });

  it('shows the current plan, its seats and renewal', async () => {
    const page = await open('/settings/subscription');
    const card = page.locator('[data-subscription="sub-acme-standard"]');
    await card.waitFor();
    expect(await card.innerText()).toMatch(/Standard[\s\S]*Active[\s\S]*3[\s\S]*Renews on\s*[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}/);
    await page.close();
    const onJa = await open('/ja/settings/subscription');
    const jaCard = onJa.locator('[data-subscription="sub-acme-standard"]');
    await jaCard.waitFor();
    expect(await jaCard.innerText()).toMatch(/更新日\s*\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}/);
    await onJa.close();
  });
});

describe('Schedules: each row checks itself', () => {
  it('refuses lookback days outside 1 to 30 next to the row, in English and Japanese, without asking the server', async () => {
    for (const [prefix, copy, lang, label] of [['', en, 'en', 'Lookback days for general'], ['/ja', ja, 'ja', 'general の対象日数']] as const) {
      const page = await open(`${prefix}/settings/schedules`);
      const puts: string[] = [];
      page.on('request', (request) => void (request.method() === 'PUT' && puts.push(request.url())));
      const row = page.locator('tr[data-channel="C0GENERAL"]');
      const lookback = page.getByLabel(label);
      await lookback.fill('31');
      await row.getByRole('button', { name: copy.actions.save }).click();
      const message = translate('SCHEDULE.INVALID_LOOKBACK_DAYS', { min: 1, max: 30 }, lang);
      await expect.poll(() => row.getByRole('alert').allInnerTexts()).toEqual([message]);
      // The message belongs to the field: a screen reader reads it with the input.
      expect(await lookback.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await lookback.getAttribute('aria-describedby')) ?? '';
      expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe(message);
      // Focus moved from Save to the field to correct.
      expect(await lookback.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await alert(page).count()).toBe(1);
      expect(puts).toEqual([]);
      await page.close();
    }
  });

  it('saves a row with Enter in its inputs', async () => {
    const page = await open('/settings/schedules');
    const repo = new PgScheduleSettingsRepository(world.app.database.orm);
    await page.getByLabel('Lookback days for random').fill('5');
    await page.getByLabel('Lookback days for random').press('Enter');
    await expect.poll(() => repo.findLatest(TEAM_A, 'C0RANDOM1').then((s) => s?.lookbackDays), { timeout: 5000 }).toBe(5);
    await idle(page);
    await page.getByLabel('Local time for random').fill('06:45');
    await page.getByLabel('Local time for random').press('Enter');
    await expect
      .poll(() => repo.findLatest(TEAM_A, 'C0RANDOM1').then((s) => s && utcTimeToLocal(s.startTimeUtc, new Date().getTimezoneOffset())), { timeout: 5000 })
      .toMatchObject({ ok: true, value: '06:45' });
    await page.close();
  });

  it('gives the focus back to the Save pressed by keyboard once the row is saved', async () => {
    const page = await open('/settings/schedules');
    await page.getByLabel('Lookback days for random').fill('6');
    const save = page.locator('tr[data-channel="C0RANDOM1"]').getByRole('button', { name: en.actions.save });
    await save.focus();
    await page.keyboard.press('Enter');
    await idle(page);
    // Not the page's start: the next Tab goes on from the row, not from 'Skip to content'.
    await expect.poll(() => save.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.close();
  });

  it("drops an earlier save's error when the row's own check then fails", async () => {
    const page = await open('/settings/schedules');
    await page.route('**/api/settings/schedules/**', (route) => route.abort('internetdisconnected'));
    const row = page.locator('tr[data-channel="C0GENERAL"]');
    await row.getByRole('button', { name: en.actions.save }).click();
    await expect.poll(() => alert(page).allInnerTexts()).toEqual([translate('UNKNOWN', {}, 'en')]);
    await page.getByLabel('Local time for general').fill('24:00');
    await row.getByRole('button', { name: en.actions.save }).click();
    await expect.poll(() => alert(page).allInnerTexts()).toEqual([translate('SCHEDULE.INVALID_LOCAL_TIME', {}, 'en')]);
    expect(await page.getByLabel('Local time for general').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.close();
  });
});

describe('Reactions: tabs by keyboard', () => {
  it('moves between the tabs with the arrow keys; only the selected tab is in the Tab order', async () => {
    const page = await open('/settings/reactions');
    const preset = page.getByRole('tab', { name: en.reactions.tabs.preset });
    const custom = page.getByRole('tab', { name: en.reactions.tabs.custom });
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? null);
    expect([await preset.getAttribute('tabindex'), await custom.getAttribute('tabindex')]).toEqual(['0', '-1']);
    await preset.focus();
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe(en.reactions.tabs.custom);
    expect(await custom.getAttribute('aria-selected')).toBe('true');
    expect([await preset.getAttribute('tabindex'), await custom.getAttribute('tabindex')]).toEqual(['-1', '0']);
    // The custom tab's panel is shown: it offers to add a reaction.
    expect(await page.getByRole('button', { name: en.reactions.add }).count()).toBe(1);
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe(en.reactions.tabs.preset);
    expect(await preset.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toBe(en.reactions.tabs.custom);
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toBe(en.reactions.tabs.preset);
    await page.keyboard.press('End');
    expect(await focused()).toBe(en.reactions.tabs.custom);
    await page.keyboard.press('Home');
    expect(await focused()).toBe(en.reactions.tabs.preset);
    await page.close();
  });
});

describe('Reload and Back', () => {
  it('keep the Reactions tab and the Usage period that were chosen', async () => {
    const page = await open('/ja/settings/reactions');
    // The preset prompts stay in English (they are what the model receives): the tab says so in Japanese.
    const presetNote = page.getByText(ja.reactions.presetNote);
    await expect.poll(() => presetNote.count()).toBe(1);
    await page.getByRole('tab', { name: ja.reactions.tabs.custom }).click();
    await expect.poll(() => presetNote.count()).toBe(0);
    const selected = () => page.getByRole('tab', { selected: true }).innerText();
    await expect.poll(selected).toBe(ja.reactions.tabs.custom);
    await page.reload();
    await expect.poll(selected).toBe(ja.reactions.tabs.custom);
    expect(await page.getByRole('button', { name: ja.reactions.add }).count()).toBe(1);

    await page.locator('button[aria-controls="site-menu"]').click();
    await page.locator('#site-menu a[href="/ja/settings/usage"]').click();
    const lastMonth = page.getByRole('button', { name: translate('UI.PERIOD_LAST_1_MONTH', {}, 'ja') });
    await lastMonth.click();
    await expect.poll(() => lastMonth.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await expect.poll(() => lastMonth.getAttribute('aria-pressed')).toBe('true');

    // Back returns to the Custom tab (the tab was not a step of its own), Forward to the period.
    await page.goBack();
    await expect.poll(selected).toBe(ja.reactions.tabs.custom);
    await page.goForward();
    await expect.poll(() => lastMonth.getAttribute('aria-pressed')).toBe('true');
    await page.close();
  });
});

describe('Save clicked twice', () => {
  const changes = (page: Page, path: RegExp) => {
    const seen: string[] = [];
    page.on('request', (request) => void (request.method() !== 'GET' && path.test(new URL(request.url()).pathname) && seen.push(request.method())));
    return seen;
  };

  it('sends an instruction once', async () => {
    const page = await open('/settings/instructions');
    const sent = changes(page, /^\/api\/settings\/instructions\/user$/);
    const own = page.locator('form[data-level="user"]');
    await own.getByLabel(en.instructions.fields.name).fill('Twice clicked');
    await own.getByLabel(`${en.instructions.fields.text}: `).fill('Say it once.');
    await own.getByRole('button', { name: en.actions.save }).dblclick();
    await expect.poll(() => page.getByRole('cell', { name: 'Twice clicked', exact: true }).count()).toBe(1);
    await idle(page);
    expect(sent).toEqual(['PUT']);
    await page.close();
  });

  it('sends the app name once, and creates one custom reaction', async () => {
    const page = await open('/settings/app');
    const sent = changes(page, /^\/api\/settings\/app$/);
    await page.getByLabel(en.app.name.label).fill('Once Helper');
    await page.getByRole('button', { name: en.actions.save }).dblclick();
    await confirmDialog(page).getByRole('button', { name: en.actions.confirm }).dblclick();
    await idle(page);
    expect(sent).toEqual(['PUT']);
    await page.close();

    const reactions = await open('/settings/reactions');
    const created = changes(reactions, /^\/api\/settings\/reactions$/);
    await reactions.getByRole('tab', { name: en.reactions.tabs.custom }).click();
    await reactions.getByRole('button', { name: en.reactions.add }).click();
    const modal = reactions.locator('dialog[open]');
    await modal.getByLabel(en.reactions.fields.name).fill('once');
    await modal.getByLabel(en.reactions.fields.prompt).fill('Only one of me.');
    await modal.getByRole('button', { name: en.actions.save }).dblclick();
    await modal.waitFor({ state: 'detached' });
    await idle(reactions);
    expect(created).toEqual(['POST']);
    expect(await reactions.locator('tr[data-reaction="once"]').count()).toBe(1);
    await reactions.close();
  });
});
