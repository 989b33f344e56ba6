import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApproximateTokenizer } from '../../../adapters/memory/approximate-tokenizer';
import { InMemoryChatPlatformFactory, InMemoryChatWorkspace } from '../../../adapters/memory/in-memory-chat-platform';
import { HTML_THREADS_AT_ONCE, htmlThreadStats, htmlToMarkdown, MAX_TEXT_CHARS } from '../../../adapters/documents/document-text';
import { OFFICE_CUT_NOTE } from '../../../adapters/documents/office-text';
import { DocumentFileContents, isAnimatedGif } from '../../../adapters/documents/file-contents';
import { fitImage, IMAGE_JOBS_AT_ONCE, imageJobStats } from '../../../adapters/documents/image-fit';
import { GuardedHttpClient } from '../../../adapters/http/guarded-http-client';
import { RobotsUnreachableError, WebSourceReader } from '../../../adapters/knowledge/web-source-reader';
import { ReadableWebFetcher } from '../../../adapters/web/readable-web-fetcher';
import { IMAGE_LIMITS } from '../../../core/readers/file-contents.port';
import { ReaderError } from '../../../core/readers/reader';
import { ReaderRegistry } from '../../../core/readers/reader-registry';
import { webPageReader } from '../../../core/readers/web-page.reader';
import { slackFileReader } from '../../../core/readers/slack-file.reader';
import { NO_RESOURCES } from '../../../core/tools/tool';
import {
  docxBomb,
  docxLyingAboutSize,
  docxWithText,
  gif,
  ONE_PIXEL_PNG,
  pdfInflatingTo,
  pdfWithText,
  pptxListingOneSlide,
  pptxLyingAboutSize,
  pptxNestedGroups,
  docxNested,
  pptxWithExternalEntity,
  pptxWithSlides,
  scannedPdf,
  xlsxOfFarCorners,
  xlsxOfManyCells,
  xlsxWithCornerSpelled,
  xlsxWithExternalEntity,
  xlsxWithLongTag,
  xlsxWithSheets,
} from '../../fakes/web/documents';
import { ARTICLE_FACT, PDF_FACT, startFakeWeb, type FakeWeb } from '../../fakes/web/fake-web';
import { photoJpeg, pngDeclaring, screenshotPng, sidewaysPhotoJpeg } from '../../fakes/web/images';

