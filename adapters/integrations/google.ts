import { z } from 'zod';
import { ReaderError, type Reader } from '../../core/readers/reader';
import { ToolError, type Tool } from '../../core/tools/tool';
import { DocumentFileContents } from '../documents/file-contents';
import { IGNORE_REFUSALS, integrationTool, listResults, providerCall, sourcesOf, toReaderError, withAskerToken, type IntegrationToolSpec, type TokenRefused } from './integration-tool';
import type { IntegrationEndpoints } from './integration-settings';
import { ProviderHttpError, providerFetch } from './provider-http';
import { readCapped } from '../http/read-capped';

type Json = Record<string, unknown>;
const arr = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const obj = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

const KINDS = { document: 'google-docs', spreadsheets: 'google-sheets', presentation: 'google-slides' } as const;

/** The file id of a Google Docs, Sheets or Slides link of the given kind, if it is one. */
export function googleFileId(url: string, kind: keyof typeof KINDS): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  if (parsed.hostname !== 'docs.google.com' || parsed.protocol !== 'https:') return undefined;
  const match = new RegExp(`^/(?:a/[^/]+/)?(?:u/\\d+/)?${kind}/(?:u/\\d+/)?d/([A-Za-z0-9_-]{10,100})(?:/|$)`).exec(parsed.pathname);
  return match?.[1];
}

function googleReader(
  endpoints: IntegrationEndpoints,
  kind: keyof typeof KINDS,
  readerKind: string,
  load: (id: string, call: ReturnType<typeof providerCall>) => Promise<{ title: string; text: string }>,
  refused: TokenRefused,
): Reader {
  const provider = KINDS[kind];
  return {
    kind: readerKind,
    counts: 'link',
    needs: { integration: provider },
    accepts: (source) => source.type === 'link' && googleFileId(source.url, kind) !== undefined,
    status: () => ({ code: 'reading_page', host: 'docs.google.com' }),
    async read(source, context) {
      const id = source.type === 'link' ? googleFileId(source.url, kind) : undefined;
      if (id === undefined || context.integrationToken === undefined) throw new ReaderError('unsupported');
      try {
        const { title, text } = await withAskerToken(refused, context, provider, context.integrationToken, (token) =>
          load(id, providerCall(endpoints, provider, token, context.signal)),
        );
        return { title, text, url: `https://docs.google.com/${kind}/d/${id}` };
      } catch (error) {
        throw toReaderError(error);
      }
    },
  };
}

/**
 * Docs: paragraphs and table cells as plain text, in document order (Docs API documents.get).
 * A document's tabs are all read (`includeTabsContent`: without it `body` is the first tab's
 * only), child tabs after their parent, each under its title when there are several.
 */
export function googleDocsReader(endpoints: IntegrationEndpoints, refused: TokenRefused = IGNORE_REFUSALS): Reader {
  return googleReader(endpoints, 'document', 'google_docs', async (id, call) => {
    const url = endpoints.api('google-docs', `/v1/documents/${id}`);
    url.search = new URLSearchParams({ includeTabsContent: 'true' }).toString();
    const doc = await call.json<Json>(url);
    const bodyLines = (body: Json): string[] => {
      const lines: string[] = [];
      for (const element of arr(body.content)) {
        const paragraph = obj(element.paragraph);
        if (element.paragraph) lines.push(arr(paragraph.elements).map((e) => str(obj(e.textRun).content)).join('').replace(/\n$/, ''));
        for (const row of arr(obj(element.table).tableRows)) {
          lines.push(arr(row.tableCells).map((cell) => {
            const cellLines: string[] = [];
            for (const c of arr(cell.content)) cellLines.push(arr(obj(c.paragraph).elements).map((e) => str(obj(e.textRun).content)).join('').trim());
            return cellLines.join(' ');
          }).join(' | '));
        }
      }
      return lines;
    };
    const tabs: { title: string; lines: string[] }[] = [];
    const walk = (list: Json[]) => {
      for (const tab of list) {
        tabs.push({ title: str(obj(tab.tabProperties).title), lines: bodyLines(obj(obj(tab.documentTab).body)) });
        walk(arr(tab.childTabs));
      }
    };
    walk(arr(doc.tabs));
    const text = tabs.length === 0
      ? bodyLines(obj(doc.body)).join('\n')
      : tabs.length === 1
        ? tabs[0]!.lines.join('\n')
        : tabs.map((tab) => `## ${tab.title || 'Untitled tab'}\n\n${tab.lines.join('\n').trim()}`).join('\n\n');
    return { title: str(doc.title) || 'Google Doc', text: text.trim() };
  }, refused);
}

