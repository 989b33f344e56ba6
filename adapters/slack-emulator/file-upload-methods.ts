import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { header, sendJson } from './http-server';
import type { FakeFile } from './slack-state';
import { channelOf, SlackMethodError, type MethodContext } from './slack-web-api';

/**
 * Slack's external upload flow, which `files.uploadV2` of @slack/web-api drives:
 * `files.getUploadURLExternal` (filename, length) → the bytes POSTed to the returned
 * `upload_url` (raw or multipart) → `files.completeUploadExternal` with a `files` array,
 * which shares every listed file in ONE message (with `initial_comment`, in `thread_ts`).
 * Uploads never completed are never shown. The bytes are kept for assertions.
 */
export interface PendingUpload {
  id: string;
  teamId: string;
  filename: string;
  length: number;
  altText?: string;
  bytes?: Buffer;
  completed: boolean;
}

type Method = (ctx: MethodContext) => Record<string, unknown>;

export function fileUploadMethods(uploads: Map<string, PendingUpload>): Record<string, Method> {
  return {
    'files.getUploadURLExternal': ({ settings, params, team }) => {
      const filename = params.filename ?? '';
      const length = Number(params.length);
      if (filename === '') throw new SlackMethodError('invalid_arguments');
      if (!Number.isInteger(length) || length <= 0) throw new SlackMethodError('invalid_arguments');
      const id = `F${randomBytes(5).toString('hex').toUpperCase()}`;
      uploads.set(id, {
        id,
        teamId: team!.id,
        filename,
        length,
        completed: false,
        ...(params.alt_text ? { altText: params.alt_text } : {}),
      });
      return { upload_url: `${settings.origin}/upload/v1/${id}`, file_id: id };
    },

    'files.completeUploadExternal': ({ state, params, team }) => {
      let listed: { id?: string; title?: string }[];
      try {
        listed = JSON.parse(params.files ?? '[]') as { id?: string; title?: string }[];
      } catch {
        throw new SlackMethodError('invalid_arguments');
      }
      if (!Array.isArray(listed) || listed.length === 0 || listed.length > 10) throw new SlackMethodError('invalid_arguments');
      const pending = listed.map((entry) => {
        const upload = uploads.get(entry.id ?? '');
        if (upload === undefined || upload.teamId !== team!.id || upload.completed) throw new SlackMethodError('file_not_found');
        if (upload.bytes === undefined) throw new SlackMethodError('file_upload_not_found');
        if (upload.bytes.length !== upload.length) throw new SlackMethodError('file_upload_size_mismatch');
        return { upload, title: entry.title ?? upload.filename };
      });
      const files: FakeFile[] = pending.map(({ upload }) => ({
        id: upload.id,
        name: upload.filename,
        mimetype: mimetypeOf(upload.filename, upload.bytes!),
        filetype: upload.filename.split('.').pop()?.toLowerCase() ?? 'binary',
        content: upload.bytes!,
      }));
      if (params.channel_id !== undefined && params.channel_id !== '') {
        const channel = channelOf(state, params.channel_id, team!);
        if (!state.isMember(channel, team!.botUserId)) throw new SlackMethodError('not_in_channel');
        const threadTs = params.thread_ts;
        if (threadTs !== undefined && threadTs !== '' && state.message(channel, threadTs) === undefined) {
          throw new SlackMethodError('invalid_thread_ts');
        }
        state.addMessage({
          channel,
          text: params.initial_comment ?? '',
          user: team!.botUserId,
          botId: team!.botId,
          files,
          ...(threadTs ? { threadTs } : {}),
        });
      }
      for (const { upload } of pending) upload.completed = true;
      return { files: pending.map(({ upload, title }) => ({ id: upload.id, title })) };
    },

    // A bot deletes only what it uploaded (Slack: cant_delete_file otherwise); the file leaves
    // every message that shared it.
    'files.delete': ({ state, params, team }) => {
      const id = params.file ?? '';
      const upload = uploads.get(id);
      const found = state.file(id);
      if ((upload === undefined || upload.teamId !== team!.id || !upload.completed) && found === undefined) {
        throw new SlackMethodError('file_not_found');
      }
      if (found !== undefined && (state.channels.get(found.message.channel)?.teamId !== team!.id || found.message.botId !== team!.botId)) {
        throw new SlackMethodError(state.channels.get(found.message.channel)?.teamId !== team!.id ? 'file_not_found' : 'cant_delete_file');
      }
      for (const message of state.messages) {
        if (message.files?.some((f) => f.id === id)) message.files = message.files.filter((f) => f.id !== id);
      }
      uploads.delete(id);
      state.deletedFiles.push(id);
      return {};
    },

    'conversations.open': ({ state, params, team }) => {
      const users = (params.users ?? '').split(',').filter(Boolean);
      if (users.length !== 1) throw new SlackMethodError(users.length === 0 ? 'users_list_not_supplied' : 'not_supported');
      const user = state.users.get(users[0]!);
      if (user === undefined || user.teamId !== team!.id) throw new SlackMethodError('user_not_found');
      return { channel: { id: state.dmWith(team!.id, user.id).id } };
    },
  };
}

/** `POST /upload/v1/:id`: the file's bytes, raw or as the first file of a multipart form. */
export async function receiveUpload(
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  uploads: Map<string, PendingUpload>,
  record: (outcome: string) => void,
): Promise<void> {
  const id = /^\/upload\/v1\/([A-Z0-9]+)$/.exec(new URL(req.url ?? '/', 'http://fake').pathname)?.[1];
  const upload = id === undefined ? undefined : uploads.get(id);
  if (req.method !== 'POST' || upload === undefined || upload.completed) {
    record('upload_not_found');
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Not found');
    return;
  }
  const type = header(req, 'content-type') ?? '';
  let bytes = body;
  if (type.startsWith('multipart/form-data')) {
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
    const file = [...form.values()].find((value): value is File => typeof value !== 'string');
    if (file === undefined) {
      record('no_file');
      sendJson(res, 400, { ok: false, error: 'no_file_data' });
      return;
    }
    bytes = Buffer.from(await file.arrayBuffer());
  }
  upload.bytes = bytes;
  record('ok');
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end(`OK - ${bytes.length}`);
}

function mimetypeOf(filename: string, bytes: Buffer): string {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg';
  if (/\.txt$/i.test(filename)) return 'text/plain';
  return 'application/octet-stream';
}
