import { describe, expect, it } from 'vitest';
import { ApproximateTokenizer } from '../../../adapters/memory/approximate-tokenizer';
import { InMemoryChatPlatformFactory, InMemoryChatWorkspace } from '../../../adapters/memory/in-memory-chat-platform';
import type { SharedFile } from '../../../core/assistant/chat-platform.port';
import { ChatPlatformError } from '../../../core/assistant/chat-platform-error';
import type { FileContents } from '../../../core/readers/file-contents.port';
import { findSources, linksIn } from '../../../core/readers/find-sources';
import { ReaderError, type Reader, type Source } from '../../../core/readers/reader';
import { ReaderRegistry, shareBudget, type ReadSourcesInput } from '../../../core/readers/reader-registry';
import { slackFilePermalink, slackFileReader } from '../../../core/readers/slack-file.reader';
import { slackMessageReader, slackPermalink } from '../../../core/readers/slack-message.reader';
import { VideoTranscriptError } from '../../../core/readers/video-transcripts.port';
import { webPageReader } from '../../../core/readers/web-page.reader';
import { youTubeReader, youTubeVideoId } from '../../../core/readers/youtube.reader';
import { NO_RESOURCES, type WorkStatus } from '../../../core/tools/tool';
import { WebFetchError } from '../../../core/tools/web-page-fetcher.port';

const tokenizer = new ApproximateTokenizer();

describe('finding what to read', () => {
  it('takes Slack-formatted and bare links, undoing Slack’s escaping, and skips mentions and channels', () => {
    expect(linksIn('see <https://a.example/x?a=1&amp;b=2|the doc> and <@U123> in <#C1|general>, also https://b.example/page.')).toEqual([
      'https://a.example/x?a=1&b=2',
      'https://b.example/page',
    ]);
    expect(linksIn('<mailto:a@b.example|mail> <!here>')).toEqual([]);
  });

  it('reads the question first, then the thread newest first, each link and file once, never Tomo’s own messages', () => {
    const file: SharedFile = { id: 'F1', name: 'a.pdf', mimetype: 'application/pdf', size: 10 };
    const sources = findSources(
      [
        { ts: '1', userId: 'UA', text: '<https://old.example>', files: [file] },
        { ts: '2', userId: 'UTOMO', botId: 'BTOMO', text: 'Sources: <https://cited.example>' },
        { ts: '3', userId: 'UB', text: '<https://new.example> <https://old.example>', files: [file] },
      ],
      { userId: 'UTOMO', botId: 'BTOMO' },
    );

    expect(sources.map((s) => (s.type === 'link' ? s.url : s.file.id))).toEqual(['https://new.example', 'https://old.example', 'F1']);
  });
});

describe('link kinds', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=AbCdEf&t=42', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/live/dQw4w9WgXcQ?feature=share', 'dQw4w9WgXcQ'],
    ['https://music.youtube.com/watch?v=dQw4w9WgXcQ&list=RDAMVM', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?app=desktop&list=PL123&index=2&v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/playlist?list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs', undefined],
    // An embedded playlist: `videoseries` has the 11 characters of an id but is none.
    ['https://www.youtube.com/embed/videoseries?list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs', undefined],
    ['https://www.youtube.com/watch?v=short', undefined],
    ['https://notyoutube.com/watch?v=dQw4w9WgXcQ', undefined],
    ['not a url', undefined],
  ])('YouTube id of %s is %s', (url, id) => {
    expect(youTubeVideoId(url)).toBe(id);
  });

  it.each([
    ['https://acme.slack.com/archives/C0123ABC/p1700000000000100', { channelId: 'C0123ABC', ts: '1700000000.000100' }],
    [
      'https://acme.slack.com/archives/C0123ABC/p1700000000000200?thread_ts=1700000000.000100&cid=C0123ABC',
      { channelId: 'C0123ABC', ts: '1700000000.000200', threadTs: '1700000000.000100' },
    ],
    ['https://acme.enterprise.slack.com/archives/G0PRIV/p1700000000000100', { channelId: 'G0PRIV', ts: '1700000000.000100' }],
    ['https://evil.example/archives/C0123ABC/p1700000000000100', undefined],
    ['http://acme.slack.com/archives/C0123ABC/p1700000000000100', undefined],
    ['https://acme.slack.com/files/U1/F1/a.pdf', undefined],
  ])('Slack permalink %s', (url, ref) => {
    expect(slackPermalink(url)).toEqual(ref);
  });

  it.each([
    ['https://acme.slack.com/files/U0ALICE/F0123ABC/q3%20plan.pdf', { fileId: 'F0123ABC', name: 'q3 plan.pdf' }],
    ['https://acme.enterprise.slack.com/files/W0ALICE/F0123ABC', { fileId: 'F0123ABC', name: '' }],
    ['https://files.slack.com/files-pri/T0ACME-F0123ABC/plan.pdf', { fileId: 'F0123ABC', name: 'plan.pdf' }],
    ['http://acme.slack.com/files/U0ALICE/F0123ABC/plan.pdf', undefined],
    ['https://slack.com.evil.example/files/U0ALICE/F0123ABC/plan.pdf', undefined],
    ['https://acme.slack.com/files/U0ALICE/F0123ABC/plan.pdf/extra', undefined],
    ['https://acme.slack.com/archives/C0123ABC/p1700000000000100', undefined],
  ])('Slack file permalink %s', (url, file) => {
    expect(slackFilePermalink(url)).toEqual(file);
  });
});