/** Sheets: every sheet as a Markdown table of its formatted values (Sheets API with grid data). */
export function googleSheetsReader(endpoints: IntegrationEndpoints, refused: TokenRefused = IGNORE_REFUSALS, maxRows = 500): Reader {
  return googleReader(endpoints, 'spreadsheets', 'google_sheets', async (id, call) => {
    const url = endpoints.api('google-sheets', `/v4/spreadsheets/${id}`);
    url.search = new URLSearchParams({
      includeGridData: 'true',
      fields: 'properties.title,sheets(properties.title,data.rowData.values.formattedValue)',
    }).toString();
    const book = await call.json<Json>(url);
    const parts = arr(book.sheets).map((sheet) => {
      const rows = arr(obj(arr(sheet.data)[0]).rowData)
        .slice(0, maxRows)
        .map((row) => arr(row.values).map((cell) => str(cell.formattedValue).replace(/\|/g, '\\|').replace(/\n/g, ' ')));
      const width = Math.max(0, ...rows.map((r) => r.length));
      const line = (cells: string[]) => `| ${[...cells, ...Array<string>(width - cells.length).fill('')].join(' | ')} |`;
      const table = rows.length === 0 ? '(empty)' : [line(rows[0]!), line(Array<string>(width).fill('---')), ...rows.slice(1).map(line)].join('\n');
      return `## ${str(obj(sheet.properties).title)}\n\n${table}`;
    });
    return { title: str(obj(book.properties).title) || 'Google Sheet', text: parts.join('\n\n') };
  }, refused);
}

/** Slides: the text of each slide's shapes, slide by slide (Slides API presentations.get). */
export function googleSlidesReader(endpoints: IntegrationEndpoints, refused: TokenRefused = IGNORE_REFUSALS): Reader {
  return googleReader(endpoints, 'presentation', 'google_slides', async (id, call) => {
    const deck = await call.json<Json>(endpoints.api('google-slides', `/v1/presentations/${id}`));
    const slides = arr(deck.slides).map((slide, n) => {
      const text = arr(slide.pageElements)
        .flatMap((element) => arr(obj(obj(element.shape).text).textElements).map((t) => str(obj(t.textRun).content)))
        .join('')
        .trim();
      return `Slide ${n + 1}:\n${text}`;
    });
    return { title: str(deck.title) || 'Google Slides', text: slides.join('\n\n') };
  }, refused);
}

