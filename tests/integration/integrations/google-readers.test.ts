import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleDocsReader, googleFileId, googleSheetsReader, googleSlidesReader } from '../../../adapters/integrations/google';
import { IntegrationEndpoints, integrationSettingsFromEnv } from '../../../adapters/integrations/integration-settings';
import { ReaderError, type ReaderContext, type Source } from '../../../core/readers/reader';
import { ANA, MO, startFakeIntegrations, type FakeIntegrations } from '../../fakes/integrations/fake-integrations';
import { addItems } from '../../fakes/integrations/fake-provider-apis';

let fake: FakeIntegrations;
let endpoints: IntegrationEndpoints;
const link = (url: string): Source => ({ type: 'link', url, messageTs: '1.0' });
const context = (token: string): ReaderContext =>
  ({ teamId: 'T1', userId: 'U1', locale: 'en', platform: {} as never, integrationToken: token, signal: new AbortController().signal }) as ReaderContext;

beforeAll(async () => {
  fake = await startFakeIntegrations();
  endpoints = new IntegrationEndpoints(integrationSettingsFromEnv(fake.env(['google'])));
  addItems(fake.world, 'google:sheets', {
    id: 'sheet0000001',
    title: 'Budget 2027',
    text: '',
    rows: [['Item', 'Cost'], ['Crane | hire', '1,200'], ['Fuel', '800']],
    readers: [ANA.id],
  });
  addItems(fake.world, 'google:slides', { id: 'slides000001', title: 'Board deck', text: 'Welcome\n---\nRevenue up 12%', readers: [ANA.id] });
  addItems(fake.world, 'google:docs', { id: 'doc000000001', title: 'Minutes', text: 'Minutes\nDecided: buy two cranes.', readers: [ANA.id] });
});
afterAll(() => fake?.close());

describe('Google Docs, Sheets and Slides links, read with the asker\'s token', () => {
  it('knows the links of each kind, and only on docs.google.com over https', () => {
    expect(googleFileId('https://docs.google.com/document/d/doc000000001/edit#heading=h.1', 'document')).toBe('doc000000001');
    expect(googleFileId('https://docs.google.com/spreadsheets/u/1/d/sheet0000001/edit', 'spreadsheets')).toBe('sheet0000001');
    expect(googleFileId('https://docs.google.com/a/acme.test/presentation/d/slides000001/', 'presentation')).toBe('slides000001');
    expect(googleFileId('https://docs.google.com/document/d/doc000000001', 'spreadsheets')).toBeUndefined();
    expect(googleFileId('http://docs.google.com/document/d/doc000000001', 'document')).toBeUndefined();
    expect(googleFileId('https://docs.google.com.evil.test/document/d/doc000000001', 'document')).toBeUndefined();
  });

  it('reads a sheet as a Markdown table, a deck slide by slide, and a document as text', async () => {
    const token = fake.oauth.issue('google', ANA, 'https://www.googleapis.com/auth/spreadsheets.readonly https://www.googleapis.com/auth/presentations.readonly https://www.googleapis.com/auth/documents.readonly').accessToken;
    const sheet = await googleSheetsReader(endpoints).read(link('https://docs.google.com/spreadsheets/d/sheet0000001/edit'), context(token));
    expect(sheet.title).toBe('Budget 2027');
    expect(sheet.text).toContain('| Item | Cost |\n| --- | --- |\n| Crane \\| hire | 1,200 |\n| Fuel | 800 |');
    const deck = await googleSlidesReader(endpoints).read(link('https://docs.google.com/presentation/d/slides000001/edit'), context(token));
    expect(deck.text).toBe('Slide 1:\nWelcome\n\nSlide 2:\nRevenue up 12%');
    const doc = await googleDocsReader(endpoints).read(link('https://docs.google.com/document/d/doc000000001/edit'), context(token));
    expect(doc).toMatchObject({ title: 'Minutes', text: 'Minutes\nDecided: buy two cranes.', url: 'https://docs.google.com/document/d/doc000000001' });
  });

  it("says not found for a file the person cannot see, and forbidden for a token without the scope or revoked", async () => {
    const mo = fake.oauth.issue('google', MO, 'https://www.googleapis.com/auth/documents.readonly').accessToken;
    const notTheirs = await googleDocsReader(endpoints).read(link('https://docs.google.com/document/d/doc000000001/edit'), context(mo)).catch((e: unknown) => e);
    expect(notTheirs).toEqual(new ReaderError('not_found'));
    const docsOnly = fake.oauth.issue('google', ANA, 'https://www.googleapis.com/auth/documents.readonly').accessToken;
    const noScope = await googleSheetsReader(endpoints).read(link('https://docs.google.com/spreadsheets/d/sheet0000001'), context(docsOnly)).catch((e: unknown) => e);
    expect((noScope as ReaderError).failure).toBe('forbidden');
    const revoked = fake.oauth.issue('google', ANA, 'https://www.googleapis.com/auth/documents.readonly');
    fake.oauth.revokeGrant(revoked);
    const gone = await googleDocsReader(endpoints).read(link('https://docs.google.com/document/d/doc000000001'), context(revoked.accessToken)).catch((e: unknown) => e);
    expect((gone as ReaderError).failure).toBe('forbidden');
  });
});

describe('A Google Doc with tabs', () => {
  it('is read tab by tab, child tabs included, not only its first tab', async () => {
    addItems(fake.world, 'google:docs', {
      id: 'doctabs00001',
      title: 'Port manual',
      text: '',
      readers: [ANA.id],
      tabs: [
        { title: 'Overview', text: 'The port opens at six.' },
        { title: 'Berths', text: 'Berth 4 takes tankers.', childTabs: [{ title: 'Berth 4 details', text: 'Depth alongside: 14 metres.' }] },
      ],
    });
    const token = fake.oauth.issue('google', ANA, 'https://www.googleapis.com/auth/documents.readonly').accessToken;

    const doc = await googleDocsReader(endpoints).read(link('https://docs.google.com/document/d/doctabs00001/edit?tab=t.0'), context(token));

    expect(doc.title).toBe('Port manual');
    expect(doc.text).toContain('The port opens at six.');
    expect(doc.text).toContain('Berth 4 takes tankers.');
    expect(doc.text).toContain('Depth alongside: 14 metres.');
    expect(doc.text.indexOf('Berths')).toBeLessThan(doc.text.indexOf('Berth 4 takes tankers.'));
    expect(doc.text.indexOf('Berth 4 takes tankers.')).toBeLessThan(doc.text.indexOf('Depth alongside'));
  });

  it('without tabs reads as before', async () => {
    const token = fake.oauth.issue('google', ANA, 'https://www.googleapis.com/auth/documents.readonly').accessToken;
    const doc = await googleDocsReader(endpoints).read(link('https://docs.google.com/document/d/doc000000001/edit'), context(token));
    expect(doc.text).toBe('Minutes\nDecided: buy two cranes.');
  });
});
