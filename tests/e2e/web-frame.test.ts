import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchPageErrors } from '../support/browser';
import { json } from '../support/static-server';
import type { StaticServer } from '../support/static-server';
import { startWebApp } from '../support/web-app';

let server: StaticServer;
let signedIn: StaticServer;
let browser: Browser;

beforeAll(async () => {
  server = await startWebApp();
  signedIn = await startWebApp({
    '/api/session': json({ user: { email: 'mei.tanaka@acme.example' }, teamName: 'Acme', isAdmin: true, activeSubscriptions: [] }),
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await signedIn?.close();
});

async function open(url: string, width = 1280): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const errors = watchPageErrors(page);
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  return { page, errors };
}

const menuButton = (page: Page) => page.locator('button[aria-controls="site-menu"]');
const languageButton = (page: Page) => page.locator('button[aria-controls="language-menu"]');
const isOpen = (page: Page, id: string) => page.locator(`#${id}`).getAttribute('data-open').then((value) => value === 'true');

describe('slide-out panels', () => {
  it('opens the menu, moves focus into it, and closes it with Escape, returning focus', async () => {
    const { page, errors } = await open(`${server.url}/features`);
    await menuButton(page).click();
    expect(await isOpen(page, 'site-menu')).toBe(true);
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => document.getElementById('site-menu')?.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    expect(await isOpen(page, 'site-menu')).toBe(false);
    expect(await menuButton(page).evaluate((button) => button === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps only one panel open at a time', async () => {
    const { page } = await open(`${server.url}/`);
    await menuButton(page).click();
    await languageButton(page).click();
    expect(await isOpen(page, 'language-menu')).toBe(true);
    expect(await isOpen(page, 'site-menu')).toBe(false);
    await menuButton(page).click();
    expect(await isOpen(page, 'site-menu')).toBe(true);
    expect(await isOpen(page, 'language-menu')).toBe(false);
    await page.close();
  });

  it('closes both panels when the page content is clicked', async () => {
    for (const width of [375, 1280]) {
      const { page } = await open(`${server.url}/pricing`, width);
      // Click beside the open panel: right of the left menu, left of the right language menu.
      for (const [button, x] of [[menuButton, width - 10], [languageButton, 10]] as const) {
        await button(page).click();
        await page.mouse.click(x, 700);
        expect(await isOpen(page, 'site-menu')).toBe(false);
        expect(await isOpen(page, 'language-menu')).toBe(false);
      }
      await page.close();
    }
  });

  it('is usable with the keyboard alone, and closed panels are out of the tab order', async () => {
    const { page } = await open(`${server.url}/`);
    await page.keyboard.press('Tab'); // skip link
    await page.keyboard.press('Tab');
    expect(await menuButton(page).evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await isOpen(page, 'site-menu')).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Home');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.getElementById('site-menu')?.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.locator('#site-menu').evaluate((panel) => (panel as HTMLElement).inert)).toBe(true);
    expect(await page.locator('#language-menu').evaluate((panel) => (panel as HTMLElement).inert)).toBe(true);
    await page.close();
  });
});

describe('leaving a panel with Tab', () => {
  it('closes the panel when the focus moves on to the page, so the focused control is not hidden behind the scrim (375 and 1280 px)', async () => {
    for (const width of [375, 1280]) {
      for (const [button, id] of [[menuButton, 'site-menu'], [languageButton, 'language-menu']] as const) {
        const { page } = await open(`${server.url}/pricing`, width);
        await button(page).focus();
        await page.keyboard.press('Enter');
        expect(await isOpen(page, id)).toBe(true);
        // Tab through the panel's entries until the focus leaves it.
        for (let i = 0; i < 60 && (await page.evaluate((panel) => document.getElementById(panel)?.contains(document.activeElement), id)); i++) {
          await page.keyboard.press('Tab');
        }
        const where = await page.evaluate(() => {
          const active = document.activeElement as HTMLElement;
          const box = active.getBoundingClientRect();
          const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return { inContent: Boolean(active.closest('.frame-content')), visible: Boolean(top && (active.contains(top) || top.contains(active))) };
        });
        expect(where, `${width} px, ${id}`).toEqual({ inContent: true, visible: true });
        expect(await isOpen(page, id)).toBe(false);
        expect(await button(page).getAttribute('aria-expanded')).toBe('false');
        await page.close();
      }
    }
  });
});

describe('menu entries', () => {
  it('lists the spec’s entries in order, with the settings group open by default', async () => {
    const { page } = await open(`${server.url}/`);
    await menuButton(page).click();
    const entries = await page.locator('#site-menu .menu-list > li').allInnerTexts();
    expect(entries.map((entry) => entry.split('\n')[0]?.replace(' (opens another site)', '').trim())).toEqual([
      'Home', 'Features', 'Use Cases', 'Booking', 'Pricing', 'News', 'Blog', 'Contact Us',
      'App', 'Auto replies', 'Instructions', 'Integrations', 'Members', 'Plugins', 'Reactions', 'Schedules', 'Usage', 'Subscription',
      'Customer Portal', 'Terms of Service', 'Privacy Policy', 'Compliance', 'Security', 'Specified Commercial Transactions Act notice',
    ]);
    const group = page.locator('#site-menu .menu-group-toggle');
    expect(await group.getAttribute('aria-expanded')).toBe('true');
    await group.click();
    expect(await group.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('#site-menu .menu-sublist').isVisible()).toBe(false);
    await page.close();
  });

  it('posts Customer Portal as a form and mails Contact Us with a feedback subject', async () => {
    const { page } = await open(`${server.url}/`);
    const form = page.locator('#site-menu form');
    expect(await form.getAttribute('method')).toBe('post');
    expect(await form.getAttribute('action')).toBe('/api/create-portal-session');
    const contact = await page.locator('#site-menu a', { hasText: 'Contact Us' }).getAttribute('href');
    expect(contact).toMatch(/^mailto:[^?]+\?subject=Feedback%20about%20Tomo$/);
    await page.close();
  });

  it('navigates inside the app without reloading and closes the menu', async () => {
    const { page, errors } = await open(`${server.url}/`);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await menuButton(page).click();
    await page.locator('#site-menu a', { hasText: 'Pricing' }).click();
    await page.waitForURL(`${server.url}/pricing`);
    await page.waitForFunction(() => document.title === 'Pricing | Tomo');
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/pricing$/);
    expect(await isOpen(page, 'site-menu')).toBe(false);
    expect(await page.locator('main h1').innerText()).toContain('pricing');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("moves the focus to the new page's heading after a menu link, and leaves it alone on a full load", async () => {
    const { page } = await open(`${server.url}/`);
    const activeElement = () => page.evaluate(() => document.activeElement?.tagName);
    expect(await activeElement()).toBe('BODY');
    await menuButton(page).click();
    await page.locator('#site-menu a', { hasText: 'Pricing' }).press('Enter');
    await page.waitForURL(`${server.url}/pricing`);
    await expect.poll(() => page.evaluate(() => document.activeElement === document.querySelector('main h1'))).toBe(true);
    // Tab goes on from the page's start, not from the closed menu.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(true);
    // Back is a navigation too.
    await page.goBack();
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => page.evaluate(() => document.activeElement === document.querySelector('main h1'))).toBe(true);
    await page.close();
  });
});

describe('header and footer', () => {
  it('offers sign-in that returns to the current page when signed out', async () => {
    const { page } = await open(`${server.url}/use-cases/translation`);
    const signIn = page.locator('header a', { hasText: 'Sign in' });
    expect(await signIn.getAttribute('href')).toBe('/auth/signin?returnTo=%2Fuse-cases%2Ftranslation');
    await page.close();
  });

  it("returns to the page as it was, query included: Usage's Last 1 Month, Reactions' Custom tab", async () => {
    for (const path of ['/settings/usage?period=last_1_month', '/ja/settings/reactions?tab=custom']) {
      const { page } = await open(`${server.url}${path}`);
      const signIn = page.locator('header.site-header').getByRole('link', { name: path.startsWith('/ja') ? 'サインイン' : 'Sign in', exact: true });
      await expect.poll(() => signIn.getAttribute('href')).toBe(`/auth/signin?returnTo=${encodeURIComponent(path)}`);
      await page.close();
    }
  });

  it('shows the signed-in user as the local part of the e-mail, with the team on wide screens', async () => {
    const wide = await open(`${signedIn.url}/`, 1280);
    await wide.page.locator('.user-name').waitFor();
    expect(await wide.page.locator('.user-name').innerText()).toBe('mei.tanaka in Acme');
    expect(await wide.page.locator('header form').getAttribute('action')).toBe('/auth/signout');
    await wide.page.close();
    const narrow = await open(`${signedIn.url}/`, 768);
    await narrow.page.locator('.user-name').waitFor();
    expect(await narrow.page.locator('.user-name').innerText()).toBe('mei.tanaka');
    await narrow.page.close();
  });

  it('has social links and a mail link in the footer', async () => {
    const { page } = await open(`${server.url}/`);
    const social = page.locator('footer .social-links a');
    expect(await social.count()).toBe(4);
    for (const link of await social.all()) expect(await link.getAttribute('href')).toMatch(/^https:\/\//);
    expect(await page.locator('footer a[href^="mailto:"]').count()).toBe(1);
    await page.close();
  });
});
