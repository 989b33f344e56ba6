import type { IncomingMessage, ServerResponse } from 'node:http';
import type { IntegrationFamilyId } from '../../../core/integrations/integration-provider';
import { header, sendJson } from '../support/http-fake';
import { CLIENT_ID, CLIENT_SECRET, parseForm, type FakeOAuthServer, type IssuedToken } from './fake-oauth-server';

/** One item of provider data, visible only to the accounts in `readers`. */
export interface FakeItem {
  readonly id: string;
  readonly title: string;
  readonly text: string;
  readonly url?: string;
  /** Account ids that may see it. */
  readonly readers: readonly string[];
  /** Spreadsheet rows, for Sheets. */
  readonly rows?: readonly (readonly string[])[];
  /** When it starts (calendar events, meetings). */
  readonly start?: string;
  /** Google Drive: the shared drive holding the file (none: the person's My Drive). */
  readonly sharedDrive?: string;
  /** Google Drive: the file's type; a Google Doc unless told (an upload: `application/pdf`…). */
  readonly mimeType?: string;
  /** Google Drive: an uploaded file's bytes (`files.get?alt=media`); `text` is then unused. */
  readonly bytes?: Buffer;
  /** Google Docs: the document's tabs (each with its own text and child tabs); the body is the first tab's. */
  readonly tabs?: readonly FakeTab[];
  /** Notion: the page's blocks, nested (toggles, columns, synced blocks); replaces `text`. */
  readonly blocks?: readonly FakeBlock[];
  /** Notion (`notion:databases`): each property's type; the `title` one names the rows. */
  readonly notionSchema?: Readonly<Record<string, FakeNotionType>>;
  /** Notion (`notion:databases`): the rows, property name to value. */
  readonly notionRows?: readonly Readonly<Record<string, FakeNotionValue>>[];
}

export type FakeNotionType = 'title' | 'rich_text' | 'number' | 'select' | 'status' | 'multi_select' | 'date' | 'checkbox' | 'people' | 'url';
export type FakeNotionValue = string | number | boolean | readonly string[];

export interface FakeTab {
  readonly title: string;
  readonly text: string;
  readonly childTabs?: readonly FakeTab[];
}

export interface FakeBlock {
  readonly type: string;
  readonly text?: string;
  /** A `table_row`: its cells' text, sent like Notion as `table_row.cells` (a rich text array per cell), not `rich_text`. */
  readonly cells?: readonly string[];
  /** A `table`: whether its first row is the column header (`table.has_column_header`). */
  readonly columnHeader?: boolean;
  readonly children?: readonly FakeBlock[];
  /**
   * A `child_page` or `child_database` block: the id of the page or database it is (as in
   * Notion, the block's own id), its title in `text`.
   */
  readonly ref?: string;
}

/** Data per family and kind: `google:docs`, `github:code`, `jira:issues`… */
export interface ApiWorld {
  data: Map<string, FakeItem[]>;
  /** Rate limits to answer first, per family: HTTP 429 with this `Retry-After` (seconds), one per request. */
  rateLimits?: Map<string, string[]>;
}

export function addItems(world: ApiWorld, key: string, ...items: FakeItem[]): void {
  world.data.set(key, [...(world.data.get(key) ?? []), ...items]);
}

export interface ApiContext {
  req: IncomingMessage;
  res: ServerResponse;
  body: Buffer;
  url: URL;
  /** The path after `/<family>/api`. */
  path: string;
  /** The live token of the request, if any. */
  token: IssuedToken | undefined;
  oauth: FakeOAuthServer;
  world: ApiWorld;
  origin: string;
}

type Handler = (ctx: ApiContext) => boolean | Promise<boolean>;