function registryInput(sources: Source[], overrides: Partial<ReadSourcesInput> = {}) {
  const statuses: WorkStatus[] = [];
  const ws = new InMemoryChatWorkspace();
  const input: ReadSourcesInput = {
    sources,
    limits: { linksPerAnswer: 2, filesPerAnswer: 1, tokensPerAnswer: 1_000 },
    enabledPlugins: new Set(['web-browsing']),
    resources: NO_RESOURCES,
    context: { teamId: 'T1', userId: 'UA', locale: 'en', platform: new InMemoryChatPlatformFactory(ws).forWorkspace({ teamId: 'T1', botToken: 'x' }) },
    showStatus: async (status) => void statuses.push(status),
    tokenizer,
    ...overrides,
  };
  return { input, statuses, ws };
}

const link = (url: string): Source => ({ type: 'link', url, messageTs: '1' });
const pages: Reader = {
  kind: 'web_page',
  counts: 'link',
  plugin: 'web-browsing',
  accepts: (s) => s.type === 'link',
  status: (s) => ({ code: 'reading_page', host: s.type === 'link' ? new URL(s.url).hostname : '' }),
  read: async (s) => {
    const url = s.type === 'link' ? s.url : '';
    if (url.includes('missing')) throw new ReaderError('not_found');
    if (url.includes('hang')) return new Promise(() => undefined);
    if (url.includes('crash')) throw new Error('boom');
    return { title: `Page ${url}`, text: `Text of ${url}`, url };
  },
};

