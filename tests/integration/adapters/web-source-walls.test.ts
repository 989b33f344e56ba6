import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AesGcmSecretBox } from '../../../adapters/crypto/secret-box';
import { GuardedHttpClient } from '../../../adapters/http/guarded-http-client';
import { LangChainTextSplitter } from '../../../adapters/knowledge/langchain-text-splitter';
import { WebSourceReader } from '../../../adapters/knowledge/web-source-reader';
import { FakeClock } from '../../../adapters/memory/fake-clock';
import { HashingEmbeddings } from '../../../adapters/memory/hashing-embeddings';
import { openDatabase, type Database } from '../../../adapters/postgres/database';
import { nativePool } from '../../../adapters/postgres/native-pool';
import { PgKnowledgeSourceRepository } from '../../../adapters/vector/pg-knowledge-source-repository';
import { PgvectorStore } from '../../../adapters/vector/pg-vector-stores';
import { knowledgeSection } from '../../../apps/worker/home/sections/knowledge.section';
import { IngestSource } from '../../../core/knowledge/ingest-source.use-case';
import { KNOWLEDGE_QUOTAS } from '../../../core/knowledge/knowledge-source';
import { pdfWithText } from '../../fakes/web/documents';
import { startFakeWeb, type FakeWeb } from '../../fakes/web/fake-web';
import { testDatabase } from '../../support/database';

/**
 * Pages a person adds that hold no text anyone could read without signing in or running
 * JavaScript: each must fail with its own reason, never be stored as the site's knowledge
 * (a sign-in form answering every question about the handbook).
 */