const visible = (ctx: ApiContext, key: string) => (ctx.world.data.get(key) ?? []).filter((item) => ctx.token && item.readers.includes(ctx.token.account.id));
const matching = (items: FakeItem[], query: string) => {
  const words = query.toLowerCase().split(/\s+/).filter((w) => w !== '' && !w.includes(':'));
  return items.filter((item) => words.every((w) => `${item.title} ${item.text}`.toLowerCase().includes(w)));
};
/** A missing, revoked or expired token: HTTP 401 everywhere, with each provider's own body. */
const unauthorized = (ctx: ApiContext, body: unknown = { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } }) => {
  sendJson(ctx.res, 401, body);
  return true;
};

/** Google: userinfo, Docs, Sheets, Slides, Drive, Calendar, Meet, YouTube (the paths of each API). */
const google: Handler = (ctx) => {
  const { path, res } = ctx;
  if (!ctx.token) return unauthorized(ctx);
  if (path === '/oauth2/v3/userinfo') return json(res, { sub: ctx.token.account.id, email: ctx.token.account.email, name: ctx.token.account.name });
  const doc = /^\/v1\/documents\/([\w-]+)$/.exec(path);
  if (doc) {
    if (!ctx.token.scope.includes('documents.readonly')) return forbidden(res);
    const item = visible(ctx, 'google:docs').find((d) => d.id === doc[1]);
    if (!item) return notFound(res);
    const body = (text: string) => ({ content: text.split('\n').map((line) => ({ paragraph: { elements: [{ textRun: { content: `${line}\n` } }] } })) });
    const tabs: readonly FakeTab[] = item.tabs ?? [{ title: 'Tab 1', text: item.text }];
    // Like the Docs API: without includeTabsContent, `body` is the first tab's only; with it,
    // every tab (and child tab) is under `tabs[].documentTab.body` and `body` is left out.
    if (ctx.url.searchParams.get('includeTabsContent') !== 'true') return json(res, { documentId: item.id, title: item.title, body: body(tabs[0]!.text) });
    const tab = (t: FakeTab, id: string, nestingLevel: number): unknown => ({
      tabProperties: { tabId: id, title: t.title, index: Number(id.split('.').pop()), nestingLevel },
      documentTab: { body: body(t.text) },
      ...(t.childTabs ? { childTabs: t.childTabs.map((c, n) => tab(c, `${id}.${n}`, nestingLevel + 1)) } : {}),
    });
    return json(res, { documentId: item.id, title: item.title, tabs: tabs.map((t, n) => tab(t, `t.${n}`, 0)) });
  }
  const sheet = /^\/v4\/spreadsheets\/([\w-]+)$/.exec(path);
  if (sheet) {
    if (!ctx.token.scope.includes('spreadsheets.readonly')) return forbidden(res);
    const item = visible(ctx, 'google:sheets').find((d) => d.id === sheet[1]);
    if (!item) return notFound(res);
    const includeGrid = ctx.url.searchParams.get('includeGridData') === 'true';
    return json(res, {
      spreadsheetId: item.id,
      properties: { title: item.title },
      sheets: [
        {
          properties: { title: 'Sheet1' },
          ...(includeGrid ? { data: [{ rowData: (item.rows ?? []).map((row) => ({ values: row.map((cell) => ({ formattedValue: cell })) })) }] } : {}),
        },
      ],
    });
  }
  const slides = /^\/v1\/presentations\/([\w-]+)$/.exec(path);
  if (slides) {
    if (!ctx.token.scope.includes('presentations.readonly')) return forbidden(res);
    const item = visible(ctx, 'google:slides').find((d) => d.id === slides[1]);
    if (!item) return notFound(res);
    return json(res, {
      presentationId: item.id,
      title: item.title,
      slides: item.text.split('\n---\n').map((slide) => ({
        pageElements: [{ shape: { text: { textElements: [{ textRun: { content: slide } }] } } }],
      })),
    });
  }
  if (path === '/drive/v3/files') {
    if (!ctx.token.scope.includes('drive.readonly')) return forbidden(res);
    const q = ctx.url.searchParams.get('q') ?? '';
    const term = /fullText contains '((?:[^'\\]|\\.)*)'/.exec(q)?.[1]?.replace(/\\(.)/g, '$1') ?? '';
    // Like Drive: shared drives' files only for an app that says it supports them and asks for them.
    const allDrives = sharedDrivesAsked(ctx);
    if (allDrives === 'refused') return badRequest(res, 'The includeItemsFromAllDrives parameter can only be set to true if supportsAllDrives is also true.');
    const files = matching(visible(ctx, 'google:drive'), term).filter((f) => f.sharedDrive === undefined || allDrives);
    return json(res, { files: files.map((f) => ({ id: f.id, name: f.title, mimeType: driveMimeType(f), webViewLink: f.url })) });
  }
  const exported = /^\/drive\/v3\/files\/([\w-]+)\/export$/.exec(path);
  if (exported) {
    if (!ctx.token.scope.includes('drive.readonly')) return forbidden(res);
    const item = visible(ctx, 'google:drive').find((d) => d.id === exported[1]);
    if (!item) return notFound(res);
    // Like Drive: only Docs Editors files export; an uploaded PDF or DOCX is refused with 403.
    if (!driveMimeType(item).startsWith('application/vnd.google-apps.')) return driveRefusal(res, 'fileNotExportable', 'Export only supports Docs Editors files.');
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(item.text);
    return true;
  }
  const file = /^\/drive\/v3\/files\/([\w-]+)$/.exec(path);
  if (file) {
    const item = visible(ctx, 'google:drive').find((d) => d.id === file[1]);
    // A shared drive's file is "not found" to an app that does not say supportsAllDrives=true.
    if (!item || (item.sharedDrive !== undefined && ctx.url.searchParams.get('supportsAllDrives') !== 'true')) return notFound(res);
    const mimeType = driveMimeType(item);
    const google = mimeType.startsWith('application/vnd.google-apps.');
    if (ctx.url.searchParams.get('alt') === 'media') {
      if (!ctx.token.scope.includes('drive.readonly')) return forbidden(res);
      // Like Drive: a Docs Editors file has no bytes of its own to download; it is exported.
      if (google) return driveRefusal(res, 'fileNotDownloadable', 'Only files with binary content can be downloaded. Use Export with Docs Editors files.');
      const bytes = item.bytes ?? Buffer.from(item.text, 'utf8');
      res.writeHead(200, { 'content-type': mimeType, 'content-length': String(bytes.length) }).end(bytes);
      return true;
    }
    // Drive gives `size` (a string) only for files with bytes of their own.
    const size = google ? {} : { size: String((item.bytes ?? Buffer.from(item.text, 'utf8')).length) };
    return json(res, { id: item.id, name: item.title, mimeType, webViewLink: item.url, ...size });
  }
  if (path === '/calendar/v3/calendars/primary/events') {
    if (!ctx.token.scope.includes('calendar.readonly')) return forbidden(res);
    const events = visible(ctx, 'google:calendar');
    return json(res, {
      items: events.map((e) => ({ id: e.id, summary: e.title, description: e.text, start: { dateTime: e.start }, htmlLink: e.url, hangoutLink: e.url })),
    });
  }
  if (path === '/v2/conferenceRecords') {
    if (!ctx.token.scope.includes('meetings.space.readonly')) return forbidden(res);
    return json(res, {
      conferenceRecords: visible(ctx, 'google:meet').map((m) => ({ name: `conferenceRecords/${m.id}`, startTime: m.start, space: `spaces/${m.title}` })),
    });
  }
  if (path === '/youtube/v3/channels') {
    if (!ctx.token.scope.includes('youtube.readonly')) return forbidden(res);
    return json(res, { items: [{ id: `UC${ctx.token.account.id}`, contentDetails: { relatedPlaylists: { uploads: `UU${ctx.token.account.id}` } } }] });
  }
  if (path === '/youtube/v3/playlistItems') {
    if (!ctx.token.scope.includes('youtube.readonly')) return forbidden(res);
    return json(res, {
      items: visible(ctx, 'google:youtube').map((v) => ({
        snippet: { title: v.title, description: v.text, publishedAt: v.start, resourceId: { videoId: v.id } },
      })),
    });
  }
  return false;
};

