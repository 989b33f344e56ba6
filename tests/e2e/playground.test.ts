import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LABEL } from '../../adapters/llm/demo/demo-llm-provider';
import { seriousViolations } from '../support/axe';
import { startDemoInBrowser, type DemoInBrowser } from '../support/all-in-one';
import { watchPageErrors } from '../support/browser';
import { holdRequests, recordStatusRegionsAsInserted } from '../support/status-regions';
import en from '../../apps/web/src/locales/en/playground';
import ja from '../../apps/web/src/locales/ja/playground';

// A visitor with no Slack account: `npm start` (here in-process, with the demo model) serves
// /playground; they mention Tomo in #general and watch the answer stream into the thread.
let started: DemoInBrowser;
let browser: Browser;
let base: string;

beforeAll(async () => {
  started = await startDemoInBrowser();
  ({ browser } = started);
  base = started.tomo.url;
}, 120_000);

afterAll(() => started?.close());

/** A page signed in as Ada through the playground's own "Settings" link (the emulated "Sign in with Slack"). */
async function signedInPage(): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${base}/playground`);
  await page.getByRole('link', { name: 'Settings (signs in as Ada)' }).click();
  await page.waitForURL(/\/settings$/);
  return page;
}

/** The server renders the page: its controls are there (and focusable) before React handles them. */
const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

const tomoReplies = (page: Page) => page.locator('.playground-thread .playground-message-tomo .playground-text');

describe('the playground in Chromium', () => {
  it('mentions Tomo in #general and sees the demo answer stream into the thread', async () => {
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${base}/playground`);
    await expect.poll(() => page.getByRole('note').innerText()).toContain('LLM_PROVIDER=demo');

    const composer = page.getByRole('textbox', { name: 'Message # general' });
    await composer.fill('@Tomo when is the quarterly review?');
    await composer.press('Enter');

    // The thread opens beside the channel; the answer grows there while Tomo streams it.
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          const texts = await tomoReplies(page).allInnerTexts();
          const text = texts.at(-1) ?? '';
          if (text !== '') seen.add(text);
          return text;
        },
        { timeout: 30_000, interval: 50 },
      )
      .toContain('Answer budget');
    const [answer] = await tomoReplies(page).allInnerTexts();
    expect(answer).toContain(DEMO_LABEL);
    // Its _italic_ first line is drawn in italics whole, though LLM_PROVIDER has an underscore in it.
    expect(await tomoReplies(page).first().locator('em').allInnerTexts()).toContain(DEMO_LABEL);
    expect(answer).toContain('• Thread messages: 1 (1 from people, 0 from Tomo)');
    // Streamed: the page showed the answer part-written before it was whole.
    expect([...seen].some((text) => text.includes('Demo model') && !text.includes('Answer budget'))).toBe(true);
    await expect.poll(() => page.locator('.playground-thread .playground-writing').count()).toBe(0);
    // The question shows in the channel with its reply count.
    await expect.poll(() => page.getByRole('button', { name: '1 reply' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('a reload mid-answer keeps the channel and the open thread, and the answer arrives there once', async () => {
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${base}/playground`);
    await page.getByRole('button', { name: '# random' }).click();
    const composer = page.getByRole('textbox', { name: 'Message # random' });
    await composer.fill('@Tomo what did I miss while reloading?');
    await composer.press('Enter');
    const thread = page.locator('.playground-thread');
    await expect.poll(() => thread.locator('.playground-message').first().innerText()).toContain('what did I miss while reloading?');

    await page.reload();
    // Still in #random with the thread open, as Slack keeps you where you were.
    await expect.poll(() => page.getByRole('button', { name: '# random' }).getAttribute('aria-current')).toBe('page');
    await expect.poll(() => thread.locator('.playground-message').first().innerText()).toContain('what did I miss while reloading?');
    await expect.poll(() => tomoReplies(page).allInnerTexts(), { timeout: 30_000 }).toEqual([expect.stringContaining('Answer budget')]);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('"draw a cat" shows four different demo pictures in one message of the thread', async () => {
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${base}/playground`);
    const composer = page.getByRole('textbox', { name: 'Message # general' });
    await composer.fill('@Tomo draw a cat');
    await composer.press('Enter');
    const pictures = page.locator('.playground-thread .playground-message-tomo').filter({ hasText: 'Here are 4 images for: a cat' }).locator('img');
    await expect.poll(() => pictures.count(), { timeout: 30_000 }).toBe(4);
    // Each loaded (a real picture, not a broken image) and each its own.
    await expect.poll(() => pictures.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth))).toEqual([512, 512, 512, 512]);
    const sources = await pictures.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src));
    expect(new Set(sources).size).toBe(4);
    expect(await page.locator('.playground-thread').innerText()).not.toContain('administrator');
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('keeps the open thread in the address as plain text (?thread=1795777922.484000), and old quoted links still open it', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/playground`);
    await page.getByRole('button', { name: '# random' }).click();
    const composer = page.getByRole('textbox', { name: 'Message # random' });
    await composer.fill('@Tomo is the address readable?');
    await composer.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('thread')).toMatch(/^\d{10}\.\d{6}$/);
    const url = new URL(page.url());
    const ts = url.searchParams.get('thread')!;
    expect(url.search).toBe(`?channel=C0RANDOM&thread=${ts}`);

    // A link copied before, with the value JSON-quoted, opens the same thread.
    await page.goto(`${base}/playground?channel=C0RANDOM&thread=%22${ts}%22`);
    const thread = page.locator('.playground-thread');
    await expect.poll(() => thread.locator('.playground-message').first().innerText()).toContain('is the address readable?');
    await page.close();
  }, 60_000);

  it('"New chat about #…" in the Assistant names the channel the visitor came from, also after a reload', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/playground`);
    await page.getByRole('button', { name: '# random' }).click();
    await page.getByRole('button', { name: 'Assistant', exact: true }).click();
    await expect.poll(() => page.locator('.playground-assistant').getByRole('button').first().innerText()).toBe('New chat about #random');
    await page.reload();
    await expect.poll(() => page.locator('.playground-assistant').getByRole('button').first().innerText()).toBe('New chat about #random');
    // By way of Home and the DM, it is still the channel last visited.
    await page.getByRole('button', { name: 'App Home' }).click();
    await page.locator('.playground-sidebar').getByRole('button').nth(2).click(); // the DM with Tomo
    await page.getByRole('button', { name: 'Assistant', exact: true }).click();
    await expect.poll(() => page.locator('.playground-assistant').getByRole('button').first().innerText()).toBe('New chat about #random');
    await page.getByRole('button', { name: '# general' }).click();
    await page.getByRole('button', { name: 'Assistant', exact: true }).click();
    await expect.poll(() => page.locator('.playground-assistant').getByRole('button').first().innerText()).toBe('New chat about #general');
    await page.close();
  }, 60_000);

  it('on a phone-sized screen an opened thread takes the view, as in Slack\'s mobile app, and × goes back to the channel', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${base}/playground`);
    const composer = page.getByRole('textbox', { name: 'Message # general' });
    await composer.fill('@Tomo where does the thread open on a phone?');
    await composer.press('Enter');
    const thread = page.locator('.playground-thread');
    await expect.poll(() => thread.locator('.playground-message').first().innerText()).toContain('where does the thread open on a phone?');
    // The thread's heading is on screen, the channel (and its composer) out of the way.
    const onScreen = () =>
      thread.getByRole('heading').evaluate((heading) => {
        const box = heading.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      });
    await expect.poll(onScreen).toBe(true);
    expect(await page.locator('.playground-main').isVisible()).toBe(false);
    expect(await composer.isVisible()).toBe(false);
    await thread.getByRole('button', { name: 'Close the thread' }).click();
    await expect.poll(() => composer.isVisible()).toBe(true);
    await page.close();
  }, 60_000);

  it('names its icon in the HTML it is served with, so a first visit logs no /favicon.ico 404 in the console', async () => {
    // The browser asks for /favicon.ico when the document it loaded names no icon; React adds
    // the link only after rendering, too late. The page as served must name /favicon.svg.
    const page = await browser.newPage();
    for (const path of ['/playground', '/ja/playground']) {
      const html = await (await page.request.get(`${base}${path}`)).text();
      expect(html).toMatch(/<link rel="icon" href="\/favicon\.svg"[^>]*>.*<\/head>/s);
      expect((await page.request.get(`${base}/favicon.svg`)).status()).toBe(200);
    }
    await page.close();
  }, 60_000);

  it('"Settings" signs the visitor in as Ada, the demo admin, through the emulated Slack', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/playground`);
    await page.getByRole('link', { name: 'Settings (signs in as Ada)' }).click();
    await page.waitForURL(/\/settings$/);
    const me = (await (await page.request.get(`${base}/api/me`)).json()) as Record<string, unknown>;
    expect(me).toMatchObject({ signedIn: true, userId: 'U0ADA', isAdmin: true, teamName: 'Playground' });
    await page.close();
  }, 60_000);

  it('offers a custom reaction added under Settings → Reactions; reacting with it gets an answer in the thread', async () => {
    const page = await signedInPage();
    await page.goto(`${base}/settings/reactions`);
    await page.getByRole('tab', { name: 'Custom Reactions' }).click();
    await page.getByRole('button', { name: 'Add reaction' }).click();
    const modal = page.locator('dialog[open]');
    await modal.getByLabel('Reaction name').fill('tada');
    await modal.getByLabel('Prompt text').fill('Celebrate this message in one line.');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'detached' });

    await page.goto(`${base}/playground`);
    const message = page.locator('.playground-main .playground-message', { hasText: 'coffee place on Main Street' });
    await page.getByRole('button', { name: '# random' }).click();
    const react = message.getByRole('button', { name: 'React with :tada:' });
    expect(await react.innerText()).toBe('🎉');
    await react.click();
    await expect.poll(() => message.locator('.playground-reaction').allInnerTexts()).toEqual(['🎉 1']);
    await expect.poll(() => message.getByRole('button', { name: '1 reply' }).count(), { timeout: 30_000 }).toBe(1);
    await message.getByRole('button', { name: '1 reply' }).click();
    await expect.poll(() => tomoReplies(page).allInnerTexts(), { timeout: 30_000 }).toEqual([expect.stringContaining('plus a task from the trigger')]);
    await page.close();
  }, 90_000);

  it('shows a scheduled summary\'s channel mention as Slack does: "Summary of #general"', async () => {
    const page = await signedInPage();
    const saved = await page.request.put(`${base}/api/settings/schedules/C0GENERAL`, {
      headers: { origin: base },
      data: { isSummaryEnabled: true, localTime: '09:00', timezoneOffsetMinutes: 0, lookbackDays: 1 },
    });
    expect(saved.status()).toBe(200);
    await page.goto(`${base}/playground`);
    await page.getByRole('button', { name: 'Run today’s summary now' }).click();
    const summary = page.locator('.playground-main .playground-message-tomo .playground-text', { hasText: 'Summary of' });
    await expect.poll(() => summary.allInnerTexts(), { timeout: 30_000 }).toEqual([expect.stringContaining('Summary of #general, last 1 day')]);
    expect(await summary.innerText()).not.toContain('C0GENERAL');
    await page.close();
  }, 90_000);

  it('on /ja/playground, "設定" signs in as Ada and opens the settings in Japanese, not the English /settings', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/ja/playground`);
    await page.getByRole('link', { name: ja.settings }).click();
    await page.waitForURL(/\/ja\/settings$/);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ja');
    await page.close();
  }, 60_000);

  it('on /ja/playground, Tomo speaks Japanese in Slack too (its App Home), and English again on /playground', async () => {
    const page = await browser.newPage();
    const openHome = async (name: string) => {
      await page.getByRole('button', { name: 'App Home' }).click();
      return expect.poll(() => page.locator('.playground-home').innerText(), { timeout: 30_000 }).toContain(name);
    };
    await page.goto(`${base}/ja/playground`);
    await openHome('Tomoへようこそ');
    await page.goto(`${base}/playground`);
    await openHome('Welcome to Tomo');
    await page.close();
  }, 90_000);

  it('speaks Japanese on /ja/playground: the model banner and why a summary cannot run now', async () => {
    const page = await signedInPage();
    const saved = await page.request.put(`${base}/api/settings/schedules/C0GENERAL`, {
      headers: { origin: base },
      data: { isSummaryEnabled: true, localTime: '09:00', timezoneOffsetMinutes: 0, lookbackDays: 1 },
    });
    expect(saved.status()).toBe(200);
    await page.goto(`${base}/ja/playground`);
    expect(await page.getByRole('note').innerText()).toBe(ja.model.demo);

    const runNow = async () => {
      const answered = page.waitForResponse((response) => response.url().endsWith('/api/playground/summaries'));
      await page.getByRole('button', { name: ja.summary.run }).click();
      await answered;
    };
    await page.getByRole('button', { name: '# random' }).click();
    await runNow();
    await expect.poll(() => page.getByRole('alert').innerText()).toBe(ja.refusals.NO_SCHEDULE);
    await page.getByRole('button', { name: '# general' }).click();
    await runNow();
    await runNow();
    await expect.poll(() => page.getByRole('alert').innerText()).toBe(ja.refusals.ALREADY_RAN);
    await page.close();
  }, 90_000);

  it('on /ja/playground, a message over 4,000 characters is refused in Japanese, not in the server\'s English', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/ja/playground`);
    const composer = page.getByRole('textbox', { name: '# general へのメッセージ' });
    await composer.fill('あ'.repeat(4001));
    await composer.press('Enter');
    await expect.poll(() => page.getByRole('alert').innerText()).toBe(ja.error.replace('{{message}}', 'メッセージは 4,000 文字までです。'));
    await page.close();
  }, 60_000);

  it('a file that is not text, or too long, is refused when picked, naming it, in the page\'s language; nothing is sent', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/ja/playground?channel=C0RANDOM`);
    await hydrated(page);
    const composer = page.getByRole('textbox', { name: '# random へのメッセージ' });
    const picker = page.locator('.playground-composer input[type="file"]');
    // A PDF picked under "All files": before, it was sent and refused as "characters Tomo cannot store".
    await picker.setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xe2, 0xe3, 0xcf, 0xd3]) });
    await expect.poll(() => page.getByRole('alert').innerText()).toBe(ja.composer.notText.replace('{{name}}', 'report.pdf'));
    expect(await page.locator('.playground-attached').count()).toBe(0);
    await picker.setInputFiles({ name: 'huge.txt', mimeType: 'text/plain', buffer: Buffer.alloc(1_200_000, 'a') });
    await expect.poll(() => page.getByRole('alert').innerText()).toBe(ja.composer.fileTooLarge.replace('{{name}}', 'huge.txt'));
    // A text file is taken, and the refusal goes.
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect.poll(() => page.locator('.playground-attached').innerText()).toContain('notes.txt');
    expect(await page.getByRole('alert').count()).toBe(0);
    await composer.press('Enter');
    await expect.poll(() => page.locator('.playground-message').filter({ hasText: 'notes.txt' }).count()).toBe(1);
    await page.close();
  }, 60_000);

  it('after renaming the app to Kumo under Settings → App, "@Kumo who are you?" is answered in the thread', async () => {
    const page = await signedInPage();
    const saved = await page.request.put(`${base}/api/settings/app`, { headers: { origin: base }, data: { appName: 'Kumo' } });
    expect(saved.status()).toBe(200);
    await page.goto(`${base}/playground`);
    const composer = page.getByRole('textbox', { name: 'Message # general' });
    await composer.fill('@Kumo who are you?');
    await composer.press('Enter');
    // The thread opens as for @Tomo: the question reads as typed, the answer comes from Kumo.
    const thread = page.locator('.playground-thread');
    await expect.poll(() => thread.locator('.playground-message .playground-text').first().innerText()).toBe('@Kumo who are you?');
    await expect.poll(() => tomoReplies(page).allInnerTexts(), { timeout: 30_000 }).toEqual([expect.stringContaining('Answer budget')]);
    expect(await thread.locator('.playground-message-tomo .playground-author').innerText()).toContain('Kumo');
    expect(await page.getByRole('navigation').getByRole('button', { name: 'Kumo', exact: true }).count()).toBe(1);
    // The playground's own words use the new name too.
    expect(await composer.getAttribute('placeholder')).toBe('Write a message. Type @Kumo to mention Kumo.');
    expect(await page.locator('.playground-sidebar').innerText()).not.toContain('Tomo');
    await page.goto(`${base}/playground`);
    expect(await page.getByRole('complementary', { name: 'Things to try' }).innerText()).toContain('Send Kumo a direct message.');
    await page.close();
  }, 90_000);
});

describe('the playground for a keyboard and screen-reader user', () => {
  it('reaches "Attach a text file" with Tab from the message box, and Enter on it opens the file picker', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}/playground?channel=C0RANDOM`);
    await hydrated(page);
    await page.getByRole('textbox', { name: 'Message # random' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Attach a text file');
    // Enter on the button opens the picker: the hidden file input is clicked. (Watched in the page:
    // Playwright's filechooser event did not come when other browser files ran beside this one.)
    const picker = page.locator('.playground-composer input[type="file"]');
    await picker.evaluate((input) =>
      input.addEventListener('click', (event) => {
        event.preventDefault();
        input.dataset.opened = 'true';
      }),
    );
    await page.keyboard.press('Enter');
    await expect.poll(() => picker.getAttribute('data-opened')).toBe('true');
    await picker.setInputFiles({ name: 'agenda.txt', mimeType: 'text/plain', buffer: Buffer.from('1. budget') });
    await expect.poll(() => page.locator('.playground-attached').innerText()).toContain('Attached: agenda.txt');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Remove the file');
    await page.close();
  }, 60_000);

  it("has one main landmark, the frame's, holding the channel's h1: a screen reader's landmark list shows no second main nested in it (en, ja)", async () => {
    const title = '# general';
    for (const prefix of ['', '/ja']) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`${base}${prefix}/playground`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await page.getByRole('main').count(), prefix).toBe(1);
      expect(await page.getByRole('main').getByRole('heading', { level: 1 }).innerText()).toBe(title);
      await page.close();
    }
  });

  it("lists the view's h1 as the first heading, the sidebar's groups (Channels, Direct messages, Tomo) as named lists before it, as Slack lays them out (en, ja)", async () => {
    for (const [prefix, copy] of [['', en], ['/ja', ja]] as const) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`${base}${prefix}/playground`);
      await page.getByRole('heading', { level: 1, name: '# general' }).waitFor();
      const levels = await page.evaluate(() =>
        [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].filter((heading) => heading.getClientRects().length > 0).map((heading) => heading.tagName),
      );
      expect(levels[0], `${prefix}: ${levels.join(' ')}`).toBe('H1');
      // The groups stay findable by name: a screen reader's list of lists, and 'list, Channels' on entering one.
      const sidebar = page.locator('nav.playground-sidebar');
      expect(await sidebar.getByRole('list', { name: copy.channels, exact: true }).getByRole('button', { name: '# general' }).count(), prefix).toBe(1);
      expect(await sidebar.getByRole('list', { name: copy.directMessages, exact: true }).getByRole('button').count(), prefix).toBe(1);
      // The app's group is named after the app (Tomo, or the name an earlier test gave it in Settings).
      const app = ((await sidebar.locator('.playground-sidebar-label').last().textContent()) ?? '').trim();
      expect(await sidebar.getByRole('list', { name: app, exact: true }).getByRole('button', { name: copy.home }).count(), `${prefix} ${app}`).toBe(1);
      await page.close();
    }
  });

  it("says 'Loading the workspace…' in a status region that was in the page, empty, before it (en, ja)", async () => {
    for (const [prefix, copy] of [['', en], ['/ja', ja]] as const) {
      const page = await browser.newPage();
      const inserted = await recordStatusRegionsAsInserted(page);
      // The workspace is held back until its loading line has been seen.
      const release = await holdRequests(page, /\/api\/playground$/);
      await page.goto(`${base}${prefix}/playground`);
      await page.getByRole('status').filter({ hasText: copy.loading }).waitFor();
      expect(await inserted(), prefix).not.toContain(copy.loading);
      release();
      await page.getByRole('heading', { level: 1, name: '# general' }).waitFor();
      await page.close();
    }
  });

  it('axe-core finds no serious or critical violations in either language: channel, open thread, attachment, home and assistant', async () => {
    const found: string[] = [];
    for (const [prefix, composerName, replyName] of [
      ['', 'Message # general', 'Reply'],
      ['/ja', '# general へのメッセージ', '返信'],
    ] as const) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const audit = async (state: string) => {
        for (const line of await seriousViolations(page)) found.push(`${prefix}/playground ${state} ${line}`);
      };
      await page.goto(`${base}${prefix}/playground`);
      await page.getByRole('note').waitFor();
      await audit('channel');

      const composer = page.getByRole('textbox', { name: composerName });
      await composer.fill('@Tomo what is on the agenda?');
      await composer.press('Enter');
      await page.locator('.playground-thread').waitFor();
      await expect.poll(() => page.locator('.playground-thread .playground-writing').count(), { timeout: 30_000 }).toBe(0);
      await page.locator('.playground-composer input[type="file"]').last().setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await page.locator('.playground-attached').waitFor();
      await audit(`thread (${replyName}) with an attachment`);

      await page.locator('.playground-sidebar').getByRole('button').nth(-2).click();
      await page.locator('.playground-home').waitFor();
      await audit('home');
      await page.locator('.playground-sidebar').getByRole('button').last().click();
      await page.locator('.playground-assistant').waitFor();
      await audit('assistant');
      await page.close();
    }
    // On a phone-sized screen, with the thread open.
    const phone = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await phone.goto(`${base}/playground`);
    await phone.getByRole('note').waitFor();
    await phone.getByRole('button', { name: /^\d+ repl/ }).first().click();
    await phone.locator('.playground-thread').waitFor();
    for (const line of await seriousViolations(phone)) found.push(`/playground at 375 px ${line}`);
    await phone.close();
    expect(found).toEqual([]);
  }, 120_000);
});
