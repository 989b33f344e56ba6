import { isChatPlatformError } from '../assistant/chat-platform-error';
import type { SharedEmail, SharedFile } from '../assistant/chat-platform.port';
import { IMAGE_LIMITS, type FileContents } from './file-contents.port';
import { ReaderError, type ReadContent, type Reader, type ReaderContext } from './reader';

export interface SlackFileReaderOptions {
  /** Largest file read as text (PDF, DOCX…). Default 20 MB. */
  readonly maxTextFileBytes?: number;
  /**
   * Largest image file downloaded. Default 25 MB: phone photos of 4–15 MB and large screenshots
   * are scaled down to `IMAGE_LIMITS` before they are sent (the file contents' work), so the
   * file may be far larger than what the model gets; the cap bounds the download and the memory.
   */
  readonly maxImageFileBytes?: number;
}

/** Default `maxImageFileBytes`. */
export const MAX_IMAGE_FILE_BYTES = 25 * 1024 * 1024;

/**
 * A Slack file permalink (`https://acme.slack.com/files/U123/F456/report.pdf`) or private
 * address (`https://files.slack.com/files-pri/T123-F456/report.pdf`) as the file's id and the
 * name it shows.
 */
export function slackFilePermalink(url: string): { fileId: string; name: string } | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' || !/(^|\.)slack\.com$/i.test(parsed.hostname)) return undefined;
  const match = /^\/(?:files\/[UW][A-Z0-9]{2,}\/|files-pri\/[TE][A-Z0-9]{2,}-)(F[A-Z0-9]{2,})(?:\/([^/]*))?\/?$/.exec(parsed.pathname);
  if (match === null) return undefined;
  return { fileId: match[1]!, name: safeDecode(match[2] ?? '') };
}

/**
 * Files shared in the question or thread (`files:read`): text, Markdown, CSV, PDF, DOCX, images;
 * and files whose Slack permalink is pasted, only when the asker could open them in Slack too.
 */
export function slackFileReader(contents: FileContents, options: SlackFileReaderOptions = {}): Reader {
  const maxBytes = { text: options.maxTextFileBytes ?? 20 * 1024 * 1024, image: options.maxImageFileBytes ?? MAX_IMAGE_FILE_BYTES };
  return {
    kind: 'slack_file',
    counts: 'file',
    accepts: (source) =>
      source.type === 'file' ? source.file.email !== undefined || contents.kindOf(source.file) !== undefined : slackFilePermalink(source.url) !== undefined,
    status: (source) => ({ code: 'reading_file', name: source.type === 'file' ? source.file.name : (slackFilePermalink(source.url)?.name ?? '') }),
    async read(source, context) {
      let file: SharedFile;
      let restricted = false;
      if (source.type === 'file') file = source.file;
      else {
        const link = slackFilePermalink(source.url);
        if (link === undefined || context.platform.readLinkedFile === undefined) throw new ReaderError('unsupported');
        // Another workspace's, deleted, or shared only where the asker is not: all read the same,
        // so a link cannot probe for files. Never fetched as a web page (Slack's sign-in page).
        const linked = await context.platform.readLinkedFile(link.fileId, context.userId);
        if (linked === undefined || linked.file.unavailable !== undefined) throw new ReaderError('not_found');
        // Seen by the asker only in private conversations (or as their own upload): the answer is
        // theirs alone, unless it goes to one of those; never read where only a public answer goes.
        restricted = linked.restricted && (context.channelId === undefined || !linked.channels.includes(context.channelId));
        if (restricted && context.privateAllowed === false) throw new ReaderError('not_found');
        if (linked.file.external !== undefined || (linked.file.email === undefined && contents.kindOf(linked.file) === undefined)) throw new ReaderError('unsupported');
        file = linked.file;
      }
      const content = await readFile(file, context);
      return { ...content, ...(source.type === 'link' ? { url: source.url } : {}), ...(restricted ? { restricted: true } : {}) };
    },
  };

  async function readFile(file: SharedFile, context: ReaderContext): Promise<ReadContent> {
    // An email came with its headers and body: nothing to download.
    if (file.email !== undefined) return { title: file.email.subject || file.name, text: emailText(file.email) };
    if (context.platform.downloadFile === undefined) throw new ReaderError('unsupported');
    const kind = contents.kindOf(file)!;
    if (file.size > maxBytes[kind]) throw new ReaderError('too_large');
    let bytes: Uint8Array;
    try {
      bytes = await context.platform.downloadFile(file, { maxBytes: maxBytes[kind], signal: context.signal });
    } catch (error) {
      if (!isChatPlatformError(error)) throw error;
      throw new ReaderError(error.platformCode === 'too_large' ? 'too_large' : error.code === 'not_found' ? 'not_found' : 'failed');
    }
    const extracted = await contents.extract(bytes, file, { signal: context.signal });
    // Anthropic refuses the whole request for one image over 5 MB of base64: never passed on.
    if ('image' in extracted && extracted.image.data.length > IMAGE_LIMITS.maxBase64Chars) throw new ReaderError('too_large');
    if ('image' in extracted) return { title: file.name, text: extracted.note ?? '(the image is attached)', images: [{ ...extracted.image, name: file.name }] };
    return { title: file.name, text: extracted.text };
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** An email as the model reads it: its headers, then its plain-text body. */
function emailText(email: SharedEmail): string {
  const headers = [
    `Subject: ${email.subject}`,
    ...(email.from.length > 0 ? [`From: ${email.from.join(', ')}`] : []),
    ...(email.to.length > 0 ? [`To: ${email.to.join(', ')}`] : []),
    ...(email.cc.length > 0 ? [`Cc: ${email.cc.join(', ')}`] : []),
    ...(email.date ? [`Date: ${email.date}`] : []),
  ];
  return `${headers.join('\n')}\n\n${email.text.trim()}`;
}
