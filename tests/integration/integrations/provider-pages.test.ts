import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleTools } from '../../../adapters/integrations/google';
import { IntegrationEndpoints, integrationSettingsFromEnv } from '../../../adapters/integrations/integration-settings';
import { integrationProviderTools, notionLinkId, notionPageReader } from '../../../adapters/integrations/provider-tools';
import type { ReaderContext } from '../../../core/readers/reader';
import type { Tool } from '../../../core/tools/tool';
import { ANA, startFakeIntegrations, type FakeIntegrations } from '../../fakes/integrations/fake-integrations';
import { addItems } from '../../fakes/integrations/fake-provider-apis';
import { docxWithText, pdfWithText } from '../../fakes/web/documents';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * The providers' APIs as a paying team meets them: long pages come in pages of results
 * (Notion's block children: 100 at most, then `has_more` and `next_cursor`).
 */
let fake: FakeIntegrations;
let endpoints: IntegrationEndpoints;

beforeAll(async () => {
  fake = await startFakeIntegrations();
  endpoints = new IntegrationEndpoints(integrationSettingsFromEnv(fake.env()));
});
afterAll(() => fake?.close());

function toolNamed(name: string): Tool {
  return [...googleTools(endpoints), ...integrationProviderTools(endpoints)].find((t) => t.name === name)!;
}

const context = (token: string) => ({
  teamId: 'T1',
  userId: 'U1',
  locale: 'en' as const,
  plan: 'free' as const,
  searchResults: 1,
  integrationToken: token,
  signal: new AbortController().signal,
});

describe('Notion: a long page', () => {
  it('is read to its end, not only its first 100 blocks', async () => {
    const lines = Array.from({ length: 250 }, (_, n) => `Step ${n + 1} of the harbour runbook`);
    addItems(fake.world, 'notion:pages', { id: '1a2b3c4d5e6f708192a3b4c5d6e7f801', title: 'Harbour runbook', text: lines.join('\n'), url: 'https://notion.so/harbour', readers: [ANA.id] });
    const token = fake.oauth.issue('notion', ANA, '').accessToken;
    const calls = fake.apiCalls.length;

    const output = await toolNamed('notion_read_page').run({ pageId: '1a2b3c4d5e6f708192a3b4c5d6e7f801' }, context(token));

    expect(output.content).toContain('Step 1 of the harbour runbook');
    expect(output.content).toContain('Step 101 of the harbour runbook');
    expect(output.content).toContain('Step 250 of the harbour runbook');
    expect(output.content.split('\n').filter((line) => line.startsWith('Step '))).toHaveLength(250);
    // The page, then three pages of blocks.
    expect(fake.apiCalls.slice(calls).filter((c) => c.path.endsWith('/children'))).toHaveLength(3);
  });
});

describe('Notion: text inside toggles, columns, synced blocks and nested lists', () => {
  it('is read with the page, in document order, children under their parent', async () => {
    addItems(fake.world, 'notion:pages', {
      id: '3c4d5e6f708192a3b4c5d6e7f8091a2b',
      title: 'Pilot handbook',
      text: '',
      url: 'https://notion.so/pilot',
      readers: [ANA.id],
      blocks: [
        { type: 'heading_1', text: 'Boarding' },
        { type: 'toggle', text: 'Ladder checks', children: [{ type: 'paragraph', text: 'Inspect every rung before climbing.' }] },
        {
          type: 'column_list',
          children: [
            { type: 'column', children: [{ type: 'paragraph', text: 'Port side: lee ladder.' }] },
            { type: 'column', children: [{ type: 'paragraph', text: 'Starboard side: crane hoist.' }] },
          ],
        },
        { type: 'synced_block', children: [{ type: 'callout', text: 'Always wear a lifejacket.' }] },
        { type: 'bulleted_list_item', text: 'Radio', children: [{ type: 'bulleted_list_item', text: 'Channel 12', children: [{ type: 'bulleted_list_item', text: 'Backup channel 14' }] }] },
        { type: 'paragraph', text: 'End of handbook.' },
      ],
    });
    const token = fake.oauth.issue('notion', ANA, '').accessToken;

    const output = await toolNamed('notion_read_page').run({ pageId: '3c4d5e6f708192a3b4c5d6e7f8091a2b' }, context(token));

    const order = ['Boarding', 'Ladder checks', 'Inspect every rung', 'Port side', 'Starboard side', 'Always wear a lifejacket', 'Radio', 'Channel 12', 'Backup channel 14', 'End of handbook'];
    const positions = order.map((text) => output.content.indexOf(text));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });
});

describe('Notion: a table on a page', () => {
  it('is read row by row, each cell in its column, not left out', async () => {
    // Notion sends a table's rows as `table_row` children whose text is in `cells` (a rich
    // text array per cell), not `rich_text`: read as other blocks, the table was missing.
    addItems(fake.world, 'notion:pages', {
      id: '4d5e6f708192a3b4c5d6e7f8091a2b3c',
      title: 'Berth fees',
      text: '',
      url: 'https://notion.so/fees',
      readers: [ANA.id],
      blocks: [
        { type: 'paragraph', text: 'Fees per day:' },
        {
          type: 'table',
          columnHeader: true,
          children: [
            { type: 'table_row', cells: ['Berth', 'Length', 'Fee'] },
            { type: 'table_row', cells: ['North 1', '120 m', '€ 840'] },
            { type: 'table_row', cells: ['South 4', '', 'a | b'] },
          ],
        },
        { type: 'paragraph', text: 'Fees are reviewed yearly.' },
      ],
    });
    const token = fake.oauth.issue('notion', ANA, '').accessToken;

    const output = await toolNamed('notion_read_page').run({ pageId: '4d5e6f708192a3b4c5d6e7f8091a2b3c' }, context(token));

    expect(output.content).toBe(
      [
        '# Berth fees',
        '',
        'Fees per day:',
        '| Berth | Length | Fee |',
        '| --- | --- | --- |',
        '| North 1 | 120 m | € 840 |',
        '| South 4 |  | a \\| b |',
        'Fees are reviewed yearly.',
      ].join('\n'),
    );
  });
});

describe('Notion: sub-pages and databases on a page', () => {
  const HUB = '5e6f708192a3b4c5d6e7f8091a2b3c4d';
  const PILOTS = '6f708192a3b4c5d6e7f8091a2b3c4d5e';
  const ARCHIVE = '708192a3b4c5d6e7f8091a2b3c4d5e6f';
  const BERTHS_DB = '8192a3b4c5d6e7f8091a2b3c4d5e6f70';
  const LINKED_VIEW = '92a3b4c5d6e7f8091a2b3c4d5e6f7081';

  it("reads a sub-page's title and text, and a database's rows with their key properties, saying what it left out", async () => {
    addItems(
      fake.world,
      'notion:pages',
      {
        id: HUB,
        title: 'Harbour wiki',
        text: '',
        url: 'https://notion.so/wiki',
        readers: [ANA.id],
        blocks: [
          { type: 'paragraph', text: 'Start here.' },
          { type: 'child_page', text: 'Pilot roster', ref: PILOTS },
          { type: 'child_database', text: 'Berths', ref: BERTHS_DB },
          { type: 'child_database', text: 'Berths (linked view)', ref: LINKED_VIEW },
          { type: 'paragraph', text: 'Ask the harbour master for anything else.' },
        ],
      },
      {
        id: PILOTS,
        title: 'Pilot roster',
        text: '',
        readers: [ANA.id],
        blocks: [{ type: 'paragraph', text: 'Captain Mira Sato pilots the night shift.' }, { type: 'child_page', text: 'Roster archive 2025', ref: ARCHIVE }],
      },
      { id: ARCHIVE, title: 'Roster archive 2025', text: 'Old rosters, never to be read by the hub.', readers: [ANA.id] },
    );
    addItems(fake.world, 'notion:databases', {
      id: BERTHS_DB,
      title: 'Berths',
      text: '',
      url: 'https://notion.so/berths',
      readers: [ANA.id],
      notionSchema: { Name: 'title', Status: 'status', Length: 'number', Tags: 'multi_select', Notes: 'rich_text', Free: 'checkbox' },
      notionRows: [
        { Name: 'North 1', Status: 'In use', Length: 120, Tags: ['deep water', 'crane'], Notes: 'Tanker until Friday', Free: false },
        { Name: 'South 4', Status: 'Free', Length: 80, Tags: [], Notes: '', Free: true },
      ],
    });
    const token = fake.oauth.issue('notion', ANA, '').accessToken;

    const output = await toolNamed('notion_read_page').run({ pageId: HUB }, context(token));

    expect(output.content).toContain('[Sub-page] Pilot roster');
    expect(output.content).toContain('[Database] Berths');
    expect(output.content).toContain('## Sub-page: Pilot roster\nCaptain Mira Sato pilots the night shift.\n[Sub-page] Roster archive 2025');
    expect(output.content).toContain('## Database: Berths\n- North 1 — Status: In use; Length: 120; Tags: deep water, crane; Notes: Tanker until Friday; Free: no\n- South 4 — Status: Free; Length: 80; Free: yes');
    // One level of sub-pages: the sub-page's own sub-page by title only, and said so.
    expect(output.content).not.toContain('Old rosters');
    expect(output.content).toContain("(The sub-pages' own 1 sub-page(s) and database(s) are listed by title only.)");
    // A linked database view cannot be queried through the API (404): said, not fatal.
    expect(output.content).toContain('(Berths (linked view): its rows could not be read (a linked view, or not shared with Tomo).)');
    expect(output.content.indexOf('Ask the harbour master')).toBeLessThan(output.content.indexOf('## Database: Berths'));
  });

  it('reads a bounded number of sub-pages and rows, and names the ones it did not read', async () => {
    const subIds = Array.from({ length: 8 }, (_, n) => `a0${n}0708192a3b4c5d6e7f8091a2b3c4d`.slice(0, 32));
    const bigDb = 'b0b0708192a3b4c5d6e7f8091a2b3c4d';
    addItems(
      fake.world,
      'notion:pages',
      {
        id: 'c0c0708192a3b4c5d6e7f8091a2b3c4d',
        title: 'Handbook index',
        text: '',
        readers: [ANA.id],
        blocks: [{ type: 'child_database', text: 'Ship calls', ref: bigDb }, ...subIds.map((ref, n) => ({ type: 'child_page', text: `Chapter ${n + 1}`, ref }))],
      },
      ...subIds.map((id, n) => ({ id, title: `Chapter ${n + 1}`, text: `Chapter ${n + 1} body text.`, readers: [ANA.id] })),
    );
    addItems(fake.world, 'notion:databases', {
      id: bigDb,
      title: 'Ship calls',
      text: '',
      readers: [ANA.id],
      notionSchema: { Ship: 'title', Arrives: 'date' },
      notionRows: Array.from({ length: 250 }, (_, n) => ({ Ship: `Ship ${n + 1}`, Arrives: `2026-03-${String((n % 28) + 1).padStart(2, '0')}` })),
    });
    const token = fake.oauth.issue('notion', ANA, '').accessToken;
    const calls = fake.apiCalls.length;

    const output = await toolNamed('notion_read_page').run({ pageId: 'c0c0708192a3b4c5d6e7f8091a2b3c4d' }, context(token));

    for (let n = 1; n <= 8; n += 1) expect(output.content).toContain(`[Sub-page] Chapter ${n}`);
    for (let n = 1; n <= 5; n += 1) expect(output.content).toContain(`Chapter ${n} body text.`);
    expect(output.content).not.toContain('Chapter 6 body text.');
    expect(output.content).toContain('(The text of 3 more sub-page(s) was not read, only their titles: Chapter 6, Chapter 7, Chapter 8.)');
    expect(output.content).toContain('- Ship 100 — Arrives: 2026-03-16');
    expect(output.content).not.toContain('- Ship 101 ');
    expect(output.content).toContain('(Ship calls: only the first 100 rows were read; the database has more.)');
    // The page, its blocks, one query of 100 rows, five sub-pages.
    expect(fake.apiCalls.length - calls).toBe(1 + 1 + 1 + 5);
  });

  it('follows a sub-page shown twice (once in a synced block) only once', async () => {
    const twice = 'e0e0708192a3b4c5d6e7f8091a2b3c4d';
    addItems(
      fake.world,
      'notion:pages',
      { id: 'f0f0708192a3b4c5d6e7f8091a2b3c4d', title: 'Ops hub', text: '', readers: [ANA.id], blocks: [{ type: 'child_page', text: 'Tide tables', ref: twice }, { type: 'synced_block', children: [{ type: 'child_page', text: 'Tide tables', ref: twice }] }] },
      { id: twice, title: 'Tide tables', text: 'High water at 06:12.', readers: [ANA.id] },
    );
    const token = fake.oauth.issue('notion', ANA, '').accessToken;
    const calls = fake.apiCalls.length;

    const output = await toolNamed('notion_read_page').run({ pageId: 'f0f0708192a3b4c5d6e7f8091a2b3c4d' }, context(token));

    expect(output.content.split('High water at 06:12.')).toHaveLength(2);
    expect(fake.apiCalls.slice(calls).filter((c) => c.path.endsWith(`/blocks/${twice}/children`))).toHaveLength(1);
  });

  it('reads a database from its own id (a link to the database): its rows, after Notion refuses it as a page', async () => {
    const crewDb = 'd0d0708192a3b4c5d6e7f8091a2b3c4d';
    addItems(fake.world, 'notion:databases', {
      id: crewDb,
      title: 'Tug crews',
      text: 'Who is on which tug.',
      url: 'https://notion.so/tug-crews',
      readers: [ANA.id],
      notionSchema: { Name: 'title', Tug: 'select', Crew: 'people', Since: 'date' },
      notionRows: Array.from({ length: 120 }, (_, n) => ({ Name: `Crew ${n + 1}`, Tug: n % 2 === 0 ? 'Orca' : 'Beluga', Crew: ['Ana', 'Kenji'], Since: '2026-01-05' })),
    });
    const token = fake.oauth.issue('notion', ANA, '').accessToken;
    // notion_search finds it by its own title (its `properties` are the column schema, not values).
    expect((await toolNamed('notion_search').run({ query: 'tug crews' }, context(token))).content).toContain(`Tug crews (id ${crewDb})`);
    const calls = fake.apiCalls.length;

    const output = await toolNamed('notion_read_page').run({ pageId: crewDb }, context(token));

    expect(output.content.startsWith('# Tug crews\n\nWho is on which tug.\n- Crew 1 — Tug: Orca; Crew: Ana, Kenji; Since: 2026-01-05')).toBe(true);
    expect(output.content).toContain('- Crew 120 — Tug: Beluga');
    expect(output.sources).toEqual([{ kind: 'notion', title: 'Tug crews', url: 'https://notion.so/tug-crews' }]);
    // The page endpoint (400), the database, two queries of rows.
    expect(fake.apiCalls.slice(calls).map((c) => c.path.replace(/^.*\/v1/, ''))).toEqual([`/pages/${crewDb}`, `/databases/${crewDb}`, `/databases/${crewDb}/query`, `/databases/${crewDb}/query`]);
  });

  it('reads a pasted Notion link (a page with its sub-pages, a database view) with the asker\'s Notion connection', async () => {
    const reader = notionPageReader(endpoints);
    const token = fake.oauth.issue('notion', ANA, '').accessToken;
    const readerContext = { teamId: 'T1', userId: 'U1', locale: 'en', platform: {} as never, integrationToken: token, signal: new AbortController().signal } as ReaderContext;
    const link = (url: string) => ({ type: 'link' as const, url, messageTs: '1.0' });

    expect(notionLinkId(`https://www.notion.so/acme/Harbour-wiki-${HUB}?pvs=4`)).toBe(HUB);
    expect(notionLinkId('https://acme.notion.site/Harbour-wiki-5e6f7081-92a3-b4c5-d6e7-f8091a2b3c4d')).toBe(HUB);
    expect(notionLinkId(`https://www.notion.so/acme/Wiki-${HUB}?p=${PILOTS}&pm=s`)).toBe(PILOTS);
    expect(notionLinkId(`https://www.notion.so/${BERTHS_DB}?v=0123456789abcdef0123456789abcdef`)).toBe(BERTHS_DB);
    expect(notionLinkId('https://www.notion.so/pricing')).toBeUndefined();
    expect(notionLinkId(`https://example.com/Harbour-wiki-${HUB}`)).toBeUndefined();
    expect(reader.accepts(link(`https://example.com/Harbour-wiki-${HUB}`))).toBe(false);

    const page = await reader.read(link(`https://www.notion.so/acme/Harbour-wiki-${HUB}?pvs=4`), readerContext);
    expect(page.title).toBe('Harbour wiki');
    expect(page.text).toContain('## Sub-page: Pilot roster\nCaptain Mira Sato pilots the night shift.');
    expect(page.text).toContain('- North 1 — Status: In use');

    const database = await reader.read(link(`https://www.notion.so/${BERTHS_DB}?v=0123456789abcdef0123456789abcdef`), readerContext);
    expect(database.title).toBe('Berths');
    expect(database.text).toContain('- South 4 — Status: Free; Length: 80; Free: yes');
  });
});

describe('Google Drive: a file on a shared drive', () => {
  it('is found by google_drive_search and read by google_drive_read, like one in My Drive', async () => {
    addItems(
      fake.world,
      'google:drive',
      { id: 'mydrivefile01', title: 'Berth notes', text: 'berth schedule draft', url: 'https://docs.google.com/document/d/mydrivefile01', readers: [ANA.id] },
      { id: 'teamdrivefile1', title: 'Berth schedule 2027', text: 'berth schedule approved by the harbour board', url: 'https://docs.google.com/document/d/teamdrivefile1', readers: [ANA.id], sharedDrive: 'Operations' },
    );
    const token = fake.oauth.issue('google', ANA, 'https://www.googleapis.com/auth/drive.readonly').accessToken;

    const found = await toolNamed('google_drive_search').run({ query: 'berth schedule' }, context(token));
    expect(found.content).toContain('Berth notes');
    expect(found.content).toContain('Berth schedule 2027 (id teamdrivefile1');

    const read = await toolNamed('google_drive_read').run({ fileId: 'teamdrivefile1' }, context(token));
    expect(read.content).toBe('# Berth schedule 2027\n\nberth schedule approved by the harbour board');
    expect(read.sources).toEqual([{ kind: 'google_drive', title: 'Berth schedule 2027', url: 'https://docs.google.com/document/d/teamdrivefile1' }]);
  });
});

describe('A provider that rate-limits a call (HTTP 429 with Retry-After)', () => {
  it('is waited out for a short Retry-After, and the search still answers', async () => {
    addItems(fake.world, 'notion:pages', { id: '2b3c4d5e6f708192a3b4c5d6e7f80912', title: 'Tug roster', text: 'tug crews', url: 'https://notion.so/tugs', readers: [ANA.id] });
    const token = fake.oauth.issue('notion', ANA, '').accessToken;
    fake.world.rateLimits = new Map([['notion', ['1']]]);
    const started = Date.now();

    const output = await toolNamed('notion_search').run({ query: 'tug' }, context(token));

    expect(output.content).toContain('Tug roster');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('fails at once, saying the service is busy, when the provider asks for a long wait', async () => {
    const token = fake.oauth.issue('notion', ANA, '').accessToken;
    fake.world.rateLimits = new Map([['notion', ['120']]]);

    // Waiting two minutes would outlast the test's own time limit: no clock is asserted.
    const error = await toolNamed('notion_search').run({ query: 'tug' }, context(token)).catch((e: unknown) => e);

    expect((error as Error).message).toContain('HTTP 429');
    fake.world.rateLimits = new Map();
  });
});

describe('Google Drive: a file uploaded to Drive (PDF, Word), not a Google Docs file', () => {
  it('is downloaded and read as text, since Drive refuses to export it', async () => {
    addItems(
      fake.world,
      'google:drive',
      { id: 'uploadedpdf01', title: 'Pilotage tariff.pdf', text: '', mimeType: 'application/pdf', bytes: pdfWithText(['Pilotage costs 410 euros per hour', 'Night surcharge 25 percent']), url: 'https://drive.google.com/file/d/uploadedpdf01/view', readers: [ANA.id], sharedDrive: 'Operations' },
      { id: 'uploadeddocx1', title: 'Mooring rules.docx', text: '', mimeType: DOCX, bytes: docxWithText('Mooring rules', ['Two lines forward, two aft.']), url: 'https://drive.google.com/file/d/uploadeddocx1/view', readers: [ANA.id] },
    );
    const token = fake.oauth.issue('google', ANA, 'https://www.googleapis.com/auth/drive.readonly').accessToken;

    const pdf = await toolNamed('google_drive_read').run({ fileId: 'uploadedpdf01' }, context(token));
    expect(pdf.content).toContain('# Pilotage tariff.pdf');
    expect(pdf.content).toContain('Pilotage costs 410 euros per hour');
    expect(pdf.content).toContain('Night surcharge 25 percent');
    expect(pdf.sources).toEqual([{ kind: 'google_drive', title: 'Pilotage tariff.pdf', url: 'https://drive.google.com/file/d/uploadedpdf01/view' }]);

    const docx = await toolNamed('google_drive_read').run({ fileId: 'uploadeddocx1' }, context(token));
    expect(docx.content).toContain('Two lines forward, two aft.');
  });

  it('that Tomo cannot read as text (an image, a ZIP) is said so, not blamed on the connection', async () => {
    addItems(fake.world, 'google:drive', { id: 'uploadedzip01', title: 'Charts.zip', text: '', mimeType: 'application/zip', bytes: Buffer.from('PK\u0003\u0004'), readers: [ANA.id] });
    const token = fake.oauth.issue('google', ANA, 'https://www.googleapis.com/auth/drive.readonly').accessToken;

    const error = await toolNamed('google_drive_read').run({ fileId: 'uploadedzip01' }, context(token)).catch((e: unknown) => e);

    expect((error as Error).message).toContain('Charts.zip');
    expect((error as Error).message).toContain('application/zip');
    expect((error as Error).message).not.toContain('reconnect');
  });
});
