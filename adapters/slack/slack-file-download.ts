import { ChatPlatformError } from '../../core/assistant/chat-platform-error';
import type { SharedEmail, SharedFile } from '../../core/assistant/chat-platform.port';
import type { SlackCall } from './slack-api-caller';
import { readCapped } from '../http/read-capped';

/** A file over the size the reader may take. */
const tooLarge = () => new ChatPlatformError('failed', 'too_large', 'files.download');

/** A file as conversations.replies / files.info describe it (the fields Tomo reads). */
export interface SlackFile {
  id?: string;
  name?: string;
  title?: string;
  mimetype?: string;
  filetype?: string;
  size?: number;
  mode?: string;
  url_private?: string;
  url_private_download?: string;
  /** `check_file_info`: a Slack Connect file listed by its id only; files.info has the rest. */
  file_access?: string;
  /** A file stored outside Slack (mode `external`), and where (`gdrive`, `dropbox`…; '' otherwise). */
  is_external?: boolean;
  external_type?: string;
  /** An email sent to Slack (filetype and mode `email`): its headers and plain-text body. */
  subject?: string;
  from?: readonly SlackEmailAddress[];
  to?: readonly SlackEmailAddress[];
  cc?: readonly SlackEmailAddress[];
  headers?: { date?: string };
  plain_text?: string;
  /** files.info: who uploaded it, and the conversations it is shared in (by channel id). */
  user?: string;
  shares?: { public?: Record<string, unknown>; private?: Record<string, unknown> };
}

/** An address of an email file: `original` is `Name <address>` as the email wrote it. */
interface SlackEmailAddress {
  address?: string;
  name?: string;
  original?: string;
}

/**
 * Slack Connect: a file someone of another organization shared comes in messages and events as
 * its id only (`file_access: check_file_info`, no name, type or address); files.info gives the
 * file. Without it the file read as one of no known type, which Tomo "cannot read".
 */
export function needsFileInfo(file: SlackFile): file is SlackFile & { id: string } {
  return file.file_access === 'check_file_info' && file.id !== undefined;
}

/** The file as files.info describes it, or undefined when Tomo may not see it (`file_not_found`, deleted). */
export async function fileInfo(call: SlackCall, fileId: string): Promise<SlackFile | undefined> {
  try {
    const result = (await call('files.info', { file: fileId, limit: 1 })) as { file?: SlackFile };
    return result.file;
  } catch (error) {
    if (error instanceof ChatPlatformError && (error.code === 'not_found' || ['file_not_found', 'file_deleted', 'access_denied'].includes(error.platformCode ?? ''))) return undefined;
    throw error;
  }
}

/** Slack's file hosts: the bot token is sent to these and to the Web API's own origin only. */
const SLACK_FILE_ORIGINS = ['https://files.slack.com'];

/**
 * A shared file as readers see it, or undefined without an id or when files.info is still to
 * describe it (Slack Connect). A file stored outside Slack (Drive…) is kept, marked `external`, so
 * the answer can say it was not read (docs.slack.dev, file object: `mode` `external`,
 * `is_external`, `external_type`). So is one Slack lists but will not let anyone open, marked
 * `unavailable`: a deleted file (`mode: tombstone`), one the free plan hides (`mode:
 * hidden_by_limit`, changelog 2019-03 "wild west for files no more"), one the bot may not see
 * (`file_access: access_denied` or `file_not_found`). Slack lists those by id and mode only, with no
 * name (`''`: the answer then says "a file").
 */
export function toSharedFile(file: SlackFile): SharedFile | undefined {
  if (file.id === undefined || needsFileInfo(file)) return undefined;
  const unavailable = unavailableAs(file);
  if (unavailable !== undefined) return { id: file.id, name: file.name ?? file.title ?? '', mimetype: '', size: 0, unavailable };
  const external = file.mode === 'external' || file.is_external === true;
  return {
    id: file.id,
    name: file.name ?? file.title ?? file.id,
    mimetype: file.mimetype ?? '',
    ...(file.filetype === undefined ? {} : { filetype: file.filetype }),
    size: file.size ?? 0,
    ...(external ? { external: file.external_type || 'external' } : {}),
    ...(isEmail(file) ? { email: emailOf(file) } : {}),
  };
}