const GITHUB_BAD_CREDENTIALS = { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' };

/** GitHub: the user, code and issue search over what the account can see, grant deletion. */
const github: Handler = (ctx) => {
  const { path, res, req } = ctx;
  const grant = /^\/applications\/([^/]+)\/grant$/.exec(path);
  if (grant && req.method === 'DELETE') {
    if (ctx.oauth.revokeDown.has('github')) {
      res.writeHead(503).end();
      return true;
    }
    const basic = header(req, 'authorization') ?? '';
    const [id, secret] = Buffer.from(basic.replace(/^Basic /, ''), 'base64').toString('utf8').split(':');
    if (id !== CLIENT_ID('github') || secret !== CLIENT_SECRET('github') || decodeURIComponent(grant[1]!) !== id) return unauthorized(ctx, GITHUB_BAD_CREDENTIALS);
    const { access_token: accessToken } = parseForm(req, ctx.body);
    const token = ctx.oauth.tokens.get(accessToken ?? '');
    if (!token) return notFound(res);
    ctx.oauth.revokeGrant(token);
    res.writeHead(204).end();
    return true;
  }
  if (!ctx.token) return unauthorized(ctx, GITHUB_BAD_CREDENTIALS);
  if (path === '/user') return json(res, { login: ctx.token.account.id.replace('acct-', ''), name: ctx.token.account.name });
  if (path === '/search/code') {
    const items = matching(visible(ctx, 'github:code'), ctx.url.searchParams.get('q') ?? '');
    return json(res, {
      total_count: items.length,
      items: items.map((i) => ({ name: i.title.split('/').pop(), path: i.title, html_url: i.url, repository: { full_name: i.id }, text_matches: [{ fragment: i.text }] })),
    });
  }
  if (path === '/search/issues') {
    const items = matching(visible(ctx, 'github:issues'), ctx.url.searchParams.get('q') ?? '');
    return json(res, { total_count: items.length, items: items.map((i) => ({ title: i.title, body: i.text, html_url: i.url, state: 'open', number: 1 })) });
  }
  return false;
};

/** GitLab: the user and /search over what the account can see. */
const gitlab: Handler = (ctx) => {
  if (!ctx.token) return unauthorized(ctx);
  if (ctx.path === '/user') return json(ctx.res, { username: ctx.token.account.id.replace('acct-', ''), name: ctx.token.account.name });
  if (ctx.path === '/search') {
    const items = matching(visible(ctx, `gitlab:${ctx.url.searchParams.get('scope') ?? 'issues'}`), ctx.url.searchParams.get('search') ?? '');
    return json(ctx.res, items.map((i) => ({ title: i.title, description: i.text, web_url: i.url })));
  }
  return false;
};

/** Notion: search, a page and its blocks, a database and its rows (Notion-Version 2022-06-28). */
const notion: Handler = (ctx) => {
  if (!ctx.token) return unauthorized(ctx, { object: 'error', status: 401, code: 'unauthorized', message: 'API token is invalid.' });
  if (header(ctx.req, 'notion-version') !== '2022-06-28') {
    sendJson(ctx.res, 400, { object: 'error', code: 'missing_version' });
    return true;
  }
  const title = (i: FakeItem) => ({ title: { type: 'title', title: [{ plain_text: i.title }] } });
  if (ctx.path === '/v1/search' && ctx.req.method === 'POST') {
    const { query } = JSON.parse(ctx.body.toString('utf8') || '{}') as { query?: string };
    // Databases too: their title is their own `title`; `properties` is their column schema.
    const databases = matching(visible(ctx, 'notion:databases'), query ?? '').map((i) => ({
      object: 'database',
      id: i.id,
      url: i.url,
      title: [{ plain_text: i.title }],
      properties: Object.fromEntries(Object.entries(i.notionSchema ?? { Name: 'title' }).map(([name, type]) => [name, { id: name, name, type, [type]: {} }])),
    }));
    return json(ctx.res, { results: [...matching(visible(ctx, 'notion:pages'), query ?? '').map((i) => ({ object: 'page', id: i.id, url: i.url, properties: title(i) })), ...databases] });
  }
  const notionNotFound = (kind: string, id: string) => {
    sendJson(ctx.res, 404, { object: 'error', status: 404, code: 'object_not_found', message: `Could not find ${kind} with ID: ${id}. Make sure the relevant pages and databases are shared with your integration.` });
    return true;
  };
  // Like Notion: at most page_size (100 by default and at most) results, then has_more and next_cursor.
  const paged = (all: readonly { id: string }[], size: number, cursor: string | null | undefined) => {
    const from = cursor === null || cursor === undefined ? 0 : all.findIndex((b) => b.id === cursor);
    if (from < 0) {
      sendJson(ctx.res, 400, { object: 'error', status: 400, code: 'validation_error', message: 'start_cursor is invalid.' });
      return true;
    }
    const limit = Math.min(100, Math.max(1, size || 100));
    const next = all[from + limit];
    return json(ctx.res, { object: 'list', results: all.slice(from, from + limit), has_more: next !== undefined, next_cursor: next?.id ?? null });
  };
  const database = /^\/v1\/databases\/([\w-]+)(\/query)?$/.exec(ctx.path);
  if (database) {
    const db = visible(ctx, 'notion:databases').find((i) => i.id === database[1]);
    if (!db) return notionNotFound('database', database[1]!);
    const schema = db.notionSchema ?? { Name: 'title' };
    if (!database[2] && ctx.req.method === 'GET') {
      const properties = Object.fromEntries(Object.entries(schema).map(([name, type]) => [name, { id: name, name, type, [type]: {} }]));
      return json(ctx.res, { object: 'database', id: db.id, url: db.url, title: [{ plain_text: db.title }], description: db.text ? [{ plain_text: db.text }] : [], properties });
    }
    if (database[2] && ctx.req.method === 'POST') {
      const { page_size, start_cursor } = JSON.parse(ctx.body.toString('utf8') || '{}') as { page_size?: number; start_cursor?: string };
      const rows = (db.notionRows ?? []).map((row, n) => ({
        object: 'page',
        id: `${db.id}-row-${n}`,
        parent: { type: 'database_id', database_id: db.id },
        properties: Object.fromEntries(Object.entries(schema).map(([name, type]) => [name, notionPropertyValue(type, row[name])])),
      }));
      return paged(rows, page_size ?? 100, start_cursor);
    }
    return false;
  }
  const page = /^\/v1\/pages\/([\w-]+)$/.exec(ctx.path);
  const blocks = /^\/v1\/blocks\/([\w-]+)\/children$/.exec(ctx.path);
  const id = page?.[1] ?? blocks?.[1];
  if (id) {
    if (page && visible(ctx, 'notion:databases').some((d) => d.id === id)) {
      // Notion's answer to a database's id at the page endpoint.
      sendJson(ctx.res, 400, { object: 'error', status: 400, code: 'validation_error', message: `Provided ID ${id} is a database, not a page. Use the retrieve database API instead.` });
      return true;
    }
    const item = visible(ctx, 'notion:pages').find((i) => i.id === id);
    // A block's own children: its id is `<page id>_<position>_<position>…`.
    const parent = item ? undefined : notionBlockAt(visible(ctx, 'notion:pages'), id);
    if (!item && !parent) return notionNotFound(page ? 'page' : 'block', id);
    if (page) return item ? json(ctx.res, { object: 'page', id: item.id, url: item.url, properties: title(item) }) : notionNotFound('page', id);
    const children: readonly FakeBlock[] = item ? (item.blocks ?? item.text.split('\n').map((line) => ({ type: 'paragraph', text: line }))) : (parent!.children ?? []);
    // Like Notion: one level only; a block with children says has_children and its children are listed by its id.
    // A sub-page's or database's block has its id, and its title in `child_page.title` / `child_database.title`.
    const all = children.map((b, n) => ({
      object: 'block',
      id: b.ref ?? (item ? (item.blocks ? `${id}_${n}` : `block-${n}`) : `${id}_${n}`),
      type: b.type,
      has_children: b.type === 'child_page' || (b.children ?? []).length > 0,
      [b.type]: notionBlockBody(b),
    }));
    return paged(all, Number(ctx.url.searchParams.get('page_size') ?? 100), ctx.url.searchParams.get('start_cursor'));
  }
  return false;
};

/** A fake row's value as a Notion page property value of its type. */
function notionPropertyValue(type: FakeNotionType, value: FakeNotionValue | undefined): Record<string, unknown> {
  const rich = (text: string) => (text === '' ? [] : [{ type: 'text', text: { content: text, link: null }, plain_text: text, href: null }]);
  const text = value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value);
  const list = value === undefined ? [] : Array.isArray(value) ? (value as string[]) : [String(value)];
  const body: Record<FakeNotionType, unknown> = {
    title: rich(text),
    rich_text: rich(text),
    number: typeof value === 'number' ? value : null,
    select: text === '' ? null : { id: text, name: text, color: 'default' },
    status: text === '' ? null : { id: text, name: text, color: 'default' },
    multi_select: list.map((name) => ({ id: name, name, color: 'default' })),
    date: text === '' ? null : { start: text, end: null, time_zone: null },
    checkbox: value === true,
    people: list.map((name) => ({ object: 'user', id: `user-${name}`, name })),
    url: text === '' ? null : text,
  };
  return { id: type, type, [type]: body[type] };
}