describe('WebSourceReader: pages behind a sign-in or built by JavaScript', () => {
  let site: FakeWeb;
  let sso: FakeWeb;
  beforeAll(async () => {
    site = await startFakeWeb();
    sso = await startFakeWeb();
  });
  afterAll(async () => {
    await site?.close();
    await sso?.close();
  });

  const sourceOf = (url: string, pageLimit: number) => ({
    id: 'source-walls', teamId: 'T1', kind: 'web', title: url, url, fileId: null, pageLimit,
    status: 'reading', progressDone: 0, progressTotal: 0, failure: null, sizeBytes: 0, chunkCount: 0, robotsLeftOut: 0, addedBy: 'U1', createdAt: new Date(), updatedAt: new Date(),
  }) as const;
  const reader = () => new WebSourceReader(new GuardedHttpClient({ allowPrivateHosts: [site.host, sso.host] }));
  const read = (url: string, pages = 1) => reader().read(sourceOf(url, pages) as never, new AbortController().signal);
  const article = (title: string, text: string) =>
    `<html><head><title>${title}</title></head><body><article><h1>${title}</h1><p>${text} ${'The harbour handbook explains the work of the pilots on the northern coast. '.repeat(6)}</p></article></body></html>`;
  const signInPage = (action: string) =>
    `<!DOCTYPE html><html><head><title>Sign in · Acme SSO</title></head><body><main><h1>Sign in to Acme</h1><p>Use your company account to continue.</p>
     <form method="post" action="${action}"><label>Email <input type="email" name="email"></label><label>Password <input type="password" name="password" autocomplete="current-password"></label><button type="submit">Sign in</button></form>
     <p><a href="/forgot">Forgot your password?</a></p></main></body></html>`;

  it('fails a page that redirects to a sign-in form on another origin, and stores nothing of the form', async () => {
    sso.page('/login', { type: 'text/html', body: signInPage('/session') });
    site.page('/handbook', { status: 302, headers: { location: `${sso.origin}/login?next=%2Fhandbook` } });
    await expect(read(`${site.origin}/handbook`, 5)).rejects.toMatchObject({ code: 'login_required' });
  });

  it('fails a page answering 401 (HTTP authentication) as needing a sign-in', async () => {
    site.page('/intranet', { status: 401, type: 'text/html', headers: { 'www-authenticate': 'Basic realm="intranet"' }, body: '<html><body><h1>401 Authorization Required</h1></body></html>' });
    await expect(read(`${site.origin}/intranet`)).rejects.toMatchObject({ code: 'login_required' });
  });

  it('fails a page that is itself a sign-in form on the same site', async () => {
    site.page('/wiki', { status: 302, headers: { location: '/users/sign_in' } });
    site.page('/users/sign_in', { type: 'text/html', body: signInPage('/users/sign_in') });
    await expect(read(`${site.origin}/wiki`)).rejects.toMatchObject({ code: 'login_required' });
  });

  it('skips a page of a site that asks to sign in, keeping the public pages', async () => {
    site.page('/', { type: 'text/html', body: article('Harbour home', 'Welcome. <a href="/members">Members</a> <a href="/tides">Tides</a>').replace('<p>', '<p>') });
    site.page('/members', { status: 302, headers: { location: `${sso.origin}/login?next=%2Fmembers` } });
    site.page('/tides', { type: 'text/html', body: article('Tides', 'High water at 06:12.') });
    const got = await read(`${site.origin}/`, 5);
    expect(got.documents.map((d) => d.location.url)).toEqual([`${site.origin}/`, `${site.origin}/tides`]);
    expect(JSON.stringify(got.documents)).not.toContain('Sign in');
  });

  it('fails a single-page app whose HTML holds no text, saying it needs JavaScript (not that it is a scanned PDF)', async () => {
    site.page('/app', {
      type: 'text/html',
      body: '<!doctype html><html><head><title>Acme Docs</title><script type="module" crossorigin src="/assets/index-4f9a.js"></script></head><body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body></html>',
    });
    await expect(read(`${site.origin}/app`, 3)).rejects.toMatchObject({ code: 'needs_javascript' });
  });

  it('reads a short page whose comment holds `<input ` 560,000 times (4 MB) as the page it is, without holding the worker', async () => {
    // The sign-in check's pattern backtracked from every `<input` through the rest of the tag:
    // 70 KB of them took 5 s of the event loop, these 4 MB hours, every answer of the worker with it.
    site.page('/inputs', { type: 'text/html', body: article('Tide tables', 'High water at 06:12.').replace('</article>', `</article><!-- ${'<input '.repeat(560_000)} -->`) });
    const got = await read(`${site.origin}/inputs`);
    expect(got.documents).toHaveLength(1);
    expect(got.documents[0]!.text).toContain('High water at 06:12.');
  });

  it('follows the links of a long page ending in 4 MB of unclosed `<a>` tags without holding the worker', async () => {
    // Its links were taken from a second parse of the whole page on the main thread (linkedom:
    // 40,000 unclosed anchors took 4 s, these 360,000 more than 5 minutes); the thread that
    // converts the page reads its first 800,000 characters of text and gives their links.
    const long = `<p>${'The tide tables list the high and low water of each day at the harbour mouth. '.repeat(100)}</p>`.repeat(110);
    site.page('/almanac', { type: 'text/html', body: article('Almanac', 'See <a href="/tides">the tides</a>.').replace('</article>', `</article>${long}${'<a href=/x>'.repeat(360_000)}`) });
    site.page('/tides', { type: 'text/html', body: article('Tides', 'High water at 06:12.') });
    const got = await read(`${site.origin}/almanac`, 2);
    expect(got.documents.map((d) => d.location.url)).toEqual([`${site.origin}/almanac`, `${site.origin}/tides`]);
    expect(got.documents[1]!.text).toContain('High water at 06:12.');
  });

  it('still reads a page with a sign-in box beside a long article, and a page with scripts and text', async () => {
    site.page('/forum', {
      type: 'text/html',
      body: `<html><head><title>Forum</title><script src="/app.js"></script></head><body><aside><form action="/login"><input name="u"><input type="password" name="p"></form></aside>${article('Pilot rota', 'Pilots board at the fairway buoy.').replace(/^<html><head>.*?<body>/, '').replace('</body></html>', '')}${'<p>Rota notes for the winter season are kept here by the harbour master and updated weekly.</p>'.repeat(10)}</body></html>`,
    });
    const got = await read(`${site.origin}/forum`);
    expect(got.documents).toHaveLength(1);
    expect(got.documents[0]!.text).toContain('Pilots board at the fairway buoy.');
  });
});

