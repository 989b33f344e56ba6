import { WebClient } from '@slack/web-api';
import { quietLogger } from '../slack/slack-api-caller';
import { z } from 'zod';
import { INTEGRATION_FAMILIES } from '../../core/integrations/integration-provider';
import { ToolError, type Tool } from '../../core/tools/tool';
import { ReaderError, type Reader } from '../../core/readers/reader';
import { IGNORE_REFUSALS, integrationTool, listResults, providerCall, sourcesOf, toReaderError, withAskerToken, type IntegrationCall, type IntegrationToolSpec, type TokenRefused } from './integration-tool';
import type { IntegrationEndpoints } from './integration-settings';
import { ProviderHttpError, providerJson } from './provider-http';

type Json = Record<string, unknown>;
const arr = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const obj = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});
const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const query = z.string().trim().min(1).max(200).describe('Words to look for');
const withSearch = (url: URL, params: Record<string, string>) => {
  url.search = new URLSearchParams(params).toString();
  return url;
};
/** A quoted string for JQL and CQL. */
const quoted = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/**
 * At least one tool per connected provider besides Google: code and issue search (GitHub,
 * GitLab), Slack message search with the person's own token, Notion, Jira, Confluence,
 * Asana, Trello, monday.com, Salesforce, Zoom and X. Each acts only with the asker's token.
 */