describe('the reader registry', () => {
  it('reads within the plan’s limits and says what it left out and why', async () => {
    const { input, statuses } = registryInput([link('https://a.example'), link('https://missing.example'), link('https://c.example')]);

    const read = await new ReaderRegistry([pages]).read(input);

    expect(read.counts).toEqual({ web_page: 1 });
    expect(read.text).toContain('<untrusted_source kind="web_page" title="Page https://a.example" url="https://a.example">\nText of https://a.example');
    expect(read.text).toContain('Could not read https://missing.example: it does not exist or Tomo cannot open it.');
    expect(read.text).toContain('1 more link(s) were not read: the plan reads 2 per answer.');
    expect(statuses).toEqual([
      { code: 'reading_page', host: 'a.example' },
      { code: 'reading_page', host: 'missing.example' },
    ]);
  });

  it('skips readers whose plugin is off, times out slow ones and survives crashing ones', async () => {
    const { input } = registryInput([link('https://hang.example'), link('https://crash.example')], { enabledPlugins: new Set() });
    expect((await new ReaderRegistry([pages]).read(input)).text).toContain('Did not open https://hang.example: the workspace has switched web-browsing off.');

    const on = registryInput([link('https://hang.example'), link('https://crash.example')]);
    const read = await new ReaderRegistry([pages], { timeoutMs: 20 }).read(on.input);
    expect(read.text).toContain('Could not read https://hang.example: it took too long to load.');
    expect(read.text).toContain('Could not read https://crash.example: loading it failed.');
    expect(read.counts).toEqual({});
  });

  it('hands a reader that needs an integration the asker’s token, and says when it is missing', async () => {
    const docs: Reader = {
      kind: 'google_doc',
      counts: 'link',
      needs: { integration: 'google-docs' },
      accepts: (s) => s.type === 'link' && s.url.includes('docs.google'),
      status: () => ({ code: 'reading_page', host: 'docs.google.com' }),
      read: async (_s, context) => ({ title: 'Doc', text: `token ${context.integrationToken}` }),
    };
    const source = link('https://docs.google.com/document/d/1');
    const without = registryInput([source]);
    expect((await new ReaderRegistry([docs]).read(without.input)).text).toContain('has not connected google-docs');

    const withToken = registryInput([source], { resources: { integrationToken: async () => 'ya29.token', hasKnowledgeBase: async () => false } });
    expect((await new ReaderRegistry([docs]).read(withToken.input)).text).toContain('token ya29.token');
  });

  it('reads nothing and says nothing when there is nothing to read', async () => {
    const { input } = registryInput([]);
    expect(await new ReaderRegistry([pages]).read(input)).toEqual({ text: '', images: [], counts: {} });
  });

  it('keeps the images of one answer within the providers’ request size: the ones past it are named, not sent', async () => {
    // Anthropic takes at most 32 MB per request (OpenAI 50 MB of images): ten 3.5 MB photos,
    // each under the per-image limit, made a 47 MB request the provider refused, so the person
    // got an error instead of an answer.
    const photo = Buffer.alloc(3_500_000, 7).toString('base64');
    const photos: Reader = {
      kind: 'slack_file',
      counts: 'file',
      accepts: (s) => s.type === 'file',
      status: () => ({ code: 'reading_file', name: '' }),
      read: async (s) => ({ title: s.type === 'file' ? s.file.name : '', text: '(the image is attached)', images: [{ mediaType: 'image/jpeg', data: photo }] }),
    };
    const files: Source[] = Array.from({ length: 10 }, (_, n) => ({ type: 'file', file: { id: `F${n}`, name: `photo-${n}.jpg`, mimetype: 'image/jpeg', size: 3_500_000 }, messageTs: '1' }));
    const { input } = registryInput(files, { limits: { linksPerAnswer: 10, filesPerAnswer: 10, tokensPerAnswer: 32_000 } });

    const read = await new ReaderRegistry([photos]).read(input);

    const sent = read.images.reduce((total, image) => total + image.data.length, 0);
    expect(sent).toBeLessThanOrEqual(24 * 1024 * 1024);
    expect(read.images.length).toBeGreaterThan(0);
    expect(read.counts).toEqual({ slack_file: read.images.length });
    expect(read.text).toContain('Could not read the file "photo-9.jpg": it is too large.');
    expect(read.text).not.toContain('Could not read the file "photo-0.jpg"');
  });

  it('shares the token budget: short texts whole, long ones cut equally', () => {
    const [short, long1, long2] = shareBudget(['a'.repeat(40), 'b'.repeat(4_000), 'c'.repeat(4_000)], 210, tokenizer);
    expect(short).toBe('a'.repeat(40));
    expect(tokenizer.countTokens(long1!)).toBeLessThanOrEqual(100);
    expect(tokenizer.countTokens(long2!)).toBeLessThanOrEqual(100);
    expect(tokenizer.countTokens(long1!)).toBeGreaterThan(90);
  });
});