describe('Ingesting a page behind a sign-in or built by JavaScript (PostgreSQL, pgvector)', () => {
  const T = 'T0WALLS';
  const secrets = AesGcmSecretBox.fromEnv(Buffer.alloc(32, 5).toString('base64'));
  let database: Database;
  let site: FakeWeb;
  let sources: PgKnowledgeSourceRepository;
  let ingest: IngestSource;
  beforeAll(async () => {
    site = await startFakeWeb();
    site.page('/handbook', { status: 302, headers: { location: '/login?next=%2Fhandbook' } });
    site.page('/login', { type: 'text/html', body: '<html><head><title>Sign in</title></head><body><h1>Sign in to the handbook</h1><form method="post"><input name="user"><input type="password" name="pass"><button>Sign in</button></form></body></html>' });
    site.page('/app', { type: 'text/html', body: '<!doctype html><html><head><title>Docs</title><script defer src="/main.js"></script></head><body><div id="app"></div></body></html>' });
    database = await openDatabase((await testDatabase()).url, { poolMax: 3 });
    const pool = await nativePool(database.orm);
    sources = new PgKnowledgeSourceRepository(pool, secrets);
    const reader = new WebSourceReader(new GuardedHttpClient({ allowPrivateHosts: [site.host] }));
    ingest = new IngestSource({
      sources, store: await PgvectorStore.create(pool, secrets), embeddings: new HashingEmbeddings(1024), splitter: new LangChainTextSplitter(),
      readers: { web: reader, pdf: reader, repository: reader }, clock: new FakeClock(), planOf: async () => 'free',
    });
  });
  afterAll(async () => {
    await database?.close();
    await site?.close();
  });

  const add = async (path: string) => {
    const id = randomUUID();
    await sources.add(T, { id, teamId: T, kind: 'web', title: `${site.origin}${path}`, url: `${site.origin}${path}`, fileId: null, pageLimit: 1, addedBy: 'U1', createdAt: new Date() });
    return id;
  };
  const home = (locale: 'en' | 'ja', ids: string[]) => async () => {
    const listed = await Promise.all(ids.map(async (id) => ({ ...(await sources.get(T, id))!, canRemove: true })));
    return JSON.stringify(
      knowledgeSection({
        facts: { locale, appName: 'Tomo', knowledge: { sources: listed, quota: KNOWLEDGE_QUOTAS.free, usage: { sources: listed.length, chunks: 0 }, counts: { web: listed.length, pdf: 0, repository: 0 }, plan: 'free' } } as never,
        t: (code) => code,
        page: (path) => path,
        day: (date) => date.toISOString().slice(0, 10),
      }),
    );
  };

  it('fails each with a reason the person can act on, in en and ja, and stores no passage of the sign-in form', async () => {
    const login = await add('/handbook');
    const app = await add('/app');
    expect(await ingest.execute({ teamId: T, sourceId: login })).toEqual({ status: 'failed', failure: 'login_required' });
    expect(await ingest.execute({ teamId: T, sourceId: app })).toEqual({ status: 'failed', failure: 'needs_javascript' });
    const chunks = await database.orm.em.getConnection().execute<{ n: string }[]>(`select count(*) as n from knowledge_chunks where team_id = ?`, [T]);
    expect(Number(chunks[0]!.n)).toBe(0);
    const en = await home('en', [login, app])();
    expect(en).toContain('Failed: the page asks to sign in, and Tomo reads only pages anyone can open. Upload it as a PDF instead.');
    expect(en).toContain('Failed: the page shows its text only through JavaScript, which Tomo does not run. Add a page whose text is in its HTML, or upload it as a PDF.');
    expect(en).not.toContain('scanned PDF');
    const ja = await home('ja', [login, app])();
    expect(ja).toContain('失敗：このページはサインインが必要です。Tomoは誰でも開けるページだけを読み込みます。代わりにPDFとしてアップロードしてください。');
    expect(ja).toContain('失敗：このページは本文を JavaScript で表示するため読み込めません（Tomoは JavaScript を実行しません）。');
  });
});

