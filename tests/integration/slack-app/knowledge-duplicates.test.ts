import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nativePool } from '../../../adapters/postgres/native-pool';
import { PgKnowledgeSourceRepository } from '../../../adapters/vector/pg-knowledge-source-repository';
import { secretBoxFromConfig } from '../../../apps/shared/secret-box';
import { KNOWLEDGE_QUEUES } from '../../../apps/shared/knowledge-jobs';
import { knowledgeText } from '../../../apps/shared/messages/knowledge';
import { startFakeWeb, type FakeWeb } from '../../fakes/web/fake-web';
import { startFakeGitHub, type FakeGitHub } from '../../fakes/github/fake-github';
import { eventually, installThroughBrowser, postInteraction, sendEvent, settled, startSlackAppWorld, type SlackAppWorld } from './support/slack-app-world';

const FILLER = 'Harbour Lights is a small company that restores old lighthouses along the northern coast, and this page explains the work.';
const texts = (view: { blocks: Record<string, unknown>[] } | undefined) => JSON.stringify(view?.blocks ?? []);

describe('Adding a knowledge source the workspace already has, through signed modal submissions (real server and worker, Slack, web and GitHub fakes)', () => {
  let world: SlackAppWorld;
  let web: FakeWeb;
  let github: FakeGitHub;
  let sources: PgKnowledgeSourceRepository;
  let teamId: string;

  const submit = (user: string, callbackId: string, values: Record<string, Record<string, unknown>>, locale: string) => ({
    team: { id: teamId, domain: 'acme' },
    user: { id: user, team_id: teamId },
    api_app_id: world.ws.team.appId,
    trigger_id: `trig-${Math.random()}`,
    type: 'view_submission',
    view: { id: 'VMODAL', type: 'modal', callback_id: callbackId, private_metadata: locale, state: { values } },
  });
  const addWeb = (user: string, url: string, pages: number, locale = 'en') =>
    postInteraction(world, submit(user, 'knowledge.modal.web', { url: { value: { type: 'url_text_input', value: url } }, pages: { value: { type: 'number_input', value: String(pages) } } }, locale));
  const addRepository = (user: string, url: string, locale = 'en') =>
    postInteraction(world, submit(user, 'knowledge.modal.repository', { url: { value: { type: 'url_text_input', value: url } } }, locale));
  const fieldError = (code: 'KNOWLEDGE.ERROR_DUPLICATE_WEB' | 'KNOWLEDGE.ERROR_DUPLICATE_REPOSITORY', locale: 'en' | 'ja') => ({
    response_action: 'errors',
    errors: { url: knowledgeText(code, {}, locale) },
  });
  const ingested = () => settled(world, KNOWLEDGE_QUEUES.knowledgeIngest.name);
  const homeSays = async (user: string, text: string) => {
    await sendEvent(world, { type: 'app_home_opened', user, channel: 'DHOME', tab: 'home', event_ts: `${Date.now() / 1000}` });
    await eventually(() => expect(texts(world.slack.homeOf(user))).toContain(text));
  };

  beforeAll(async () => {
    web = await startFakeWeb();
    web.page('/restoration', { type: 'text/html', body: `<html><head><title>Restoration</title></head><body><article><h1>Restoration</h1><p>${FILLER}</p></article></body></html>` });
    github = await startFakeGitHub();
    await github.repository('acme', 'lights', { 'README.md': `# Lights\n\n${FILLER}\n` });
    world = await startSlackAppWorld({ FETCH_ALLOW_PRIVATE_HOSTS: web.host, EMBEDDINGS_DIMENSIONS: '128', GITHUB_API_URL: github.url });
    expect((await installThroughBrowser(world)).status).toBe(200);
    teamId = world.ws.team.id;
    sources = new PgKnowledgeSourceRepository(await nativePool(world.app.database.orm), secretBoxFromConfig(world.app.config));
  });
  afterAll(async () => {
    await world.close();
    await web.close();
    await github.close();
  });

  it('refuses a web address the workspace already has, written another way, with a field error in the person’s language, and counts it once', async () => {
    expect(await (await addWeb(world.ws.alice, `${web.origin}/restoration`, 1)).text()).toBe('OK');
    await ingested();

    // The scheme in capitals, a fragment, another page count: the same address.
    const again = await addWeb(world.ws.alice, `${web.origin.replace('http://', 'HTTP://')}/restoration#lenses`, 3);
    expect(await again.json()).toEqual(fieldError('KNOWLEDGE.ERROR_DUPLICATE_WEB', 'en'));
    const fromBob = await addWeb(world.ws.bob, `${web.origin}/restoration`, 1, 'ja');
    expect(await fromBob.json()).toEqual(fieldError('KNOWLEDGE.ERROR_DUPLICATE_WEB', 'ja'));
    expect(knowledgeText('KNOWLEDGE.ERROR_DUPLICATE_WEB', {}, 'ja')).toContain('このアドレスはすでに');

    expect((await sources.list(teamId, 'web')).map((s) => s.url)).toEqual([`${web.origin}/restoration`]);
    await homeSays(world.ws.alice, '1 of 3 sources');
  });

  it('refuses a repository the workspace already has, whatever its spelling, in English and Japanese', async () => {
    expect(await (await addRepository(world.ws.alice, 'https://github.com/acme/lights')).text()).toBe('OK');
    await ingested();
    expect(await (await addRepository(world.ws.alice, 'https://www.github.com/ACME/Lights.git')).json()).toEqual(fieldError('KNOWLEDGE.ERROR_DUPLICATE_REPOSITORY', 'en'));
    expect(await (await addRepository(world.ws.bob, 'https://github.com/acme/lights/', 'ja')).json()).toEqual(fieldError('KNOWLEDGE.ERROR_DUPLICATE_REPOSITORY', 'ja'));
    expect((await sources.list(teamId, 'repository')).map((s) => [s.title, s.status])).toEqual([['acme/lights', 'ready']]);
    await homeSays(world.ws.alice, '2 of 3 sources');
  });

  it('lets a failed source be added again in its place, and a deleted one added again; of two modals submitted at once, one is added', async () => {
    // Not on GitHub (yet): the source fails and holds the third place.
    expect(await (await addRepository(world.ws.bob, 'https://github.com/acme/charts', 'ja')).text()).toBe('OK');
    await ingested();
    const [failed] = (await sources.list(teamId, 'repository')).filter((s) => s.title === 'acme/charts');
    expect(failed).toMatchObject({ status: 'failed', failure: 'not_found' });

    // Added again (by Alice, the workspace at its 3 sources): it replaces the failed one.
    await github.repository('acme', 'charts', { 'README.md': `# Charts\n\n${FILLER}\n` });
    expect(await (await addRepository(world.ws.alice, 'https://github.com/acme/charts.git')).text()).toBe('OK');
    await ingested();
    const charts = (await sources.list(teamId, 'repository')).filter((s) => s.title === 'acme/charts');
    expect(charts).toMatchObject([{ status: 'ready', addedBy: world.ws.alice }]);
    expect(charts[0]!.id).not.toBe(failed!.id);
    await homeSays(world.ws.alice, '3 of 3 sources');

    // Deleted, then submitted from two modals at once: one source, one field error.
    const [lights] = (await sources.list(teamId, 'repository')).filter((s) => s.title === 'acme/lights');
    expect(await sources.remove(teamId, lights!.id)).toBe(true);
    const answers = await Promise.all([addRepository(world.ws.alice, 'https://github.com/acme/lights'), addRepository(world.ws.bob, 'https://github.com/acme/lights', 'ja')]);
    const bodies = await Promise.all(answers.map((a) => a.text()));
    expect(bodies.filter((b) => b === 'OK')).toHaveLength(1);
    expect(bodies.filter((b) => b !== 'OK').map((b) => JSON.parse(b) as unknown)).toSatisfy((errors: unknown[]) =>
      errors.length === 1 && [fieldError('KNOWLEDGE.ERROR_DUPLICATE_REPOSITORY', 'en'), fieldError('KNOWLEDGE.ERROR_DUPLICATE_REPOSITORY', 'ja')].some((e) => JSON.stringify(e) === JSON.stringify(errors[0])),
    );
    await ingested();
    expect((await sources.list(teamId)).map((s) => s.title).sort()).toEqual(['acme/charts', 'acme/lights', `${web.origin}/restoration`]);
    await homeSays(world.ws.alice, '3 of 3 sources');
  });
});
