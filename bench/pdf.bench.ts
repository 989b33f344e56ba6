import PDFDocument from 'pdfkit';
import { PdfkitRenderer } from '../adapters/pdf/pdfkit-renderer';
import { parseMrkdwn } from '../core/creations/mrkdwn';
import type { PdfDocument } from '../core/creations/pdf-document';

// `npm run bench pdf`: Save as PDF on threads of 50, 500 and 2,000 messages (English mrkdwn and
// Japanese), against a baseline measured in the same run: the same texts as plain lines in
// pdfkit's built-in Helvetica (no parsing, no font embedding). Ratios, not wall-clock claims.

const EN = 'Release plan for *Friday*: freeze at _noon_, ship <https://example.com/notes|the notes>, then ~old~ new checklist :rocket:';
const JA = '日本語版は*金曜日*の朝に公開します。翻訳の確認を<@U2>さんにお願いしています。';

function thread(n: number): { document: PdfDocument; plain: string[] } {
  const texts = Array.from({ length: n }, (_, i) => (i % 3 === 2 ? `${JA}\n• 項目 ${i}\n\`\`\`npm run release -- --n ${i}\`\`\`` : `${EN} (${i})`));
  const names = { user: () => '山田 花子', channel: () => 'general' };
  return {
    plain: texts,
    document: {
      title: 'Thread in #general',
      subtitle: 'Saved by alice on Nov 23, 2026 · times in Asia/Tokyo',
      language: 'en',
      messages: texts.map((text, i) => ({
        author: i % 2 ? 'Alice Archer' : 'はなこ',
        time: '2026/11/21 8:30',
        blocks: parseMrkdwn(text, names),
        attachments: [],
        reply: i > 0,
      })),
    },
  };
}

async function plainPdf(lines: readonly string[]): Promise<number> {
  const doc = new PDFDocument({ size: 'A4', margin: 56 });
  let bytes = 0;
  const done = new Promise<number>((resolve) => {
    doc.on('data', (chunk: Buffer) => (bytes += chunk.length));
    doc.on('end', () => resolve(bytes));
  });
  doc.font('Helvetica').fontSize(10.5);
  for (const line of lines) doc.text(line.replace(/[^\x20-\x7e]/g, '?'));
  doc.end();
  return done;
}

async function time<T>(run: () => Promise<T>, repeat: number): Promise<{ ms: number; result: T }> {
  let result!: T;
  const start = performance.now();
  for (let i = 0; i < repeat; i += 1) result = await run();
  return { ms: (performance.now() - start) / repeat, result };
}

const renderer = new PdfkitRenderer();
await renderer.render(thread(5).document); // warm up: font parsing, JIT
await plainPdf(thread(5).plain);
console.log('messages | baseline ms | Save as PDF ms | ratio | PDF KB | KB per message');
for (const n of [50, 500, 2_000]) {
  const { document, plain } = thread(n);
  const repeat = n >= 2_000 ? 1 : 3;
  const base = await time(() => plainPdf(plain), repeat);
  // Parsing is part of what Save as PDF does, so it is timed too.
  const names = { user: () => '山田 花子', channel: () => 'general' };
  const tomo = await time(async () => (await renderer.render({ ...document, messages: document.messages.map((m, i) => ({ ...m, blocks: parseMrkdwn(plain[i]!, names) })) })).length, repeat);
  console.log(
    `${String(n).padStart(8)} | ${base.ms.toFixed(0).padStart(11)} | ${tomo.ms.toFixed(0).padStart(14)} | ${(tomo.ms / base.ms).toFixed(1).padStart(5)}x | ${(tomo.result / 1024).toFixed(0).padStart(6)} | ${(tomo.result / 1024 / n).toFixed(2)}`,
  );
}
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
