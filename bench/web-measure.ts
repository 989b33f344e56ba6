import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

export interface VisitMeasure {
  /** Gzipped bytes (level 9) of every JavaScript file the visit loaded. */
  jsGzipBytes: number;
  jsFiles: number;
  /** Largest Contentful Paint in milliseconds, as reported by the browser. */
  lcpMs: number;
}

/** A first visit with a cold cache: a new browser context per measurement. */
export async function measureVisit(browser: Browser, url: string): Promise<VisitMeasure> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const scripts: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length, () => 0));
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number };
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  // LCP is final once the page is interacted with or hidden; read it after the load settles.
  const lcpMs = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
  const sizes = await Promise.all(scripts);
  await context.close();
  return { jsGzipBytes: sizes.reduce((sum, size) => sum + size, 0), jsFiles: sizes.length, lcpMs };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Median of `runs` visits (JS bytes are the same every time; LCP varies). */
export async function measureMedian(browser: Browser, url: string, runs: number): Promise<VisitMeasure> {
  const results: VisitMeasure[] = [];
  for (let run = 0; run < runs; run += 1) results.push(await measureVisit(browser, url));
  return {
    jsGzipBytes: median(results.map((r) => r.jsGzipBytes)),
    jsFiles: median(results.map((r) => r.jsFiles)),
    lcpMs: median(results.map((r) => r.lcpMs)),
  };
}
