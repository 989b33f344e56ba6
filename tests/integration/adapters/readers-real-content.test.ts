import { brotliCompressSync, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentFileContents } from '../../../adapters/documents/file-contents';
import { GuardedHttpClient } from '../../../adapters/http/guarded-http-client';
import { ApproximateTokenizer } from '../../../adapters/memory/approximate-tokenizer';
import { startFakeSlack, type FakeSlack } from '../../../adapters/slack-emulator/fake-slack';
import { seedWorkspace, type SeededWorkspace } from '../../../adapters/slack-emulator/seed-workspace';
import { SlackChatPlatformFactory } from '../../../adapters/slack/slack-chat-platform';
import { ReadableWebFetcher } from '../../../adapters/web/readable-web-fetcher';
import { ReaderRegistry } from '../../../core/readers/reader-registry';
import type { Source } from '../../../core/readers/reader';
import { slackFileReader } from '../../../core/readers/slack-file.reader';
import { webPageReader } from '../../../core/readers/web-page.reader';
import { NO_RESOURCES } from '../../../core/tools/tool';
import { docxWithImages, ONE_PIXEL_PNG } from '../../fakes/web/documents';
import { startFakeWeb, type FakeWeb } from '../../fakes/web/fake-web';
import { photoJpeg } from '../../fakes/web/images';

/**
 * Pages and files as Japanese and English teams have them (legacy encodings declared nowhere,
 * feeds, Word files of photos, odd servers), read by the real readers: pages over HTTP from the
 * fake web through the guarded client, files from the Slack fake. What is asserted is the text
 * the model is given (the registry's fenced sources and notes).
 */

// 灯台 (lighthouse) … in Shift_JIS, EUC-JP and ISO-2022-JP: "灯台の光は四十一キロ先まで届きます。"
const JA = '灯台の光は四十一キロ先まで届きます。';
const SHIFT_JIS = Buffer.from('939491e482cc8cf582cd8e6c8f5c88ea834c838d90e682dc82c593cd82ab82dc82b78142', 'hex');
const EUC_JP = Buffer.from('c5f4c2e6a4ceb8f7a4cfbbcdbdbdb0eca5ada5edc0e8a4dea4c7c6cfa4ada4dea4b9a1a3', 'hex');
const ISO_2022_JP = Buffer.concat([Buffer.from('1b2442', 'hex'), jis(EUC_JP), Buffer.from('1b2842', 'hex')]);
// "Café Münster — “open” until 6 pm, €12" as windows-1252 (Excel's CSVs and older sites on Western Windows).
const EN = 'Café Münster — “open” until 6 pm, €12.';
const WINDOWS_1252 = Buffer.from('436166e9204dfc6e73746572209720936f70656e9420756e74696c203620706d2c208031322e', 'hex');

// Chinese, Korean and Russian in the legacy encodings their Windows tools and older sites use.
const ZH_HANS = '这份年度报告说明我们的收入增长了百分之二十，客户满意度也有所提高。';
const GBK = Buffer.from('d5e2b7ddc4eab6c8b1a8b8e6cbb5c3f7ced2c3c7b5c4cad5c8ebd4f6b3a4c1cbb0d9b7d6d6aeb6fecaaea3acbfcdbba7c2fad2e2b6c8d2b2d3d0cbf9cce1b8dfa1a3', 'hex');
const ZH_HANT = '這份年度報告說明我們的收入增長了百分之二十，客戶滿意度也有所提高。';
const BIG5 = Buffer.from('b36fa5f7a67eabd7b3f8a769bba1a9faa7daadccaabaa6aca44abc57aaf8a446a6caa4c0a4a7a447a451a141abc8a4e1baa1b74eabd7a45da6b3a9d2b4a3b0aaa143', 'hex');
const KO = '이 연례 보고서는 우리의 수입이 이십 퍼센트 증가했고 고객 만족도도 높아졌다고 설명합니다.';
const EUC_KR = Buffer.from('c0cc20bfacb7ca20bab8b0edbcadb4c220bfecb8aec0c720bcf6c0d4c0cc20c0ccbdca20c6dbbcbec6ae20c1f5b0a1c7dfb0ed20b0edb0b420b8b8c1b7b5b5b5b520b3f4bec6c1b3b4d9b0ed20bcb3b8edc7d5b4cfb4d92e', 'hex');
const RU = 'Этот годовой отчёт показывает, что наша выручка выросла на двадцать процентов.';
const WINDOWS_1251 = Buffer.from('ddf2eef220e3eee4eee2eee920eef2f7b8f220efeeeae0e7fbe2e0e5f22c20f7f2ee20ede0f8e020e2fbf0f3f7eae020e2fbf0eef1ebe020ede020e4e2e0e4f6e0f2fc20eff0eef6e5edf2eee22e', 'hex');