/**
 * Pages as sites really serve them, which a pasted link already reads (ReadableWebFetcher): a
 * PDF from an object store without its type, a start page that sends the browser on with a
 * meta refresh, a page larger than the client's cap.
 */
describe('WebSourceReader: a PDF served as octet-stream, a meta refresh, a huge page', () => {
  let site: FakeWeb;
  beforeAll(async () => {
    site = await startFakeWeb();
  });
  afterAll(async () => {
    await site?.close();
  });
  const sourceOf = (url: string, pageLimit: number) => ({
    id: 'source-served', teamId: 'T1', kind: 'web', title: url, url, fileId: null, pageLimit,
    status: 'reading', progressDone: 0, progressTotal: 0, failure: null, sizeBytes: 0, chunkCount: 0, robotsLeftOut: 0, addedBy: 'U1', createdAt: new Date(), updatedAt: new Date(),
  }) as const;
  const read = (url: string, pages = 1) => new WebSourceReader(new GuardedHttpClient({ allowPrivateHosts: [site.host] })).read(sourceOf(url, pages) as never, new AbortController().signal);
  const filler = 'The harbour handbook explains the work of the pilots on the northern coast. ';

  it('reads a linked PDF an object store serves as binary/octet-stream (S3 without a type), recognised by its bytes', async () => {
    site.page('/files/tariffs.pdf', { type: 'binary/octet-stream', body: pdfWithText(['Harbour dues', 'A berth costs 42 euros a night in 2026.']) });
    site.page('/files/download', { type: 'application/octet-stream', headers: { 'content-disposition': 'attachment; filename="tariffs.pdf"' }, body: pdfWithText(['Pilotage dues', 'Pilotage costs 310 euros per call.']) });
    expect((await read(`${site.origin}/files/tariffs.pdf`)).documents[0]!.text).toContain('A berth costs 42 euros a night in 2026.');
    expect((await read(`${site.origin}/files/download`)).documents[0]!.text).toContain('Pilotage costs 310 euros per call.');
    // Bytes that are no PDF under such a type stay unreadable.
    site.page('/files/blob', { type: 'application/octet-stream', body: Buffer.from([0, 1, 2, 3, 4, 5, 6, 7]) });
    await expect(read(`${site.origin}/files/blob`)).rejects.toMatchObject({ code: 'unsupported' });
  });

  it('follows a start page whose meta refresh sends the browser on (a docs root to its latest version)', async () => {
    site.page('/docs/', { type: 'text/html', body: '<!doctype html><html><head><meta http-equiv="refresh" content="0; url=/docs/v3/"><title>Redirecting…</title></head><body></body></html>' });
    site.page('/docs/v3/', { type: 'text/html', body: `<html><head><title>Handbook v3</title></head><body><article><h1>Handbook v3</h1><p>Pilots board at the fairway buoy. ${filler.repeat(6)}</p></article></body></html>` });
    const got = await read(`${site.origin}/docs/`);
    expect(got.documents.map((d) => d.location.url)).toEqual([`${site.origin}/docs/v3/`]);
    expect(got.documents[0]!.text).toContain('Pilots board at the fairway buoy.');
  });

  it('reads a page over the 5 MB cap from its beginning instead of failing the source as too large', async () => {
    const paragraphs = Array.from({ length: 70_000 }, (_, i) => `<p>Section ${i}. ${filler}</p>`).join('\n');
    site.page('/spec', { type: 'text/html', body: `<html><head><title>Harbour spec</title></head><body><article><h1>Harbour spec</h1><p>The fairway is 12 metres deep at low water.</p>${paragraphs}</article></body></html>` });
    const got = await read(`${site.origin}/spec`);
    expect(got.documents).toHaveLength(1);
    expect(got.documents[0]!.text).toContain('The fairway is 12 metres deep at low water.');
  }, 60_000);
});