export function integrationProviderTools(endpoints: IntegrationEndpoints, refused: TokenRefused = IGNORE_REFUSALS): Tool[] {
  const integration = <S extends z.ZodObject>(spec: IntegrationToolSpec<S>) => integrationTool(endpoints, spec, refused);
  const github = { accept: 'application/vnd.github.text-match+json', 'x-github-api-version': '2022-11-28' };
  return [
    integration({
      name: 'github_search_code',
      provider: 'github',
      description:
        "Searches code in the GitHub repositories the asking person can see (their private ones included). Use GitHub search qualifiers such as repo:owner/name or language:ts. Returns files with matching fragments.",
      schema: z.object({ query }),
      async run(args, call) {
        const found = await call.json<Json>(withSearch(endpoints.api('github', '/search/code'), { q: args.query, per_page: '10' }), { headers: github });
        const items = arr(found.items).map((i) => ({
          title: `${str(obj(i.repository).full_name)}: ${str(i.path)}`,
          url: str(i.html_url) || undefined,
          text: arr(i.text_matches).map((m) => str(m.fragment)).join('\n…\n'),
        }));
        return { content: listResults(items), untrusted: true, sources: sourcesOf('github', items) };
      },
    }),
    integration({
      name: 'github_search_issues',
      provider: 'github',
      description: 'Searches issues and pull requests in the GitHub repositories the asking person can see. Supports qualifiers like repo:, is:open, is:pr.',
      schema: z.object({ query }),
      async run(args, call) {
        const found = await call.json<Json>(withSearch(endpoints.api('github', '/search/issues'), { q: args.query, per_page: '10' }), { headers: github });
        const items = arr(found.items).map((i) => ({ title: `${str(i.title)} (${str(i.state)})`, url: str(i.html_url) || undefined, text: str(i.body).slice(0, 500) }));
        return { content: listResults(items), untrusted: true, sources: sourcesOf('github', items) };
      },
    }),
    integration({
      name: 'gitlab_search',
      provider: 'gitlab',
      description: 'Searches the GitLab projects, issues, merge requests or code (blobs) the asking person can see.',
      schema: z.object({ query, scope: z.enum(['projects', 'issues', 'merge_requests', 'blobs']).default('issues') }),
      async run(args, call) {
        const found = await call.json<Json[]>(withSearch(endpoints.api('gitlab', '/search'), { scope: args.scope, search: args.query, per_page: '10' }));
        const items = arr(found).map((i) => ({
          title: str(i.title) || str(i.name_with_namespace) || str(i.path) || str(i.filename),
          url: str(i.web_url) || undefined,
          text: (str(i.description) || str(i.data)).slice(0, 500),
        }));
        return { content: listResults(items), untrusted: true, sources: sourcesOf('gitlab', items) };
      },
    }),
    integration({
      name: 'slack_search_messages',
      provider: 'slack',
      description:
        "Searches Slack messages with the asking person's own access: everything they can see in the workspace, their private channels and DMs included. Supports Slack search modifiers (in:#channel, from:@name, after:2024-01-01).",
      schema: z.object({ query }),
      async run(args, call) {
        const slack = new WebClient(call.token, { slackApiUrl: endpoints.api('slack', '/').href, retryConfig: { retries: 1 }, timeout: endpoints.timeoutMs, logger: quietLogger });
        let found;
        try {
          found = await slack.search.messages({ query: args.query, count: 10, sort: 'score' });
        } catch (error) {
          const code = (error as { data?: { error?: string } }).data?.error;
          if (code === 'invalid_auth' || code === 'token_revoked' || code === 'missing_scope') throw new ProviderHttpError(401, 'slack');
          throw error;
        }
        const items = (found.messages?.matches ?? []).map((m) => ({
          title: `#${m.channel?.name ?? m.channel?.id ?? '?'}, ${m.username ?? m.user ?? ''}`,
          url: m.permalink,
          text: (m.text ?? '').slice(0, 600),
        }));
        return { content: listResults(items), untrusted: true, sources: sourcesOf('slack_message', items) };
      },
    }),
    integration({
      name: 'notion_search',
      provider: 'notion',
      description: 'Searches the Notion pages and databases the asking person shared with Tomo. Returns titles, links and ids; read a page with notion_read_page.',
      schema: z.object({ query }),
      async run(args, call) {
        const found = await call.json<Json>(endpoints.api('notion', '/v1/search'), { json: { query: args.query, page_size: 10 }, headers: NOTION });
        const items = arr(found.results).map((r) => ({ title: `${notionTitle(r)} (id ${str(r.id)})`, url: str(r.url) || undefined }));
        return { content: listResults(items), untrusted: true, sources: sourcesOf('notion', items) };
      },
    }),
    integration({
      name: 'notion_read_page',
      provider: 'notion',
      description:
        "Reads a Notion page's text by its id (from notion_search, or the 32 hex characters at the end of a Notion link), with its sub-pages and the rows of its databases; or a database's rows by the database's id.",
      schema: z.object({ pageId: z.string().regex(/^[0-9a-fA-F-]{32,36}$/).describe('The page or database id') }),
      async run(args, call) {
        const read = await readNotion(endpoints, call, args.pageId);
        return { content: `# ${read.title}\n\n${read.text}`, untrusted: true, sources: sourcesOf('notion', [{ title: read.title, url: read.url }]) };
      },
    }),
    integration({
      name: 'jira_search_issues',
      provider: 'atlassian-jira',
      description: "Searches Jira issues the asking person can see, by text (summary, description, comments). Returns keys, summaries, status and links.",
      schema: z.object({ query }),
      async run(args, call) {
        const site = await atlassianSite(endpoints, call, 'atlassian-jira', 'jira');
        const url = withSearch(endpoints.api('atlassian-jira', `/ex/jira/${site.id}/rest/api/3/search/jql`), {
          jql: `text ~ ${quoted(args.query)} order by updated desc`,
          fields: 'summary,status,assignee',
          maxResults: '10',
        });
        const found = await call.json<Json>(url);
        const items = arr(found.issues).map((i) => {
          const fields = obj(i.fields);
          return {
            title: `${str(i.key)}: ${str(fields.summary)} (${str(obj(fields.status).name)})`,
            url: site.url ? `${site.url}/browse/${str(i.key)}` : undefined,
            text: str(obj(fields.assignee).displayName) ? `Assignee: ${str(obj(fields.assignee).displayName)}` : '',
          };
        });
        return { content: listResults(items), untrusted: true, sources: sourcesOf('jira', items) };
      },
    }),
    integration({
      name: 'confluence_search',
      provider: 'atlassian-confluence',
      description: 'Searches Confluence pages the asking person can see, by text. Returns titles, excerpts and links.',
      schema: z.object({ query }),
      async run(args, call) {
        const site = await atlassianSite(endpoints, call, 'atlassian-confluence', 'confluence');
        const url = withSearch(endpoints.api('atlassian-confluence', `/ex/confluence/${site.id}/wiki/rest/api/search`), {
          cql: `text ~ ${quoted(args.query)} and type = page`,
          limit: '10',
        });
        const found = await call.json<Json>(url);
        const items = arr(found.results).map((r) => ({
          title: str(r.title) || str(obj(r.content).title),
          url: site.url && str(r.url) ? `${site.url}/wiki${str(r.url)}` : undefined,
          text: str(r.excerpt).replace(/@@@(end)?hl@@@/g, ''),
        }));
        return { content: listResults(items), untrusted: true, sources: sourcesOf('confluence', items) };
      },
    }),
    integration({
      name: 'asana_search_tasks',
      provider: 'asana',
      description: "Finds Asana tasks by name in the asking person's workspaces. Returns names, whether done, and links.",
      schema: z.object({ query }),
      async run(args, call) {
        const workspaces = arr((await call.json<Json>(endpoints.api('asana', '/workspaces'))).data).slice(0, 3);
        const items: { title: string; url?: string | undefined }[] = [];
        for (const workspace of workspaces) {
          const url = withSearch(endpoints.api('asana', `/workspaces/${str(workspace.gid)}/typeahead`), {
            resource_type: 'task',
            query: args.query,
            count: '10',
            opt_fields: 'name,completed,permalink_url',
          });
          for (const task of arr((await call.json<Json>(url)).data)) {
            items.push({ title: `${str(task.name)}${task.completed === true ? ' (done)' : ''}`, url: str(task.permalink_url) || undefined });
          }
        }
        return { content: listResults(items), untrusted: true, sources: sourcesOf('asana', items) };
      },
    }),
    integration({
      name: 'trello_search',
      provider: 'atlassian-trello',
      description: "Searches the asking person's Trello boards and cards. Returns card names, descriptions and links.",
      schema: z.object({ query }),
      async run(args, call) {
        const key = endpoints.family('trello')?.clientId ?? '';
        const url = withSearch(endpoints.api('atlassian-trello', '/search'), {
          query: args.query,
          modelTypes: 'cards,boards',
          cards_limit: '10',
          boards_limit: '5',
          key,
          token: call.token,
        });
        // Trello takes the API key and the person's token as parameters, not a bearer header.
        const found = await providerJson<Json>(url, { provider: 'atlassian-trello', signal: call.signal, timeoutMs: endpoints.timeoutMs });
        const items = [
          ...arr(found.boards).map((b) => ({ title: `Board: ${str(b.name)}`, url: str(b.shortUrl) || str(b.url) || undefined })),
          ...arr(found.cards).map((c) => ({ title: `Card: ${str(c.name)}`, url: str(c.shortUrl) || str(c.url) || undefined, text: str(c.desc).slice(0, 500) })),
        ];
        return { content: listResults(items), untrusted: true, sources: sourcesOf('trello', items) };
      },
    }),
    integration({
      name: 'monday_search_items',
      provider: 'monday',
      description: "Finds items by name on the asking person's monday.com boards. Returns item names, their board, and links.",
      schema: z.object({ query }),
      async run(args, call) {
        const graphql =
          'query ($q: CompareValue!) { boards(limit: 10) { name url items_page(limit: 10, query_params: { rules: [{ column_id: "name", compare_value: $q, operator: contains_text }] }) { items { name url } } } }';
        // monday.com takes the token as the Authorization header itself.
        const found = await call.json<Json>(endpoints.api('monday', '/'), {
          json: { query: graphql, variables: { q: args.query } },
          headers: { authorization: call.token, 'api-version': '2024-10' },
        });
        if (arr(found.errors).length > 0) throw new ToolError('monday.com refused the search.');
        const items = arr(obj(found.data).boards).flatMap((board) =>
          arr(obj(board.items_page).items).map((item) => ({ title: `${str(item.name)} (board ${str(board.name)})`, url: str(item.url) || undefined })),
        );
        return { content: listResults(items), untrusted: true, sources: sourcesOf('monday', items) };
      },
    }),
    integration({
      name: 'salesforce_search',
      provider: 'salesforce',
      description: 'Searches Salesforce accounts, contacts, leads and opportunities the asking person can see, by name and other text fields.',
      schema: z.object({ query }),
      async run(args, call) {
        const instance = await salesforceInstance(endpoints, call);
        const url = new URL(`${instance.replace(/\/$/, '')}/services/data/v60.0/parameterizedSearch/`);
        url.search = new URLSearchParams([
          ['q', args.query],
          ['sobject', 'Account'],
          ['sobject', 'Contact'],
          ['sobject', 'Lead'],
          ['sobject', 'Opportunity'],
          ['Account.fields', 'Name'],
          ['Contact.fields', 'Name,Email'],
          ['Lead.fields', 'Name,Company'],
          ['Opportunity.fields', 'Name,StageName'],
          ['overallLimit', '10'],
        ]).toString();
        const found = await call.json<Json>(url);
        const items = arr(found.searchRecords).map((r) => {
          const type = str(obj(r.attributes).type);
          const extra = [str(r.Email), str(r.Company), str(r.StageName)].filter(Boolean).join(', ');
          return { title: `${type}: ${str(r.Name)}${extra ? ` (${extra})` : ''}`, url: str(r.Id) ? `${instance.replace(/\/$/, '')}/${str(r.Id)}` : undefined };
        });
        return { content: listResults(items), untrusted: true, sources: sourcesOf('salesforce', items) };
      },
    }),
    integration({
      name: 'zoom_upcoming_meetings',
      provider: 'zoom',
      description: "Lists the asking person's upcoming Zoom meetings (topic, start time, join link).",
      schema: z.object({ limit: z.number().int().min(1).max(30).default(10) }),
      async run(args, call) {
        const found = await call.json<Json>(withSearch(endpoints.api('zoom', '/users/me/meetings'), { type: 'upcoming', page_size: String(args.limit) }));
        const items = arr(found.meetings).map((m) => ({ title: `${str(m.start_time)}: ${str(m.topic)}`, url: str(m.join_url) || undefined }));
        return { content: listResults(items, 'No upcoming meetings.'), untrusted: true };
      },
    }),
    integration({
      name: 'x_search_recent_posts',
      provider: 'x',
      description: 'Searches posts on X from the last seven days, with the asking person\'s connection. Supports X search operators (from:, -is:retweet).',
      schema: z.object({ query }),
      async run(args, call) {
        const found = await call.json<Json>(
          withSearch(endpoints.api('x', '/tweets/search/recent'), { query: args.query, max_results: '10', 'tweet.fields': 'created_at,author_id' }),
        );
        const items = arr(found.data).map((t) => ({ title: `${str(t.created_at)}`, url: `https://x.com/i/web/status/${str(t.id)}`, text: str(t.text) }));
        return { content: listResults(items), untrusted: true, sources: sourcesOf('x', items) };
      },
    }),
  ];
}