// A Shift_JIS CSV with no kana at all (names and places): Japanese by its kanji alone.
const KANJI_CSV = '山田太郎,東京本社営業部,二〇一九';
const SHIFT_JIS_CSV = Buffer.from('8e8196bc2c8f8a91ae2c93fc8ed0944e0a8e52936391be98592c938c8b9e967b8ed089638bc695942c93f1815a88ea8be30a97e996d889d48e712c91e58de38e788ed08c6f979d95942c93f1815a93f188ea0a8db293a18c9288ea2c96bc8cc389ae8e789358918d96b195942c93f1815a88ea8cdc0a', 'hex');

/** JIS X 0208 bytes: EUC-JP's, less 0x80 (what sits between ISO-2022-JP's ESC $ B and ESC ( B). */
function jis(euc: Buffer): Buffer {
  return Buffer.from(euc.map((byte) => byte - 0x80));
}

const page = (head: string, body: Buffer) =>
  Buffer.concat([Buffer.from(`<!DOCTYPE html><html><head>${head}<title>Cape</title></head><body><article><p>`), body, Buffer.from('</p><p>'), body, Buffer.from('</p></article></body></html>')]);

describe('Readers: what the model is given from real-world pages and files', () => {
  let web: FakeWeb;
  let slack: FakeSlack;
  let ws: SeededWorkspace;
  let registry: ReaderRegistry;

  beforeAll(async () => {
    web = await startFakeWeb();
    slack = await startFakeSlack();
    ws = seedWorkspace(slack);
    registry = new ReaderRegistry([slackFileReader(new DocumentFileContents()), webPageReader(new ReadableWebFetcher(new GuardedHttpClient({ allowPrivateHosts: [web.host] })))]);
  });
  afterAll(async () => {
    await web.close();
    await slack.close();
  });

  /** The text the model is given for these links and files (Premium's limits). */
  async function modelText(sources: Source[]): Promise<string> {
    const platform = new SlackChatPlatformFactory({ slackApiUrl: slack.url, sleep: async () => undefined }).forWorkspace({
      teamId: ws.team.id,
      botToken: ws.team.botToken,
      botUserId: ws.team.botUserId,
    });
    const read = await registry.read({
      sources,
      limits: { linksPerAnswer: 10, filesPerAnswer: 10, tokensPerAnswer: 32_000 },
      enabledPlugins: new Set(['web-browsing']),
      resources: NO_RESOURCES,
      context: { teamId: ws.team.id, userId: ws.alice, locale: 'ja', platform },
      showStatus: async () => undefined,
      tokenizer: new ApproximateTokenizer(),
    });
    return read.text;
  }
  const link = (path: string): Source => ({ type: 'link', url: `${web.origin}${path}`, messageTs: '1' });

  /** Files shared in a thread of the Slack fake, as the reader gets them from conversations.replies. */
  async function shared(files: { id: string; name: string; mimetype: string; filetype: string; content: Buffer }[]): Promise<Source[]> {
    const ts = slack.addMessage({ channel: ws.channel, text: '', user: ws.alice, files }).ts;
    const platform = new SlackChatPlatformFactory({ slackApiUrl: slack.url, sleep: async () => undefined }).forWorkspace({ teamId: ws.team.id, botToken: ws.team.botToken, botUserId: ws.team.botUserId });
    const [message] = await platform.readThread({ channelId: ws.channel, threadTs: ts });
    return message!.files!.map((file) => ({ type: 'file', file, messageTs: ts }));
  }

  it.each([
    ['a Shift_JIS page declaring nothing', 'text/html', page('', SHIFT_JIS), JA],
    ['an EUC-JP page declaring nothing', 'text/html', page('', EUC_JP), JA],
    ['an ISO-2022-JP page declaring nothing', 'text/html', page('', ISO_2022_JP), JA],
    ['a windows-1252 page declaring nothing', 'text/html', page('', WINDOWS_1252), EN],
    ['a Shift_JIS text file declaring nothing', 'text/plain', SHIFT_JIS, JA],
    ['a windows-1252 text file declaring nothing', 'text/plain', WINDOWS_1252, EN],
    ['a GBK (simplified Chinese) page declaring nothing', 'text/html', page('', GBK), ZH_HANS],
    ['a Big5 (traditional Chinese) page declaring nothing', 'text/html', page('', BIG5), ZH_HANT],
    ['an EUC-KR (Korean) page declaring nothing', 'text/html', page('', EUC_KR), KO],
    ['a windows-1251 (Russian) text file declaring nothing', 'text/plain', WINDOWS_1251, RU],
    ['a Shift_JIS CSV of names and places (no kana) declaring nothing', 'text/plain', SHIFT_JIS_CSV, KANJI_CSV],
    ['a page whose header names Microsoft’s cp932', 'text/html; charset=cp932', page('', SHIFT_JIS), JA],
    ['a page whose meta names PHP’s SJIS-win', 'text/html', page('<meta http-equiv="Content-Type" content="text/html; charset=SJIS-win">', SHIFT_JIS), JA],
    ['an EUC-JP page whose <meta charset> follows 2 KB of inline script', 'text/html', page(`<script>var config = "${'x'.repeat(2_000)}";</script><meta charset="EUC-JP">`, EUC_JP), JA],
  ])('reads %s in the right characters', async (_what, type, body, expected) => {
    const path = `/charset-${Math.random().toString(36).slice(2)}`;
    web.page(path, { type, body });

    const text = await modelText([link(path)]);

    expect(text).toContain(expected);
    expect(text).not.toContain('\uFFFD');
  });

  it('reads text files shared in Slack in the encodings Windows tools write: Excel’s windows-1252 CSV, ISO-2022-JP mail, UTF-16 without a byte order mark', async () => {
    const csv = Buffer.concat([Buffer.from('place,note\r\nlobby,'), WINDOWS_1252, Buffer.from('\r\n')]);
    const sources = await shared([
      { id: 'FCSV1252', name: 'opening-hours.csv', mimetype: 'text/csv', filetype: 'csv', content: csv },
      { id: 'FMAILJIS', name: 'mail.txt', mimetype: 'text/plain', filetype: 'text', content: Buffer.concat([Buffer.from('Subject: ', 'ascii'), Buffer.from('1b2442', 'hex'), jis(EUC_JP), Buffer.from('1b2842', 'hex')]) },
      { id: 'FUTF16', name: 'export.txt', mimetype: 'text/plain', filetype: 'text', content: Buffer.from(`name\tnote\r\nAiko\t${JA}\r\n`, 'utf16le') },
    ]);

    const text = await modelText(sources);

    expect(text).toContain(`lobby,${EN}`);
    expect(text).toContain(`Subject: ${JA}`);
    expect(text).toContain(`Aiko\t${JA}`);
    expect(text).not.toContain('\uFFFD');
    expect(text).not.toContain('\u0000');
  });

  it('reads the article of a page that comes after 500 KB of inline styles and menus (a GitHub or large news page)', async () => {
    const styles = `<style>${'.nav-item-with-a-long-name{color:#333;margin:0 4px}'.repeat(10_000)}</style>`;
    web.page('/long-head', { type: 'text/html; charset=utf-8', body: page(styles, Buffer.from(`The lamp at Cape Mirai reaches 41 kilometres. ${JA}`)) });

    const text = await modelText([link('/long-head')]);

    expect(text).toContain('The lamp at Cape Mirai reaches 41 kilometres.');
    expect(text).not.toContain('has no text Tomo can read');
  });

  it('gives the model a Word file’s words, never its pictures as base64, and names one of pictures only as having no text', async () => {
    const photo = await photoJpeg(1200, 900);
    const sources = await shared([
      { id: 'FDOCXPICS', name: 'site-photos.docx', mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', filetype: 'docx', content: docxWithImages(3, photo) },
      { id: 'FDOCXCAP', name: 'lobby.docx', mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', filetype: 'docx', content: docxWithImages(2, ONE_PIXEL_PNG, ['Caption: the new lobby opens on 3 March.']) },
    ]);
    web.page('/inline-image', {
      type: 'text/html; charset=utf-8',
      body: page('', Buffer.from(`The lobby opens on 3 March. <img alt="Floor plan of the lobby" src="data:image/jpeg;base64,${photo.toString('base64')}">`)),
    });

    const text = await modelText([...sources, link('/inline-image')]);

    expect(text).toContain('Could not read the file "site-photos.docx": it has no text Tomo can read');
    expect(text).toContain('Caption: the new lobby opens on 3 March.');
    expect(text).toContain('The lobby opens on 3 March. [image: Floor plan of the lobby]');
    expect(text).not.toContain('base64');
  });

  it('reads a page sent with raw deflate (Content-Encoding: deflate without the zlib wrapper, as older IIS sends it), and brotli', async () => {
    web.page('/raw-deflate', { type: 'text/html; charset=utf-8', body: deflateRawSync(page('', Buffer.from(EN))), headers: { 'content-encoding': 'deflate' } });
    web.page('/brotli', { type: 'text/html; charset=shift_jis', body: brotliCompressSync(page('', SHIFT_JIS)), headers: { 'content-encoding': 'br' } });

    const text = await modelText([link('/raw-deflate'), link('/brotli')]);

    expect(text).toContain(EN);
    expect(text).toContain(JA);
    expect(text).not.toContain('Could not read');
  });

  it('reads JSON and RSS links as text, as a browser shows them, and still declines an SVG image', async () => {
    web.page('/api/status.json', { type: 'application/json', body: JSON.stringify({ lighthouse: 'Cape Mirai', note: JA }) });
    web.page('/feed', { type: 'application/rss+xml; charset=utf-8', body: `<?xml version="1.0"?><rss version="2.0"><channel><item><title>${EN}</title></item></channel></rss>` });
    web.page('/logo.svg', { type: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"><title>logo</title></svg>' });

    const text = await modelText([link('/api/status.json'), link('/feed'), link('/logo.svg')]);

    expect(text).toContain(`{"lighthouse":"Cape Mirai","note":"${JA}"}`);
    expect(text).toContain(`<title>${EN}</title>`);
    expect(text).toContain(`Could not read ${web.origin}/logo.svg: Tomo cannot read this kind of content.`);
  });
});