/** An email sent to Slack, with its body (Slack lists one without it only when it had none). */
function isEmail(file: SlackFile): file is SlackFile & { plain_text: string } {
  return (file.filetype === 'email' || file.mode === 'email') && typeof file.plain_text === 'string';
}

function emailOf(file: SlackFile & { plain_text: string }): SharedEmail {
  const addresses = (list: readonly SlackEmailAddress[] | undefined) =>
    (list ?? []).map((a) => a.original || (a.name && a.address ? `${a.name} <${a.address}>` : a.address || a.name || '')).filter((a) => a !== '');
  return {
    subject: file.subject ?? file.title ?? '',
    from: addresses(file.from),
    to: addresses(file.to),
    cc: addresses(file.cc),
    ...(typeof file.headers?.date === 'string' ? { date: file.headers.date } : {}),
    text: file.plain_text,
  };
}

function unavailableAs(file: SlackFile): SharedFile['unavailable'] {
  if (file.mode === 'tombstone') return 'deleted';
  if (file.mode === 'hidden_by_limit') return 'hidden_by_limit';
  if (file.file_access === 'access_denied' || file.file_access === 'file_not_found') return 'not_found';
  return undefined;
}

export interface DownloadOptions {
  maxBytes: number;
  signal?: AbortSignal;
}

/**
 * The bytes of a shared file: `url_private_download` from files.info, fetched with the bot
 * token (`files:read`). The token goes only to Slack's file host or the Web API's origin; a
 * redirect elsewhere is followed without it (fetch drops Authorization across origins).
 */
export async function downloadSlackFile(
  call: SlackCall,
  token: string,
  apiOrigin: string,
  file: SharedFile,
  known: ReadonlyMap<string, string>,
  options: DownloadOptions,
): Promise<Uint8Array> {
  const url = known.get(file.id) ?? (await privateUrlOf(call, file.id));
  const origin = URL.canParse(url) ? new URL(url).origin : '';
  if (origin !== apiOrigin && !SLACK_FILE_ORIGINS.includes(origin)) {
    throw new ChatPlatformError('failed', 'unexpected_file_host', 'files.download');
  }
  let response: Response;
  try {
    response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, redirect: 'follow', ...(options.signal ? { signal: options.signal } : {}) });
  } catch {
    throw new ChatPlatformError('unavailable', undefined, 'files.download');
  }
  if (response.status === 404) throw new ChatPlatformError('not_found', 'file_not_found', 'files.download');
  if (!response.ok) throw new ChatPlatformError(response.status === 401 || response.status === 403 ? 'not_authorized' : 'unavailable', `http_${response.status}`, 'files.download');
  // Without access (no files:read, a revoked token) Slack answers a file URL with its sign-in
  // page, 200 and HTML, not an error.
  const signIn = () => new ChatPlatformError('not_authorized', 'missing_scope', 'files.download');
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('text/html')) return readCapped(response, options.maxBytes, tooLarge);
  if (!file.mimetype.startsWith('text/html')) {
    await response.body?.cancel();
    throw signIn();
  }
  // An HTML file comes as HTML too: it is the file only when it is as long as Slack says the
  // file is (the sign-in page is not), or its text would go to the model as the file's.
  const bytes = await readCapped(response, options.maxBytes, tooLarge);
  if (bytes.byteLength !== file.size) throw signIn();
  return bytes;
}

async function privateUrlOf(call: SlackCall, fileId: string): Promise<string> {
  try {
    const result = (await call('files.info', { file: fileId, limit: 1 })) as { file?: SlackFile };
    const url = result.file?.url_private_download ?? result.file?.url_private;
    if (url === undefined) throw new ChatPlatformError('not_found', 'file_not_found', 'files.info');
    return url;
  } catch (error) {
    if (error instanceof ChatPlatformError && ['file_not_found', 'file_deleted'].includes(error.platformCode ?? '')) {
      throw new ChatPlatformError('not_found', error.platformCode, 'files.info');
    }
    throw error;
  }
}
