import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../apps/shared/messages';
import { slackText } from '../../../apps/shared/messages/slack';
import { seedWorkspace } from '../../../adapters/slack-emulator/seed-workspace';
import { SLACK_QUEUES } from '../../../apps/shared/slack-jobs';
import {
  buyPlan,
  endTrial,
  eventually,
  installThroughBrowser,
  jobsOf,
  lastPrompt,
  mention,
  messageEvent,
  postInteraction,
  repliesIn,
  repositoriesOf,
  sendEvent,
  settled,
  startSlackAppWorld,
  type SlackAppWorld,
} from './support/slack-app-world';

const EVENTS = SLACK_QUEUES.slackEvent.name;
const GREETINGS = SLACK_QUEUES.slackGreeting.name;

/** A page of the site in a person's language: a refusal in Japanese points to the Japanese page. */
function inLanguage(url: string, locale: 'en' | 'ja'): string {
  const at = new URL(url);
  return locale === 'ja' ? `${at.origin}/ja${at.pathname}` : url;
}

/** Every text a person sees in a published Home view. */
function textsOf(view: { blocks: Record<string, unknown>[] } | undefined): string {
  return JSON.stringify(view?.blocks ?? []);
}

describe('Slack app: the AI-app view, App Home, interactivity and greetings (real server and worker, fakes)', () => {
  let world: SlackAppWorld;

  beforeAll(async () => {
    world = await startSlackAppWorld();
    await installThroughBrowser(world);
  });
  afterAll(() => world.close());

  describe('the AI-app view (assistant threads)', () => {
    /** Slack opens the split view: a DM thread whose root the person owns. */
    const openThread = async (user: string, context: string | null) => {
      const dm = world.slack.state.dmWith(world.ws.team.id, user).id;
      const root = world.slack.addMessage({ channel: dm, user, text: 'New chat', subtype: 'assistant_app_thread' });
      await sendEvent(world, {
        type: 'assistant_thread_started',
        assistant_thread: { user_id: user, channel_id: dm, thread_ts: root.ts, context: context ? { channel_id: context, team_id: world.ws.team.id } : {} },
        event_ts: `${Date.now() / 1000}`,
      });
      return { dm, threadTs: root.ts };
    };

    it('greets a new thread and suggests prompts, in the person’s language', async () => {
      const thread = await openThread(world.ws.bob, world.ws.channel);
      await eventually(() =>
        expect(repliesIn(world, thread.dm, thread.threadTs)).toEqual([slackText('SLACK.ASSISTANT_GREETING', { appName: 'Tomo' }, 'ja')]),
      );
      await settled(world, EVENTS);
      const suggested = world.slack.state.suggestedPrompts.get(`${thread.dm}/${thread.threadTs}`);
      expect(suggested?.title).toBe(slackText('SLACK.ASSISTANT_PROMPTS_TITLE', {}, 'ja'));
      expect(suggested?.prompts[0]).toEqual({
        title: slackText('SLACK.PROMPT_SUMMARIZE_CHANNEL_TITLE', {}, 'ja'),
        message: slackText('SLACK.PROMPT_SUMMARIZE_CHANNEL', {}, 'ja'),
      });
      expect(suggested?.prompts.length).toBeLessThanOrEqual(4);
    });

    it('answers in the thread like a DM, titles it from the first question, and summarizes the channel in view', async () => {
      world.slack.addMessage({ channel: world.ws.channel, user: world.ws.bob, text: 'Deploy freeze starts Monday' });
      const elsewhere = world.slack.addChannel({ id: 'CRANDOM', teamId: world.ws.team.id, name: 'random' }).id;
      world.slack.addMessage({ channel: elsewhere, user: world.ws.bob, text: 'Lunch at noon?' });
      const thread = await openThread(world.ws.alice, elsewhere);
      await eventually(() => expect(repliesIn(world, thread.dm, thread.threadTs)).toHaveLength(1));
      // The person moves to #general while the view is open.
      await sendEvent(world, {
        type: 'assistant_thread_context_changed',
        assistant_thread: { user_id: world.ws.alice, channel_id: thread.dm, thread_ts: thread.threadTs, context: { channel_id: world.ws.channel } },
        event_ts: `${Date.now() / 1000 + 1}`,
      });
      await settled(world, EVENTS);

      world.openai.answer('The deploy freeze starts Monday.');
      const question = world.slack.addMessage({ channel: thread.dm, user: world.ws.alice, text: 'Summarize this channel', threadTs: thread.threadTs });
      await sendEvent(world, messageEvent(world, { ts: question.ts, channel: thread.dm, channelType: 'im', threadTs: thread.threadTs }));

      await eventually(() => expect(repliesIn(world, thread.dm, thread.threadTs).at(-1)).toBe('The deploy freeze starts Monday.'));
      const { system } = lastPrompt(world);
      expect(system).toContain('Channel #general, which alice is looking at');
      expect(system).toContain('Bob Baker: Deploy freeze starts Monday');
      expect(system).not.toContain('Lunch at noon');
      // Slack's own thread root is not part of the conversation.
      expect(lastPrompt(world).conversation).toBe(
        `assistant: ${slackText('SLACK.ASSISTANT_GREETING', { appName: 'Tomo' }, 'en')}\nuser: alice: Summarize this channel`,
      );
      expect(world.slack.state.titles.get(`${thread.dm}/${thread.threadTs}`)).toBe('Summarize this channel');
      await eventually(async () =>
        expect(await repositoriesOf(world).usageEvents.tallyByMember(world.ws.team.id, null)).toContainEqual({
          memberId: world.ws.alice,
          channelMention: 0,
          directMessage: 1,
          reaction: 0,
        }),
      );

      world.openai.answer('Anything else?');
      const next = world.slack.addMessage({ channel: thread.dm, user: world.ws.alice, text: 'Thanks', threadTs: thread.threadTs });
      await sendEvent(world, messageEvent(world, { ts: next.ts, channel: thread.dm, channelType: 'im', threadTs: thread.threadTs }));
      await eventually(() => expect(repliesIn(world, thread.dm, thread.threadTs).at(-1)).toBe('Anything else?'));
      // Titled once, by the first question.
      expect(world.slack.state.titles.get(`${thread.dm}/${thread.threadTs}`)).toBe('Summarize this channel');
    });

    it('titles a thread from a long first question cut between whole emoji, with an ellipsis', async () => {
      const thread = await openThread(world.ws.alice, null);
      await eventually(() => expect(repliesIn(world, thread.dm, thread.threadTs)).toHaveLength(1));
      world.openai.answer('はい。');
      // 4 + 7 × 7 code points, then the eighth family would pass the title's 60 with its ellipsis.
      const text = `家族の ${'👨‍👩‍👧‍👦'.repeat(20)} の写真を整理して`;
      const question = world.slack.addMessage({ channel: thread.dm, user: world.ws.alice, text, threadTs: thread.threadTs });
      await sendEvent(world, messageEvent(world, { ts: question.ts, channel: thread.dm, channelType: 'im', threadTs: thread.threadTs }));
      await eventually(() => expect(repliesIn(world, thread.dm, thread.threadTs).at(-1)).toBe('はい。'));
      expect(world.slack.state.titles.get(`${thread.dm}/${thread.threadTs}`)).toBe(`家族の ${'👨‍👩‍👧‍👦'.repeat(7)}…`);
    });
  });

  describe('App Home', () => {
    it('shows what Tomo does, the trial with its days left, the person’s seat and usage, and settings links', async () => {
      await sendEvent(world, { type: 'app_home_opened', user: world.ws.alice, channel: 'DHOME', tab: 'home', event_ts: `${Date.now() / 1000}` });
      await eventually(() => expect(world.slack.homeOf(world.ws.alice)).toBeDefined());
      const home = textsOf(world.slack.homeOf(world.ws.alice));
      expect(home).toContain(slackText('HOME.WELCOME', { appName: 'Tomo' }, 'en'));
      expect(home).toContain('*14 days left*');
      expect(home).toContain(slackText('HOME.SEAT_TRIAL', { appName: 'Tomo' }, 'en'));
      expect(home).toMatch(/This month: \*\d+\* requests?: Channel \d+, DM \d+, Reaction \d+\./);
      expect(home).toContain('Your limit is 20 requests a month');
      // Alice is an admin: she also gets Members and Usage.
      for (const page of ['app', 'instructions', 'reactions', 'schedules', 'auto-replies', 'members', 'usage']) {
        expect(home).toContain(`${world.app.config.PUBLIC_URL}/settings/${page}`);
      }
    });

    it('speaks Japanese to Bob and links the Japanese pages, without admin-only links; the Messages tab gets nothing', async () => {
      const published = world.slack.callsTo('views.publish').length;
      await sendEvent(world, { type: 'app_home_opened', user: world.ws.bob, channel: 'DHOME2', tab: 'messages' });
      await sendEvent(world, { type: 'app_home_opened', user: world.ws.bob, channel: 'DHOME2', tab: 'home' });
      await eventually(() => expect(world.slack.homeOf(world.ws.bob)).toBeDefined());
      const home = textsOf(world.slack.homeOf(world.ws.bob));
      expect(home).toContain(slackText('HOME.WELCOME', { appName: 'Tomo' }, 'ja'));
      expect(home).toContain(`${world.app.config.PUBLIC_URL}/ja/settings/schedules`);
      expect(home).not.toContain('/settings/members');
      expect(world.slack.callsTo('views.publish').length).toBe(published + 1);
    });

    it('writes App Home’s dates as a Japanese person reads them, on the day in their own time zone', async () => {
      // Kaito reads Japanese in Honolulu: the month's count resets at 00:00 UTC on the 1st, which
      // is still the last day of the month there; the trial's end is a date in Japanese too.
      const kaito = world.slack.addUser({ id: 'UKAITOHNL', teamId: world.ws.team.id, name: 'kaito', realName: 'Kaito Ito', locale: 'ja-JP', tz: 'Pacific/Honolulu' }).id;
      await sendEvent(world, { type: 'app_home_opened', user: kaito, channel: 'DHOME3', tab: 'home', event_ts: `${Date.now() / 1000}` });
      await eventually(() => expect(world.slack.homeOf(kaito)).toBeDefined());
      const home = textsOf(world.slack.homeOf(kaito));
      expect(home).toMatch(/無料トライアル：\*残り\d+日\*（\d{4}年\d{1,2}月\d{1,2}日まで）/);
      expect(home).toMatch(/上限は月20件で、\d{4}年\d{1,2}月(28|29|30|31)日にリセットされます。/);
      expect(home).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    });

    it('two Home publishes for one person racing end with the newer state shown: the older one is refused (hash_conflict) and built again', async () => {
      const opened = () => sendEvent(world, { type: 'app_home_opened', user: world.ws.alice, channel: 'DHOME', tab: 'home', event_ts: `${Date.now() / 1000}` });
      const rename = (appName: string) =>
        repositoriesOf(world).appCustomizations.save(world.ws.team.id, {
          teamId: world.ws.team.id,
          appName,
          iconKey: null,
          greetingWhenJoiningChannel: false,
          updatedBy: world.ws.alice,
          updatedAt: new Date(),
        });
      const welcome = (appName: string) => slackText('HOME.WELCOME', { appName }, 'en');
      await opened();
      await settled(world, EVENTS);
      const outcomes = () => world.slack.callsTo('views.publish').filter((c) => c.params.user_id === world.ws.alice).map((c) => c.outcome);
      const before = outcomes().length;

      // Alice opens her Home: that job reads the state (named Tomo), but its publish is slow on the way.
      const slow = world.slack.holdNext('views.publish');
      await opened();
      await slow.arrived;
      // Meanwhile an admin renames Tomo and another home job (her next open) shows the new name.
      await rename('Kaito');
      await opened();
      await eventually(() => expect(textsOf(world.slack.homeOf(world.ws.alice))).toContain(welcome('Kaito')));

      // The slow publish lands last: refused as stale, it is built again from what is true now.
      slow.release();
      await settled(world, EVENTS);
      expect(textsOf(world.slack.homeOf(world.ws.alice))).toContain(welcome('Kaito'));
      expect(textsOf(world.slack.homeOf(world.ws.alice))).not.toContain(welcome('Tomo'));
      expect(outcomes().slice(before)).toContain('hash_conflict');
      await rename('Tomo');
    });
  });

  describe('interactivity (POST /slack/interactions)', () => {
    const refreshClick = (user: string) => ({
      type: 'block_actions',
      team: { id: world.ws.team.id, domain: 'acme' },
      user: { id: user, team_id: world.ws.team.id },
      api_app_id: world.ws.team.appId,
      trigger_id: `trig-${Date.now()}-${Math.random()}`,
      container: { type: 'view', view_id: 'V1' },
      view: { id: 'V1', type: 'home' },
      actions: [{ action_id: 'home.refresh', block_id: 'b1', type: 'button', action_ts: `${Date.now() / 1000}` }],
    });

    it('dispatches a signed block action to its handler: Refresh publishes the Home again', async () => {
      const before = world.slack.callsTo('views.publish').filter((c) => c.params.user_id === world.ws.alice).length;
      const response = await postInteraction(world, refreshClick(world.ws.alice));
      expect(response.status).toBe(200);
      await eventually(() =>
        expect(world.slack.callsTo('views.publish').filter((c) => c.params.user_id === world.ws.alice).length).toBe(before + 1),
      );
      // A link button and an interaction nobody handles are acknowledged and do nothing.
      const link = { ...refreshClick(world.ws.alice), actions: [{ action_id: 'home.link.app', type: 'button' }] };
      expect((await postInteraction(world, link)).status).toBe(200);
      expect((await postInteraction(world, { ...link, type: 'shortcut', callback_id: 'nobody' })).status).toBe(200);
    });

    it('refuses a forged or unsigned interaction with 401 and runs nothing', async () => {
      await settled(world, EVENTS);
      const jobs = (await jobsOf(world, EVENTS)).length;
      const published = world.slack.callsTo('views.publish').length;
      expect((await postInteraction(world, refreshClick(world.ws.alice), { secret: 'not-the-signing-secret' })).status).toBe(401);
      expect((await postInteraction(world, refreshClick(world.ws.alice), { signature: null })).status).toBe(401);
      const malformed = await fetch(`${world.app.baseUrl}/slack/interactions`, { method: 'POST', body: 'payload=%7B' });
      expect(malformed.status).toBe(401);
      expect((await jobsOf(world, EVENTS)).length).toBe(jobs);
      expect(world.slack.callsTo('views.publish').length).toBe(published);
    });
  });

  describe('greeting on join', () => {
    const nameTomoKaito = ({ greeting }: { greeting: boolean }) =>
      repositoriesOf(world).appCustomizations.save(world.ws.team.id, {
        teamId: world.ws.team.id,
        appName: 'Kaito',
        iconKey: null,
        greetingWhenJoiningChannel: greeting,
        updatedBy: world.ws.alice,
        updatedAt: new Date(),
      });
    const joins = (user: string, channel: string) =>
      sendEvent(world, { type: 'member_joined_channel', user, channel, channel_type: 'C', team: world.ws.team.id, inviter: world.ws.alice });

    it('greets once in the channel Tomo joins, with the custom name, unless switched off; others joining get nothing', async () => {
      await nameTomoKaito({ greeting: true });
      const welcome = world.slack.addChannel({ id: 'CWELCOME', teamId: world.ws.team.id, name: 'welcome' }).id;
      const sent = await joins(world.ws.team.botUserId, welcome);
      await sendEvent(
        world,
        { type: 'member_joined_channel', user: world.ws.team.botUserId, channel: welcome, inviter: world.ws.alice },
        { eventId: sent.eventId, retryNum: 1 },
      );
      await joins(world.ws.bob, welcome);
      await settled(world, GREETINGS);
      const posts = world.slack.state.messages.filter((m) => m.channel === welcome && m.botId === world.ws.team.botId);
      expect(posts.map((m) => ({ text: m.text, username: m.username }))).toEqual([
        { text: slackText('SLACK.GREETING', { appName: 'Kaito' }, 'en'), username: 'Kaito' },
      ]);

      await nameTomoKaito({ greeting: false });
      const quiet = world.slack.addChannel({ id: 'CQUIETJOIN', teamId: world.ws.team.id, name: 'quiet' }).id;
      await joins(world.ws.team.botUserId, quiet);
      await settled(world, GREETINGS);
      expect(world.slack.state.messages.filter((m) => m.channel === quiet)).toEqual([]);
    });

    it('greets once when Slack limits the greeting’s post beyond the caller’s waits: the job retries it', async () => {
      await nameTomoKaito({ greeting: true });
      const busy = world.slack.addChannel({ id: 'CLIMITED', teamId: world.ws.team.id, name: 'limited' }).id;
      // The caller waits out three 429s; a fourth fails the attempt (Tomo added to many channels at once).
      world.slack.rateLimit('chat.postMessage', { times: 4, retryAfterSeconds: 1 });
      await joins(world.ws.team.botUserId, busy);
      await eventually(
        () =>
          expect(world.slack.state.messages.filter((m) => m.channel === busy && m.botId === world.ws.team.botId).map((m) => m.text)).toEqual([
            slackText('SLACK.GREETING', { appName: 'Kaito' }, 'en'),
          ]),
        30_000,
      );
      const [job] = (await settled(world, GREETINGS)).filter((j) => (j.data as { channelId?: string }).channelId === busy);
      expect([job?.state, job?.retryCount]).toEqual(['completed', 1]);
      expect(world.slack.state.messages.filter((m) => m.channel === busy)).toHaveLength(1);
    });

    it('greets in the language of whoever installed Tomo when Slack names no inviter (a channel created with Tomo in it, an admin tool)', async () => {
      const japanese = seedWorkspace(world.slack, 'T0JAGREET');
      await installThroughBrowser(world, japanese, japanese.bob);
      const channel = world.slack.addChannel({ id: 'CNOINVITER', teamId: japanese.team.id, name: 'no-inviter' }).id;
      await sendEvent(world, { type: 'member_joined_channel', user: japanese.team.botUserId, channel, channel_type: 'C', team: japanese.team.id }, { ws: japanese });
      await eventually(() =>
        expect(world.slack.state.messages.filter((m) => m.channel === channel && m.botId === japanese.team.botId).map((m) => m.text)).toEqual([
          slackText('SLACK.GREETING', { appName: 'Tomo' }, 'ja'),
        ]),
      );
    });

    it('shows an app name typed as Slack markup as text: the greeting notifies nobody and links nowhere, and App Home neither', async () => {
      // Any member may rename Tomo on the App page; the name goes into what Tomo posts in channels.
      const markup = '<!channel> <https://evil.example|Sign in>';
      const escaped = '&lt;!channel&gt; &lt;https://evil.example|Sign in&gt;';
      await repositoriesOf(world).appCustomizations.save(world.ws.team.id, {
        teamId: world.ws.team.id,
        appName: markup,
        iconKey: null,
        greetingWhenJoiningChannel: true,
        updatedBy: world.ws.bob,
        updatedAt: new Date(),
      });
      try {
        const channel = world.slack.addChannel({ id: 'CMARKUP', teamId: world.ws.team.id, name: 'markup' }).id;
        await joins(world.ws.team.botUserId, channel);
        await settled(world, GREETINGS);
        const posts = world.slack.state.messages.filter((m) => m.channel === channel && m.botId === world.ws.team.botId);
        expect(posts.map((m) => m.text)).toEqual([slackText('SLACK.GREETING', { appName: escaped }, 'en')]);
        expect(posts[0]!.text).not.toContain('<!channel>');
        // The bot's display name is plain text in Slack: kept as typed.
        expect(posts[0]!.username).toBe(markup);

        await sendEvent(world, { type: 'app_home_opened', user: world.ws.alice, channel: 'DHOME', tab: 'home', event_ts: `${Date.now() / 1000}` });
        await eventually(() => expect(textsOf(world.slack.homeOf(world.ws.alice))).toContain(escaped));
        // Slack reads markup in mrkdwn texts only; the header (plain text) keeps the name as typed.
        const mrkdwn = (textsOf(world.slack.homeOf(world.ws.alice)).match(/"type":"mrkdwn","text":"(?:[^"\\]|\\.)*"/g) ?? []).join('\n');
        expect(mrkdwn).toContain(slackText('HOME.SEAT_TRIAL', { appName: escaped }, 'en'));
        expect(mrkdwn).not.toContain('<https://evil.example');
        expect(mrkdwn).not.toContain('<!channel>');
      } finally {
        await nameTomoKaito({ greeting: true });
      }
    });

    it('greets when the join event’s authorization is a person who authorized Tomo, not its bot', async () => {
      await nameTomoKaito({ greeting: true });
      const channel = world.slack.addChannel({ id: 'CHUMANAUTH', teamId: world.ws.team.id, name: 'human-auth' }).id;
      const asAlice = { authorizations: [{ enterprise_id: null, team_id: world.ws.team.id, user_id: world.ws.alice, is_bot: false }] };
      await sendEvent(world, { type: 'member_joined_channel', user: world.ws.team.botUserId, channel, inviter: world.ws.alice }, asAlice);
      await eventually(() =>
        expect(world.slack.state.messages.filter((m) => m.channel === channel && m.botId === world.ws.team.botId).map((m) => m.text)).toEqual([
          slackText('SLACK.GREETING', { appName: 'Kaito' }, 'en'),
        ]),
      );
    });
  });

  describe('a paid plan suspended for an unpaid invoice', () => {
    it('tells who asks that payment is due and where an admin pays it, in their language, and App Home says so; the model is not asked', async () => {
      const unpaid = seedWorkspace(world.slack, 'T0UNPAID');
      await installThroughBrowser(world, unpaid);
      await endTrial(world, unpaid);
      await buyPlan(world, unpaid, { id: 'sub-unpaid', quantity: 3 });
      const subscriptions = repositoriesOf(world).subscriptions;
      const [paid] = (await subscriptions.listByTeam(unpaid.team.id)).filter((s) => s.kind === 'paid');
      // Stripe stopped retrying the invoice (`unpaid`): the webhook stores it as suspended.
      await subscriptions.save(unpaid.team.id, { ...paid!, status: 'suspended' });
      const calls = world.openai.calls.length;

      const subscriptionUrl = `${world.app.config.PUBLIC_URL}/settings/subscription`;
      for (const [user, locale] of [[unpaid.alice, 'en'], [unpaid.bob, 'ja']] as const) {
        const question = world.slack.addMessage({ channel: unpaid.channel, user, text: `<@${unpaid.team.botUserId}> question` });
        await sendEvent(world, mention(world, { ts: question.ts, channel: unpaid.channel, user }, unpaid), { ws: unpaid });
        await eventually(() => expect(repliesIn(world, unpaid.channel, question.ts)).toEqual([translate('ENTITLEMENT.PAYMENT_DUE', { subscriptionUrl: inLanguage(subscriptionUrl, locale) }, locale)]));
      }
      expect(translate('ENTITLEMENT.PAYMENT_DUE', { subscriptionUrl }, 'en')).toContain('the last payment for its plan did not go through');
      expect(world.openai.calls.length).toBe(calls);

      await sendEvent(world, { type: 'app_home_opened', user: unpaid.alice, channel: 'DHOMEUNPAID', tab: 'home', event_ts: `${Date.now() / 1000}` }, { ws: unpaid });
      await eventually(() => expect(world.slack.homeOf(unpaid.alice)).toBeDefined());
      const home = textsOf(world.slack.homeOf(unpaid.alice));
      expect(home).toContain(slackText('HOME.PLAN_PAYMENT_DUE', { appName: 'Tomo' }, 'en'));
      expect(home).toContain(`<${subscriptionUrl}|${slackText('HOME.LINK_SUBSCRIPTION', {}, 'en')}>`);
      expect(home).not.toContain(slackText('HOME.PLAN_ENDED', { appName: 'Tomo' }, 'en'));
      await settled(world);
    });
  });

  describe('a paid plan paused because its trial ended without a payment method', () => {
    it('tells who asks that an admin must add a payment method and where, in their language, and App Home says so; the model is not asked', async () => {
      const pausedWs = seedWorkspace(world.slack, 'T0PAUSED');
      await installThroughBrowser(world, pausedWs);
      await endTrial(world, pausedWs);
      await buyPlan(world, pausedWs, { id: 'sub-paused', quantity: 3 });
      const subscriptions = repositoriesOf(world).subscriptions;
      const [paid] = (await subscriptions.listByTeam(pausedWs.team.id)).filter((s) => s.kind === 'paid');
      // Stripe paused it at its trial end (`paused`): the webhook stores it as paused, with no end.
      await subscriptions.save(pausedWs.team.id, { ...paid!, status: 'paused' });
      const calls = world.openai.calls.length;

      const subscriptionUrl = `${world.app.config.PUBLIC_URL}/settings/subscription`;
      for (const [user, locale] of [[pausedWs.alice, 'en'], [pausedWs.bob, 'ja']] as const) {
        const question = world.slack.addMessage({ channel: pausedWs.channel, user, text: `<@${pausedWs.team.botUserId}> question` });
        await sendEvent(world, mention(world, { ts: question.ts, channel: pausedWs.channel, user }, pausedWs), { ws: pausedWs });
        await eventually(() =>
          expect(repliesIn(world, pausedWs.channel, question.ts)).toEqual([translate('ENTITLEMENT.PAYMENT_METHOD_NEEDED', { subscriptionUrl: inLanguage(subscriptionUrl, locale) }, locale)]),
        );
      }
      expect(translate('ENTITLEMENT.PAYMENT_METHOD_NEEDED', { subscriptionUrl }, 'en')).toContain('trial ended without a payment method');
      expect(translate('ENTITLEMENT.PAYMENT_METHOD_NEEDED', { subscriptionUrl }, 'en')).toContain(subscriptionUrl);
      expect(world.openai.calls.length).toBe(calls);

      await sendEvent(world, { type: 'app_home_opened', user: pausedWs.alice, channel: 'DHOMEPAUSED', tab: 'home', event_ts: `${Date.now() / 1000}` }, { ws: pausedWs });
      await eventually(() => expect(world.slack.homeOf(pausedWs.alice)).toBeDefined());
      const home = textsOf(world.slack.homeOf(pausedWs.alice));
      expect(home).toContain(slackText('HOME.PLAN_PAYMENT_METHOD_NEEDED', { appName: 'Tomo' }, 'en'));
      expect(home).toContain(`<${subscriptionUrl}|${slackText('HOME.LINK_SUBSCRIPTION', {}, 'en')}>`);
      expect(home).not.toContain(slackText('HOME.PLAN_ENDED', { appName: 'Tomo' }, 'en'));

      // Opening the AI-app view tells Bob the same, in Japanese, instead of inviting a question.
      const dm = world.slack.state.dmWith(pausedWs.team.id, pausedWs.bob).id;
      const root = world.slack.addMessage({ channel: dm, user: pausedWs.bob, text: 'New chat', subtype: 'assistant_app_thread' });
      await sendEvent(
        world,
        { type: 'assistant_thread_started', assistant_thread: { user_id: pausedWs.bob, channel_id: dm, thread_ts: root.ts, context: {} }, event_ts: `${Date.now() / 1000}` },
        { ws: pausedWs },
      );
      await eventually(() => expect(repliesIn(world, dm, root.ts)).toEqual([translate('ENTITLEMENT.PAYMENT_METHOD_NEEDED', { subscriptionUrl: inLanguage(subscriptionUrl, 'ja') }, 'ja')]));
      await settled(world);
      expect(world.slack.state.suggestedPrompts.get(`${dm}/${root.ts}`)).toBeUndefined();
    });

    it.each([
      ['requested', 'T0PAUSEDREQ', 'ENTITLEMENT.PLAN_PAUSED', 'HOME.PLAN_PAUSED'],
      ['payment_failed', 'T0PAUSEDPAY', 'ENTITLEMENT.PAUSED_AFTER_FAILED_PAYMENT', 'HOME.PLAN_PAUSED_AFTER_FAILED_PAYMENT'],
    ] as const)('a plan paused for another reason (%s) is told as such, not as a missing payment method', async (reason, teamId, refusal, homeLine) => {
      const pausedWs = seedWorkspace(world.slack, teamId);
      await installThroughBrowser(world, pausedWs);
      await endTrial(world, pausedWs);
      await buyPlan(world, pausedWs, { id: `sub-${teamId}`, quantity: 3 });
      const subscriptions = repositoriesOf(world).subscriptions;
      const [paid] = (await subscriptions.listByTeam(pausedWs.team.id)).filter((s) => s.kind === 'paid');
      await subscriptions.save(pausedWs.team.id, { ...paid!, status: 'paused', pauseReason: reason });
      const subscriptionUrl = `${world.app.config.PUBLIC_URL}/settings/subscription`;

      for (const [user, locale] of [[pausedWs.alice, 'en'], [pausedWs.bob, 'ja']] as const) {
        const question = world.slack.addMessage({ channel: pausedWs.channel, user, text: `<@${pausedWs.team.botUserId}> question` });
        await sendEvent(world, mention(world, { ts: question.ts, channel: pausedWs.channel, user }, pausedWs), { ws: pausedWs });
        await eventually(() => expect(repliesIn(world, pausedWs.channel, question.ts)).toEqual([translate(refusal, { subscriptionUrl: inLanguage(subscriptionUrl, locale) }, locale)]));
      }
      expect(translate(refusal, { subscriptionUrl }, 'en')).not.toContain('trial');

      await sendEvent(world, { type: 'app_home_opened', user: pausedWs.alice, channel: `DHOME${teamId}`, tab: 'home', event_ts: `${Date.now() / 1000}` }, { ws: pausedWs });
      await eventually(() => expect(world.slack.homeOf(pausedWs.alice)).toBeDefined());
      const home = textsOf(world.slack.homeOf(pausedWs.alice));
      expect(home).toContain(slackText(homeLine, { appName: 'Tomo' }, 'en'));
      expect(home).not.toContain(slackText('HOME.PLAN_PAYMENT_METHOD_NEEDED', { appName: 'Tomo' }, 'en'));
    });
  });
});