// Notion-Version 2022-06-28: a database is queried at /v1/databases/{id}/query. From 2025-09-03
// rows live in data sources (/v1/data_sources/{id}/query); moving means changing both together.
const NOTION = { 'notion-version': '2022-06-28' };
/** Pages of 100 blocks read from one Notion page (2,000 blocks: a very long page; a model reads no more). */
const NOTION_MAX_BLOCK_PAGES = 20;
/** Block-children requests for one page, nested blocks included (each toggle, column… costs one). */
const NOTION_MAX_REQUESTS = 60;
/** Further requests for the page's sub-pages and databases, after its own blocks. */
const NOTION_LINKED_REQUESTS = 30;
/** How deep nested blocks are followed (a list in a toggle in a column is 3). */
const NOTION_MAX_DEPTH = 6;
/** Characters of a page given to the model, sub-pages and database rows included. */
const NOTION_MAX_CHARS = 200_000;
/** Time for reading one page's blocks; the tool itself is stopped at 20 s and would return nothing. */
const NOTION_READ_MS = 12_000;
/** Sub-pages whose text is read (the others, and their own sub-pages, by title only). */
const NOTION_SUBPAGES = 5;
/** Per sub-page: block requests, characters and nesting. */
const NOTION_SUBPAGE = { requests: 4, chars: 15_000, depth: 3 } as const;
/** Databases on a page whose rows are read, and rows read from each; a database read by its own id gets more. */
const NOTION_DATABASES = 3;
const NOTION_PAGE_DATABASE_ROWS = 100;
const NOTION_DATABASE_ROWS = 300;
/** Properties shown per row besides its title, and characters per value. */
const NOTION_ROW_PROPERTIES = 8;
const NOTION_VALUE_CHARS = 200;
/** Blocks whose children are other pages or databases, not this page's text. */
const NOTION_OTHER_PAGES = new Set(['child_page', 'child_database']);

