import { randomBytes, randomUUID } from 'node:crypto';
import { dumpTables } from '../../support/table-dump';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TomoMetrics } from '../../../adapters/metrics/prometheus-metrics';
import { nativePool } from '../../../adapters/postgres/native-pool';
import { PgKnowledgeSourceRepository } from '../../../adapters/vector/pg-knowledge-source-repository';
import { secretBoxFromConfig } from '../../../apps/shared/secret-box';
import { KNOWLEDGE_QUEUES } from '../../../apps/shared/knowledge-jobs';
import { SLACK_QUEUES } from '../../../apps/shared/slack-jobs';
import type { SourceKind } from '../../../core/knowledge/knowledge-source';
import { summaryDueNow } from '../../support/due-summary';
import { capturingLogger } from '../../support/logger';
import { startFakeGitHub, type FakeGitHub } from '../../fakes/github/fake-github';
import { askTomoFunction } from '../../fakes/slack/ask-tomo-function';
import { docxWithText, pdfWithText } from '../../fakes/web/documents';
import { startFakeWeb, type FakeWeb } from '../../fakes/web/fake-web';
import {
  eventually,
  installThroughBrowser,
  mention,
  postInteraction,
  repositoriesOf,
  sendEvent,
  settled,
  settledAll,
  startSlackAppWorld,
  type SlackAppWorld,
} from './support/slack-app-world';

/**
 * The HIPAA statement: no question, message, prompt or answer text is stored or logged. A
 * distinctive string goes into every path below, with the apps logging at `trace`; afterwards
 * it is in no log line and in no row of any table (pg-boss's jobs, data and output, included).
 */
const SECRET = 'ZEBRA-7731-SECRET';

