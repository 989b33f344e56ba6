import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publicPages } from '../apps/web/src/lib/public-routes';
import { launchBrowser } from '../tests/support/browser';
import { startStaticServer } from '../tests/support/static-server';
import { measureMedian } from './web-measure';

// Per public page (en and ja): the gzipped JavaScript of a first visit and its LCP in
// headless Chromium. LCP is reported as a ratio against a bare static HTML page measured in
// the same run (same server, same browser); JS against the 100 KiB budget (the baseline
// page loads none). Goals: JS ≤ 100 KiB, LCP < 1 s.
const dist = 'apps/web/dist';
const runs = Number(process.env.BENCH_RUNS ?? 3);
const budgetBytes = 100 * 1024;

if (!existsSync(join(dist, 'index.html'))) {
  const build = spawnSync('npm', ['run', 'build:web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

const baselineDir = await mkdtemp(join(tmpdir(), 'tomo-bench-baseline-'));
await writeFile(
  join(baselineDir, 'index.html'),
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Baseline</title></head>' +
    '<body><h1>Baseline page</h1><p>A bare static HTML page with no scripts and no stylesheet.</p></body></html>',
);

const site = await startStaticServer({ root: dist });
const baselineServer = await startStaticServer({ root: baselineDir });
const browser = await launchBrowser();
let failures = 0;
try {
  const baseline = await measureMedian(browser, `${baselineServer.url}/`, runs);
  const kib = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(`baseline: bare static HTML page, LCP ${baseline.lcpMs.toFixed(0)} ms (median of ${runs})`);
  console.log('page'.padEnd(48), 'JS KiB gz'.padStart(10), 'JS/budget'.padStart(10), 'LCP ms'.padStart(8), 'LCP/base'.padStart(9));
  for (const page of publicPages()) {
    const result = await measureMedian(browser, `${site.url}${page.url}`, runs);
    const ok = result.jsGzipBytes <= budgetBytes && result.lcpMs < 1000;
    if (!ok) failures += 1;
    console.log(
      page.url.padEnd(48),
      kib(result.jsGzipBytes).padStart(10),
      (result.jsGzipBytes / budgetBytes).toFixed(2).padStart(10),
      result.lcpMs.toFixed(0).padStart(8),
      (result.lcpMs / Math.max(baseline.lcpMs, 1)).toFixed(2).padStart(9),
      ok ? '' : ' over goal',
    );
  }
  console.log(failures === 0 ? 'all pages within goals' : `${failures} page(s) over a goal (JS ≤ 100 KiB gz, LCP < 1000 ms)`);
} finally {
  await browser.close();
  await site.close();
  await baselineServer.close();
  await rm(baselineDir, { recursive: true, force: true });
}
