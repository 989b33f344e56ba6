import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgUsageEventRepository } from '../../adapters/postgres/pg-usage-event-repository';
import { translate } from '../../apps/shared/messages';
import en from '../../apps/web/src/locales/en/settings';
import ja from '../../apps/web/src/locales/ja/settings';
import { ANA, startFakeIntegrations, type FakeIntegrations } from '../fakes/integrations/fake-integrations';
import { startBrowserWorld, type BrowserWorld } from '../integration/settings/support/browser-world';
import { ADMIN_A, BOT_A, buyPlan, MEMBER_A, TEAM_A } from '../integration/settings/support/slack-world';
import { seriousViolations } from '../support/axe';
import { holdRequests, recordStatusRegionsAsInserted } from '../support/status-regions';

/**
 * The signed-in settings pages as a keyboard and screen-reader user meets them: axe-core finds
 * no serious or critical violation on any page in either language with data on it, nor with a
 * dialog open; dialogs take and give back focus; switches work with Space and say their state.
 */
let world: BrowserWorld;
let fake: FakeIntegrations;
let admin: BrowserContext;

const PAGES = ['app', 'auto-replies', 'instructions', 'integrations', 'members', 'plugins', 'reactions', 'schedules', 'usage', 'subscription'] as const;

beforeAll(async () => {
  fake = await startFakeIntegrations();
  world = await startBrowserWorld({ env: fake.env(['google', 'github']) });
  await buyPlan(world.app, TEAM_A, { id: 'sub-acme-a11y', planKey: 'gpt50', seats: 3 });
  admin = await world.signedIn({ teamId: TEAM_A, userId: ADMIN_A });

  // Data on every page: a seat, an auto reply, instructions, a custom reaction, a schedule, usage, a connected account.
  const base = world.app.baseUrl;
  const send = async (method: 'PUT' | 'POST', path: string, data: unknown) => {
    const response = await admin.request.fetch(`${base}${path}`, { method, headers: { origin: base }, data });
    expect(response.status(), `${method} ${path}`).toBeLessThan(300);
  };
  await send('PUT', `/api/settings/members/${MEMBER_A}/seat`, { subscriptionId: 'sub-acme-a11y' });
  await send('PUT', `/api/settings/auto-replies/${BOT_A}`, { instruction: 'Summarise each alert in one line.', enabled: true });
  await send('PUT', '/api/settings/instructions/workspace', { targetId: null, name: 'House style', text: 'Answer in British English.' });
  await send('PUT', '/api/settings/instructions/user', { targetId: ADMIN_A, name: 'Own style', text: 'Call me Ana.' });
  await send('POST', '/api/settings/reactions', { name: 'tada', prompt: 'Celebrate this message.', category: 'custom' });
  await send('PUT', '/api/settings/schedules/C0GENERAL', { isSummaryEnabled: true, localTime: '09:00', timezoneOffsetMinutes: 0, lookbackDays: 1 });
  const usage = new PgUsageEventRepository(world.app.database.orm);
  for (const [i, kind] of (['channel_mention', 'direct_message'] as const).entries()) {
    await usage.record(TEAM_A, { id: `a11y-${i}`, teamId: TEAM_A, memberId: MEMBER_A, subscriptionId: null, kind, occurredAt: new Date() });
  }
  fake.oauth.signInAs('google', ANA);
  const { page } = await world.open(admin, '/settings/integrations');
  await page.locator('[data-provider="google-docs"]').getByRole('link', { name: en.integrations.connect }).click();
  await page.locator('[data-provider="google-docs"][data-state="connected"]').waitFor();
  await page.close();
}, 240_000);
afterAll(async () => {
  await world?.close();
  await fake?.close();
});

const LANGUAGES = [['', en, 'en'], ['/ja', ja, 'ja']] as const;

/** Opens a settings page and waits for its data (the Loading... text gone). */
async function open(path: string, lang: 'en' | 'ja' = 'en', context = admin): Promise<Page> {
  const { page } = await world.open(context, path);
  await page.getByText(translate('UI.LOADING', {}, lang), { exact: true }).waitFor({ state: 'detached' });
  return page;
}