describe('Privacy: the secret in questions, threads, images and failures reaches no log and no row', () => {
  const captured = capturingLogger('trace');
  const metrics = new TomoMetrics({ process: 'all-in-one' });
  let world: SlackAppWorld;
  let web: FakeWeb;
  let github: FakeGitHub;

  /**
   * What reaches the process's console outside the app's logger: the AI SDKs write there with
   * their own loggers (request bodies at `debug`, which OPENAI_LOG and ANTHROPIC_LOG turn on; a
   * stream chunk they cannot parse at `error`, by default). An operator debugging a provider
   * sets those variables; the secret must not follow.
   */
  const consoleLines: string[] = [];
  const sdkLogVariables = { OPENAI_LOG: process.env.OPENAI_LOG, ANTHROPIC_LOG: process.env.ANTHROPIC_LOG };

  beforeAll(async () => {
    process.env.OPENAI_LOG = 'debug';
    process.env.ANTHROPIC_LOG = 'debug';
    for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void consoleLines.push(args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' ')));
    }
    [web, github] = await Promise.all([startFakeWeb(), startFakeGitHub()]);
    world = await startSlackAppWorld(
      {
        IMAGE_TIMEOUT_MS: '1500',
        ANSWER_RETRIES: '0',
        FETCH_ALLOW_PRIVATE_HOSTS: web.host,
        EMBEDDINGS_DIMENSIONS: '256',
        GITHUB_API_URL: github.url,
        GITHUB_CLIENT_ID: 'github-client',
        GITHUB_CLIENT_SECRET: 'github-secret',
        METRICS_TOKEN: 'metrics-token-0123456789abcdef',
      },
      { logger: captured.logger, metrics },
    );
    expect((await installThroughBrowser(world)).status).toBe(200);
  });
  afterAll(async () => {
    await world?.close();
    await Promise.all([web?.close(), github?.close()]);
    vi.restoreAllMocks();
    for (const [name, value] of Object.entries(sdkLogVariables)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  async function ask(text: string, options: { thread?: boolean } = {}) {
    const { ws } = world;
    const parent = options.thread ? world.slack.addMessage({ channel: ws.channel, user: ws.bob, text: `context ${SECRET} in the thread` }) : undefined;
    const question = world.slack.addMessage({ channel: ws.channel, user: ws.alice, text: `<@${ws.team.botUserId}> ${text}`, ...(parent ? { threadTs: parent.ts } : {}) });
    await sendEvent(world, { ...mention(world, { ts: question.ts, channel: ws.channel, ...(parent ? { threadTs: parent.ts } : {}) }), text: question.text });
    const thread = parent?.ts ?? question.ts;
    // Some paths say nothing in the thread (Slack refusing every post); the job ends either way.
    await eventually(() => expect(world.slack.botReplies(ws.channel, thread).filter((m) => m.streamState !== 'streaming').length).toBeGreaterThan(0), 5_000).catch(() => undefined);
    await settled(world);
  }

  it('answers, fails and draws with the secret everywhere', async () => {
    world.openai.answer(`The answer repeats ${SECRET}.`);
    await ask(`what is ${SECRET}?`, { thread: true });
    world.openai.failAlways(500);
    await ask(`and now ${SECRET} when the model fails`);
    world.openai.reset();
    world.openai.cutOffNext(10);
    await ask(`cut ${SECRET} off mid-stream`);
    world.openai.reset();
    world.slack.failNext('chat.postMessage', 'fatal_error', { times: 3 });
    world.openai.answer(`Posted ${SECRET}.`);
    await ask(`slack fails ${SECRET}`);
    world.openai.reset();
    // A stream chunk that is no JSON (a proxy mangling it) holding the answer's words, from each provider.
    world.openai.enqueue({ text: `Garbled ${SECRET} answer`, cutOffAfterChars: 4, garbleRest: true });
    world.anthropic.enqueue({ text: `Garbled ${SECRET} answer`, cutOffAfterChars: 4, garbleRest: true });
    await ask(`garble ${SECRET}`);
    world.openai.reset();
    world.anthropic.reset();
    await ask(`draw a zebra named ${SECRET}`);
    world.openai.nextImages({ kind: 'refuse' });
    await ask(`draw ${SECRET} again`);
    await settled(world);
    // The secret did travel where it must: to the model and the image provider.
    expect(JSON.stringify(world.openai.calls.map((call) => call.body))).toContain(SECRET);
    expect(JSON.stringify(world.openai.imageCalls)).toContain(SECRET);
  });

  /** Everything the model was sent since `from` (the secret must reach it: the path was taken). */
  const sentToModel = (from: number) => JSON.stringify(world.openai.calls.slice(from).map((call) => call.body));
  const page = (title: string, text: string) => `<!DOCTYPE html><html><head><title>${title}</title></head><body><article><h1>${title}</h1><p>${text}</p><p>${'Filler sentence about lighthouses and their keepers. '.repeat(8)}</p></article></body></html>`;

  it('reads linked pages with the secret: whole, refused with a 500 that quotes it, cut off midway, a PDF and a broken PDF', async () => {
    web.page('/secret', { type: 'text/html', body: page('Zoo notes', `The keeper's code is ${SECRET}.`) });
    web.page('/secret-500', { status: 500, type: 'text/html', body: `<html><body>Internal error while rendering "${SECRET}"</body></html>` });
    web.page('/secret-cut', { type: 'text/html', body: page('Cut notes', `Cut here ${SECRET} ${'and more text '.repeat(400)}`), cutAfter: 600, headers: { 'content-length': '9000' } });
    web.page('/secret.pdf', { type: 'application/pdf', body: pdfWithText([`Report page with ${SECRET}`]) });
    web.page('/secret-broken.pdf', { type: 'application/pdf', body: Buffer.from(`%PDF-1.4\n1 0 obj << /Length 99 >> stream ${SECRET} broken`) });
    web.page('/secret.txt', { type: 'text/plain', body: `plain ${SECRET}` });
    const from = world.openai.calls.length;
    world.openai.answer('Read them.');
    // One link read per question.
    for (const path of ['/secret', '/secret-500', '/secret-cut', '/secret.pdf', '/secret-broken.pdf', '/secret.txt']) await ask(`what does this say? <${web.origin}${path}>`);
    expect(web.hits).toEqual(expect.arrayContaining(['/secret', '/secret-500', '/secret-cut', '/secret.pdf', '/secret-broken.pdf']));
    expect(sentToModel(from)).toContain(SECRET);
    world.openai.reset();
  });

  it('reads files shared in Slack with the secret: text, PDF, DOCX, and ones that fail to parse', async () => {
    const { ws } = world;
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    const parent = world.slack.addMessage({
      channel: ws.channel,
      user: ws.bob,
      text: 'files',
      files: [
        { id: 'F0ZTXT', name: 'notes.txt', mimetype: 'text/plain', filetype: 'text', content: Buffer.from(`text file ${SECRET}`) },
        { id: 'F0ZPDF', name: 'report.pdf', mimetype: 'application/pdf', filetype: 'pdf', content: pdfWithText([`pdf ${SECRET}`]) },
        { id: 'F0ZDOC', name: 'plan.docx', mimetype: docx, filetype: 'docx', content: docxWithText('Plan', [`docx ${SECRET}`]) },
        { id: 'F0ZBADPDF', name: 'bad.pdf', mimetype: 'application/pdf', filetype: 'pdf', content: Buffer.from(`%PDF-1.7 obj ${SECRET} garbage`) },
        { id: 'F0ZBADDOC', name: 'bad.docx', mimetype: docx, filetype: 'docx', content: Buffer.concat([docxWithText('Bad', [`bad docx ${SECRET}`]).subarray(0, 200), Buffer.from(SECRET)]) },
      ],
    });
    const from = world.openai.calls.length;
    world.openai.answer('Read the files.');
    const question = world.slack.addMessage({ channel: ws.channel, user: ws.alice, text: `<@${ws.team.botUserId}> summarise the files`, threadTs: parent.ts });
    await sendEvent(world, mention(world, { ts: question.ts, channel: ws.channel, threadTs: parent.ts }));
    await eventually(() => expect(world.slack.botReplies(ws.channel, parent.ts).filter((m) => m.streamState !== 'streaming').length).toBeGreaterThan(0));
    await settled(world);
    expect(sentToModel(from)).toContain(SECRET);
  });

  it('ingests knowledge with the secret in its text, titles, addresses, file names and robots.txt (a site, a PDF, a repository) and searches it; embeddings failing with an echo of the passage', async () => {
    const teamId = world.ws.team.id;
    const sources = new PgKnowledgeSourceRepository(await nativePool(world.app.database.orm), secretBoxFromConfig(world.app.config));
    // The secret names things too: a page's address and <title>, a PDF's file name, a repository and its files, the site's rules.
    web.page(`/kb-${SECRET}`, { type: 'text/html', body: page(`KB ${SECRET}`, `Knowledge passage: ${SECRET} opens the vault.`) });
    web.page('/robots.txt', { type: 'text/plain', body: `# ${SECRET} intranet\nUser-agent: *\nDisallow: /private-${SECRET}/\n` });
    await github.repository('acme', `probe-${SECRET}`, { [`docs/${SECRET}.md`]: `# Probe\n\nThe repository passage ${SECRET}.\n` });
    world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: 'kb', files: [{ id: 'F0ZKB', name: `kb-${SECRET}.pdf`, mimetype: 'application/pdf', filetype: 'pdf', content: pdfWithText([`PDF passage ${SECRET}`]) }] });
    const add = async (kind: SourceKind, fields: { title: string; url?: string; fileId?: string }) => {
      const id = randomUUID();
      await sources.add(teamId, { id, teamId, kind, title: fields.title, url: fields.url ?? null, fileId: fields.fileId ?? null, pageLimit: 1, addedBy: world.ws.alice, createdAt: new Date() });
      await world.app.queue.send(KNOWLEDGE_QUEUES.knowledgeIngest.name, { teamId, sourceId: id });
      return id;
    };
    const ready = async (id: string, states: string[]) =>
      eventually(async () => expect(states).toContain((await sources.get(teamId, id))?.status), 20_000);
    for (const id of [
      await add('web', { title: `${web.origin}/kb-${SECRET}`, url: `${web.origin}/kb-${SECRET}` }),
      await add('pdf', { title: `kb-${SECRET}.pdf`, url: `https://acme.slack.com/files/U1/F0ZKB/kb-${SECRET}.pdf`, fileId: 'F0ZKB' }),
      await add('repository', { title: `acme/probe-${SECRET}`, url: `https://github.com/acme/probe-${SECRET}` }),
    ]) {
      await ready(id, ['ready']);
    }
    const from = world.openai.calls.length;
    world.openai.enqueue(
      { toolCalls: [{ name: 'html_search', arguments: { query: `vault ${SECRET}` } }, { name: 'repository_search', arguments: { query: `probe ${SECRET}` } }] },
      { text: 'Found it.' },
    );
    await ask(`what opens the vault? ${SECRET}`);
    // The citations opened the sealed names: the page's title and address, the repository file's link.
    expect(sentToModel(from)).toContain(`KB ${SECRET} ${web.origin}/kb-${SECRET}`);
    expect(sentToModel(from)).toContain(`https://github.com/acme/probe-${SECRET}/blob/HEAD/docs/${SECRET}.md`);

    // The embeddings service fails (429, retried at once by the SDK) with a body quoting the passage.
    world.openai.failEmbeddings(429, { echo: true, retryAfterSeconds: 0 });
    web.page(`/kb-failing-${SECRET}`, { type: 'text/html', body: page(`KB2 ${SECRET}`, `Failing passage ${SECRET}.`) });
    const failing = await add('web', { title: `${web.origin}/kb-failing-${SECRET}`, url: `${web.origin}/kb-failing-${SECRET}` });
    await eventually(async () => {
      const jobs = await world.app.queue.boss.findJobs(KNOWLEDGE_QUEUES.knowledgeIngest.name);
      expect(jobs.some((job) => (job.data as { sourceId?: string }).sourceId === failing && job.output !== null)).toBe(true);
    }, 20_000);
    expect(captured.output()).toContain('knowledge ingestion failed; retried');
    world.openai.failEmbeddings(null);
  });

  it('runs reactions, a workflow step, a scheduled summary and Save as PDF on messages holding the secret', async () => {
    const { ws } = world;
    const react = (reaction: string, ts: string) =>
      sendEvent(world, { type: 'reaction_added', user: ws.bob, reaction, item_user: ws.alice, item: { type: 'message', channel: ws.channel, ts }, event_ts: `${Date.now() / 1000}` });
    const from = world.openai.calls.length;
    world.openai.answer(`Reaction answer ${SECRET}.`);
    const target = world.slack.addMessage({ channel: ws.channel, user: ws.alice, text: `Please translate ${SECRET}` });
    await react('jp', target.ts);
    await react('memo', target.ts);

    const execution = world.slack.startFunctionExecution(ws.team.id, askTomoFunction());
    await sendEvent(world, world.slack.functionExecutedEvent(execution, { prompt: `Workflow asks ${SECRET}`, user_id: ws.alice, channel_id: ws.channel, message_ts: target.ts }));

    const channel = world.slack.addChannel({ id: 'CPROBE', teamId: ws.team.id, name: 'probe' }).id;
    world.slack.addMessage({ channel, user: ws.bob, text: `Daily news ${SECRET}`, at: new Date(Date.now() - 3_600_000) });
    await repositoriesOf(world).scheduleSettings.append(ws.team.id, summaryDueNow({ teamId: ws.team.id, channelId: channel, channelName: 'probe', owner: ws.alice }));
    await world.app.queue.send(SLACK_QUEUES.schedulesDue.name, {});

    const response = await postInteraction(world, {
      type: 'message_action',
      callback_id: 'save_as_pdf',
      trigger_id: `${Date.now()}.${randomBytes(4).toString('hex')}`,
      response_url: 'https://hooks.slack.invalid/actions/T/1/abc',
      team: { id: ws.team.id, domain: ws.team.domain },
      channel: { id: ws.channel, name: 'general' },
      user: { id: ws.alice, name: 'alice', team_id: ws.team.id },
      message_ts: target.ts,
      message: { type: 'message', user: ws.alice, ts: target.ts, text: target.text },
    });
    expect(response.status).toBe(200);

    await eventually(() => expect(execution.state).toBe('completed'));
    await settledAll(world, [SLACK_QUEUES.slackReaction.name, SLACK_QUEUES.slackWorkflow.name, SLACK_QUEUES.schedulesDue.name, SLACK_QUEUES.slackSummary.name, SLACK_QUEUES.slackPdf.name]);
    const prompts = sentToModel(from);
    for (const said of [`Please translate ${SECRET}`, `Workflow asks ${SECRET}`, `Daily news ${SECRET}`]) expect(prompts).toContain(said);
    // The PDF was made and posted (its bytes hold the secret, in Slack only).
    await eventually(() => expect(world.slack.state.messages.some((m) => m.botId === ws.team.botId && m.files?.some((f) => f.mimetype === 'application/pdf'))).toBe(true));
  });

  it('says nothing of the secret on /metrics and /readyz', async () => {
    const scraped = await fetch(`${world.app.baseUrl}/metrics`, { headers: { authorization: 'Bearer metrics-token-0123456789abcdef' } });
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    expect(text).toContain('tomo_');
    expect(text).not.toContain(SECRET);
    const ready = await fetch(`${world.app.baseUrl}/readyz`);
    expect(await ready.text()).not.toContain(SECRET);
  });

  it('wrote the secret to no log line', () => {
    expect(captured.output()).toContain('answer job done');
    expect(captured.output()).not.toContain(SECRET);
    expect(consoleLines.join('\n')).not.toContain(SECRET);
  });

  it('kept the secret in no table or job', async () => {
    for (const { table, dump } of await dumpTables(world.app.db.url)) {
      expect(dump, table).not.toContain(SECRET);
      expect(dump, table).not.toContain('ZEBRA');
    }
  });
});