describe('ReadableWebFetcher: pages as readable text through the guarded client', () => {
  let web: FakeWeb;
  let fetcher: ReadableWebFetcher;
  beforeAll(async () => {
    web = await startFakeWeb();
    fetcher = new ReadableWebFetcher(new GuardedHttpClient({ allowPrivateHosts: [web.host] }));
  });
  afterAll(() => web.close());

  it('turns an HTML article into Markdown: title and text, without scripts, styles or navigation', async () => {
    const page = await fetcher.read(`${web.origin}/article`);

    expect(page).toMatchObject({ url: `${web.origin}/article`, title: 'The Tomo Field Guide', contentType: 'html' });
    expect(page.text).toContain(ARTICLE_FACT);
    expect(page.text).not.toContain('should never be read');
    expect(page.text).not.toContain('color: red');
    expect(page.text).not.toContain('Cookie settings');
  });

  it('reads the text of a PDF and plain text as it is', async () => {
    const pdf = await fetcher.read(`${web.origin}/report.pdf`);
    expect(pdf).toMatchObject({ title: 'Annual Report 2026', contentType: 'pdf' });
    expect(pdf.text).toContain(PDF_FACT);

    const text = await fetcher.read(`${web.origin}/notes.txt`);
    expect(text).toMatchObject({ title: 'notes.txt', contentType: 'text' });
    expect(text.text).toContain(ARTICLE_FACT);
  });

  it('reads a text file whose address has a bare % in its name', async () => {
    web.page('/growth-20%.txt', { type: 'text/plain', body: ARTICLE_FACT });

    const text = await fetcher.read(`${web.origin}/growth-20%.txt`);

    expect(text).toMatchObject({ title: 'growth-20%.txt', text: ARTICLE_FACT });
  });

  it('turns a page into text off the event loop, and gives up on one that takes too long without stalling other answers', async () => {
    // 1,000 nested <div>s: 11 KB that kept Readability busy for seconds (minutes at 5,000) on
    // the worker's only thread, where no timer, no other answer and no time limit could run.
    // At 2,000 a conversion on the main thread would still be busy long after the reader's
    // one-second limit, and would then return the page: only a conversion off the event loop
    // can be ended by that limit (no clock is asserted).
    const depth = 2_000;
    web.page('/nested', { type: 'text/html', body: `<html><head><title>Nested</title></head><body>${'<div>'.repeat(depth)}${ARTICLE_FACT}${'</div>'.repeat(depth)}</body></html>` });
    let ticks = 0;
    const ticker = setInterval(() => void (ticks += 1), 10);
    try {
      const failure = await fetcher.read(`${web.origin}/nested`, { signal: AbortSignal.timeout(1_000) }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toMatchObject({ failure: 'timeout' });
    } finally {
      clearInterval(ticker);
    }
    // Other work ran meanwhile (timers fired while the page was being converted).
    expect(ticks).toBeGreaterThan(0);
    // An ordinary page still reads.
    expect((await fetcher.read(`${web.origin}/article`)).text).toContain(ARTICLE_FACT);
  }, 30_000);

  it('writes a page\'s tables as Markdown tables: the first row as the header, a cell on one line, a nested or one-column table as text', async () => {
    const intro = 'Each plan is billed per seat, monthly or yearly, and every price below is the one shown at checkout. '.repeat(3).trim();
    const page = `<html><head><title>Prices</title></head><body><article><h1>Prices</h1><p>${intro}</p>
      <table><caption>Plans  2026</caption>
        <thead><tr><th>Plan</th><th>Price</th></tr></thead>
        <tbody>
          <tr><td>Entry</td><td>$5 | month</td></tr>
          <tr><td>Premium</td><td><ul><li>Search</li><li>Images</li></ul></td></tr>
          <tr><td colspan="2">All prices <b>before</b> tax<br>and fees</td></tr>
          <tr><td>Regions</td><td><table><tr><td>EMEA</td><td>APAC</td></tr></table></td></tr>
        </tbody>
      </table>
      <table><tr><td><p>A note boxed</p><p>in a table</p></td></tr></table></article></body></html>`;

    expect((await htmlToMarkdown(page, 'https://prices.example')).text).toBe(
      [
        intro,
        '',
        'Plans 2026',
        '',
        '| Plan | Price |',
        '| --- | --- |',
        '| Entry | $5 \\| month |',
        '| Premium | - Search - Images |',
        '| All prices **before** tax and fees |  |',
        '| Regions | EMEA APAC |',
        '',
        'A note boxed',
        '',
        'in a table',
      ].join('\n'),
    );
  });

  it('turns pages into text in warm threads: a page costs its conversion, not a new thread loading the libraries, and a stuck one is still ended', async () => {
    // A new thread per page loaded linkedom, Readability and turndown again: about 200 ms of
    // CPU for a page whose conversion takes 5 ms, 2 s for the ten links of one Premium answer.
    const page = `<html><head><title>Guide</title></head><body><article><h1>Guide</h1>${`<p>${ARTICLE_FACT} ${'More words for the article body. '.repeat(8)}</p>`.repeat(20)}</article></body></html>`;
    const nested = `<html><head><title>Nested</title></head><body>${'<div>'.repeat(1_000)}${ARTICLE_FACT}${'</div>'.repeat(1_000)}</body></html>`;
    await htmlToMarkdown(page, 'https://guide.example');

    const warm = htmlThreadStats();
    for (let n = 0; n < 10; n += 1) expect((await htmlToMarkdown(page, 'https://guide.example')).text).toContain(ARTICLE_FACT);
    // Ten pages in a row: no thread started, the one that answered kept answering.
    expect(htmlThreadStats().started).toBe(warm.started);

    await expect(htmlToMarkdown(nested, 'https://nested.example', { timeoutMs: 300 })).rejects.toThrow('took too long');
    await expect(htmlToMarkdown(nested, 'https://nested.example', { signal: AbortSignal.timeout(300) })).rejects.toThrow('stopped');
    // The stuck threads were ended, not kept for the next page (the first took the kept one).
    expect(htmlThreadStats()).toEqual({ started: warm.started + 1, idle: 0 });
    // The stuck threads were ended, not kept, and their turns given back: the next pages read.
    // (Each starts a thread of its own; a machine running other suites beside this one took
    // more than 2 s for that, so the limit only catches a turn never given back.)
    const results = await Promise.all([1, 2, 3].map(() => htmlToMarkdown(page, 'https://guide.example', { timeoutMs: 15_000 })));
    expect(results.every((r) => r.text.includes(ARTICLE_FACT))).toBe(true);
  }, 30_000);

  it('converts a burst of pages a few threads at a time: the others wait their turn, give up while waiting, and pass a stuck one', async () => {
    // 100 pages at once started 99 threads (1.9 GB, 21 s of CPU loading the libraries).
    const page = `<html><head><title>Guide</title></head><body><article><h1>Guide</h1>${`<p>${ARTICLE_FACT} ${'More words for the article body. '.repeat(8)}</p>`.repeat(20)}</article></body></html>`;
    // 5,000 nested <div>s: minutes of Readability, stuck until it is ended.
    const stuck = `<html><head><title>Nested</title></head><body>${'<div>'.repeat(5_000)}${ARTICLE_FACT}${'</div>'.repeat(5_000)}</body></html>`;
    const tick = () => new Promise((resolve) => setImmediate(resolve));

    const before = htmlThreadStats().started;
    const burst = await Promise.all(Array.from({ length: 20 }, () => htmlToMarkdown(page, 'https://guide.example', { timeoutMs: 60_000 })));
    expect(burst.every((converted) => converted.text.includes(ARTICLE_FACT))).toBe(true);
    expect(htmlThreadStats().started - before).toBeLessThanOrEqual(HTML_THREADS_AT_ONCE);

    // Every turn taken by a stuck page (the kept threads among them).
    const ending = new AbortController();
    const stuckPages = Array.from({ length: HTML_THREADS_AT_ONCE }, () =>
      htmlToMarkdown(stuck, 'https://nested.example', { signal: ending.signal, timeoutMs: 120_000 }).catch((error: unknown) => error),
    );
    await tick();
    const busy = htmlThreadStats();
    expect(busy.idle).toBe(0);
    // A page whose reader's time is up, or whose own limit passes, while it waits is given up, never started.
    const reader = new AbortController();
    const waiting = htmlToMarkdown(page, 'https://guide.example', { signal: reader.signal });
    reader.abort();
    await expect(waiting).rejects.toThrow('stopped');
    await expect(htmlToMarkdown(page, 'https://guide.example', { timeoutMs: 50 })).rejects.toThrow('took too long');
    expect(htmlThreadStats().started).toBe(busy.started);
    ending.abort();
    expect(await Promise.all(stuckPages)).toEqual(Array.from({ length: HTML_THREADS_AT_ONCE }, () => expect.objectContaining({ message: 'stopped' })));

    // Stuck pages at the head of the line are ended at their limit and the pages behind them read
    // in fresh threads.
    const head = Array.from({ length: HTML_THREADS_AT_ONCE }, () => htmlToMarkdown(stuck, 'https://nested.example', { timeoutMs: 1_000 }).catch((error: unknown) => error));
    const behind = Array.from({ length: 3 }, () => htmlToMarkdown(page, 'https://guide.example', { timeoutMs: 60_000 }));
    expect((await Promise.all(behind)).every((converted) => converted.text.includes(ARTICLE_FACT))).toBe(true);
    expect(await Promise.all(head)).toEqual(Array.from({ length: HTML_THREADS_AT_ONCE }, () => expect.objectContaining({ message: 'the page took too long to read' })));
  }, 60_000);

  it('reads a Japanese page in Shift_JIS or EUC-JP declared only by its meta tag, as browsers do', async () => {
    // 灯台 (lighthouse) and its Shift_JIS and EUC-JP bytes: older Japanese sites serve
    // `text/html` without a charset and declare the encoding in the page itself.
    const sjis = Buffer.concat([
      Buffer.from('<html><head><meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS"><title>'),
      Buffer.from([0x93, 0x94, 0x91, 0xe4]),
      Buffer.from('</title></head><body><p>'),
      Buffer.from([0x93, 0x94, 0x91, 0xe4]),
      Buffer.from(' Cape Mirai</p></body></html>'),
    ]);
    web.page('/sjis', { type: 'text/html', body: sjis });
    const page = await fetcher.read(`${web.origin}/sjis`);
    expect(page.title).toBe('灯台');
    expect(page.text).toContain('灯台 Cape Mirai');
    // The same page uploaded to knowledge (App Home → Web URL) is stored readable.
    const source = { id: 'source-sjis', teamId: 'T1', kind: 'web', title: `${web.origin}/sjis`, url: `${web.origin}/sjis`, fileId: null, pageLimit: 1 } as const;
    const uploaded = await new WebSourceReader(new GuardedHttpClient({ allowPrivateHosts: [web.host] })).read(
      { ...source, status: 'reading', progressDone: 0, progressTotal: 0, failure: null, sizeBytes: 0, chunkCount: 0, robotsLeftOut: 0, cutAfterFiles: 0, addedBy: 'U1', createdAt: new Date(), updatedAt: new Date() },
      new AbortController().signal,
    );
    expect(uploaded.documents[0]).toMatchObject({ text: expect.stringContaining('灯台 Cape Mirai'), location: { title: '灯台' } });

    const eucjp = Buffer.concat([Buffer.from('<html><head><meta charset="euc-jp"></head><body><p>'), Buffer.from([0xc5, 0xf4, 0xc2, 0xe6]), Buffer.from(' 1987</p></body></html>')]);
    web.page('/eucjp', { type: 'text/html', body: eucjp });
    expect((await fetcher.read(`${web.origin}/eucjp`)).text).toContain('灯台 1987');
    // The header's charset, when there is one, wins over the page's own.
    web.page('/declared', { type: 'text/html; charset=utf-8', body: '<html><head><meta charset="shift_jis"></head><body><p>灯台 41 km</p></body></html>' });
    expect((await fetcher.read(`${web.origin}/declared`)).text).toContain('灯台 41 km');
  });

  it('follows a page that only sends the browser on with a meta refresh, checking its target as any redirect', async () => {
    web.page('/moved', { type: 'text/html', body: '<html><head><title>Moved</title><META HTTP-EQUIV="Refresh" CONTENT="0; URL=\'/article\'"></head><body></body></html>' });
    web.page('/short-link', { type: 'text/html', body: '<html><head><noscript><meta content="0;URL=/moved" http-equiv="refresh"></noscript></head></html>' });
    web.page('/to-metadata-by-refresh', { type: 'text/html', body: '<meta http-equiv="refresh" content="0; url=http://169.254.169.254/latest/meta-data/">' });
    web.page('/to-file-by-refresh', { type: 'text/html', body: '<meta http-equiv="refresh" content="1;url=file:///etc/passwd">' });
    web.page('/reloads', { type: 'text/html', body: `<html><head><title>Live scores</title><meta http-equiv="refresh" content="300"></head><body><p>${ARTICLE_FACT}</p></body></html>` });
    web.page('/loop', { type: 'text/html', body: '<meta http-equiv="refresh" content="0; url=/loop2">' });
    web.page('/loop2', { type: 'text/html', body: '<meta http-equiv="refresh" content="0; url=/loop">' });

    const page = await fetcher.read(`${web.origin}/short-link`);

    expect(page).toMatchObject({ url: `${web.origin}/article`, title: 'The Tomo Field Guide', contentType: 'html' });
    expect(page.text).toContain(ARTICLE_FACT);
    await expect(fetcher.read(`${web.origin}/to-metadata-by-refresh`)).rejects.toMatchObject({ failure: 'blocked' });
    await expect(fetcher.read(`${web.origin}/to-file-by-refresh`)).rejects.toMatchObject({ failure: 'blocked' });
    // A page that reloads itself is the page; refreshes that go round stop after two.
    expect((await fetcher.read(`${web.origin}/reloads`)).text).toContain(ARTICLE_FACT);
    const before = web.hits.length;
    await fetcher.read(`${web.origin}/loop`).catch(() => undefined);
    expect(web.hits.slice(before)).toEqual(['/loop', '/loop2', '/loop']);
  });

  it('reads a PDF whose server calls it something else (octet-stream, as S3 serves uploads without a type, or text)', async () => {
    const pdf = pdfWithText(['Annual report', PDF_FACT], 'Annual Report 2026');
    web.page('/bucket/report', { type: 'binary/octet-stream', body: pdf });
    web.page('/report-as-text', { type: 'text/plain', body: pdf });
    web.page('/report-untyped', { body: pdf });
    web.page('/archive.zip', { type: 'application/octet-stream', body: Buffer.from('PK\x03\x04 not a pdf') });

    for (const path of ['/bucket/report', '/report-as-text', '/report-untyped']) {
      const page = await fetcher.read(`${web.origin}${path}`);
      expect(page, path).toMatchObject({ title: 'Annual Report 2026', contentType: 'pdf' });
      expect(page.text, path).toContain(PDF_FACT);
      expect(page.text, path).not.toContain('%PDF-');
    }
    await expect(fetcher.read(`${web.origin}/archive.zip`)).rejects.toMatchObject({ failure: 'unsupported' });
  });

  it.each([
    ['an image', '/picture.png', 'unsupported'],
    ['a page that is gone', '/gone', 'not_found'],
    ['a missing page', '/nowhere', 'not_found'],
    ['a server error', '/error', 'http_error'],
    ['a PDF over 5 MB, which would not open cut short', '/huge-pdf', 'too_large'],
  ])('reports %s as %s', async (_what, path, failure) => {
    web.page('/huge-pdf', { type: 'application/pdf', body: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(6 * 1024 * 1024, 'a')]) });
    await expect(fetcher.read(`${web.origin}${path}`)).rejects.toMatchObject({ failure });
  });

  it('reads the beginning of a page over 5 MB (a long archive page) instead of refusing it', async () => {
    const entry = (n: number) => `<article><h2>Post ${n}</h2><p>${n === 1 ? ARTICLE_FACT : 'Harbour news of the week. '.repeat(40)}</p></article>`;
    const html = `<!doctype html><html><head><title>Harbour archive</title></head><body><main>${Array.from({ length: 8_000 }, (_, i) => entry(i + 1)).join('')}</main></body></html>`;
    expect(Buffer.byteLength(html)).toBeGreaterThan(6 * 1024 * 1024);
    web.page('/archive', { type: 'text/html; charset=utf-8', body: Buffer.from(html) });

    const page = await fetcher.read(`${web.origin}/archive`);
    expect(page).toMatchObject({ title: 'Harbour archive', contentType: 'html' });
    expect(page.text).toContain(ARTICLE_FACT);
    expect(page.text).not.toContain('Post 8000');
  });

  it('reads the article of a page whose inline scripts, styles and comments alone are over the text budget', async () => {
    // Only the page's text up to twice the budget is parsed: markup that shows nothing must not count.
    const script = `<script>window.__DATA__ = ${JSON.stringify('x'.repeat(900_000))};</script>`;
    const style = `<style>${'.a{color:red}'.repeat(70_000)}</style>`;
    const comment = `<!-- ${'old nav '.repeat(110_000)} -->`;
    const html = `<!doctype html><html><head><title>Harbour notes</title>${script}${style}</head><body>${comment}<article><h1>Harbour notes</h1><p>${ARTICLE_FACT}</p><p>${'Harbour news of the week. '.repeat(40)}</p></article></body></html>`;
    web.page('/scripted', { type: 'text/html; charset=utf-8', body: Buffer.from(html) });

    const page = await fetcher.read(`${web.origin}/scripted`);
    expect(page.text).toContain(ARTICLE_FACT);
    expect(page.text).not.toContain('old nav');
  });
});

