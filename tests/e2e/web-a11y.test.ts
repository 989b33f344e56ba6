import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicPages } from '../../apps/web/src/lib/public-routes';
import pricingEn from '../../apps/web/src/locales/en/pricing';
import pricingJa from '../../apps/web/src/locales/ja/pricing';
import { seriousViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import type { StaticServer } from '../support/static-server';
import { startWebApp } from '../support/web-app';

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

async function open(url: string, width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  return page;
}

describe('axe-core finds no serious or critical violations', () => {
  it('on any public route in either language', async () => {
    const found: string[] = [];
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (const { url } of publicPages()) {
      await page.goto(`${server.url}${url}`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      for (const line of await seriousViolations(page)) found.push(`${url} ${line}`);
    }
    await page.close();
    expect(found).toEqual([]);
  }, 240_000);

  it('with each panel open, on a phone-sized screen, and with a pricing alert', async () => {
    const found: string[] = [];
    for (const [panel, width] of [['site-menu', 375], ['language-menu', 1280]] as const) {
      const page = await open(`${server.url}/ja/features`, width);
      await page.locator(`button[aria-controls="${panel}"]`).click();
      for (const line of await seriousViolations(page)) found.push(`${panel}@${width} ${line}`);
      await page.close();
    }
    const pricing = await open(`${server.url}/pricing?checkout=success`, 375);
    await pricing.locator('.alert').waitFor();
    for (const line of await seriousViolations(pricing)) found.push(`pricing alert ${line}`);
    await pricing.close();
    expect(found).toEqual([]);
  });
});

describe('headings, as a screen reader lists them', () => {
  it('on every public route in either language: one h1 first, then no level skipped (h1 to h3 hides where a card belongs)', async () => {
    const found: string[] = [];
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (const { url } of publicPages()) {
      await page.goto(`${server.url}${url}`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const levels = await page.evaluate(() =>
        [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].filter((heading) => heading.getClientRects().length > 0).map((heading) => Number(heading.tagName[1])),
      );
      if (levels[0] !== 1 || levels.filter((level) => level === 1).length !== 1) found.push(`${url}: h1s ${levels.join(' ')}`);
      for (const [i, level] of levels.entries()) if (i > 0 && level > levels[i - 1]! + 1) found.push(`${url}: h${levels[i - 1]} then h${level}`);
    }
    await page.close();
    expect(found).toEqual([]);
  }, 120_000);
});

describe('landmarks, as a screen reader lists them', () => {
  it("on /pricing, the 'Plan details' section and its scrolling table are regions with names of their own (en, ja)", async () => {
    for (const [prefix, copy] of [['', pricingEn], ['/ja', pricingJa]] as const) {
      const page = await open(`${server.url}${prefix}/pricing`);
      const regions = [...(await page.locator('body').ariaSnapshot()).matchAll(/- region "([^"]*)"/g)].map(([, name]) => name!);
      expect(regions.filter((name, i) => regions.indexOf(name) !== i), prefix).toEqual([]);
      const section = page.getByRole('region', { name: copy.details.title, exact: true });
      // The table scrolls sideways in a region of its own, inside the section and named apart from it.
      expect(await section.getByRole('region', { name: copy.details.tableLabel, exact: true }).getByRole('table').count(), prefix).toBe(1);
      await page.close();
    }
  });
});
