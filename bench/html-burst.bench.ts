import { availableParallelism } from 'node:os';
import { htmlThreadStats, htmlToMarkdown } from '../adapters/documents/document-text';

// `npm run bench html-burst`: 100 web pages converted to Markdown at once (a burst of answers
// with links), against a baseline measured in the same run: the same 100 pages one after
// another. Threads started, CPU, wall time and the process's peak RSS (worker threads included).

const PAGE = `<html><head><title>Guide</title></head><body><nav>Home | Docs</nav><article><h1>Guide</h1>${`<p>The lighthouse at Cape Mirai was built in 1987. ${'More words for the article body. '.repeat(8)}</p>`.repeat(20)}</article></body></html>`;
const PAGES = 100;

async function run(label: string, convert: () => Promise<number>): Promise<void> {
  const threads = htmlThreadStats().started;
  const cpu = process.cpuUsage();
  const start = performance.now();
  const ok = await convert();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  console.log(
    `${label.padEnd(10)} | ${String(ok).padStart(5)} | ${String(htmlThreadStats().started - threads).padStart(7)} | ${((used.user + used.system) / 1000).toFixed(0).padStart(6)} | ${ms.toFixed(0).padStart(7)}`,
  );
}

const read = (): Promise<number> => htmlToMarkdown(PAGE, 'https://guide.example', { timeoutMs: 60_000 }).then((page) => (page.text.includes('Cape Mirai') ? 1 : 0));
await read(); // warm up: one thread kept
console.log(`${availableParallelism()} cores`);
console.log('pages      |  read | threads | CPU ms | wall ms');
await run('in a row', async () => {
  let ok = 0;
  for (let n = 0; n < PAGES; n += 1) ok += await read();
  return ok;
});
const rssBefore = process.resourceUsage().maxRSS;
await run('at once', async () => (await Promise.all(Array.from({ length: PAGES }, read))).reduce((a, b) => a + b, 0));
console.log(`peak RSS ${(rssBefore / 1024).toFixed(0)} MB before the burst, ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB after`);