describe('the readers', () => {
  const context = (ws = new InMemoryChatWorkspace()) => ({
    teamId: 'T1',
    userId: 'UA',
    locale: 'ja' as const,
    platform: new InMemoryChatPlatformFactory(ws).forWorkspace({ teamId: 'T1', botToken: 'x' }),
    signal: new AbortController().signal,
  });

  it('web pages: the fetcher’s text, its failures as reader failures', async () => {
    const reader = webPageReader({
      read: async (url) => {
        if (url.includes('blocked')) throw new WebFetchError('blocked');
        return { url, title: 'T', text: 'body', contentType: 'html' };
      },
    });
    expect(await reader.read(link('https://a.example/'), context())).toEqual({ title: 'T', text: 'body', url: 'https://a.example/' });
    await expect(reader.read(link('http://blocked.example/'), context())).rejects.toMatchObject({ failure: 'forbidden' });
  });

  it('YouTube: the transcript in the asker’s language, failures mapped', async () => {
    const asked: string[] = [];
    const reader = youTubeReader({
      transcript: async (id, options) => {
        asked.push(options.language);
        if (id === 'Missing0000') throw new VideoTranscriptError('no_captions');
        return { videoId: id, title: 'Video', text: 'words', language: 'ja' };
      },
    });
    expect(await reader.read(link('https://youtu.be/dQw4w9WgXcQ'), context())).toEqual({
      title: 'Video',
      text: 'Transcript (ja):\nwords',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    expect(asked).toEqual(['ja']);
    await expect(reader.read(link('https://youtu.be/Missing0000'), context())).rejects.toMatchObject({ failure: 'unsupported' });
  });

  it('Slack files: text or image, size limits before and while downloading', async () => {
    const contents: FileContents = {
      kindOf: (file) => (file.mimetype.startsWith('image/') ? 'image' : file.mimetype === 'text/plain' ? 'text' : undefined),
      extract: async (bytes, file) =>
        file.mimetype.startsWith('image/') ? { image: { mediaType: file.mimetype, data: 'AAAA' } } : { text: Buffer.from(bytes).toString('utf8') },
    };
    const ws = new InMemoryChatWorkspace();
    ws.addChannel('C1');
    const text: SharedFile = { id: 'F1', name: 'notes.txt', mimetype: 'text/plain', size: 5 };
    const image: SharedFile = { id: 'F2', name: 'pic.png', mimetype: 'image/png', size: 3 };
    const big: SharedFile = { id: 'F3', name: 'big.txt', mimetype: 'text/plain', size: 50 };
    ws.say({ channelId: 'C1', text: '', userId: 'UA', files: [{ file: text, bytes: Buffer.from('hello') }, { file: image, bytes: Buffer.from([1, 2, 3]) }, { file: big, bytes: Buffer.alloc(50) }] });
    const reader = slackFileReader(contents, { maxTextFileBytes: 20 });
    const file = (f: SharedFile): Source => ({ type: 'file', file: f, messageTs: '1' });

    expect(reader.accepts(file({ ...text, mimetype: 'video/mp4' }))).toBe(false);
    expect(await reader.read(file(text), context(ws))).toEqual({ title: 'notes.txt', text: 'hello' });
    expect(await reader.read(file(image), context(ws))).toMatchObject({ images: [{ mediaType: 'image/png', data: 'AAAA', name: 'pic.png' }] });
    await expect(reader.read(file(big), context(ws))).rejects.toMatchObject({ failure: 'too_large' });
    await expect(reader.read(file({ ...big, size: 5 }), context(ws))).rejects.toMatchObject({ failure: 'too_large' });
    ws.failNext(new ChatPlatformError('not_found', 'file_not_found', 'downloadFile'));
    await expect(reader.read(file(text), context(ws))).rejects.toMatchObject({ failure: 'not_found' });
  });

  it('Slack files: an image is passed on only when its base64 fits Anthropic’s 5 MB per image', async () => {
    // Anthropic measures the base64 text (5 MB), not the file: a 4 MB phone photo was passed on
    // (the limit was 5 MB of bytes) and the request was refused, failing the whole answer.
    const contents: FileContents = {
      kindOf: () => 'image',
      extract: async (bytes, file) => ({ image: { mediaType: file.mimetype, data: Buffer.from(bytes).toString('base64') } }),
    };
    const ws = new InMemoryChatWorkspace();
    ws.addChannel('C1');
    const fits: SharedFile = { id: 'F1', name: 'fits.jpg', mimetype: 'image/jpeg', size: 3_900_000 };
    const photo: SharedFile = { id: 'F2', name: 'photo.jpg', mimetype: 'image/jpeg', size: 4_000_000 };
    ws.say({ channelId: 'C1', text: '', userId: 'UA', files: [{ file: fits, bytes: Buffer.alloc(fits.size, 1) }, { file: photo, bytes: Buffer.alloc(photo.size, 1) }] });
    const reader = slackFileReader(contents);
    const file = (f: SharedFile): Source => ({ type: 'file', file: f, messageTs: '1' });

    const read = await reader.read(file(fits), context(ws));
    expect(read.images![0]!.data.length).toBeLessThanOrEqual(5 * 1024 * 1024);
    await expect(reader.read(file(photo), context(ws))).rejects.toMatchObject({ failure: 'too_large' });
    // Slack's size can be missing (0); the downloaded bytes are what count.
    await expect(reader.read(file({ ...photo, size: 0 }), context(ws))).rejects.toMatchObject({ failure: 'too_large' });
  });

  it('Slack permalinks: the message for someone who may read it, nothing otherwise', async () => {
    const ws = new InMemoryChatWorkspace();
    ws.addChannel('C0PUBLIC');
    ws.addChannel('G0SECRET');
    ws.privateMembers.set('G0SECRET', new Set(['UB']));
    const open = ws.say({ channelId: 'C0PUBLIC', text: 'Launch on Friday', userId: 'UB' });
    const secret = ws.say({ channelId: 'G0SECRET', text: 'Salaries', userId: 'UB' });
    const permalink = (channel: string, ts: string) => link(`https://acme.slack.com/archives/${channel}/p${ts.replace('.', '')}`);
    const reader = slackMessageReader();

    expect(await reader.read(permalink('C0PUBLIC', open), context(ws))).toMatchObject({ text: '<@UB>: Launch on Friday', title: 'Slack message in <#C0PUBLIC>' });
    await expect(reader.read(permalink('G0SECRET', secret), context(ws))).rejects.toMatchObject({ failure: 'not_found' });
    // Slack's text escapes &, < and >: the model reads what was typed.
    const escaped = ws.say({ channelId: 'C0PUBLIC', text: 'R&amp;D ships if p &lt; 0.05', userId: 'UB' });
    expect(await reader.read(permalink('C0PUBLIC', escaped), context(ws))).toMatchObject({ text: '<@UB>: R&D ships if p < 0.05' });
  });

  it('Slack permalinks: a private channel\'s message makes the answer private, and is not read where the answer can only be public', async () => {
    const ws = new InMemoryChatWorkspace();
    ws.addChannel('C0PUBLIC');
    ws.addChannel('G0SECRET');
    ws.privateMembers.set('G0SECRET', new Set(['UA']));
    const open = ws.say({ channelId: 'C0PUBLIC', text: 'Launch on Friday', userId: 'UB' });
    const secret = ws.say({ channelId: 'G0SECRET', text: 'Salaries', userId: 'UB' });
    const permalink = (channel: string, ts: string) => link(`https://acme.slack.com/archives/${channel}/p${ts.replace('.', '')}`);
    const reader = slackMessageReader();
    const answeringIn = (channelId: string, privateAllowed: boolean) => ({ ...context(ws), channelId, privateAllowed });

    expect(await reader.read(permalink('G0SECRET', secret), answeringIn('C0PUBLIC', true))).toMatchObject({ text: '<@UB>: Salaries', restricted: true });
    // In the private channel itself everyone may read it; a public message is never private.
    expect(await reader.read(permalink('G0SECRET', secret), answeringIn('G0SECRET', false))).not.toHaveProperty('restricted');
    expect(await reader.read(permalink('C0PUBLIC', open), answeringIn('G0SECRET', false))).not.toHaveProperty('restricted');
    // A workflow step's output or a scheduled summary: what the channel may not read is not read.
    await expect(reader.read(permalink('G0SECRET', secret), answeringIn('C0PUBLIC', false))).rejects.toMatchObject({ failure: 'not_found' });
  });
});