/** The element that has focus, as its tag and accessible text. */
const focused = (page: Page) => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim() ?? ''}`);
const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

describe('axe-core finds no serious or critical violations when signed in', () => {
  // The phone-sized pass is in English, on the pages whose tables are wider than a phone: the
  // Japanese pages have the same structure, and the desktop pass checks their texts (the e2e
  // files run one at a time, so each audit adds to the suite's time).
  it.each([
    ['every settings page with data, in English and Japanese, on a desktop', 1280, LANGUAGES, PAGES],
    ['the pages with wide tables, in English, on a phone-sized', 375, LANGUAGES.slice(0, 1), ['instructions', 'reactions', 'usage', 'members', 'schedules']],
  ] as const)('on %s screen', async (_screen, width, languages, pages) => {
    const found: string[] = [];
    const context = width === 1280 ? admin : await world.signedIn({ teamId: TEAM_A, userId: ADMIN_A }, { width });
    for (const [prefix, , lang] of languages) {
      for (const path of pages) {
        const page = await open(`${prefix}/settings/${path}`, lang, context);
        // The page's own rows are there, not just its frame.
        if (path === 'reactions') await page.locator('tr[data-reaction]').first().waitFor();
        if (path === 'members') await page.locator('tr[data-member]').first().waitFor();
        for (const line of await seriousViolations(page)) found.push(`${prefix}/settings/${path} ${line}`);
        await page.close();
      }
    }
    if (context !== admin) await context.close();
    expect(found).toEqual([]);
  }, 240_000);

  it('with the reaction modal open and with a confirm dialog open, in English and Japanese', async () => {
    const found: string[] = [];
    for (const [prefix, copy, lang] of LANGUAGES) {
      const page = await open(`${prefix}/settings/reactions`, lang);
      await page.getByRole('tab', { name: copy.reactions.tabs.custom }).click();
      await page.getByRole('button', { name: copy.reactions.add }).click();
      const modal = page.locator('dialog[open]');
      // With its validation message showing.
      await modal.getByRole('button', { name: copy.actions.save }).click();
      await modal.getByRole('alert').first().waitFor();
      for (const line of await seriousViolations(page)) found.push(`${prefix} reaction modal ${line}`);
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });

      await page.locator('tr[data-reaction="tada"]').getByRole('button', { name: copy.actions.delete }).click();
      await page.locator('dialog[open]').waitFor();
      for (const line of await seriousViolations(page)) found.push(`${prefix} delete confirm ${line}`);
      await page.close();

      const app = await open(`${prefix}/settings/app`, lang);
      await app.getByLabel(copy.app.name.label).fill('Acme Helper');
      await app.getByRole('button', { name: copy.actions.save }).click();
      await app.locator('dialog[open]').waitFor();
      for (const line of await seriousViolations(app)) found.push(`${prefix} app confirm ${line}`);
      await app.close();
    }
    expect(found).toEqual([]);
  }, 120_000);
});

describe('the settings styles on a page opened directly', () => {
  it('apply on every settings page loaded by its address, not only after another page was visited (the reaction modal is styled)', async () => {
    const unstyled: string[] = [];
    for (const path of PAGES) {
      const page = await open(`/settings/${path}`);
      // A settings dialog (settings.css: no border, a dimmed backdrop) as the page would show one.
      const border = await page.evaluate(() => {
        const dialog = document.createElement('dialog');
        dialog.className = 'settings-dialog';
        document.body.append(dialog);
        const style = getComputedStyle(dialog).borderTopStyle;
        dialog.remove();
        return style;
      });
      if (border !== 'none') unstyled.push(`${path}: ${border}`);
      if (path === 'reactions') {
        await page.getByRole('tab', { name: en.reactions.tabs.custom }).click();
        await page.getByRole('button', { name: en.reactions.add }).click();
        const modal = page.getByRole('dialog', { name: en.reactions.addTitle });
        await modal.waitFor();
        const look = await modal.evaluate((dialog) => ({ border: getComputedStyle(dialog).borderTopStyle, backdrop: getComputedStyle(dialog, '::backdrop').backgroundColor }));
        expect(look).toEqual({ border: 'none', backdrop: 'rgba(15, 23, 42, 0.45)' });
      }
      await page.close();
    }
    expect(unstyled).toEqual([]);
  }, 120_000);
});

describe('tables on a phone in Japanese', () => {
  it('keep channel names, ids, member names and reaction names whole and scroll sideways instead (375 px)', async () => {
    const phone = await world.signedIn({ teamId: TEAM_A, userId: ADMIN_A }, { width: 375 });
    const split: string[] = [];
    for (const path of ['schedules', 'members', 'reactions?tab=custom', 'usage']) {
      const page = await open(`/ja/settings/${path}`, 'ja', phone);
      await page.locator('.table-wrap tbody tr').first().waitFor();
      // Each run of Latin letters or digits (C0GENERAL, general, Ana, :tada:) in a cell, and the
      // lines it is drawn on: one, as on the English page.
      const words = await page.evaluate(() => {
        const found: string[] = [];
        for (const cell of document.querySelectorAll('.table-wrap :is(th, td)')) {
          const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const match of (node.textContent ?? '').matchAll(/[A-Za-z0-9_:.-]{2,}/g)) {
              const range = document.createRange();
              range.setStart(node, match.index);
              range.setEnd(node, match.index + match[0].length);
              const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
              if (lines.size > 1) found.push(`${match[0]} on ${lines.size} lines`);
            }
          }
        }
        return found;
      });
      split.push(...words.map((word) => `${path}: ${word}`));
      // The page itself does not scroll sideways: the table does.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), path).toBe(0);
      await page.close();
    }
    await phone.close();
    expect(split).toEqual([]);
  }, 120_000);
});

describe('focus after following a menu link', () => {
  it("moves to the new page's heading (en, ja); not on a full page load, nor when a tab only changes the query", async () => {
    for (const [prefix, copy, lang] of LANGUAGES) {
      const page = await open(`${prefix}/settings/app`, lang);
      // A full page load leaves the focus at the document's start, as browsers do.
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
      await page.locator('button[aria-controls="site-menu"]').click();
      const link = page.locator('#site-menu').getByRole('link', { name: copy.reactions.title, exact: true });
      await link.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(`**${prefix}/settings/reactions`);
      const heading = page.locator('main h1');
      await expect.poll(() => heading.innerText()).toBe(copy.reactions.title);
      // A screen reader reads where the person landed, and Tab goes on from the page's start.
      await expect.poll(() => isFocused(heading)).toBe(true);

      // Same page, another tab (?tab=custom replaces the query): the focus stays on the tab.
      const custom = page.getByRole('tab', { name: copy.reactions.tabs.custom });
      await custom.click();
      await page.waitForURL(/tab=custom/);
      expect(await isFocused(custom)).toBe(true);
      await page.close();
    }
  });
});

describe('dialogs by keyboard', () => {
  it('the reaction modal takes focus, Escape closes it, and focus returns to Add reaction', async () => {
    const page = await open('/settings/reactions');
    await page.getByRole('tab', { name: en.reactions.tabs.custom }).click();
    const add = page.getByRole('button', { name: en.reactions.add });
    await add.focus();
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: en.reactions.addTitle });
    await modal.waitFor();
    expect(await modal.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await page.locator('dialog[open]').waitFor({ state: 'detached' });
    expect(await isFocused(add)).toBe(true);
    await page.close();
  });

  it('Escape (or Cancel) in the reaction modal with a typed draft asks before discarding it: Keep editing keeps it, Discard empties it (en, ja)', async () => {
    for (const [prefix, copy, lang] of LANGUAGES) {
      const page = await open(`${prefix}/settings/reactions?tab=custom`, lang);
      const add = page.getByRole('button', { name: copy.reactions.add });
      await add.focus();
      await page.keyboard.press('Enter');
      const modal = page.getByRole('dialog', { name: copy.reactions.addTitle });
      await modal.waitFor();
      await page.keyboard.type('party_parrot');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Answer like a parrot at a party.');

      // A stray Escape: the question, with Keep editing focused.
      await page.keyboard.press('Escape');
      const question = page.getByRole('dialog', { name: copy.unsaved.discardMessage });
      await question.waitFor();
      expect(await focused(page)).toBe(`BUTTON ${copy.unsaved.keepEditing}`);
      // Escape answers Keep editing and closes the question only: the draft and the focus are where they were.
      await page.keyboard.press('Escape');
      await question.waitFor({ state: 'detached' });
      expect(await modal.isVisible()).toBe(true);
      expect(await modal.getByLabel(copy.reactions.fields.name).inputValue()).toBe('party_parrot');
      expect(await isFocused(modal.getByLabel(copy.reactions.fields.prompt))).toBe(true);
      // A second Escape with no click between asks again (Chromium would otherwise close the modal).
      await page.keyboard.press('Escape');
      await question.waitFor();
      await page.keyboard.press('Escape');
      await question.waitFor({ state: 'detached' });
      expect(await modal.getByLabel(copy.reactions.fields.prompt).inputValue()).toBe('Answer like a parrot at a party.');

      // Cancel asks too; Discard closes both and gives the focus back to Add reaction.
      await modal.getByRole('button', { name: copy.actions.cancel }).click();
      await question.getByRole('button', { name: copy.unsaved.discard }).click();
      await page.locator('dialog[open]').waitFor({ state: 'detached' });
      expect(await isFocused(add)).toBe(true);
      expect(await page.locator('tr[data-reaction="party_parrot"]').count()).toBe(0);
      // Opened again, the modal is empty, and with nothing typed Escape closes it at once.
      await page.keyboard.press('Enter');
      await modal.waitFor();
      expect(await modal.getByLabel(copy.reactions.fields.name).inputValue()).toBe('');
      await page.keyboard.press('Escape');
      await page.locator('dialog[open]').waitFor({ state: 'detached' });
      await page.close();
    }
  });

  it('a confirm dialog takes focus, Escape closes it without acting, and focus returns to the button that opened it', async () => {
    const page = await open('/settings/reactions');
    await page.getByRole('tab', { name: en.reactions.tabs.custom }).click();
    const remove = page.locator('tr[data-reaction="tada"]').getByRole('button', { name: en.actions.delete });
    await remove.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: translate('UI.CONFIRM_DELETE_REACTION', {}, 'en') });
    await dialog.waitFor();
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await page.locator('dialog[open]').waitFor({ state: 'detached' });
    expect(await isFocused(remove)).toBe(true);
    expect(await page.locator('tr[data-reaction="tada"]').count()).toBe(1);

    // The app name's confirmation gives focus back to Save.
    const app = await open('/settings/app');
    await app.getByLabel(en.app.name.label).fill('Acme Keyboard');
    const save = app.getByRole('button', { name: en.actions.save });
    await save.focus();
    await app.keyboard.press('Enter');
    await app.locator('dialog[open]').waitFor();
    expect(await app.locator('dialog[open]').evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await app.keyboard.press('Escape');
    await app.locator('dialog[open]').waitFor({ state: 'detached' });
    expect(await isFocused(save)).toBe(true);
    await app.close();
    await page.close();
  });
});

describe('switches by keyboard', () => {
  it('every switch and on/off checkbox on the settings pages says its state and flips with Space', async () => {
    const checked: string[] = [];
    // (The Subscription page's auto-renew switch shows only where billing is configured: tests/e2e/billing-subscription.test.ts.)
    for (const path of ['app', 'members', 'plugins', 'schedules', 'auto-replies']) {
      const page = await open(`/settings/${path}`);
      await page.locator('[role="switch"], input[type="checkbox"]').first().waitFor();
      const toggles = page.locator('[role="switch"], input[type="checkbox"]');
      const toggle = toggles.first();
      const name = await toggle.evaluate((element) => element.getAttribute('aria-label') ?? element.textContent ?? '');
      const state = () =>
        toggle.evaluate((element) =>
          element instanceof HTMLInputElement ? String(element.checked) : (element.getAttribute('aria-checked') ?? 'missing'),
        );
      const before = await state();
      expect(['true', 'false'], `${path}: ${name}`).toContain(before);
      await toggle.focus();
      expect(await focused(page)).not.toBe('BODY ');
      await page.keyboard.press('Space');
      // Some switches ask first: a confirmation is answered, as a keyboard user would, with Enter on Confirm.
      if (await page.locator('dialog[open]').count()) {
        await page.locator('dialog[open]').getByRole('button', { name: en.actions.confirm }).focus();
        await page.keyboard.press('Enter');
      }
      await expect.poll(state, { message: `${path}: ${name}` }).toBe(before === 'true' ? 'false' : 'true');
      checked.push(path);
      await page.close();
    }
    expect(checked).toHaveLength(5);
  }, 120_000);
});

describe('what a screen reader hears in the tables', () => {
  // A screen reader's list of buttons or form fields reads each control by its name alone, away
  // from its row: eight rows' "Save" or "Delete" cannot be told apart there.
  it("names each row's controls after the row (en, ja)", async () => {
    const unnamed: string[] = [];
    for (const [prefix, , lang] of LANGUAGES) {
      for (const path of ['auto-replies', 'schedules', 'members', 'reactions?tab=custom']) {
        const page = await open(`${prefix}/settings/${path}`, lang);
        const rows = page.locator('.table-wrap tbody tr');
        await rows.first().waitFor();
        for (const row of await rows.all()) {
          // The row header's own name (auto replies list the bot's channels under it). A snapshot
          // line holding ': ' is quoted as a whole: - 'button "Delete: :tada:"'.
          const header = (await row.locator('th[scope="row"]').innerText()).split('\n')[0]!.trim();
          const controls = [...(await row.ariaSnapshot()).matchAll(/- '?(button|switch|checkbox|textbox|spinbutton|combobox|link) "([^"]*)"/g)];
          expect(controls.length, `${prefix}/settings/${path} ${header}`).toBeGreaterThan(0);
          for (const [, role, name] of controls) if (!name!.includes(header)) unnamed.push(`${prefix}/settings/${path} ${header}: ${role} "${name}"`);
        }
        await page.close();
      }
    }
    expect(unnamed).toEqual([]);
  }, 120_000);

  it('says so in a status message when a search finds nothing (en, ja)', async () => {
    for (const [prefix, copy, lang] of LANGUAGES) {
      for (const [path, label, none] of [
        ['reactions', copy.reactions.search, translate('UI.NO_REACTIONS_FOUND', {}, lang)],
        ['members', copy.members.search, translate('UI.NO_DATA', {}, lang)],
        ['schedules', translate('UI.SEARCH_BY_CHANNEL_NAME', {}, lang), translate('UI.NO_DATA', {}, lang)],
      ] as const) {
        const page = await open(`${prefix}/settings/${path}`, lang);
        await page.locator('.table-wrap tbody tr').first().waitFor();
        await page.getByRole('searchbox', { name: label }).fill('zzz-nobody');
        await page.getByRole('status').filter({ hasText: none }).waitFor();
        await page.close();
      }
    }
  }, 120_000);
});

/** Names of the landmarks, fields and buttons in an aria snapshot, as '<role> "<name>"'. */
const namedInSnapshot = (snapshot: string, roles: string) =>
  [...snapshot.matchAll(new RegExp(`- '?(${roles}) "([^"]*)"`, 'g'))].map(([, role, name]) => `${role} "${name}"`);
