import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nativePool } from '../../../adapters/postgres/native-pool';
import { AesGcmSecretBox } from '../../../adapters/crypto';
import { PgOAuthTokenRepository } from '../../../adapters/postgres/pg-oauth-token-repository';
import { PgKnowledgeSourceRepository } from '../../../adapters/vector/pg-knowledge-source-repository';
import { secretBoxFromConfig } from '../../../apps/shared/secret-box';
import { KNOWLEDGE_QUEUES } from '../../../apps/shared/knowledge-jobs';
import type { SourceKind } from '../../../core/knowledge/knowledge-source';
import { pdfWithUnicodeText } from '../../fakes/web/documents-cjk';
import { pdfWithText } from '../../fakes/web/documents';
import { startFakeWeb, type FakeWeb } from '../../fakes/web/fake-web';
import { startFakeGitHub, type FakeGitHub } from '../../fakes/github/fake-github';
import { eventually, installThroughBrowser, mention, repliesIn, sendEvent, settled, startSlackAppWorld, type SlackAppWorld } from './support/slack-app-world';

const LEAVE_FACT = 'Parental leave at Lumen Works is 26 weeks at full pay, for every parent.';
const FILLER = 'Lumen Works builds lighting for theatres and museums, and the handbook describes how the company works day to day.';
const page = (title: string, paragraphs: string[], links: string[] = []) => `<!DOCTYPE html><html><head><title>${title}</title></head>
<body><nav>${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}</nav><article><h1>${title}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('')}</article></body></html>`;