/** Requests, characters and time spent on one notion_read_page, across the page, its sub-pages and databases. */
interface NotionReadState {
  requests: number;
  chars: number;
  readonly deadline: number;
}

function notionReadState(): NotionReadState {
  return { requests: 0, chars: 0, deadline: Date.now() + NOTION_READ_MS };
}

/** A sub-page or database found on a page (`child_page`, `child_database`: the block id is its id). */
interface NotionLinked {
  readonly id: string;
  readonly title: string;
}

/**
 * A Notion page (with its sub-pages and databases) or a database, by id: for notion_read_page
 * and a pasted Notion link. Notion answers a database's id at the page endpoint with 400
 * ("…is a database, not a page"; 404 in some cases): the database is then read instead.
 */
export async function readNotion(endpoints: IntegrationEndpoints, call: IntegrationCall, id: string): Promise<{ title: string; text: string; url: string | undefined }> {
  let page: Json;
  try {
    page = await call.json<Json>(endpoints.api('notion', `/v1/pages/${id}`), { headers: NOTION });
  } catch (error) {
    if (!(error instanceof ProviderHttpError) || (error.status !== 400 && error.status !== 404)) throw error;
    const database = await call.json<Json>(endpoints.api('notion', `/v1/databases/${id}`), { headers: NOTION }).catch((other: unknown) => {
      throw other instanceof ProviderHttpError && (other.status === 400 || other.status === 404) ? error : other;
    });
    const rows = await notionDatabaseRows(endpoints, call, id, notionReadState(), NOTION_DATABASE_ROWS);
    const description = arr(database.description).map((t) => str(t.plain_text)).join('');
    const text = [description, ...rows.lines, ...notionNotes(rows.notes)].filter((line) => line !== '').join('\n');
    return { title: notionTitle(database), text: text.slice(0, NOTION_MAX_CHARS + 2_000), url: str(database.url) || undefined };
  }
  const { text } = await notionPageWithLinked(endpoints, call, id);
  return { title: notionTitle(page), text, url: str(page.url) || undefined };
}