/** Atlassian: /me, the sites, Jira JQL search and Confluence CQL search on the site of the account. */
const atlassian: Handler = (ctx) => {
  if (!ctx.token) return unauthorized(ctx);
  const account = ctx.token.account;
  if (ctx.path === '/me') return json(ctx.res, { account_id: account.id, email: account.email, name: account.name });
  if (ctx.path === '/oauth/token/accessible-resources') {
    return json(ctx.res, [{ id: `cloud-${account.id}`, name: 'acme', url: 'https://acme.atlassian.net', scopes: ctx.token.scope.split(' ') }]);
  }
  const jira = /^\/ex\/jira\/([^/]+)\/rest\/api\/3\/search\/jql$/.exec(ctx.path);
  if (jira) {
    if (jira[1] !== `cloud-${account.id}`) return forbidden(ctx.res);
    const text = /text ~ "((?:[^"\\]|\\.)*)"/.exec(ctx.url.searchParams.get('jql') ?? '')?.[1] ?? '';
    const issues = matching(visible(ctx, 'atlassian:jira'), text);
    return json(ctx.res, { issues: issues.map((i) => ({ key: i.id, fields: { summary: i.title, status: { name: 'In Progress' }, assignee: { displayName: account.name } } })) });
  }
  const confluence = /^\/ex\/confluence\/([^/]+)\/wiki\/rest\/api\/search$/.exec(ctx.path);
  if (confluence) {
    if (confluence[1] !== `cloud-${account.id}`) return forbidden(ctx.res);
    const text = /text ~ "((?:[^"\\]|\\.)*)"/.exec(ctx.url.searchParams.get('cql') ?? '')?.[1] ?? '';
    const pages = matching(visible(ctx, 'atlassian:confluence'), text);
    return json(ctx.res, { results: pages.map((p) => ({ title: p.title, excerpt: `@@@hl@@@${p.text}@@@endhl@@@`, url: `/spaces/ENG/pages/${p.id}` })) });
  }
  return false;
};