const repeated = (names: string[]) => names.filter((name, i) => names.indexOf(name) !== i);

describe('what a screen reader hears on Instructions', () => {
  // The workspace, channel and user editors each have a name field, a text field and Save: a
  // screen reader's list of fields or buttons reads each name away from its section.
  it('names each editor\'s fields and buttons after their visible words, then whose instruction it is; no two regions share a name (en, ja)', async () => {
    for (const [prefix, copy, lang] of LANGUAGES) {
      const page = await open(`${prefix}/settings/instructions`, lang);
      await page.getByRole('combobox', { name: copy.instructions.chooseChannel }).selectOption('C0GENERAL');
      const main = page.getByRole('main');
      const channel = copy.instructions.editorFor.channel.replace('{{channel}}', 'general');
      for (const [role, name] of [
        ['textbox', `${copy.instructions.fields.name}: ${copy.instructions.editorFor.workspace}`],
        ['textbox', `${copy.instructions.fields.text}: ${copy.instructions.editorFor.workspace}`],
        ['button', `${copy.actions.save}: ${copy.instructions.editorFor.workspace}`],
        ['button', `${copy.actions.delete}: ${copy.instructions.editorFor.workspace}`],
        ['textbox', `${copy.instructions.fields.name}: ${channel}`],
        ['textbox', `${copy.instructions.fields.text}: ${channel}`],
        ['button', `${copy.actions.save}: ${channel}`],
        ['textbox', `${copy.instructions.fields.name}: ${copy.instructions.editorFor.user}`],
        ['textbox', `${copy.instructions.fields.text}: ${copy.instructions.editorFor.user}`],
        ['button', `${copy.actions.save}: ${copy.instructions.editorFor.user}`],
        ['button', `${copy.actions.delete}: ${copy.instructions.editorFor.user}`],
      ] as const) {
        expect(await main.getByRole(role, { name, exact: true }).count(), `${prefix} ${role} "${name}"`).toBe(1);
      }
      // Typing into a field by its name reaches that editor (speech input says the visible words);
      // saved, the channel's row (and its Edit) shows in the channel table, a region of its own.
      await main.getByRole('textbox', { name: `${copy.instructions.fields.name}: ${channel}`, exact: true }).fill('Channel style');
      expect(await page.locator('form[data-level="channel"] input').inputValue()).toBe('Channel style');
      await main.getByRole('textbox', { name: `${copy.instructions.fields.text}: ${channel}`, exact: true }).fill('Keep it short.');
      await main.getByRole('button', { name: `${copy.actions.save}: ${channel}`, exact: true }).click();
      await main
        .getByRole('region', { name: copy.instructions.tables.channel, exact: true })
        .getByRole('button', { name: `${copy.actions.edit}: general`, exact: true })
        .waitFor();

      const snapshot = await main.ariaSnapshot();
      expect(repeated(namedInSnapshot(snapshot, 'textbox|button|combobox')), prefix).toEqual([]);
      expect(repeated(namedInSnapshot(snapshot, 'region')), prefix).toEqual([]);
      await page.close();
    }
  }, 60_000);
});

describe("what a screen reader hears while a page's data loads", () => {
  it("'Loading...' shows in a status region that was in the page, empty, before it (en, ja)", async () => {
    for (const [prefix, , lang] of LANGUAGES) {
      for (const path of ['instructions', 'integrations', 'members']) {
        const page = await admin.newPage();
        const inserted = await recordStatusRegionsAsInserted(page);
        // The page's data is held back until 'Loading...' has been seen.
        const release = await holdRequests(page, /\/api\/settings\//);
        await page.goto(`${prefix}/settings/${path}`);
        const loading = translate('UI.LOADING', {}, lang);
        await page.getByRole('status').filter({ hasText: loading }).waitFor();
        expect(await inserted(), `${prefix}/settings/${path}`).not.toContain(loading);
        release();
        await page.getByText(loading, { exact: true }).waitFor({ state: 'detached' });
        await page.close();
      }
    }
  }, 60_000);
});