/**
 * The page or database id in a Notion link: `notion.so/<workspace>/<Title>-<32 hex>`,
 * `<site>.notion.site/…`, a database view (`…/<id>?v=<view>`), or a page opened over another
 * (`?p=<id>`). Undefined for any other link.
 */
export function notionLinkId(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  const host = parsed.hostname.toLowerCase();
  const notionHost = host === 'notion.so' || host.endsWith('.notion.so') || host.endsWith('.notion.site') || host === 'notion.com' || host === 'www.notion.com';
  if (!notionHost || parsed.protocol !== 'https:') return undefined;
  const idIn = (text: string) => /(?:^|[^0-9a-f])([0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(text)?.[1]?.replace(/-/g, '').toLowerCase();
  const peek = parsed.searchParams.get('p');
  if (peek !== null && idIn(peek) !== undefined) return idIn(peek);
  const last = parsed.pathname.split('/').filter((segment) => segment !== '').pop();
  return last === undefined ? undefined : idIn(last);
}

/** Pasted Notion links, read with the asker's own Notion connection like notion_read_page. */
export function notionPageReader(endpoints: IntegrationEndpoints, refused: TokenRefused = IGNORE_REFUSALS): Reader {
  return {
    kind: 'notion_page',
    counts: 'link',
    needs: { integration: 'notion' },
    accepts: (source) => source.type === 'link' && notionLinkId(source.url) !== undefined,
    status: () => ({ code: 'reading_page', host: 'notion.so' }),
    async read(source, context) {
      const id = source.type === 'link' ? notionLinkId(source.url) : undefined;
      if (id === undefined || context.integrationToken === undefined) throw new ReaderError('unsupported');
      try {
        const read = await withAskerToken(refused, context, 'notion', context.integrationToken, (token) =>
          readNotion(endpoints, providerCall(endpoints, 'notion', token, context.signal), id),
        );
        return { title: read.title, text: read.text, url: read.url ?? (source.type === 'link' ? source.url : undefined) };
      } catch (error) {
        throw toReaderError(error);
      }
    },
  };
}

/**
 * A page's text, then the rows of its databases and the text of its sub-pages, each under its
 * own heading, within the bounds above. What was left out is said at the end, never dropped
 * silently: a cut page, databases or sub-pages not read, rows not read, sub-pages of sub-pages.
 */
async function notionPageWithLinked(endpoints: IntegrationEndpoints, call: IntegrationCall, pageId: string): Promise<{ text: string }> {
  const state = notionReadState();
  const main = await notionBlockLines(endpoints, call, pageId, state, { requests: NOTION_MAX_REQUESTS, chars: NOTION_MAX_CHARS, depth: NOTION_MAX_DEPTH });
  const sections: string[] = [main.lines.join('\n')];
  const notes: string[] = main.complete ? [] : ['Only the beginning of this page was read: it is too long or nested too deeply.'];
  const linkedLimit = NOTION_MAX_REQUESTS + NOTION_LINKED_REQUESTS;
  const outOfBudget = () => state.requests >= linkedLimit || state.chars >= NOTION_MAX_CHARS || Date.now() > state.deadline;

  const databasesLeft: string[] = [];
  for (const [n, database] of main.databases.entries()) {
    if (n >= NOTION_DATABASES || outOfBudget()) {
      databasesLeft.push(database.title);
      continue;
    }
    const rows = await notionDatabaseRows(endpoints, call, database.id, state, NOTION_PAGE_DATABASE_ROWS);
    sections.push([`## Database: ${database.title}`, ...rows.lines].join('\n'));
    notes.push(...rows.notes.map((note) => `${database.title}: ${note}`));
  }
  if (databasesLeft.length > 0) notes.push(`The rows of ${databasesLeft.length} more database(s) were not read: ${databasesLeft.join(', ')}.`);

  const pagesLeft: string[] = [];
  let nestedPages = 0;
  for (const [n, sub] of main.childPages.entries()) {
    if (n >= NOTION_SUBPAGES || outOfBudget()) {
      pagesLeft.push(sub.title);
      continue;
    }
    const read = await notionBlockLines(endpoints, call, sub.id, state, {
      requests: Math.min(state.requests + NOTION_SUBPAGE.requests, linkedLimit),
      chars: Math.min(state.chars + NOTION_SUBPAGE.chars, NOTION_MAX_CHARS),
      depth: NOTION_SUBPAGE.depth,
      linked: true,
    });
    nestedPages += read.childPages.length + read.databases.length;
    if (read.missing) {
      notes.push(`The sub-page "${sub.title}" could not be read (not shared with Tomo).`);
      continue;
    }
    sections.push([`## Sub-page: ${sub.title}`, ...read.lines].join('\n'));
    if (!read.complete) notes.push(`Only the beginning of the sub-page "${sub.title}" was read.`);
  }
  if (pagesLeft.length > 0) notes.push(`The text of ${pagesLeft.length} more sub-page(s) was not read, only their titles: ${pagesLeft.join(', ')}.`);
  if (nestedPages > 0) notes.push(`The sub-pages' own ${nestedPages} sub-page(s) and database(s) are listed by title only.`);

  const text = sections.filter((section) => section !== '').join('\n\n').slice(0, NOTION_MAX_CHARS);
  return { text: [text, ...notionNotes(notes)].join('\n') };
}

function notionNotes(notes: readonly string[]): string[] {
  return notes.length === 0 ? [] : ['', ...notes.map((note) => `(${note})`)];
}

/**
 * A database's rows (POST /v1/databases/{id}/query, 100 a request, following `next_cursor`) as
 * list lines: the row's title, then its other non-empty properties. A database Notion does not
 * let the integration query (a linked database, or one not shared: 404) is noted, not fatal.
 */
async function notionDatabaseRows(endpoints: IntegrationEndpoints, call: IntegrationCall, databaseId: string, state: NotionReadState, maxRows: number): Promise<{ lines: string[]; notes: string[] }> {
  const lines: string[] = [];
  let cursor: string | undefined;
  let rows = 0;
  do {
    if (state.requests >= NOTION_MAX_REQUESTS + NOTION_LINKED_REQUESTS || state.chars >= NOTION_MAX_CHARS || Date.now() > state.deadline || rows >= maxRows) {
      return { lines, notes: [`only the first ${rows} rows were read; the database has more.`] };
    }
    state.requests += 1;
    let list: Json;
    try {
      list = await call.json<Json>(endpoints.api('notion', `/v1/databases/${databaseId}/query`), {
        json: { page_size: Math.min(100, maxRows - rows), ...(cursor === undefined ? {} : { start_cursor: cursor }) },
        headers: NOTION,
      });
    } catch (error) {
      if (error instanceof ProviderHttpError && (error.status === 404 || error.status === 400)) return { lines, notes: ['its rows could not be read (a linked view, or not shared with Tomo).'] };
      throw error;
    }
    for (const row of arr(list.results)) {
      rows += 1;
      const line = notionRow(row);
      lines.push(line);
      state.chars += line.length + 1;
    }
    cursor = list.has_more === true && str(list.next_cursor) !== '' ? str(list.next_cursor) : undefined;
  } while (cursor !== undefined);
  if (rows === 0) lines.push('(no rows)');
  return { lines, notes: [] };
}

/** A database row: `- Title — Status: Done; Owner: Mira; Due: 2026-05-01`. */
function notionRow(row: Json): string {
  const properties = Object.entries(obj(row.properties));
  const title = properties.find(([, p]) => obj(p).type === 'title');
  const values = properties
    .filter(([, p]) => obj(p).type !== 'title')
    .map(([name, p]) => [name, notionPropertyValue(obj(p)).replace(/\s*\n\s*/g, ' ').slice(0, NOTION_VALUE_CHARS)] as const)
    .filter(([, value]) => value !== '')
    .slice(0, NOTION_ROW_PROPERTIES)
    .map(([name, value]) => `${name}: ${value}`);
  const name = (title ? notionPropertyValue(obj(title[1])) : '') || 'Untitled';
  return `- ${name}${values.length > 0 ? ` — ${values.join('; ')}` : ''}`;
}

/** A page property's value as text (Notion's property value objects, one shape per type). */
function notionPropertyValue(p: Json): string {
  const type = str(p.type);
  const value = p[type];
  const richText = (v: unknown) => arr(v).map((t) => str(t.plain_text)).join('');
  const names = (v: unknown) => arr(v).map((o) => str(o.name)).filter((n) => n !== '').join(', ');
  const date = (v: unknown) => [str(obj(v).start), str(obj(v).end)].filter((d) => d !== '').join(' → ');
  switch (type) {
    case 'title':
    case 'rich_text':
      return richText(value);
    case 'number':
      return typeof value === 'number' ? String(value) : '';
    case 'select':
    case 'status':
      return str(obj(value).name);
    case 'multi_select':
    case 'people':
      return names(value);
    case 'date':
      return date(value);
    case 'checkbox':
      return value === true ? 'yes' : 'no';
    case 'url':
    case 'email':
    case 'phone_number':
    case 'created_time':
    case 'last_edited_time':
      return str(value);
    case 'created_by':
    case 'last_edited_by':
      return str(obj(value).name);
    case 'files':
      return names(value);
    case 'relation':
      return arr(value).length > 0 ? `${arr(value).length} linked` : '';
    case 'unique_id': {
      const id = obj(value);
      return typeof id.number === 'number' ? `${str(id.prefix)}${str(id.prefix) ? '-' : ''}${id.number}` : '';
    }
    case 'formula':
    case 'rollup': {
      const inner = obj(value);
      const kind = str(inner.type);
      if (kind === 'date') return date(inner.date);
      if (kind === 'boolean') return inner.boolean === true ? 'yes' : inner.boolean === false ? 'no' : '';
      if (kind === 'array') return arr(inner.array).map((item) => notionPropertyValue(item)).filter((v) => v !== '').join(', ');
      return str(inner[kind]);
    }
    default:
      return '';
  }
}

/**
 * A page's blocks as lines in document order, children indented under their parent: the
 * text in toggles, columns, synced blocks, nested lists and tables is listed only as the
 * children of a block with `has_children` (blocks.children.list, 100 at a time, following
 * `next_cursor`). Sub-pages and databases (`child_page`, `child_database`) are listed by title
 * where they stand and returned for the caller to follow. Bounded by blocks, requests, depth,
 * characters and time (`limits` cap the shared `state`); `complete` says whether it was all
 * read. A nested block the integration may not see (404) is left out; a sub-page it may not
 * see is `missing`.
 */
async function notionBlockLines(
  endpoints: IntegrationEndpoints,
  call: IntegrationCall,
  pageId: string,
  state: NotionReadState,
  limits: { requests: number; chars: number; depth: number; linked?: boolean },
): Promise<{ lines: string[]; complete: boolean; missing: boolean; childPages: NotionLinked[]; databases: NotionLinked[] }> {
  const lines: string[] = [];
  const childPages: NotionLinked[] = [];
  const databases: NotionLinked[] = [];
  let blocks = 0;
  let complete = true;
  let missing = false;
  const read = async (id: string, depth: number, indent: number, columnHeader = false): Promise<void> => {
    let cursor: string | undefined;
    let headerDone = !columnHeader;
    do {
      if (state.requests >= limits.requests || blocks >= NOTION_MAX_BLOCK_PAGES * 100 || state.chars >= limits.chars || ((depth > 0 || limits.linked === true) && Date.now() > state.deadline)) {
        complete = false;
        return;
      }
      state.requests += 1;
      const params: Record<string, string> = { page_size: '100', ...(cursor === undefined ? {} : { start_cursor: cursor }) };
      let list: Json;
      try {
        list = await call.json<Json>(withSearch(endpoints.api('notion', `/v1/blocks/${id}/children`), params), { headers: NOTION });
      } catch (error) {
        if (error instanceof ProviderHttpError && error.status === 404 && (depth > 0 || limits.linked === true)) {
          if (depth === 0) missing = true;
          return;
        }
        throw error;
      }
      for (const block of arr(list.results)) {
        blocks += 1;
        const type = str(block.type);
        let line = type === 'table_row' ? notionTableRow(obj(block.table_row)) : arr(obj(block[type]).rich_text).map((t) => str(t.plain_text)).join('');
        if (NOTION_OTHER_PAGES.has(type)) {
          const linked = { id: str(block.id), title: str(obj(block[type]).title) || 'Untitled' };
          const list = type === 'child_page' ? childPages : databases;
          // A synced block can show the same sub-page twice: it is followed once.
          if (!list.some((known) => known.id === linked.id)) list.push(linked);
          line = `${type === 'child_page' ? '[Sub-page]' : '[Database]'} ${linked.title}`;
        }
        if (line !== '') {
          lines.push(`${'  '.repeat(indent)}${line}`);
          state.chars += line.length + 1;
        }
        if (type === 'table_row' && !headerDone && line !== '') {
          // A Markdown table: the header row, then its separator.
          headerDone = true;
          lines.push(`${'  '.repeat(indent)}|${' --- |'.repeat(arr(obj(block.table_row).cells).length)}`);
        }
        if (block.has_children !== true || NOTION_OTHER_PAGES.has(type)) continue;
        if (depth + 1 > limits.depth) {
          complete = false;
          continue;
        }
        // A duplicate synced block shows its original's children.
        const original = str(obj(obj(block.synced_block).synced_from).block_id);
        // Containers without text of their own (columns, synced blocks) do not indent their children.
        // A table's rows are its children (`table_row` blocks).
        await read(original || str(block.id), depth + 1, line === '' ? indent : indent + 1, type === 'table' && obj(block.table).has_column_header === true);
      }
      cursor = list.has_more === true && str(list.next_cursor) !== '' ? str(list.next_cursor) : undefined;
    } while (cursor !== undefined);
  };
  await read(pageId, 0, 0);
  return { lines, complete, missing, childPages, databases };
}

/**
 * A table row as a Markdown table row: its text is in `cells` (a rich text array per cell),
 * not `rich_text`. A `|` in a cell is escaped and line breaks become spaces, so each cell
 * stays in its column.
 */
function notionTableRow(row: Json): string {
  const cells = (Array.isArray(row.cells) ? (row.cells as unknown[]) : []).map((cell) =>
    arr(cell)
      .map((t) => str(t.plain_text))
      .join('')
      .replace(/\s*\n\s*/g, ' ')
      .replace(/\|/g, '\\|'),
  );
  return cells.length === 0 ? '' : `| ${cells.join(' | ')} |`;
}

/** A page's title property, or a database's own `title` (its `properties` are the column schema, whose title column holds `{}`). */
function notionTitle(item: Json): string {
  for (const property of Object.values(obj(item.properties))) {
    const p = obj(property);
    if (p.type === 'title' && Array.isArray(p.title)) return arr(p.title).map((t) => str(t.plain_text)).join('') || 'Untitled';
  }
  return arr(item.title).map((t) => str(t.plain_text)).join('') || 'Untitled';
}

/** The person's Atlassian site for a product: its cloud id and address (accessible-resources). */
async function atlassianSite(endpoints: IntegrationEndpoints, call: IntegrationCall, provider: string, product: 'jira' | 'confluence') {
  const sites = await call.json<Json[]>(endpoints.api(provider, '/oauth/token/accessible-resources'));
  const site = arr(sites).find((s) => arr(s.scopes).some((scope) => String(scope).includes(product))) ?? arr(sites)[0];
  if (!site) throw new ToolError(`The person's Atlassian account has no ${product === 'jira' ? 'Jira' : 'Confluence'} site.`);
  return { id: encodeURIComponent(str(site.id)), url: str(site.url).replace(/\/$/, '') };
}

/** The person's Salesforce instance: the configured API base, else the one their identity names. */
async function salesforceInstance(endpoints: IntegrationEndpoints, call: IntegrationCall): Promise<string> {
  const configured = endpoints.family('salesforce')?.apiUrl;
  if (configured) return configured;
  const me = await call.json<Json>(endpoints.oauth(INTEGRATION_FAMILIES.salesforce, ['https://login.salesforce.com', '/services/oauth2/userinfo']));
  const custom = str(obj(me.urls).custom_domain);
  const rest = str(obj(me.urls).rest);
  const base = custom || (rest ? new URL(rest).origin : '');
  if (!base.startsWith('https://')) throw new ToolError('Salesforce did not say where the person\'s data is.');
  return base;
}