/** Asana: workspaces and the task typeahead. */
const asana: Handler = (ctx) => {
  if (!ctx.token) return unauthorized(ctx);
  if (ctx.path === '/workspaces') return json(ctx.res, { data: [{ gid: '1001', name: 'Acme' }] });
  if (ctx.path === '/workspaces/1001/typeahead') {
    const tasks = matching(visible(ctx, 'asana:tasks'), ctx.url.searchParams.get('query') ?? '');
    return json(ctx.res, { data: tasks.map((t) => ({ gid: t.id, name: t.title, completed: false, permalink_url: t.url })) });
  }
  return false;
};

/** Trello: the member and /search, with the API key and the token as parameters. */
const trello: Handler = (ctx) => {
  const token = ctx.oauth.tokens.get(ctx.url.searchParams.get('token') ?? '');
  if (ctx.url.searchParams.get('key') !== CLIENT_ID('trello') || !token || token.revoked) {
    ctx.res.writeHead(401, { 'content-type': 'text/plain' }).end('invalid token');
    return true;
  }
  const scoped = { ...ctx, token };
  const tokenPath = /^\/tokens\/([^/]+)\/?$/.exec(ctx.path);
  if (tokenPath && ctx.req.method === 'DELETE') {
    ctx.oauth.revokeGrant(token);
    return json(ctx.res, { _value: null });
  }
  if (ctx.path === '/members/me') return json(ctx.res, { id: token.account.id, username: token.account.id.replace('acct-', ''), fullName: token.account.name });
  if (ctx.path === '/search') {
    const cards = matching(visible(scoped, 'trello:cards'), ctx.url.searchParams.get('query') ?? '');
    return json(ctx.res, { boards: [], cards: cards.map((c) => ({ id: c.id, name: c.title, desc: c.text, shortUrl: c.url })) });
  }
  return false;
};