describe('Knowledge through the real server and worker: ingestion, search tools, citations', () => {
  let world: SlackAppWorld;
  let web: FakeWeb;
  let github: FakeGitHub;
  let sources: PgKnowledgeSourceRepository;

  beforeAll(async () => {
    web = await startFakeWeb();
    web.page('/handbook', { type: 'text/html', body: page('Lumen Works Handbook', [FILLER, 'Offices open at nine.', FILLER], ['/handbook/leave', '/handbook/travel', 'https://elsewhere.example/']) });
    web.page('/handbook/leave', { type: 'text/html', body: page('Leave policy', [FILLER, LEAVE_FACT, FILLER], ['/handbook']) });
    web.page('/handbook/travel', { type: 'text/html', body: page('Travel policy', ['Book trains over flights under 500 km.', FILLER]) });
    github = await startFakeGitHub();
    await github.repository('acme', 'lights', {
      'README.md': '# Lights\n\nFirmware for the harbour lamps.\n',
      'src/blink.ts': ['export const PERIOD_MS = 4000;', '', '/** Flashes the lamp: two short, one long, every period. */', 'export function blinkPattern(now: number): boolean {', '  const t = now % PERIOD_MS;', '  return t < 300 || (t > 600 && t < 900) || (t > 1500 && t < 2700);', '}', ''].join('\n'),
      'node_modules/left-pad/index.js': 'module.exports = function blinkPattern() { return "vendored"; };',
      'dist/app.min.js': 'function blinkPattern(){return 1}',
      'package-lock.json': '{"lockfileVersion": 3}',
      'docs/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]),
      'data/raw.txt': Buffer.from([0x61, 0x00, 0x62]),
    });
    await github.repository('acme', 'vault', { 'src/keeper.ts': 'export const KEEPER_SHIFT = "Night shifts hand over at 22:00 at the north pier.";\n' }, { readableWith: 'gho-alice-vault' });
    world = await startSlackAppWorld({
      FETCH_ALLOW_PRIVATE_HOSTS: web.host,
      EMBEDDINGS_DIMENSIONS: '256',
      GITHUB_API_URL: github.url,
      GITHUB_CLIENT_ID: 'github-client',
      GITHUB_CLIENT_SECRET: 'github-secret',
    });
    expect((await installThroughBrowser(world)).status).toBe(200);
    sources = new PgKnowledgeSourceRepository(await nativePool(world.app.database.orm), secretBoxFromConfig(world.app.config));
  });
  afterAll(async () => {
    await world.close();
    await web.close();
    await github.close();
  });
  beforeEach(() => world.openai.reset());

  async function addSource(kind: SourceKind, fields: { url?: string; fileId?: string; title: string; pageLimit?: number }) {
    const id = randomUUID();
    const teamId = world.ws.team.id;
    await sources.add(teamId, { id, teamId, kind, title: fields.title, url: fields.url ?? null, fileId: fields.fileId ?? null, pageLimit: fields.pageLimit ?? 1, addedBy: world.ws.alice, createdAt: new Date() });
    await world.app.queue.send(KNOWLEDGE_QUEUES.knowledgeIngest.name, { teamId, sourceId: id });
    return eventually(async () => {
      const source = await sources.get(teamId, id);
      expect(['ready', 'failed']).toContain(source?.status);
      return source!;
    }, 30_000);
  }

  async function ask(text: string) {
    const { ws } = world;
    const question = world.slack.addMessage({ channel: ws.channel, user: ws.alice, text: `<@${ws.team.botUserId}> ${text}` });
    await sendEvent(world, mention(world, { ts: question.ts, channel: ws.channel }));
    await eventually(() => expect(repliesIn(world, ws.channel, question.ts).length).toBeGreaterThan(0));
    await settled(world);
    return repliesIn(world, ws.channel, question.ts);
  }

  it('offers no knowledge search before anything is uploaded', async () => {
    world.openai.answer('Nothing uploaded yet.');
    await ask('what is our leave policy?');
    expect(world.openai.calls.at(-1)!.prompt.tools).not.toEqual(expect.arrayContaining(['html_search']));
  });

  it('reads a site up to its page limit, then a question retrieves the passage that answers it and the answer cites its page', async () => {
    const source = await addSource('web', { url: `${web.origin}/handbook`, title: 'Handbook', pageLimit: 2 });
    expect(source).toMatchObject({ status: 'ready', failure: null });
    expect(source.chunkCount).toBeGreaterThanOrEqual(2);
    // The start page and the first same-origin link; never the other site, never past the limit.
    expect(web.hits).toEqual(expect.arrayContaining(['/handbook', '/handbook/leave']));
    expect(web.hits).not.toContain('/handbook/travel');

    world.openai.enqueue(
      { toolCalls: [{ name: 'html_search', arguments: { query: 'parental leave weeks full pay' } }] },
      { text: 'Parents get 26 weeks of leave at full pay.' },
    );
    const replies = await ask('how long is parental leave here?');

    const [first, second] = world.openai.calls.slice(-2).map((c) => c.prompt);
    expect(first!.tools).toEqual(expect.arrayContaining(['html_search']));
    expect(first!.tools).not.toContain('pdf_search');
    const result = second!.turns.at(-1)!;
    expect(result.role).toBe('tool');
    // The best passage first, with its page as a link.
    expect(result.text).toMatch(new RegExp(`\\[1\\] Handbook › Leave policy ${web.origin.replace(/[.]/g, '\\.')}/handbook/leave\\n[\\s\\S]*26 weeks at full pay`));
    // The answer cited nothing itself: the passages' pages follow it as links, the best first.
    expect(replies).toEqual([
      `Parents get 26 weeks of leave at full pay.\n\nSources: [Handbook › Leave policy](${web.origin}/handbook/leave) · [Handbook › Lumen Works Handbook](${web.origin}/handbook)`,
    ]);
    expect(world.slack.callsTo('assistant.threads.setStatus').map((c) => c.params.status)).toContain('is searching uploaded knowledge…');
  });

  it('reads a PDF shared in Slack page by page (Japanese included) and cites the page', async () => {
    const { ws } = world;
    world.slack.addMessage({
      channel: ws.channel,
      user: ws.alice,
      text: 'policies',
      files: [
        { id: 'F0KNOWPDF1', name: 'benefits.pdf', mimetype: 'application/pdf', filetype: 'pdf', content: pdfWithText(['Benefits overview', 'Dental cover is 80 percent of costs up to 2000 dollars a year.']) },
        { id: 'F0KNOWPDFJ', name: '就業規則.pdf', mimetype: 'application/pdf', filetype: 'pdf', content: pdfWithUnicodeText(['就業規則の概要', '通勤手当は月額三万円を上限として支給されます。'], '就業規則') },
      ],
    });
    const en = await addSource('pdf', { fileId: 'F0KNOWPDF1', title: 'benefits.pdf', url: 'https://lumen.slack.com/files/U1/F0KNOWPDF1/benefits.pdf' });
    const ja = await addSource('pdf', { fileId: 'F0KNOWPDFJ', title: '就業規則.pdf', url: 'https://lumen.slack.com/files/U1/F0KNOWPDFJ/ja.pdf' });
    expect(en.status).toBe('ready');
    expect(ja.status).toBe('ready');

    world.openai.enqueue({ toolCalls: [{ name: 'pdf_search', arguments: { query: '通勤手当 上限' } }] }, { text: '月額三万円が上限です。' });
    await ask('通勤手当の上限は？');
    const result = world.openai.calls.at(-1)!.prompt.turns.at(-1)!;
    expect(result.text).toMatch(/\[1\] 就業規則\.pdf \(page 2\) https:\/\/lumen\.slack\.com\/files\/U1\/F0KNOWPDFJ\/ja\.pdf#page=2\n通勤手当は月額三万円/);
  });

  it('reads a public GitHub repository from its tarball (code, not vendored, built, lock or binary files) and cites file and lines', async () => {
    const repo = await addSource('repository', { url: 'https://github.com/acme/lights', title: 'acme/lights' });
    expect(repo).toMatchObject({ status: 'ready' });
    expect(github.hits).toContain('/repos/acme/lights/tarball');
    expect(repo.chunkCount).toBe(2);

    world.openai.enqueue({ toolCalls: [{ name: 'repository_search', arguments: { query: 'blinkPattern flashes the lamp' } }] }, { text: 'Two short flashes and a long one.' });
    const replies = await ask('how does the lamp blink?');
    const result = world.openai.calls.at(-1)!.prompt.turns.at(-1)!.text;
    expect(result).toContain('[1] acme/lights (src/blink.ts lines 1–7) https://github.com/acme/lights/blob/HEAD/src/blink.ts#L1-L7\nexport const PERIOD_MS = 4000;');
    expect(result).not.toContain('vendored');
    expect(replies[0]).toContain('[acme/lights (src/blink.ts lines 1–7)](https://github.com/acme/lights/blob/HEAD/src/blink.ts#L1-L7)');

    const missing = await addSource('repository', { url: 'https://github.com/acme/private-thing', title: 'acme/private-thing' });
    expect(missing).toMatchObject({ status: 'failed', failure: 'not_found' });
  });

  it("reads a private repository with the adder's own GitHub connection, and fails it for anyone without one", async () => {
    const teamId = world.ws.team.id;
    const withoutConnection = await addSource('repository', { url: 'https://github.com/acme/vault', title: 'acme/vault' });
    expect(withoutConnection).toMatchObject({ status: 'failed', failure: 'not_found' });

    const tokens = new PgOAuthTokenRepository(world.app.database.orm, AesGcmSecretBox.fromEnv(world.app.config.ENCRYPTION_KEY!));
    await tokens.append(teamId, { teamId, userId: world.ws.alice, provider: 'github', accessToken: 'gho-alice-vault', refreshToken: null, scopes: 'repo', expiresAt: null, accountName: 'alice', status: 'connected', updatedBy: world.ws.alice, updatedAt: new Date() });
    const private_ = await addSource('repository', { url: 'https://github.com/acme/vault', title: 'acme/vault' });
    expect(private_).toMatchObject({ status: 'ready', chunkCount: 1 });

    // Alice removes Tomo on github.com (or GitHub expires the unused token): a public repository
    // she adds is read all the same, and her GitHub card now asks her to reconnect.
    github.revoke('gho-alice-vault');
    const publicAgain = await addSource('repository', { url: 'https://github.com/acme/lights', title: 'acme/lights' });
    expect(publicAgain).toMatchObject({ status: 'ready', chunkCount: 2 });
    expect(await tokens.findLatest(teamId, world.ws.alice, 'github')).toMatchObject({ status: 'reconnect_needed', accessToken: null });
    expect(await addSource('repository', { url: 'https://github.com/acme/vault', title: 'acme/vault' })).toMatchObject({ status: 'failed', failure: 'not_found' });
  });

  it('fails a source with a reason the person can act on', async () => {
    const missing = await addSource('web', { url: `${web.origin}/nowhere`, title: 'nowhere' });
    expect(missing).toMatchObject({ status: 'failed', failure: 'not_found', chunkCount: 0 });
    const blocked = await addSource('web', { url: 'http://169.254.169.254/latest/meta-data/', title: 'metadata' });
    expect(blocked).toMatchObject({ status: 'failed', failure: 'fetch_failed' });
  });

  it('keeps no passage text in job rows or the egress record', async () => {
    const { orm } = world.app.database;
    const rows = await orm.em.getConnection().execute<{ data: string; output: string | null }[]>(
      `select data::text as data, output::text as output from pgboss.job where name in ('knowledge-ingest', 'slack-answer')`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      for (const secret of ['26 weeks', 'Dental cover', '通勤手当', 'Offices open']) {
        expect(row.data).not.toContain(secret);
        expect(row.output ?? '').not.toContain(secret);
      }
    }
    const audit = await orm.em.getConnection().execute<{ row: string }[]>(`select row_to_json(e)::text as row from egress_audit_log e`);
    for (const { row } of audit) expect(row).not.toMatch(/26 weeks|通勤手当/);
  });

  it('forgets every source, chunk and vector of a workspace that uninstalls Tomo', async () => {
    const teamId = world.ws.team.id;
    expect((await sources.list(teamId)).length).toBeGreaterThan(0);
    expect((await sendEvent(world, { type: 'app_uninstalled' })).status).toBe(200);
    await eventually(async () => expect(await sources.list(teamId)).toEqual([]));
    const { orm } = world.app.database;
    const [chunks] = await orm.em.getConnection().execute<{ n: string }[]>(`select count(*) as n from knowledge_chunks where team_id = '${teamId}'`);
    expect(Number(chunks!.n)).toBe(0);
  });
});