describe('DocumentFileContents: Slack files as text or images', () => {
  /** Board minutes of 3,000 pages (about 3 MB): more than any answer reads. */
  const longPdf = pdfWithText(Array.from({ length: 3_000 }, (_, n) => `Minutes, page ${n + 1}. ${'The board discussed the lighthouse budget. '.repeat(12)}`));
  const contents = new DocumentFileContents();
  const file = (name: string, mimetype: string, filetype: string, size = 10) => ({ id: 'F1', name, mimetype, filetype, size });
  /** Two Slack files of `workspace` read for one answer, as the Slack file reader reads them. */
  const readTwoFiles = (workspace: InMemoryChatWorkspace, first: ReturnType<typeof file>, second: ReturnType<typeof file>) =>
    new ReaderRegistry([slackFileReader(contents)]).read({
      sources: [
        { type: 'file', file: first, messageTs: '1' },
        { type: 'file', file: second, messageTs: '1' },
      ],
      limits: { linksPerAnswer: 1, filesPerAnswer: 2, tokensPerAnswer: 4_000 },
      enabledPlugins: new Set(),
      resources: NO_RESOURCES,
      context: { teamId: 'T1', userId: 'UA', locale: 'en', platform: new InMemoryChatPlatformFactory(workspace).forWorkspace({ teamId: 'T1', botToken: 'x' }) },
      showStatus: async () => undefined,
      tokenizer: new ApproximateTokenizer(),
    });

  it('reads text, Markdown and CSV as they are', async () => {
    const csv = file('team.csv', 'text/csv', 'csv');
    expect(contents.kindOf(csv)).toBe('text');
    expect(await contents.extract(Buffer.from('name,role\nAiko,designer\n'), csv)).toEqual({ text: 'name,role\nAiko,designer\n' });
    expect(contents.kindOf(file('notes.md', 'text/markdown', 'markdown'))).toBe('text');
    expect(contents.kindOf(file('snippet', 'text/plain', 'python'))).toBe('text');
  });

  it('reads a Word file as Word wrote it: its table as a Markdown table, its footnote as [1] where cited and after the text', async () => {
    // Made by LibreOffice from plan.fodt (tests/fixtures/documents/README.md).
    const plan = readFileSync(new URL('../../fixtures/documents/plan.docx', import.meta.url));
    const docx = file('plan.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx');

    expect(await contents.extract(plan, docx)).toEqual({
      text: [
        '# Launch plan',
        '',
        'Ship the beta on 3 March.[1]',
        '',
        '## 予定',
        '',
        '灯台の予算は承認されました。',
        '',
        'Code: x y  ',
        'next line',
        '',
        '-   Invite 40 customers',
        '-   Write the notes',
        '    -   in English and 日本語',
        '',
        '| Task | Owner |',
        '| --- | --- |',
        '| Beta \\| QA | Aiko |',
        '',
        '[image: Up 12%]',
        '',
        'Next meeting on 10 March.',
        '',
        '1.  If QA signs off.',
      ].join('\n'),
    });
  });

  it('reads a CSV that Excel saved in Shift_JIS, as Japanese Windows does by default', async () => {
    const csv = file('members.csv', 'text/csv', 'csv');
    const shiftJis = Buffer.from('96bc914f2c95948f900a8db293a12c83668355834383930a97e996d82c89638bc60a', 'hex');

    expect(await contents.extract(shiftJis, csv)).toEqual({ text: '名前,部署\n佐藤,デザイン\n鈴木,営業\n' });
  });

  it('reads the text of a PDF and of a Word document', async () => {
    const pdf = await contents.extract(pdfWithText(['Page one', PDF_FACT]), file('report.pdf', 'application/pdf', 'pdf'));
    expect('text' in pdf && pdf.text).toContain(PDF_FACT);

    const docx = file('plan.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx');
    const word = await contents.extract(docxWithText('Launch plan', ['Ship the beta on 3 March.', 'Invite 40 customers.']), docx);
    expect(word).toEqual({ text: '# Launch plan\n\nShip the beta on 3 March.\n\nInvite 40 customers.' });
  });

  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

  it('reads every sheet of an Excel workbook as a Markdown table: dates as ISO dates, empty rows and trailing columns left out, hidden sheets marked', async () => {
    const workbook = xlsxWithSheets(
      [
        {
          name: '予算',
          rows: [
            ['項目', 'Cost', 'Due', null],
            ['Rent | office', 1200, new Date(Date.UTC(2024, 2, 1)), null],
            [null, null, null, null],
            ['家賃', 3.5, true, null],
            ['Kickoff', null, new Date(Date.UTC(2024, 2, 1, 9, 30)), null],
          ],
        },
        { name: 'Notes', rows: [['Signed off by Aiko'], ['Second line\nof one cell']] },
        { name: 'Blank', rows: [] },
        { name: 'Rates & "old"', rows: [['1.08']], state: 'hidden' },
        { name: 'Lookup', rows: [['x']], state: 'veryHidden' },
      ],
      { deflate: true },
    );

    expect(await contents.extract(workbook, file('budget.xlsx', XLSX, 'xlsx'))).toEqual({
      text: [
        '## Sheet: 予算',
        '| 項目 | Cost | Due |',
        '| --- | --- | --- |',
        '| Rent \\| office | 1200 | 2024-03-01 |',
        '| 家賃 | 3.5 | TRUE |',
        '| Kickoff |  | 2024-03-01 09:30 |',
        '',
        '## Sheet: Notes',
        '| Signed off by Aiko |',
        '| --- |',
        '| Second line of one cell |',
        '',
        '## Sheet: Blank',
        '(empty)',
        '',
        '## Sheet: Rates & "old" (hidden)',
        '| 1.08 |',
        '| --- |',
        '',
        '## Sheet: Lookup (hidden)',
        '| x |',
        '| --- |',
      ].join('\n'),
    });
    // Known by its Slack type alone (a generic MIME type), as by its MIME type alone.
    expect(await contents.extract(workbook, file('budget.xlsx', 'application/octet-stream', 'xlsx'))).toEqual({ text: expect.stringContaining('| 家賃 | 3.5 | TRUE |') });
  });

  it('reads a slide deck in the order of its slide list, not of its part names, with its tables, pictures’ alt text and speaker notes, without slide numbers', async () => {
    // PowerPoint keeps a slide's part (slide3.xml) when the slide is moved: the deck's order is
    // ppt/presentation.xml's. Part 3 is the first slide here, part 1 the second.
    const deck = pptxWithSlides(
      [
        { shapes: [['Q3 review'], ['Revenue grew 12%', 'Churn fell\nto 2%']], notes: ['Start with the churn story.'] },
        { shapes: [['次の一手'], ['新しい市場に進出する']], table: [['Region', 'Target'], ['EMEA', '40']], pictures: [{ title: 'Map', descr: 'EMEA   in blue' }, {}] },
        { shapes: [['Questions?']], pictures: [{ descr: 'Team photo' }] },
      ],
      { order: [3, 1, 2], deflate: true },
    );

    expect(await contents.extract(deck, file('review.pptx', PPTX, 'pptx'))).toEqual({
      text: [
        '## Slide 1',
        'Q3 review',
        'Revenue grew 12%',
        'Churn fell',
        'to 2%',
        '',
        'Speaker notes:',
        'Start with the churn story.',
        '',
        '## Slide 2',
        '次の一手',
        '新しい市場に進出する',
        '| Region | Target |',
        '| --- | --- |',
        '| EMEA | 40 |',
        '[image: Map: EMEA in blue]',
        '',
        '## Slide 3',
        'Questions?',
        '[image: Team photo]',
      ].join('\n'),
    });
  });

  it('cuts a workbook of hundreds of thousands of cells at the text budget and says so', async () => {
    const read = await contents.extract(xlsxOfManyCells(5), file('export.xlsx', XLSX, 'xlsx'));

    const text = 'text' in read ? (read.text as string) : '';
    expect(text.length).toBeLessThanOrEqual(MAX_TEXT_CHARS);
    expect(text.startsWith('## Sheet: Export\n| 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 |\n| --- |')).toBe(true);
    expect(text.endsWith(`\n\n${OFFICE_CUT_NOTE}`)).toBe(true);
    // Rows are kept whole: the last one read is a whole row, not half of one.
    expect(text.slice(0, -`\n\n${OFFICE_CUT_NOTE}`.length).split('\n').at(-1)).toBe('| 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 |');
  }, 60_000);

  it('cuts a deck inside the slide that goes beyond the text budget, keeps the slides before it whole and says so', async () => {
    const long = 'word '.repeat(MAX_TEXT_CHARS / 2).trim();
    const deck = pptxWithSlides([{ shapes: [['Agenda']] }, { shapes: [['Transcript'], [long]] }, { shapes: [['Questions?']] }]);
    const read = await contents.extract(deck, file('talk.pptx', PPTX, 'pptx'));

    const text = 'text' in read ? (read.text as string) : '';
    expect(text.length).toBeLessThanOrEqual(MAX_TEXT_CHARS);
    expect(text.startsWith('## Slide 1\nAgenda\n\n## Slide 2\nTranscript\nword word')).toBe(true);
    expect(text.endsWith(`\n\n${OFFICE_CUT_NOTE}`)).toBe(true);
    // The slide that did not fit is read up to the room left: its words run up to the note.
    expect(text.slice(-OFFICE_CUT_NOTE.length - 22, -OFFICE_CUT_NOTE.length - 2)).toMatch(/^[word ]{20}$/);
    expect(text).not.toContain('Questions?');
    expect(text.length).toBeGreaterThan(MAX_TEXT_CHARS - OFFICE_CUT_NOTE.length - 100);
  }, 60_000);

  it('refuses hostile workbooks and decks as too large (a 2 KB sheet whose cells are at its far corners, a deck whose ZIP lies) and broken ones as unreadable, then reads the next file', async () => {
    // read-excel-file fills every row up to the last as wide as the widest: A1 and XFD1048576
    // made 17 billion empty cells and ran the thread out of memory.
    const corners = xlsxOfFarCorners();
    expect(corners.length).toBeLessThan(5_000);
    await expect(contents.extract(corners, file('corners.xlsx', XLSX, 'xlsx'))).rejects.toMatchObject({ failure: 'too_large' });
    // The slide says it unpacks to 2 KB and inflates to 200 MB.
    await expect(contents.extract(pptxLyingAboutSize(200), file('bomb.pptx', PPTX, 'pptx'))).rejects.toMatchObject({ failure: 'too_large' });
    const brokenSheet = '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1"><v>1</v></row></sheetDat';
    await expect(contents.extract(xlsxWithSheets([{ name: 'Broken', sheetXml: brokenSheet }]), file('broken.xlsx', XLSX, 'xlsx'))).rejects.toMatchObject({ failure: 'unsupported' });
    await expect(contents.extract(Buffer.from('not a zip'), file('broken.pptx', PPTX, 'pptx'))).rejects.toMatchObject({ failure: 'unsupported' });

    expect(await contents.extract(xlsxWithSheets([{ name: 'Plan', rows: [['Ship', 'March']] }]), file('plan.xlsx', XLSX, 'xlsx'))).toEqual({ text: '## Sheet: Plan\n| Ship | March |\n| --- | --- |' });
  }, 60_000);

  it('refuses a workbook and a deck whose XML declares entities (file:///etc/passwd, /proc/self/environ) as a kind of file Tomo cannot read, and the model sees none of those files', async () => {
    // Office never writes a DOCTYPE. No parser here resolved the entity, but the literal "&x;"
    // reached the model as the cell's and the slide's text.
    const workspace = new InMemoryChatWorkspace();
    const workbook = { id: 'F1', name: 'salaries.xlsx', mimetype: XLSX, filetype: 'xlsx', size: 10 };
    const deck = { id: 'F2', name: 'kickoff.pptx', mimetype: PPTX, filetype: 'pptx', size: 10 };
    workspace.fileContents.set(workbook.id, xlsxWithExternalEntity('file:///etc/passwd'));
    workspace.fileContents.set(deck.id, pptxWithExternalEntity('file:///proc/self/environ'));

    const read = await readTwoFiles(workspace, workbook, deck);

    expect(read.text).toContain('Could not read the file "salaries.xlsx": Tomo cannot read this kind of content.');
    expect(read.text).toContain('Could not read the file "kickoff.pptx": Tomo cannot read this kind of content.');
    expect(read.text).not.toContain('root:');
    expect(read.text).not.toContain('PATH=');
    expect(read.text).not.toContain('&x;');
  });

  it('reads a sheet with a tag of megabytes (one long attribute) instead of parsing it until the time is up', async () => {
    // read-excel-file halved its chunk each time the cut tag took over 7 ms to parse again,
    // down to 0 bytes, and parsed the same tag until the reader's 30 s were up: 3 KB of XLSX.
    const workbook = xlsxWithLongTag(2, [['Task', 'Owner'], ['Ship', 'Aiko']]);
    expect(workbook.length).toBeLessThan(20_000);

    expect(await contents.extract(workbook, file('plan.xlsx', XLSX, 'xlsx'), { signal: AbortSignal.timeout(15_000) })).toEqual({
      text: '## Sheet: Plan\n| Task | Owner |\n| --- | --- |\n| Ship | Aiko |',
    });
  }, 60_000);

  it('counts the cells of a sheet however XML spells its r attributes (other quotes, spaces, character references)', async () => {
    // 10 columns of 600,000 rows: 6 million cells, over the 5 million read-excel-file may fill.
    // Read as r="…" only, these spellings went past the count and were padded.
    const spellings = [(value: string) => `r='${value}'`, (value: string) => `r = "${value}"`, (value: string) => `r="${[...value].map((c) => `&#${c.charCodeAt(0)};`).join('')}"`];
    for (const spelled of spellings) {
      await expect(contents.extract(xlsxWithCornerSpelled(spelled, 'J600000', '600000'), file('corner.xlsx', XLSX, 'xlsx'))).rejects.toMatchObject({ failure: 'too_large' });
    }
    expect(await contents.extract(xlsxWithCornerSpelled((value) => `r='${value}'`, 'B2', '2'), file('corner.xlsx', XLSX, 'xlsx'))).toEqual({ text: '## Sheet: Corner\n| 1 |  |\n| --- | --- |\n|  | 2 |' });
  }, 60_000);

  it('refuses a deck of hostile XML as too large before parsing it (500,000 slide ids, 100,000 nested groups), without ending the process, and reads a slide listed twice once', async () => {
    // 40 KB whose ppt/presentation.xml lists one slide 500,000 times: linkedom's DOM of it passed
    // the thread's 512 MB, and Node ended the whole process (FATAL ERROR, exit 134), not the thread.
    const ids = pptxListingOneSlide(500_000);
    expect(ids.length).toBeLessThan(100_000);
    await expect(contents.extract(ids, file('ids.pptx', PPTX, 'pptx'))).rejects.toMatchObject({ failure: 'too_large' });
    // Nesting costs linkedom time squared: 6 KB took 15 s, then was "cannot read".
    await expect(contents.extract(pptxNestedGroups(100_000), file('nested.pptx', PPTX, 'pptx'))).rejects.toMatchObject({ failure: 'too_large' });

    expect(await contents.extract(pptxListingOneSlide(3), file('roadmap.pptx', PPTX, 'pptx'))).toEqual({ text: '## Slide 1\nRoadmap\nShip in March' });
  }, 60_000);

  it('refuses a Word file of hostile XML as too large before mammoth parses it (100,000 nested content controls), and reads a plain nested one', async () => {
    // Before the count, mammoth took about a second on it and the reason was "cannot read"; a tree
    // deep or large enough fills the thread's heap, which can end the whole process (as a deck did).
    await expect(contents.extract(docxNested(100_000), file('nested.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'))).rejects.toMatchObject({ failure: 'too_large' });
    expect(await contents.extract(docxNested(3), file('form.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'))).toEqual({ text: expect.stringContaining('Deep inside') });
  }, 60_000);

  it('gives up on a shared PDF of thousands of pages within the reader’s time, as on any slow source', async () => {
    const workspace = new InMemoryChatWorkspace();
    const minutes = file('minutes.pdf', 'application/pdf', 'pdf', longPdf.length);
    workspace.fileContents.set(minutes.id, longPdf);
    const registry = new ReaderRegistry([slackFileReader(contents)], { timeoutMs: 200 });

    const read = await registry.read({
      sources: [{ type: 'file', file: minutes, messageTs: '1' }],
      limits: { linksPerAnswer: 1, filesPerAnswer: 1, tokensPerAnswer: 4_000 },
      enabledPlugins: new Set(),
      resources: NO_RESOURCES,
      context: { teamId: 'T1', userId: 'UA', locale: 'en', platform: new InMemoryChatPlatformFactory(workspace).forWorkspace({ teamId: 'T1', botToken: 'x' }) },
      showStatus: async () => undefined,
      tokenizer: new ApproximateTokenizer(),
    });

    expect(read.text).toContain('Could not read the file "minutes.pdf": it took too long to load.');
    await expect(contents.extract(longPdf, minutes, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(ReaderError);
  });

  it('stops reading a small PDF whose page inflates to 50 MB of text once the reader’s time is up, and reads the next PDF', async () => {
    // 150 KB whose one page pdf.js works on for 13 s and 600 MB: on the main thread that page
    // held the event loop (every answer of the worker) and was read to its end whatever the
    // signal said, since the signal was only looked at between pages.
    const bomb = pdfInflatingTo(50);
    expect(bomb.length).toBeLessThan(500_000);
    const pdf = file('export.pdf', 'application/pdf', 'pdf', bomb.length);

    await expect(contents.extract(bomb, pdf, { signal: AbortSignal.timeout(1_000) })).rejects.toBeInstanceOf(ReaderError);
    expect(await contents.extract(pdfWithText(['Page one', PDF_FACT]), pdf)).toEqual({ text: expect.stringContaining(PDF_FACT) });
  }, 60_000);

  it('stops reading a small Word document of half a million paragraphs once the reader’s time is up, and reads the next one', async () => {
    // 80 KB whose 20 MB of XML are one-letter paragraphs, within the unpacked cap: mammoth on the
    // main thread held the event loop 20 s at 2.9 GB and finished whatever the signal said.
    const docx = file('export.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx');
    const paragraphs = docxWithText('Export', Array.from({ length: 500_000 }, () => 'a'), { deflate: true });
    expect(paragraphs.length).toBeLessThan(200_000);

    await expect(contents.extract(paragraphs, docx, { signal: AbortSignal.timeout(1_000) })).rejects.toBeInstanceOf(ReaderError);
    expect(await contents.extract(docxWithText('Plan', ['Deflated text reads.'], { deflate: true }), docx)).toEqual({ text: '# Plan\n\nDeflated text reads.' });
  }, 60_000);

  it('refuses a Word document that unpacks to far more than a document holds, before unpacking it', async () => {
    // 0.1 MB of DOCX unpacked to 100 MB of XML and took the worker past 1.7 GB of memory in
    // mammoth; a 20 MB one (the file limit) would end the process and every answer in it.
    const docx = file('bomb.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx');
    const bomb = docxBomb(100);
    expect(bomb.length).toBeLessThan(1_000_000);
    const before = process.memoryUsage().rss;

    await expect(contents.extract(bomb, docx)).rejects.toMatchObject({ failure: 'too_large' });
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    // A document of ordinary size, deflated as Word writes it, still reads.
    expect(await contents.extract(docxWithText('Plan', ['Deflated text reads.'], { deflate: true }), docx)).toEqual({ text: expect.stringContaining('Deflated text reads.') });
  }, 60_000);

  it('refuses a Word document whose ZIP lies about its unpacked size as too large, and reads the next file', async () => {
    // The ZIP's directory says word/document.xml unpacks to 2 KB; it inflates to 200 MB. JSZip
    // (in mammoth) checks the size only after holding all of it: 2.4 MB of such a DOCX took the
    // worker to 1.2 GB, and the 20 MB a file may be to about 8 GB.
    const bomb = docxLyingAboutSize(200);
    expect(bomb.length).toBeLessThan(1_000_000);
    const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    const workspace = new InMemoryChatWorkspace();
    const shared = { id: 'F1', name: 'quarterly.docx', mimetype: docxType, filetype: 'docx', size: bomb.length };
    const next = { id: 'F2', name: 'plan.docx', mimetype: docxType, filetype: 'docx', size: 10 };
    workspace.fileContents.set(shared.id, bomb);
    workspace.fileContents.set(next.id, docxWithText('Plan', ['Deflated text reads.'], { deflate: true }));

    const read = await readTwoFiles(workspace, shared, next);

    expect(read.text).toContain('Could not read the file "quarterly.docx": it is too large.');
    expect(read.text).toContain('Deflated text reads.');
    expect(read.counts).toEqual({ slack_file: 1 });
  }, 60_000);

  it('tells the model that a scanned PDF, shared or linked, has no text it can read, instead of passing on an empty document', async () => {
    // A scan has images on its pages and no text layer: pdf.js finds no text, and an empty
    // source went to the model without a word, which answered as if the document said nothing.
    const scan = scannedPdf(3);
    const workspace = new InMemoryChatWorkspace();
    const shared = file('contract-scan.pdf', 'application/pdf', 'pdf', scan.length);
    workspace.fileContents.set(shared.id, scan);
    const web = await startFakeWeb();
    web.page('/scan.pdf', { type: 'application/pdf', body: scan });
    try {
      const registry = new ReaderRegistry([slackFileReader(contents), webPageReader(new ReadableWebFetcher(new GuardedHttpClient({ allowPrivateHosts: [web.host] })))]);
      const read = await registry.read({
        sources: [
          { type: 'file', file: shared, messageTs: '1' },
          { type: 'link', url: `${web.origin}/scan.pdf`, messageTs: '1' },
        ],
        limits: { linksPerAnswer: 1, filesPerAnswer: 1, tokensPerAnswer: 4_000 },
        enabledPlugins: new Set(['web-browsing']),
        resources: NO_RESOURCES,
        context: { teamId: 'T1', userId: 'UA', locale: 'en', platform: new InMemoryChatPlatformFactory(workspace).forWorkspace({ teamId: 'T1', botToken: 'x' }) },
        showStatus: async () => undefined,
        tokenizer: new ApproximateTokenizer(),
      });

      expect(read.text).toContain('Could not read the file "contract-scan.pdf": it has no text Tomo can read (a scanned document without a text layer, for example).');
      expect(read.text).toContain(`Could not read ${web.origin}/scan.pdf: it has no text Tomo can read`);
      expect(read.text).not.toContain('<untrusted_source');
      expect(read.counts).toEqual({});
    } finally {
      await web.close();
    }
  });

  it('passes images on as images, base64', async () => {
    const png = file('chart.png', 'image/png', 'png');
    expect(contents.kindOf(png)).toBe('image');
    expect(await contents.extract(ONE_PIXEL_PNG, png)).toEqual({ image: { mediaType: 'image/png', data: ONE_PIXEL_PNG.toString('base64') } });
  });

  it('sends the first frame of an animated GIF, which OpenAI refuses whole, and a still one as it is', async () => {
    // OpenAI refuses a request with an animated GIF; refusing the GIF left a person who shared
    // one without an answer about it. Its first frame is a still GIF: the header, screen and
    // global color table, the blocks up to the first image's data, then the trailer (0x3B).
    const image = file('party.gif', 'image/gif', 'gif');
    expect(contents.kindOf(image)).toBe('image');
    const animated = gif(3);
    // gif(3) ends with three frames of 23 bytes (control extension, descriptor, data) and 0x3B.
    const firstFrame = Buffer.concat([animated.subarray(0, animated.length - 1 - 2 * 23), Buffer.from([0x3b])]);
    expect(isAnimatedGif(firstFrame)).toBe(false);

    expect(await contents.extract(animated, image)).toEqual({
      image: { mediaType: 'image/gif', data: firstFrame.toString('base64') },
      note: '(the first frame of this animated GIF is attached; the animation itself could not be sent)',
    });
    expect(await contents.extract(gif(1), image)).toEqual({ image: { mediaType: 'image/gif', data: gif(1).toString('base64') } });
    // A first frame with a local color table (2 colors, 6 bytes) and no global one keeps its table.
    const screen = Buffer.from([...Buffer.from('GIF89a', 'latin1'), 1, 0, 1, 0, 0, 0, 0]);
    const withTable = Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0x80, 0, 0, 0, 0xff, 0xff, 0xff, 2, 2, 0x44, 0x01, 0]);
    const plain = Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4c, 0x01, 0]);
    expect(await contents.extract(Buffer.concat([screen, withTable, plain, Buffer.from([0x3b])]), image)).toMatchObject({
      image: { data: Buffer.concat([screen, withTable, Buffer.from([0x3b])]).toString('base64') },
    });

    const workspace = new InMemoryChatWorkspace();
    const shared = file('party.gif', 'image/gif', 'gif', animated.length);
    workspace.fileContents.set(shared.id, animated);
    const read = await slackFileReader(contents).read(
      { type: 'file', file: shared, messageTs: '1' },
      { teamId: 'T1', userId: 'UA', locale: 'en', platform: new InMemoryChatPlatformFactory(workspace).forWorkspace({ teamId: 'T1', botToken: 'x' }), signal: new AbortController().signal },
    );
    expect(read).toEqual({
      title: 'party.gif',
      text: '(the first frame of this animated GIF is attached; the animation itself could not be sent)',
      images: [{ mediaType: 'image/gif', data: firstFrame.toString('base64'), name: 'party.gif' }],
    });
  });

  /** What a model would get: the decoded image's type and size, and whether it is within IMAGE_LIMITS. */
  async function sent(extracted: Awaited<ReturnType<DocumentFileContents['extract']>>) {
    if (!('image' in extracted)) throw new Error('not an image');
    const bytes = Buffer.from(extracted.image.data, 'base64');
    const meta = await sharp(bytes).metadata();
    expect(extracted.image.data.length).toBeLessThanOrEqual(IMAGE_LIMITS.maxBase64Chars);
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(IMAGE_LIMITS.maxLongEdge);
    expect(meta.width * meta.height).toBeLessThanOrEqual(IMAGE_LIMITS.maxPixels);
    expect(extracted.image.mediaType).toBe(`image/${meta.format}`);
    return { meta, bytes, note: extracted.note };
  }

  it('scales a phone photo over Anthropic’s 5 MB down to what the models take, instead of leaving it out', async () => {
    // A 4–8 MB phone photo was refused as too large: the person who shared it got an answer
    // that had not seen it. Scaled to a 1,568 px long edge and 1.15 MP (larger is scaled down by
    // the providers anyway), re-encoded as JPEG, it fits many times over.
    const photo = await photoJpeg(3264, 2448);
    expect(Math.ceil(photo.length / 3) * 4).toBeGreaterThan(IMAGE_LIMITS.maxBase64Chars);

    const { meta, note } = await sent(await contents.extract(photo, file('IMG_0042.jpg', 'image/jpeg', 'jpg', photo.length)));

    expect(meta.format).toBe('jpeg');
    // 4:3 kept: 1,238 × 928, within 1.15 MP.
    expect(meta.width / meta.height).toBeCloseTo(3264 / 2448, 2);
    expect(meta.width).toBeGreaterThan(1200);
    expect(meta.exif).toBeUndefined();
    expect(note).toBe(`(the image is attached, scaled down from 3264 × 2448 px to ${meta.width} × ${meta.height} px)`);
  }, 60_000);

  it('scales a 6000 × 4000 screenshot down as a PNG that keeps its transparency', async () => {
    const screenshot = await screenshotPng();

    const { meta } = await sent(await contents.extract(screenshot, file('Screenshot.png', 'image/png', 'png', screenshot.length)));

    expect(meta).toMatchObject({ format: 'png', hasAlpha: true });
    expect(meta.width / meta.height).toBeCloseTo(1.5, 2);
  }, 60_000);

  it('turns a photo taken upright (EXIF orientation 6) the right way up and leaves its metadata out', async () => {
    const photo = await sidewaysPhotoJpeg();

    const { meta, bytes } = await sent(await contents.extract(photo, file('upright.jpg', 'image/jpeg', 'jpg')));

    expect(meta.orientation).toBeUndefined();
    expect(meta.height).toBeGreaterThan(meta.width);
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const middle = Math.floor(info.height / 2);
    // The stored top (red) is the right-hand side once upright; the stored bottom (blue) the left.
    expect(pixel(info.width - 5, middle)).toEqual([expect.toSatisfy((r: number) => r > 200), expect.toSatisfy((g: number) => g < 50), expect.toSatisfy((b: number) => b < 50)]);
    expect(pixel(5, middle)).toEqual([expect.toSatisfy((r: number) => r < 50), expect.toSatisfy((g: number) => g < 50), expect.toSatisfy((b: number) => b > 200)]);
  });

  it('sends the type the bytes are, not the one the file name claims', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#123456' } }).png().toBuffer();

    expect(await contents.extract(png, file('photo.jpg', 'image/jpeg', 'jpg'))).toEqual({ image: { mediaType: 'image/png', data: png.toString('base64') } });
  });

  it('refuses an image that is no image, and one declaring more pixels than any photo (a decompression bomb) before decoding it', async () => {
    await expect(contents.extract(Buffer.from('not an image at all'), file('chart.png', 'image/png', 'png'))).rejects.toMatchObject({ failure: 'unsupported' });
    // An SVG (or TIFF) named .png is not handed to a parser for a format Tomo does not read.
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><rect width="10" height="10"/></svg>');
    await expect(contents.extract(svg, file('logo.png', 'image/png', 'png'))).rejects.toMatchObject({ failure: 'unsupported' });
    const photo = await photoJpeg(800, 600);
    await expect(contents.extract(photo.subarray(0, 2_000), file('cut.jpg', 'image/jpeg', 'jpg'))).rejects.toMatchObject({ failure: 'unsupported' });
    const bomb = await pngDeclaring(50_000, 50_000);
    expect(bomb.length).toBeLessThan(100);
    const before = process.memoryUsage().rss;

    await expect(contents.extract(bomb, file('bomb.png', 'image/png', 'png'))).rejects.toMatchObject({ failure: 'too_large' });
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('works on a burst of images a few at a time: the others wait their turn, and give up waiting when the answer stops', async () => {
    const photo = await photoJpeg(2400, 1800, { quality: 80 });
    const stop = new AbortController();
    let most = 0;
    let waited = 0;
    const watching = setInterval(() => {
      most = Math.max(most, imageJobStats().running);
      waited = Math.max(waited, imageJobStats().waiting);
    }, 1);

    const burst = Array.from({ length: 8 }, () => fitImage(photo));
    const late = fitImage(photo, { signal: stop.signal });
    stop.abort();
    const results = await Promise.allSettled([...burst, late]);
    clearInterval(watching);

    expect(results.slice(0, 8).every((r) => r.status === 'fulfilled' && r.value.width === 1238)).toBe(true);
    expect(results[8]).toMatchObject({ status: 'rejected' });
    expect(most).toBeLessThanOrEqual(IMAGE_JOBS_AT_ONCE);
    expect(waited).toBeGreaterThan(0);
    expect(imageJobStats()).toEqual({ running: 0, waiting: 0 });
  }, 60_000);

  it('declines what it cannot read, and bytes that are not what they claim', async () => {
    expect(contents.kindOf(file('movie.mp4', 'video/mp4', 'mp4'))).toBeUndefined();
    expect(contents.kindOf(file('archive.zip', 'application/zip', 'zip'))).toBeUndefined();
    await expect(contents.extract(Buffer.from('not a pdf'), file('broken.pdf', 'application/pdf', 'pdf'))).rejects.toBeInstanceOf(ReaderError);
  });
});