/** monday.com: GraphQL with the token as the Authorization header itself (me, boards with items). */
const monday: Handler = (ctx) => {
  const token = ctx.oauth.tokens.get(header(ctx.req, 'authorization') ?? '');
  if (!token || token.revoked) {
    sendJson(ctx.res, 401, { errors: [{ message: 'Not Authenticated' }] });
    return true;
  }
  const scoped = { ...ctx, token };
  const { query, variables } = JSON.parse(ctx.body.toString('utf8') || '{}') as { query?: string; variables?: { q?: string } };
  if (query?.includes('me {')) return json(ctx.res, { data: { me: { name: token.account.name, email: token.account.email } } });
  if (query?.includes('items_page')) {
    const items = matching(visible(scoped, 'monday:items'), variables?.q ?? '');
    return json(ctx.res, { data: { boards: [{ name: 'Roadmap', url: 'https://acme.monday.com/boards/1', items_page: { items: items.map((i) => ({ name: i.title, url: i.url })) } }] } });
  }
  return false;
};

/** Salesforce: userinfo and parameterized search on the instance. */
const salesforce: Handler = (ctx) => {
  if (!ctx.token) return unauthorized(ctx);
  if (ctx.path === '/services/oauth2/userinfo') return json(ctx.res, { preferred_username: ctx.token.account.email, email: ctx.token.account.email });
  if (ctx.path === '/services/data/v60.0/parameterizedSearch/') {
    const records = matching(visible(ctx, 'salesforce:records'), ctx.url.searchParams.get('q') ?? '');
    return json(ctx.res, { searchRecords: records.map((r) => ({ attributes: { type: 'Account' }, Id: r.id, Name: r.title })) });
  }
  return false;
};

