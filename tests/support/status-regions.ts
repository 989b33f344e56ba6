import type { Page } from 'playwright-core';

/**
 * Records, from the page's first script on, what each status region (`role="status"`) said
 * as it entered the page: a region inserted together with its words is not read by some screen
 * readers, so a loading line must appear in a region that was there, empty, before it.
 */
export async function recordStatusRegionsAsInserted(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const inserted: string[] = [];
    (window as unknown as { statusesInserted: string[] }).statusesInserted = inserted;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof HTMLElement)) continue;
          for (const region of [node, ...node.querySelectorAll<HTMLElement>('[role="status"]')]) {
            if (region.matches('[role="status"]')) inserted.push(region.innerText.trim());
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { statusesInserted: string[] }).statusesInserted);
}

/** Holds back the page's requests matching `url` until the returned release is called. */
export async function holdRequests(page: Page, url: RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