/** Drive search and read, Calendar's upcoming events, Meet's recent meetings, the person's YouTube videos. */
export function googleTools(endpoints: IntegrationEndpoints, refused: TokenRefused = IGNORE_REFUSALS): Tool[] {
  const integration = <S extends z.ZodObject>(spec: IntegrationToolSpec<S>) => integrationTool(endpoints, spec, refused);
  return [
    integration({
      name: 'google_drive_search',
      provider: 'google-drive',
      description: "Searches the asking person's Google Drive (file names and contents). Returns file names, links and ids; read one with google_drive_read.",
      schema: z.object({ query: z.string().trim().min(1).max(200).describe('Words to look for') }),
      async run({ query }, call) {
        const url = endpoints.api('google-drive', '/drive/v3/files', 'https://www.googleapis.com');
        url.search = new URLSearchParams({
          q: `fullText contains '${query.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}' and trashed = false`,
          pageSize: '10',
          fields: 'files(id,name,mimeType,webViewLink,modifiedTime)',
          // Drive leaves shared drives out unless asked: a team's documents mostly live there.
          corpora: 'allDrives',
          includeItemsFromAllDrives: 'true',
          supportsAllDrives: 'true',
        }).toString();
        const found = await call.json<Json>(url);
        const items = arr(found.files).map((f) => ({ title: `${str(f.name)} (id ${str(f.id)}, ${str(f.mimeType)})`, url: str(f.webViewLink) || undefined }));
        return { content: listResults(items), untrusted: true, sources: sourcesOf('google_drive', items) };
      },
    }),
    integration({
      name: 'google_drive_read',
      provider: 'google-drive',
      description: "Reads a file from the asking person's Drive as plain text (Google Docs, Sheets, Slides, and uploaded PDF, Word and text files), by its id from google_drive_search.",
      schema: z.object({ fileId: z.string().regex(/^[A-Za-z0-9_-]{10,100}$/).describe('The Drive file id') }),
      async run({ fileId }, call) {
        const metaUrl = endpoints.api('google-drive', `/drive/v3/files/${fileId}`, 'https://www.googleapis.com');
        // Without supportsAllDrives, a shared drive's file is "not found".
        metaUrl.search = new URLSearchParams({ fields: 'id,name,mimeType,webViewLink,size', supportsAllDrives: 'true' }).toString();
        const meta = await call.json<Json>(metaUrl);
        const file = { id: fileId, title: str(meta.name) || fileId, mimeType: str(meta.mimeType), size: Number(str(meta.size) || Number.NaN) };
        // Only Docs Editors files export; an uploaded PDF or DOCX is refused (403 fileNotExportable) and is downloaded instead.
        const text = file.mimeType.startsWith(GOOGLE_APPS) ? await driveExport(endpoints, call, file) : await driveDownload(endpoints, call, file);
        const link = str(meta.webViewLink) || undefined;
        return { content: `# ${file.title}\n\n${text.slice(0, DRIVE_TEXT_CHARS)}`, untrusted: true, sources: sourcesOf('google_drive', [{ title: file.title, url: link }]) };
      },
    }),
    integration({
      name: 'google_calendar_events',
      provider: 'google-calendar',
      description: "Lists the asking person's upcoming Google Calendar events (primary calendar), soonest first, with their Meet links.",
      schema: z.object({ days: z.number().int().min(1).max(60).default(7).describe('How many days ahead to look') }),
      async run({ days }, call) {
        const now = Date.now();
        const url = endpoints.api('google-calendar', '/calendar/v3/calendars/primary/events', 'https://www.googleapis.com');
        url.search = new URLSearchParams({
          timeMin: new Date(now).toISOString(),
          timeMax: new Date(now + days * 86_400_000).toISOString(),
          singleEvents: 'true',
          orderBy: 'startTime',
          maxResults: '25',
        }).toString();
        const events = arr((await call.json<Json>(url)).items);
        const items = events.map((e) => ({
          title: `${str(obj(e.start).dateTime) || str(obj(e.start).date)}: ${str(e.summary) || '(no title)'}`,
          url: str(e.htmlLink) || undefined,
          text: [str(e.hangoutLink) ? `Meet: ${str(e.hangoutLink)}` : '', str(e.description)].filter(Boolean).join('\n'),
        }));
        return { content: listResults(items, 'No upcoming events.'), untrusted: true };
      },
    }),
    integration({
      name: 'google_meet_recent_meetings',
      provider: 'google-meet',
      description: "Lists the asking person's recent Google Meet meetings (conference records: when, which meeting space).",
      schema: z.object({ limit: z.number().int().min(1).max(25).default(10) }),
      async run({ limit }, call) {
        const url = endpoints.api('google-meet', '/v2/conferenceRecords');
        url.search = new URLSearchParams({ pageSize: String(limit) }).toString();
        const records = arr((await call.json<Json>(url)).conferenceRecords);
        const items = records.map((r) => ({ title: `${str(r.startTime)}: ${str(r.space)}`, text: str(r.endTime) ? `ended ${str(r.endTime)}` : '' }));
        return { content: listResults(items, 'No recent meetings.'), untrusted: true };
      },
    }),
    integration({
      name: 'youtube_my_videos',
      provider: 'youtube',
      description: "Lists the videos the asking person uploaded to their YouTube channel (titles, links, dates). Their transcripts can be read by sharing the link.",
      schema: z.object({ limit: z.number().int().min(1).max(50).default(10) }),
      async run({ limit }, call) {
        return youTubeVideos(endpoints, call, limit);
      },
    }),
  ];
}

const GOOGLE_APPS = 'application/vnd.google-apps.';
/** Characters of a Drive file given to the model. */
const DRIVE_TEXT_CHARS = 200_000;
/** Largest uploaded Drive file downloaded to be read, as for a file shared in Slack. */
export const MAX_DRIVE_FILE_BYTES = 20 * 1024 * 1024;

interface DriveFile {
  readonly id: string;
  readonly title: string;
  readonly mimeType: string;
  /** Bytes; NaN when Drive tells none (Docs Editors files). */
  readonly size: number;
}

/** A Docs Editors file exported as text (a spreadsheet as CSV): files.export. */
async function driveExport(endpoints: IntegrationEndpoints, call: ReturnType<typeof providerCall>, file: DriveFile): Promise<string> {
  const url = endpoints.api('google-drive', `/drive/v3/files/${file.id}/export`, 'https://www.googleapis.com');
  url.search = new URLSearchParams({ mimeType: file.mimeType === `${GOOGLE_APPS}spreadsheet` ? 'text/csv' : 'text/plain' }).toString();
  const response = await driveFetch(endpoints, call, url, file);
  return response.text();
}

/**
 * An uploaded file (PDF, Word, text…) downloaded (files.get?alt=media) up to
 * `MAX_DRIVE_FILE_BYTES` and read with the readers of files shared in Slack.
 */