/** Zoom: the user and upcoming meetings. */
const zoom: Handler = (ctx) => {
  if (!ctx.token) return unauthorized(ctx);
  if (ctx.path === '/users/me') return json(ctx.res, { id: ctx.token.account.id, email: ctx.token.account.email, display_name: ctx.token.account.name });
  if (ctx.path === '/users/me/meetings') {
    return json(ctx.res, { meetings: visible(ctx, 'zoom:meetings').map((m) => ({ id: m.id, topic: m.title, start_time: m.start, join_url: m.url })) });
  }
  return false;
};

/** X: the user and recent search. */
const x: Handler = (ctx) => {
  if (!ctx.token) return unauthorized(ctx);
  if (ctx.path === '/users/me') return json(ctx.res, { data: { id: ctx.token.account.id, username: ctx.token.account.id.replace('acct-', '') } });
  if (ctx.path === '/tweets/search/recent') {
    const posts = matching(visible(ctx, 'x:posts'), ctx.url.searchParams.get('query') ?? '');
    return json(ctx.res, { data: posts.map((p) => ({ id: p.id, text: p.text, created_at: p.start })) });
  }
  return false;
};

export function providerApis(): Partial<Record<IntegrationFamilyId, Handler>> {
  return { google, github, gitlab, notion, atlassian, asana, trello, monday, salesforce, zoom, x };
}