describe('WebSourceReader: a site whose sitemap.xml is a sitemap index (WordPress, Yoast)', () => {
  let site: FakeWeb;
  beforeAll(async () => {
    site = await startFakeWeb();
  });
  afterAll(() => site?.close());

  const sourceOf = (url: string, pageLimit: number) => ({
    id: 'source-site', teamId: 'T1', kind: 'web', title: url, url, fileId: null, pageLimit,
    status: 'reading', progressDone: 0, progressTotal: 0, failure: null, sizeBytes: 0, chunkCount: 0, addedBy: 'U1', createdAt: new Date(), updatedAt: new Date(),
  }) as const;
  const page = (title: string, text: string) => `<html><head><title>${title}</title></head><body><article><h1>${title}</h1><p>${text} ${'Harbour news for the whole coast. '.repeat(8)}</p></article></body></html>`;
  const urlset = (paths: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>${site.origin}${p}</loc></url>`).join('')}</urlset>`;
  const index = (paths: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<sitemap><loc>${site.origin}${p}</loc><lastmod>2026-01-01</lastmod></sitemap>`).join('')}</sitemapindex>`;

  it('follows the nested sitemaps to the pages, and stores no sitemap as a page', async () => {
    site.page('/', { type: 'text/html', body: page('Harbour home', 'Welcome to the harbour.') });
    site.page('/sitemap.xml', { type: 'application/xml', body: index(['/wp-sitemap-posts-post-1.xml', '/wp-sitemap-posts-page-1.xml']) });
    site.page('/wp-sitemap-posts-post-1.xml', { type: 'text/xml', body: urlset(['/2026/tide-tables', '/2026/dredging']) });
    site.page('/wp-sitemap-posts-page-1.xml', { type: 'text/xml', body: urlset(['/pilotage']) });
    site.page('/2026/tide-tables', { type: 'text/html', body: page('Tide tables', 'High water at 06:12.') });
    site.page('/2026/dredging', { type: 'text/html', body: page('Dredging', 'Dredging of berth 3 ends in May.') });
    site.page('/pilotage', { type: 'text/html', body: page('Pilotage', 'Pilots board at the fairway buoy.') });

    const read = await new WebSourceReader(new GuardedHttpClient({ allowPrivateHosts: [site.host] })).read(sourceOf(`${site.origin}/`, 10) as never, new AbortController().signal);

    const urls = read.documents.map((d) => d.location.url);
    expect(urls).toEqual(expect.arrayContaining([`${site.origin}/2026/tide-tables`, `${site.origin}/2026/dredging`, `${site.origin}/pilotage`]));
    expect(urls.filter((u) => u?.endsWith('.xml'))).toEqual([]);
    expect(read.documents.map((d) => d.text).join('\n')).toContain('Pilots board at the fairway buoy.');
  });

  it('reads gzipped sitemaps an index lists (.xml.gz as application/x-gzip or octet-stream), and one sent with Content-Encoding: gzip', async () => {
    site.page('/', { type: 'text/html', body: page('Harbour home', 'Welcome to the harbour.') });
    site.page('/sitemap.xml', { type: 'application/xml', body: gzipSync(index(['/sitemap-posts.xml.gz', '/sitemap-pages.xml.gz'])), headers: { 'content-encoding': 'gzip' } });
    site.page('/sitemap-posts.xml.gz', { type: 'application/x-gzip', body: gzipSync(urlset(['/2026/tide-tables', '/2026/dredging'])) });
    site.page('/sitemap-pages.xml.gz', { type: 'binary/octet-stream', body: gzipSync(urlset(['/pilotage'])) });
    site.page('/2026/tide-tables', { type: 'text/html', body: page('Tide tables', 'High water at 06:12.') });
    site.page('/2026/dredging', { type: 'text/html', body: page('Dredging', 'Dredging of berth 3 ends in May.') });
    site.page('/pilotage', { type: 'text/html', body: page('Pilotage', 'Pilots board at the fairway buoy.') });

    const read = await new WebSourceReader(new GuardedHttpClient({ allowPrivateHosts: [site.host] })).read(sourceOf(`${site.origin}/`, 10) as never, new AbortController().signal);

    const urls = read.documents.map((d) => d.location.url);
    expect(urls).toEqual([`${site.origin}/`, `${site.origin}/2026/tide-tables`, `${site.origin}/2026/dredging`, `${site.origin}/pilotage`]);
    expect(read.documents.map((d) => d.text).join('\n')).toContain('Pilots board at the fairway buoy.');
  });

  it('falls back to sitemap.xml.gz when a site has no sitemap.xml, within the page limit', async () => {
    site.page('/', { type: 'text/html', body: page('Harbour home', 'Welcome to the harbour.') });
    site.page('/sitemap.xml', { status: 404, type: 'text/html', body: 'Not found' });
    site.page('/sitemap.xml.gz', { type: 'application/gzip', body: gzipSync(urlset(['/2026/tide-tables', '/2026/dredging', '/pilotage'])) });

    const read = await new WebSourceReader(new GuardedHttpClient({ allowPrivateHosts: [site.host] })).read(sourceOf(`${site.origin}/`, 3) as never, new AbortController().signal);

    expect(read.documents.map((d) => d.location.url)).toEqual([`${site.origin}/`, `${site.origin}/2026/tide-tables`, `${site.origin}/2026/dredging`]);
  });

  it('unpacks a gzip bomb sitemap only up to its cap, keeping the URLs before it', async () => {
    // 1 GB of spaces after the first entry, about 1 MB gzipped (gzip members back to back, as
    // gunzip reads them): within the client's 5 MB download cap.
    const spaces = gzipSync(Buffer.alloc(1024 * 1024, 0x20), { level: 9 });
    const bomb = Buffer.concat([gzipSync(urlset(['/pilotage']).replace('</urlset>', '')), ...Array.from({ length: 1024 }, () => spaces), gzipSync('</urlset>')]);
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    site.page('/', { type: 'text/html', body: page('Harbour home', 'Welcome to the harbour.') });
    site.page('/sitemap.xml', { type: 'application/xml', body: index(['/bomb.xml.gz']) });
    site.page('/bomb.xml.gz', { type: 'application/x-gzip', body: bomb });

    const read = await new WebSourceReader(new GuardedHttpClient({ allowPrivateHosts: [site.host] })).read(sourceOf(`${site.origin}/`, 10) as never, new AbortController().signal);

    expect(read.documents.map((d) => d.location.url)).toEqual([`${site.origin}/`, `${site.origin}/pilotage`]);
  });

  it('stops following sitemap indexes that nest too deep or loop', async () => {
    site.page('/sitemap.xml', { type: 'application/xml', body: index(['/loop-a.xml']) });
    site.page('/loop-a.xml', { type: 'application/xml', body: index(['/loop-b.xml']) });
    site.page('/loop-b.xml', { type: 'application/xml', body: index(['/loop-a.xml', '/loop-c.xml']) });
    site.page('/loop-c.xml', { type: 'application/xml', body: index(['/loop-d.xml']) });
    site.page('/loop-d.xml', { type: 'application/xml', body: urlset(['/pilotage']) });
    const hits = site.hits.length;

    const read = await new WebSourceReader(new GuardedHttpClient({ allowPrivateHosts: [site.host] })).read(sourceOf(`${site.origin}/`, 10) as never, new AbortController().signal);

    expect(read.documents.map((d) => d.location.url)).toEqual([`${site.origin}/`]);
    expect(site.hits.slice(hits).filter((h) => h.endsWith('.xml')).length).toBeLessThanOrEqual(4);
  });

  it('reads the first pages of a sitemap larger than the 5 MB download cap (sitemaps.org allows 50,000 URLs and 50 MB) instead of ignoring it', async () => {
    const paths = Array.from({ length: 100_000 }, (_, i) => `/archive/2026/harbour-notice-number-${i}`);
    const big = urlset(paths);
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    site.page('/sitemap.xml', { type: 'application/xml', body: big });
    for (const path of paths.slice(0, 3)) site.page(path, { type: 'text/html', body: page(path.slice(-8), `Notice ${path.slice(-1)} about the harbour.`) });

    const read = await new WebSourceReader(new GuardedHttpClient({ allowPrivateHosts: [site.host] })).read(sourceOf(`${site.origin}/`, 4) as never, new AbortController().signal);

    expect(read.documents.map((d) => d.location.url)).toEqual([`${site.origin}/`, ...paths.slice(0, 3).map((p) => `${site.origin}${p}`)]);
  });
});

describe('WebSourceReader: a site that names its sitemaps only in robots.txt', () => {
  let site: FakeWeb;
  let other: FakeWeb;
  beforeAll(async () => {
    site = await startFakeWeb();
    other = await startFakeWeb();
  });
  afterAll(async () => {
    await site?.close();
    await other?.close();
  });

  const sourceOf = (url: string, pageLimit: number) => ({
    id: 'source-robots', teamId: 'T1', kind: 'web', title: url, url, fileId: null, pageLimit,
    status: 'reading', progressDone: 0, progressTotal: 0, failure: null, sizeBytes: 0, chunkCount: 0, addedBy: 'U1', createdAt: new Date(), updatedAt: new Date(),
  }) as const;
  const page = (title: string, text: string) => `<html><head><title>${title}</title></head><body><article><h1>${title}</h1><p>${text} ${'Harbour news for the whole coast. '.repeat(8)}</p></article></body></html>`;
  const urlset = (origin: string, paths: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>${origin}${p}</loc></url>`).join('')}</urlset>`;
  const reader = () => new WebSourceReader(new GuardedHttpClient({ allowPrivateHosts: [site.host, other.host] }));
  const sitemapHits = (from: number) => site.hits.slice(from).filter((h) => /sitemap|\.xml/.test(h));

  it('follows every Sitemap line (.xml and .xml.gz) when there is no sitemap.xml, but not one on another host', async () => {
    site.page('/', { type: 'text/html', body: page('Harbour home', 'Welcome to the harbour.') });
    site.page('/robots.txt', {
      type: 'text/plain',
      body: [
        '# Harbour robots',
        'User-agent: *',
        'Disallow: /private/',
        '',
        `Sitemap: ${site.origin}/maps/posts.xml`,
        `SITEMAP:   ${site.origin}/maps/pages.xml.gz   # compressed`,
        `Sitemap: ${other.origin}/sitemap.xml`,
      ].join('\r\n'),
    });
    site.page('/maps/posts.xml', { type: 'application/xml', body: urlset(site.origin, ['/2026/tide-tables', '/2026/dredging']) });
    site.page('/maps/pages.xml.gz', { type: 'application/x-gzip', body: gzipSync(urlset(site.origin, ['/pilotage'])) });
    // Another host listing this site's pages (sitemaps.org cross-submission): not followed, as pages on other hosts are not.
    other.page('/sitemap.xml', { type: 'application/xml', body: urlset(site.origin, ['/elsewhere']) });
    site.page('/2026/tide-tables', { type: 'text/html', body: page('Tide tables', 'High water at 06:12.') });
    site.page('/2026/dredging', { type: 'text/html', body: page('Dredging', 'Dredging of berth 3 ends in May.') });
    site.page('/pilotage', { type: 'text/html', body: page('Pilotage', 'Pilots board at the fairway buoy.') });
    site.page('/elsewhere', { type: 'text/html', body: page('Elsewhere', 'Listed only by another host.') });

    const read = await reader().read(sourceOf(`${site.origin}/`, 10) as never, new AbortController().signal);

    expect(read.documents.map((d) => d.location.url)).toEqual([`${site.origin}/`, `${site.origin}/2026/tide-tables`, `${site.origin}/2026/dredging`, `${site.origin}/pilotage`]);
    expect(site.hits).toEqual(expect.arrayContaining(['/sitemap.xml', '/sitemap.xml.gz', '/robots.txt', '/maps/posts.xml', '/maps/pages.xml.gz']));
    expect(other.hits).toEqual([]);
  });

  it('reads robots.txt Sitemap lines within the sitemap file cap and the page limit', async () => {
    const maps = Array.from({ length: 15 }, (_, i) => `/maps/part-${i}.xml`);
    site.page('/', { type: 'text/html', body: page('Harbour home', 'Welcome to the harbour.') });
    site.page('/robots.txt', { type: 'text/plain', body: maps.map((m) => `Sitemap: ${site.origin}${m}`).join('\n') });
    maps.forEach((m, i) => {
      site.page(m, { type: 'application/xml', body: urlset(site.origin, [`/notice-${i}`]) });
      site.page(`/notice-${i}`, { type: 'text/html', body: page(`Notice ${i}`, `Notice to mariners number ${i}.`) });
    });
    const hits = site.hits.length;

    const read = await reader().read(sourceOf(`${site.origin}/`, 4) as never, new AbortController().signal);

    expect(read.documents.map((d) => d.location.url)).toEqual([`${site.origin}/`, `${site.origin}/notice-0`, `${site.origin}/notice-1`, `${site.origin}/notice-2`]);
    // sitemap.xml and sitemap.xml.gz count towards the 10 sitemap files: 8 of the 15 are read.
    expect(sitemapHits(hits)).toEqual(['/sitemap.xml', '/sitemap.xml.gz', ...maps.slice(0, 8)]);
  });

  it('ignores Sitemap lines past the first 500 KiB of robots.txt, and reads none when sitemap.xml exists', async () => {
    site.page('/', { type: 'text/html', body: page('Harbour home', 'Welcome to the harbour.') });
    site.page('/robots.txt', { type: 'text/plain', body: `${'# padding line for a huge robots file\n'.repeat(20_000)}Sitemap: ${site.origin}/maps/big.xml\n` });
    site.page('/maps/big.xml', { type: 'application/xml', body: urlset(site.origin, ['/pilotage']) });
    let hits = site.hits.length;

    const huge = await reader().read(sourceOf(`${site.origin}/`, 10) as never, new AbortController().signal);

    expect(huge.documents.map((d) => d.location.url)).toEqual([`${site.origin}/`]);
    expect(site.hits.slice(hits)).toContain('/robots.txt');
    expect(site.hits.slice(hits)).not.toContain('/maps/big.xml');

    site.page('/robots.txt', { type: 'text/plain', body: `Sitemap: ${site.origin}/maps/big.xml\n` });
    site.page('/sitemap.xml', { type: 'application/xml', body: urlset(site.origin, ['/2026/dredging']) });
    hits = site.hits.length;

    const listed = await reader().read(sourceOf(`${site.origin}/`, 10) as never, new AbortController().signal);

    expect(listed.documents.map((d) => d.location.url)).toEqual([`${site.origin}/`, `${site.origin}/2026/dredging`]);
    // Read once, for its rules, before the first page.
    expect(site.hits.slice(hits).filter((h) => h === '/robots.txt')).toHaveLength(1);
    expect(site.hits.slice(hits)).not.toContain('/maps/big.xml');
  });
});

describe('WebSourceReader: robots.txt rules for Tomo (RFC 9309) and plain-text sitemaps', () => {
  let site: FakeWeb;
  beforeEach(async () => {
    site = await startFakeWeb();
  });
  afterEach(() => site?.close());

  const sourceOf = (url: string, pageLimit: number) => ({
    id: 'source-rules', teamId: 'T1', kind: 'web', title: url, url, fileId: null, pageLimit,
    status: 'reading', progressDone: 0, progressTotal: 0, failure: null, sizeBytes: 0, chunkCount: 0, robotsLeftOut: 0, addedBy: 'U1', createdAt: new Date(), updatedAt: new Date(),
  }) as const;
  const page = (title: string, text: string, links: string[] = []) =>
    `<html><head><title>${title}</title></head><body><article><h1>${title}</h1><p>${text} ${'Harbour news for the whole coast. '.repeat(8)}</p>${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}</article></body></html>`;
  const reader = (options: { userAgent?: string; waits?: number[] } = {}) =>
    new WebSourceReader(new GuardedHttpClient({ allowPrivateHosts: [site.host], ...(options.userAgent ? { userAgent: options.userAgent } : {}) }), {
      wait: async (ms) => void options.waits?.push(ms),
    });
  const read = (r: WebSourceReader, pageLimit = 10) => r.read(sourceOf(`${site.origin}/`, pageLimit) as never, new AbortController().signal);
  const harbour = () => {
    site.page('/', { type: 'text/html', body: page('Harbour home', 'Welcome to the harbour.', ['/private/press-release', '/private/minutes', '/report.pdf', '/report.pdf?download=1', '/drafts/1', '/pilotage']) });
    site.page('/private/press-release', { type: 'text/html', body: page('Press release', 'The new quay opens in June.') });
    site.page('/private/minutes', { type: 'text/html', body: page('Minutes', 'Board minutes, not for crawlers.') });
    site.page('/drafts/1', { type: 'text/html', body: page('Draft', 'A draft notice.') });
    site.page('/pilotage', { type: 'text/html', body: page('Pilotage', 'Pilots board at the fairway buoy.') });
  };
  const robots = (lines: string[]) => site.page('/robots.txt', { type: 'text/plain', body: lines.join('\n') });

  it('follows the TomoBot group over *, longest match (Allow on a tie) with * and $, and counts the pages left out', async () => {
    harbour();
    robots([
      'User-agent: *',
      'Disallow: /',
      '',
      'User-agent: tomobot # any case, no version',
      'Disallow: /private/',
      'Allow: /private/press-',
      'Disallow: /*.pdf$',
      'Disallow: /drafts',
    ]);

    const result = await read(reader());

    expect(result.documents.map((d) => d.location.url)).toEqual([`${site.origin}/`, `${site.origin}/private/press-release`, `${site.origin}/report.pdf?download=1`, `${site.origin}/pilotage`]);
    expect(result.robotsLeftOut).toBe(3);
    expect(site.hits).not.toContain('/private/minutes');
    expect(site.hits).not.toContain('/report.pdf');
    expect(site.hits).not.toContain('/drafts/1');
  });

  it('uses the group of the product token the client sends, else *; a start page it disallows fails the source unread', async () => {
    harbour();
    robots(['User-agent: *', 'Disallow: /', '', 'User-agent: TomoBot', 'Allow: /']);

    await expect(read(reader({ userAgent: 'OtherBot/2.0' }))).rejects.toMatchObject({ code: 'robots_disallowed' });
    expect(site.hits).toEqual(['/robots.txt']);
    expect((await read(reader())).documents).toHaveLength(7);
  });

  it('reads everything when robots.txt answers 4xx, and nothing when it answers 5xx or 429 (the job retries)', async () => {
    harbour();
    site.page('/robots.txt', { status: 403, type: 'text/plain', body: 'User-agent: *\nDisallow: /' });
    const open = await read(reader());
    expect(open.documents).toHaveLength(7);
    expect(open.robotsLeftOut).toBe(0);

    for (const status of [503, 429]) {
      site.page('/robots.txt', { status, type: 'text/plain', body: '' });
      const hits = site.hits.length;
      await expect(read(reader())).rejects.toBeInstanceOf(RobotsUnreachableError);
      expect(site.hits.slice(hits)).toEqual(['/robots.txt']);
    }
  });

  it('reads the first 500 KiB of a larger robots.txt and ignores the rest', async () => {
    harbour();
    robots(['User-agent: TomoBot', 'Disallow: /drafts', ...Array.from({ length: 20_000 }, () => '# padding line for a huge robots file'), 'Disallow: /pilotage']);

    const result = await read(reader());

    expect(result.documents.map((d) => d.location.url)).toContain(`${site.origin}/pilotage`);
    expect(site.hits).not.toContain('/drafts/1');
  });

  it('waits out the Crawl-delay before each request, and stops once the delays would pass five minutes', async () => {
    harbour();
    robots(['User-agent: TomoBot', 'Crawl-delay: 2', 'Allow: /']);
    const waits: number[] = [];
    const result = await read(reader({ waits }), 3);
    expect(result.documents).toHaveLength(3);
    // Robots.txt first; then the start page, sitemap.xml, sitemap.xml.gz and two more pages, each 2 s apart.
    expect(waits).toEqual(Array.from({ length: site.hits.length - 1 }, () => 2000));

    robots(['User-agent: *', 'Crawl-delay: 200']);
    const slow: number[] = [];
    const hits = site.hits.length;
    const patient = await read(reader({ waits: slow }));
    expect(patient.documents.map((d) => d.location.url)).toEqual([`${site.origin}/`]);
    expect(slow).toEqual([200_000]);
    expect(site.hits.slice(hits)).toEqual(['/robots.txt', '/']);
  });

  it('crawls a site whose address redirects to another origin (bare → www, http → https) where it now lives, under that origin’s robots.txt', async () => {
    const moved = await startFakeWeb();
    try {
      site.page('/', { status: 301, headers: { location: `${moved.origin}/` } });
      site.page('/robots.txt', { status: 301, headers: { location: `${moved.origin}/robots.txt` } });
      moved.page('/', { type: 'text/html', body: page('Harbour home', 'Welcome to the harbour.', ['/pilotage', '/drafts/1', `${moved.origin}/tides`]) });
      moved.page('/pilotage', { type: 'text/html', body: page('Pilotage', 'Pilots board at the fairway buoy.') });
      moved.page('/drafts/1', { type: 'text/html', body: page('Draft', 'A draft notice.') });
      moved.page('/tides', { type: 'text/html', body: page('Tides', 'High water at noon.') });
      moved.page('/berths', { type: 'text/html', body: page('Berths', 'Twelve berths for visitors.') });
      moved.page('/robots.txt', { type: 'text/plain', body: 'User-agent: *\nDisallow: /drafts\n' });
      moved.page('/sitemap.xml', { type: 'application/xml', body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${moved.origin}/berths</loc></url></urlset>` });
      const r = new WebSourceReader(new GuardedHttpClient({ allowPrivateHosts: [site.host, moved.host] }));

      const result = await r.read(sourceOf(`${site.origin}/`, 10) as never, new AbortController().signal);

      expect(result.documents.map((d) => d.location.url)).toEqual([`${moved.origin}/`, `${moved.origin}/berths`, `${moved.origin}/pilotage`, `${moved.origin}/tides`]);
      expect(result.robotsLeftOut).toBe(1);
      expect(moved.hits).not.toContain('/drafts/1');

      // The new origin's robots.txt decides for the pages read there, the start page included.
      moved.page('/robots.txt', { type: 'text/plain', body: 'User-agent: *\nDisallow: /\n' });
      site.page('/robots.txt', { status: 404, type: 'text/plain', body: '' });
      await expect(r.read(sourceOf(`${site.origin}/`, 10) as never, new AbortController().signal)).rejects.toMatchObject({ code: 'robots_disallowed' });
    } finally {
      await moved.close();
    }
  });

  it('follows five robots.txt redirects across hosts; more (a loop) is unavailable, so no rules (RFC 9309 §2.3.1.2); a hop to a private address fails the source', async () => {
    const moved = await startFakeWeb();
    const inside = await startFakeWeb();
    try {
      harbour();
      // Five hops, the third to another host: its rules are read and apply here.
      for (const n of [0, 1]) site.page(n === 0 ? '/robots.txt' : `/r${n}`, { status: 301, headers: { location: `${site.origin}/r${n + 1}` } });
      site.page('/r2', { status: 302, headers: { location: `${moved.origin}/r3` } });
      moved.page('/r3', { status: 307, headers: { location: `${moved.origin}/r4` } });
      moved.page('/r4', { status: 308, headers: { location: `${moved.origin}/rules.txt` } });
      moved.page('/rules.txt', { type: 'text/plain', body: 'User-agent: *\nDisallow: /private\n' });
      const r = (hosts: string[]) => new WebSourceReader(new GuardedHttpClient({ allowPrivateHosts: hosts }));
      const five = await r([site.host, moved.host]).read(sourceOf(`${site.origin}/`, 10) as never, new AbortController().signal);
      expect(five.robotsLeftOut).toBe(2);
      expect(site.hits).not.toContain('/private/minutes');

      // A loop: unavailable, every page may be read (before, the source failed as unreadable).
      site.page('/robots.txt', { status: 302, headers: { location: `${site.origin}/robots.txt` } });
      const hits = site.hits.length;
      const looped = await r([site.host]).read(sourceOf(`${site.origin}/`, 10) as never, new AbortController().signal);
      expect(site.hits.slice(hits).filter((h) => h === '/robots.txt')).toHaveLength(6);
      expect(looped.robotsLeftOut).toBe(0);
      expect(looped.documents.map((d) => d.location.url)).toContain(`${site.origin}/private/minutes`);

      // A hop to an address the guard refuses (loopback, not allowed here): never asked, nothing read.
      site.page('/robots.txt', { status: 301, headers: { location: `${inside.origin}/robots.txt` } });
      const before = site.hits.length;
      await expect(r([site.host]).read(sourceOf(`${site.origin}/`, 10) as never, new AbortController().signal)).rejects.toMatchObject({ code: 'fetch_failed' });
      expect(site.hits.slice(before)).toEqual(['/robots.txt']);
      expect(inside.hits).toEqual([]);
    } finally {
      await moved.close();
      await inside.close();
    }
  });

  it('reads plain-text sitemaps (one absolute URL a line) that robots.txt or a sitemap index names, within the same caps', async () => {
    site.page('/', { type: 'text/html', body: page('Harbour home', 'Welcome to the harbour.') });
    for (const p of ['/tides', '/berths', '/fees', '/contact']) site.page(p, { type: 'text/html', body: page(p.slice(1), `All about ${p.slice(1)}.`) });
    robots(['User-agent: *', 'Disallow: /fees', `Sitemap: ${site.origin}/maps/index.xml`]);
    site.page('/maps/index.xml', {
      type: 'application/xml',
      body: `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${site.origin}/maps/pages.txt</loc></sitemap></sitemapindex>`,
    });
    site.page('/maps/pages.txt', { type: 'text/plain', body: `\uFEFF${site.origin}/tides\r\n\r\n/berths-relative-is-not-allowed\n  ${site.origin}/fees  \n${site.origin}/contact\nhttps://elsewhere.example/page\n` });

    const result = await read(reader());

    expect(result.documents.map((d) => d.location.url)).toEqual([`${site.origin}/`, `${site.origin}/tides`, `${site.origin}/contact`]);
    expect(result.robotsLeftOut).toBe(1);

    site.page('/robots.txt', { status: 404, type: 'text/plain', body: '' });
    site.page('/sitemap.xml', { type: 'text/plain; charset=utf-8', body: Array.from({ length: 300 }, (_, i) => `${site.origin}/tides?day=${i}`).join('\n') });
    const capped = await read(reader(), 4);
    expect(capped.documents.map((d) => d.location.url)).toEqual([`${site.origin}/`, `${site.origin}/tides?day=0`, `${site.origin}/tides?day=1`, `${site.origin}/tides?day=2`]);
  });
});