async function driveDownload(endpoints: IntegrationEndpoints, call: ReturnType<typeof providerCall>, file: DriveFile): Promise<string> {
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(file.title)?.[1]?.toLowerCase();
  const shared = { id: file.id, name: file.title, mimetype: file.mimeType, ...(extension ? { filetype: extension } : {}), size: Number.isFinite(file.size) ? file.size : 0 };
  if (DOCUMENTS.kindOf(shared) !== 'text') throw new ToolError(`"${file.title}" is a ${file.mimeType || 'binary'} file in Google Drive, which Tomo cannot read as text.`);
  if (shared.size > MAX_DRIVE_FILE_BYTES) throw tooLarge(file);
  const url = endpoints.api('google-drive', `/drive/v3/files/${file.id}`, 'https://www.googleapis.com');
  url.search = new URLSearchParams({ alt: 'media', supportsAllDrives: 'true' }).toString();
  const response = await driveFetch(endpoints, call, url, file);
  const bytes = await readCapped(response, MAX_DRIVE_FILE_BYTES, () => tooLarge(file));
  try {
    const extracted = await DOCUMENTS.extract(bytes, shared, { signal: call.signal });
    return 'text' in extracted && typeof extracted.text === 'string' ? extracted.text : '';
  } catch (error) {
    if (error instanceof ReaderError) throw new ToolError(`"${file.title}" could not be read as text (${error.failure === 'too_large' ? 'too large' : error.message}).`);
    throw error;
  }
}

const DOCUMENTS = new DocumentFileContents();

function tooLarge(file: DriveFile): ToolError {
  return new ToolError(`"${file.title}" is too large to read (over ${MAX_DRIVE_FILE_BYTES / 1024 / 1024} MB).`);
}

/**
 * A Drive content request. Drive's 403 is also its answer for what the file does not allow
 * (reasons `fileNotExportable`, `exportSizeLimitExceeded`, `cannotDownloadFile`): told as such,
 * not as a refused connection (which made the model tell the person to reconnect).
 */
async function driveFetch(endpoints: IntegrationEndpoints, call: ReturnType<typeof providerCall>, url: URL, file: DriveFile): Promise<Response> {
  const response = await providerFetch(url, { provider: 'google-drive', token: call.token, signal: call.signal, timeoutMs: endpoints.timeoutMs, headers: { accept: '*/*' } });
  if (response.ok) return response;
  const body = await response.text().catch(() => '');
  if (response.status === 403) {
    const reasons = driveErrorReasons(body);
    if (reasons.includes('fileNotExportable') || reasons.includes('fileNotDownloadable')) {
      throw new ToolError(`"${file.title}" (${file.mimeType}) cannot be exported or downloaded as text from Google Drive.`);
    }
    if (reasons.includes('exportSizeLimitExceeded')) throw new ToolError(`"${file.title}" is too large for Google Drive to export as text (over 10 MB).`);
    if (reasons.includes('cannotDownloadFile') || reasons.includes('cannotExportFile')) {
      throw new ToolError(`The owner of "${file.title}" does not let viewers download, print or copy it, so Tomo cannot read it.`);
    }
  }
  throw new ProviderHttpError(response.status, 'google-drive');
}

/** The `reason`s of a Google API error body (`error.errors[].reason`), without its message. */
function driveErrorReasons(body: string): string[] {
  try {
    return arr(obj(obj(JSON.parse(body)).error).errors).map((e) => str(e.reason));
  } catch {
    return [];
  }
}


/** The person's uploads: channels?mine=true → the uploads playlist → its items. Also /api/get-youtube-videos. */
export async function youTubeVideos(endpoints: IntegrationEndpoints, call: ReturnType<typeof providerCall>, limit: number) {
  const channels = endpoints.api('youtube', '/youtube/v3/channels');
  channels.search = new URLSearchParams({ part: 'contentDetails', mine: 'true' }).toString();
  const uploads = str(obj(obj(obj(arr((await call.json<Json>(channels)).items)[0]).contentDetails).relatedPlaylists).uploads);
  if (uploads === '') return { content: 'The person has no YouTube channel.', untrusted: true, videos: [] };
  const list = endpoints.api('youtube', '/youtube/v3/playlistItems');
  list.search = new URLSearchParams({ part: 'snippet', playlistId: uploads, maxResults: String(limit) }).toString();
  const videos = arr((await call.json<Json>(list)).items).map((item) => {
    const snippet = obj(item.snippet);
    const id = str(obj(snippet.resourceId).videoId);
    return { id, title: str(snippet.title), publishedAt: str(snippet.publishedAt), url: `https://www.youtube.com/watch?v=${id}` };
  });
  const items = videos.map((v) => ({ title: `${v.title} (${v.publishedAt})`, url: v.url }));
  return { content: listResults(items, 'No videos.'), untrusted: true, sources: sourcesOf('youtube', items), videos };
}
