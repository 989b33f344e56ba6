import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nativePool } from '../../../adapters/postgres/native-pool';
import { PgKnowledgeSourceRepository } from '../../../adapters/vector/pg-knowledge-source-repository';
import { slackText } from '../../../apps/shared/messages/slack';
import { knowledgeText } from '../../../apps/shared/messages/knowledge';
import { secretBoxFromConfig } from '../../../apps/shared/secret-box';
import { HOME_ACTIONS } from '../../../apps/shared/home-actions';
import { SLACK_QUEUES, type SlackEventJob } from '../../../apps/shared/slack-jobs';
import { eventually, installThroughBrowser, postInteraction, sendEvent, startSlackAppWorld, type SlackAppWorld } from './support/slack-app-world';

/** The Home tab's text as the person reads it (JSON-escaped like the blocks hold it). */
const homeText = (view: { blocks: Record<string, unknown>[] } | undefined) => JSON.stringify(view?.blocks ?? []);
const inHome = (text: string) => JSON.stringify(text).slice(1, -1);

describe('An App Home click that fails says why in the Home tab (real server and worker, Slack fake)', () => {
  let world: SlackAppWorld;
  let sources: PgKnowledgeSourceRepository;
  let teamId: string;

  const click = (user: string, actionId: string, value?: string) => ({
    team: { id: teamId, domain: 'acme' },
    user: { id: user, team_id: teamId },
    api_app_id: world.ws.team.appId,
    trigger_id: `trig-${randomUUID()}`,
    type: 'block_actions',
    container: { type: 'view', view_id: 'VHOME' },
    view: { id: 'VHOME', type: 'home' },
    actions: [{ action_id: actionId, block_id: 'b', type: 'button', ...(value ? { value } : {}), action_ts: `${Date.now() / 1000}` }],
  });
  const openHome = (user: string) => sendEvent(world, { type: 'app_home_opened', user, channel: 'DHOME', tab: 'home', event_ts: `${Date.now() / 1000}` });
  const home = (user: string) => homeText(world.slack.homeOf(user));
  const notice = (code: Parameters<typeof slackText>[0], locale: 'en' | 'ja') => inHome(slackText(code, {}, locale));

  beforeAll(async () => {
    world = await startSlackAppWorld({ EMBEDDINGS_DIMENSIONS: '128' });
    expect((await installThroughBrowser(world)).status).toBe(200);
    teamId = world.ws.team.id;
    sources = new PgKnowledgeSourceRepository(await nativePool(world.app.database.orm), secretBoxFromConfig(world.app.config));
    // Both people have a Home already (with a hash), as they would before clicking in it.
    await openHome(world.ws.alice);
    await openHome(world.ws.bob);
    await eventually(() => expect(home(world.ws.alice)).toContain(inHome(knowledgeText('KNOWLEDGE.ADD_PDF', {}, 'en'))));
    await eventually(() => expect(home(world.ws.bob)).toContain(inHome(knowledgeText('KNOWLEDGE.ADD_PDF', {}, 'ja'))));
  });
  afterAll(async () => {
    await world.close();
  });

  it('an Add button whose trigger expired (views.open refused) tells the person to press it again, and the next open clears it', async () => {
    world.slack.failNext('views.open', 'expired_trigger_id');
    const modalsBefore = world.slack.state.modals.length;
    const ack = await postInteraction(world, click(world.ws.alice, 'knowledge.add.web'));
    expect(ack.status).toBe(200);
    expect(world.slack.state.modals.length).toBe(modalsBefore);
    await eventually(() => expect(home(world.ws.alice)).toContain(notice('HOME.NOTICE_BUTTON_EXPIRED', 'en')));
    // Still the whole Home under it.
    expect(home(world.ws.alice)).toContain(inHome(knowledgeText('KNOWLEDGE.ADD_WEB', {}, 'en')));
    expect(home(world.ws.alice)).toContain(inHome(slackText('HOME.REFRESH', {}, 'en')));

    await openHome(world.ws.alice);
    await eventually(() => expect(home(world.ws.alice)).not.toContain(notice('HOME.NOTICE_BUTTON_EXPIRED', 'en')));
    expect(home(world.ws.alice)).toContain(inHome(knowledgeText('KNOWLEDGE.ADD_WEB', {}, 'en')));
  });

  it('says it in Japanese to a Japanese reader, also when Slack answers too late, and Refresh clears it', async () => {
    // The call outlives what a click may wait for (the trigger id dies after 3 s).
    world.slack.answerLate('views.open', 2_000);
    expect((await postInteraction(world, click(world.ws.bob, 'knowledge.add.pdf'))).status).toBe(200);
    await eventually(() => expect(home(world.ws.bob)).toContain(notice('HOME.NOTICE_BUTTON_EXPIRED', 'ja')));
    expect(home(world.ws.bob)).toContain('もう一度押してください');

    expect((await postInteraction(world, click(world.ws.bob, HOME_ACTIONS.refresh))).status).toBe(200);
    await eventually(() => expect(home(world.ws.bob)).not.toContain(notice('HOME.NOTICE_BUTTON_EXPIRED', 'ja')));
    expect(home(world.ws.bob)).toContain(inHome(knowledgeText('KNOWLEDGE.ADD_PDF', {}, 'ja')));
  });

  it("a source's progress publishing Home just after keeps the notice; opening the tab clears it", async () => {
    world.slack.failNext('views.open', 'expired_trigger_id');
    expect((await postInteraction(world, click(world.ws.alice, 'knowledge.add.web'))).status).toBe(200);
    await eventually(() => expect(home(world.ws.alice)).toContain(notice('HOME.NOTICE_BUTTON_EXPIRED', 'en')));
    const publishes = () => world.slack.callsTo('views.publish').filter((c) => c.params.user_id === world.ws.alice).length;

    // A source Alice added moves on (what the worker's ingestion queues, apps/worker/knowledge.ts).
    const before = publishes();
    const eventId = `kn:${randomUUID()}:${Date.now()}`.slice(0, 64);
    const progress: SlackEventJob = { kind: 'home', eventId, teamId, userId: world.ws.alice, tab: 'home', keepsNotice: true };
    await world.app.queue.send(SLACK_QUEUES.slackEvent.name, progress, { dedupeKey: eventId });
    await eventually(() => expect(publishes()).toBeGreaterThan(before));
    expect(home(world.ws.alice)).toContain(notice('HOME.NOTICE_BUTTON_EXPIRED', 'en'));

    // A minute later, progress no longer keeps it (the notice was shown long enough).
    const progressAgain = async () => {
      const count = publishes();
      const id = `kn:${randomUUID()}:${Date.now()}`.slice(0, 64);
      await world.app.queue.send(SLACK_QUEUES.slackEvent.name, { ...progress, eventId: id }, { dedupeKey: id });
      await eventually(() => expect(publishes()).toBeGreaterThan(count));
    };
    const pool = await nativePool(world.app.database.orm);
    await pool.query(`update home_view_hashes set notice_shown_at = now() - interval '61 seconds' where team_id = $1 and user_id = $2`, [teamId, world.ws.alice]);
    await progressAgain();
    expect(home(world.ws.alice)).not.toContain(notice('HOME.NOTICE_BUTTON_EXPIRED', 'en'));

    // An open of the tab clears a fresh one too.
    world.slack.failNext('views.open', 'expired_trigger_id');
    expect((await postInteraction(world, click(world.ws.alice, 'knowledge.add.web'))).status).toBe(200);
    await eventually(() => expect(home(world.ws.alice)).toContain(notice('HOME.NOTICE_BUTTON_EXPIRED', 'en')));
    await openHome(world.ws.alice);
    await eventually(() => expect(home(world.ws.alice)).not.toContain(notice('HOME.NOTICE_BUTTON_EXPIRED', 'en')));
  });

  it('a button Slack refuses for another reason (rate limited) says to wait and press again', async () => {
    world.slack.rateLimit('views.open', { retryAfterSeconds: 30 });
    expect((await postInteraction(world, click(world.ws.alice, 'knowledge.add.repository'))).status).toBe(200);
    await eventually(() => expect(home(world.ws.alice)).toContain(notice('HOME.NOTICE_BUTTON_FAILED', 'en')));
    await openHome(world.ws.alice);
    await eventually(() => expect(home(world.ws.alice)).not.toContain(notice('HOME.NOTICE_BUTTON_FAILED', 'en')));
  });

  it('a Delete or Try again by someone who may not tells them who may, and the source stays', async () => {
    const id = randomUUID();
    await sources.add(teamId, { id, teamId, kind: 'repository', title: 'acme/lights', url: 'https://github.com/acme/lights', fileId: null, pageLimit: 1, addedBy: world.ws.alice, createdAt: new Date() });
    // Bob (not an admin) was shown no Delete on Alice's source, but an old Home or a lost admin
    // role can still send one.
    expect((await postInteraction(world, click(world.ws.bob, 'knowledge.delete', id))).status).toBe(200);
    await eventually(() => expect(home(world.ws.bob)).toContain(notice('HOME.NOTICE_NOT_ALLOWED', 'ja')));
    expect(await sources.get(teamId, id)).not.toBeNull();
    await openHome(world.ws.bob);
    await eventually(() => expect(home(world.ws.bob)).not.toContain(notice('HOME.NOTICE_NOT_ALLOWED', 'ja')));

    expect((await postInteraction(world, click(world.ws.bob, 'knowledge.retry', id))).status).toBe(200);
    await eventually(() => expect(home(world.ws.bob)).toContain(notice('HOME.NOTICE_NOT_ALLOWED', 'ja')));
    expect(await sources.get(teamId, id)).toMatchObject({ status: 'queued' });
    await sources.remove(teamId, id);
  });

  it('a Delete of a source deleted meanwhile says it was already deleted; one that works shows no notice', async () => {
    const id = randomUUID();
    await sources.add(teamId, { id, teamId, kind: 'repository', title: 'acme/beacons', url: 'https://github.com/acme/beacons', fileId: null, pageLimit: 1, addedBy: world.ws.alice, createdAt: new Date() });
    expect((await postInteraction(world, click(world.ws.alice, 'knowledge.delete', id))).status).toBe(200);
    await eventually(async () => expect(await sources.get(teamId, id)).toBeNull());
    const publishes = () => world.slack.callsTo('views.publish').filter((c) => c.params.user_id === world.ws.alice).length;
    await eventually(() => expect(home(world.ws.alice)).not.toContain('acme/beacons'));
    expect(home(world.ws.alice)).not.toContain(':warning:');

    const before = publishes();
    // The same Delete again (a second Home, or a double click after the first went through).
    expect((await postInteraction(world, click(world.ws.alice, 'knowledge.delete', id))).status).toBe(200);
    await eventually(() => expect(publishes()).toBeGreaterThan(before));
    await eventually(() => expect(home(world.ws.alice)).toContain(notice('HOME.NOTICE_SOURCE_GONE', 'en')));
  });
});
