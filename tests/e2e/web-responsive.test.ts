import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicPages } from '../../apps/web/src/lib/public-routes';
import { launchBrowser } from '../support/browser';
import type { StaticServer } from '../support/static-server';
import { startWebApp } from '../support/web-app';

// The spec's breakpoints (640, 768, 1024, 1280) plus a phone.
const widths = [375, 640, 768, 1024, 1280] as const;

let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  server = await startWebApp();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Distinct row positions of a list's items: how many rows the layout made. */
const rows = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((items) => new Set(items.map((item) => Math.round(item.getBoundingClientRect().top))).size);

describe('responsive layout', () => {
  for (const width of widths) {
    it(`fits every page in ${width} px without sideways scrolling`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      const overflowing: string[] = [];
      for (const { url } of publicPages()) {
        await page.goto(`${server.url}${url}`);
        const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scroll > width) overflowing.push(`${url} (${scroll}px)`);
      }
      expect(overflowing).toEqual([]);
      // The header's three controls stay on screen.
      for (const selector of ['button[aria-controls="site-menu"]', 'button[aria-controls="language-menu"]', 'header a[href^="/auth/signin"]']) {
        const box = await page.locator(selector).boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width, `${selector} at ${width}px`).toBe(true);
      }
      await page.close();
    });
  }

  it('reflows the plan cards: one column on phones, two from 640 px, four from 1280 px', async () => {
    const expected: Record<number, number> = { 375: 4, 640: 2, 768: 2, 1024: 2, 1280: 1 };
    for (const width of widths) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      await page.goto(`${server.url}/pricing`);
      expect(await rows(page, '.plan-grid > li'), `${width}px`).toBe(expected[width]);
      await page.close();
    }
  });

  it('shows menu labels from 640 px and the team name only from 1024 px', async () => {
    for (const width of widths) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      await page.goto(`${server.url}/`);
      const label = await page.locator('button[aria-controls="site-menu"] .icon-button-label').boundingBox();
      expect((label?.width ?? 0) > 1, `${width}px`).toBe(width >= 640);
      const teamShown = await page.evaluate(() => {
        const probe = document.createElement('span');
        probe.className = 'user-team';
        document.body.append(probe);
        return getComputedStyle(probe).display !== 'none';
      });
      expect(teamShown, `${width}px`).toBe(width >= 1024);
      await page.close();
    }
  });
});