export function json(res: ServerResponse, body: unknown): true {
  sendJson(res, 200, body);
  return true;
}

export function notFound(res: ServerResponse): true {
  sendJson(res, 404, { error: { code: 404, message: 'Requested entity was not found.' } });
  return true;
}

export function badRequest(res: ServerResponse, message: string): true {
  sendJson(res, 400, { error: { code: 400, message, status: 'INVALID_ARGUMENT' } });
  return true;
}

/** A fake block's type-specific object, shaped like Notion's (a table's rows are its children). */
function notionBlockBody(b: FakeBlock): Record<string, unknown> {
  const rich = (text: string) => [{ type: 'text', text: { content: text, link: null }, plain_text: text, href: null }];
  if (b.type === 'table_row') return { cells: (b.cells ?? []).map((cell) => (cell === '' ? [] : rich(cell))) };
  if (b.type === 'table') return { table_width: b.children?.[0]?.cells?.length ?? 0, has_column_header: b.columnHeader ?? false, has_row_header: false };
  if (b.type === 'synced_block' && b.text === undefined) return { synced_from: null };
  if (b.type === 'child_page' || b.type === 'child_database') return { title: b.text ?? '' };
  return b.text === undefined ? {} : { rich_text: rich(b.text) };
}

/** The nested Notion block with the id `<page id>_<n>_<n>…`, if any. */
function notionBlockAt(pages: readonly FakeItem[], id: string): FakeBlock | undefined {
  const [pageId, ...path] = id.split('_');
  let blocks = pages.find((p) => p.id === pageId)?.blocks;
  let block: FakeBlock | undefined;
  for (const n of path) {
    block = blocks?.[Number(n)];
    blocks = block?.children;
  }
  return path.length === 0 ? undefined : block;
}

/** A Drive file's type: a Google Doc unless the item says otherwise. */
function driveMimeType(item: FakeItem): string {
  return item.mimeType ?? 'application/vnd.google-apps.document';
}

/** Drive's 403 for a request the file does not allow, with its reason (not a refused token). */
function driveRefusal(res: ServerResponse, reason: string, message: string): true {
  sendJson(res, 403, { error: { code: 403, message, errors: [{ message, domain: 'global', reason, location: 'fileId', locationType: 'parameter' }] } });
  return true;
}

/** Drive files.list: whether shared drives are searched (both flags, and `corpora=allDrives` rather than the default `user`). */
function sharedDrivesAsked(ctx: ApiContext): boolean | 'refused' {
  const include = ctx.url.searchParams.get('includeItemsFromAllDrives') === 'true';
  const supports = ctx.url.searchParams.get('supportsAllDrives') === 'true';
  if (include && !supports) return 'refused';
  return include && ctx.url.searchParams.get('corpora') === 'allDrives';
}

export function forbidden(res: ServerResponse): true {
  sendJson(res, 403, { error: { code: 403, message: 'Request had insufficient authentication scopes.' } });
  return true;
}
