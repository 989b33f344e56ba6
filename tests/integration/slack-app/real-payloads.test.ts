import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLACK_QUEUES } from '../../../apps/shared/slack-jobs';
import { askTomoFunction } from '../../fakes/slack/ask-tomo-function';
import { pdfWithText } from '../../fakes/web/documents';
import { PDF_FACT } from '../../fakes/web/fake-web';
import {
  eventually,
  installThroughBrowser,
  jobsOf,
  lastPrompt,
  postInteraction,
  postSigned,
  repliesIn,
  sendEvent,
  settled,
  settledAll,
  startSlackAppWorld,
  type SlackAppWorld,
} from './support/slack-app-world';

const ALL_QUEUES = [SLACK_QUEUES.slackAnswer.name, SLACK_QUEUES.slackEvent.name, SLACK_QUEUES.slackReaction.name, SLACK_QUEUES.slackGreeting.name];

/**
 * Payloads as Slack sends them (the Events API reference and its event pages): the whole
 * envelope with the fields Tomo does not read (`token`, `context_team_id`, `event_context`,
 * `is_ext_shared_channel`…), and events with `client_msg_id`, `blocks`, `team`, `event_ts`.
 */
describe('Slack app: events and interactions in the shapes Slack really sends', () => {
  let world: SlackAppWorld;

  beforeAll(async () => {
    world = await startSlackAppWorld();
    expect((await installThroughBrowser(world)).status).toBe(200);
  });
  afterAll(() => world.close());

  /** POSTs `event` in the full envelope Slack wraps it in (sendEvent's, with the fields Slack adds); returns the HTTP status. */
  async function deliver(event: Record<string, unknown>, envelope: Record<string, unknown> = {}, retryNum?: number): Promise<number> {
    const { team } = world.ws;
    const real = {
      token: 'XXYYZZ',
      context_team_id: team.id,
      context_enterprise_id: null,
      authorizations: [{ enterprise_id: null, team_id: team.id, user_id: team.botUserId, is_bot: true, is_enterprise_install: false }],
      is_ext_shared_channel: false,
      event_context: `4-${Buffer.from(JSON.stringify({ et: event.type, tid: team.id })).toString('base64')}`,
    };
    return (await sendEvent(world, event, { envelope: { ...real, ...envelope }, ...(retryNum === undefined ? {} : { retryNum }) })).status;
  }

  const richText = (...elements: Record<string, unknown>[]) => [
    { type: 'rich_text', block_id: 'Xa1b', elements: [{ type: 'rich_text_section', elements }] },
  ];

  it('answers an app_mention carrying everything Slack adds (client_msg_id, blocks, team, event_context) once, in its thread', async () => {
    const { ws } = world;
    world.openai.answer('Real shape answered.');
    const question = world.slack.addMessage({ channel: ws.channel, user: ws.alice, text: `<@${ws.team.botUserId}> what is new?` });
    const status = await deliver({
      client_msg_id: '5b1d3c3e-0f6a-4c53-9a83-1d7c1f0c2a11',
      type: 'app_mention',
      text: question.text,
      user: ws.alice,
      ts: question.ts,
      blocks: richText({ type: 'user', user_id: ws.team.botUserId }, { type: 'text', text: ' what is new?' }),
      team: ws.team.id,
      channel: ws.channel,
      event_ts: question.ts,
    });
    expect(status).toBe(200);
    await eventually(() => expect(repliesIn(world, ws.channel, question.ts)).toEqual(['Real shape answered.']));
  });

  it('reads the PDF of a file_share DM that has no words, and answers under it', async () => {
    const { ws } = world;
    world.openai.answer('The report says revenue grew.');
    const file = { id: 'F07REALPDF', name: 'q3.pdf', mimetype: 'application/pdf', filetype: 'pdf', content: pdfWithText(['Q3 report', PDF_FACT]) };
    const dm = world.slack.addMessage({ channel: ws.dm, user: ws.alice, text: '', subtype: 'file_share', files: [file] });
    const status = await deliver({
      type: 'message',
      text: '',
      files: [{ id: file.id, created: 1727484091, timestamp: 1727484091, name: file.name, title: file.name, mimetype: file.mimetype, filetype: 'pdf', user: ws.alice, mode: 'hosted', url_private: 'https://files.slack.com/files-pri/T-F/q3.pdf', url_private_download: 'https://files.slack.com/files-pri/T-F/download/q3.pdf' }],
      upload: true,
      user: ws.alice,
      display_as_bot: false,
      ts: dm.ts,
      client_msg_id: '8f1e1c1a-7b8e-4bb4-9d0f-2b2f8c3d4e5f',
      channel: ws.dm,
      subtype: 'file_share',
      event_ts: dm.ts,
      channel_type: 'im',
    });
    expect(status).toBe(200);
    await eventually(() => expect(repliesIn(world, ws.dm, dm.ts)).toEqual(['The report says revenue grew.']));
    expect(lastPrompt(world).conversation).toContain(PDF_FACT);
  });

  it('answers a reply also sent to the channel (thread_broadcast) in its thread, once', async () => {
    const { ws } = world;
    world.openai.answer('First.');
    const parent = world.slack.addMessage({ channel: ws.channel, user: ws.alice, text: `<@${ws.team.botUserId}> plan?` });
    await deliver({ type: 'app_mention', user: ws.alice, text: parent.text, ts: parent.ts, channel: ws.channel, event_ts: parent.ts, team: ws.team.id });
    await eventually(() => expect(repliesIn(world, ws.channel, parent.ts)).toEqual(['First.']));
    world.openai.answer('Second, in the thread.');
    const broadcast = world.slack.addMessage({ channel: ws.channel, user: ws.bob, text: 'and the budget?', threadTs: parent.ts, subtype: 'thread_broadcast' });
    await deliver({
      type: 'message',
      subtype: 'thread_broadcast',
      text: broadcast.text,
      user: ws.bob,
      ts: broadcast.ts,
      thread_ts: parent.ts,
      root: { text: parent.text, user: ws.alice, ts: parent.ts, thread_ts: parent.ts, reply_count: 2, type: 'message' },
      client_msg_id: 'c2b9a7d0-2f0e-4e55-a1c1-0a0b0c0d0e0f',
      channel: ws.channel,
      event_ts: broadcast.ts,
      channel_type: 'channel',
    });
    await eventually(() => expect(repliesIn(world, ws.channel, parent.ts)).toEqual(['First.', 'Second, in the thread.']));
    await settled(world);
    expect(world.slack.state.messages.filter((m) => m.channel === ws.channel && m.threadTs === undefined && m.botId === ws.team.botId)).toEqual([]);
  });

  it('says nothing to its own messages, edits, deletions, joins and the AI-app thread title change', async () => {
    const { ws } = world;
    await settledAll(world, ALL_QUEUES);
    const callsBefore = world.openai.calls.length;
    const postsBefore = world.slack.callsTo('chat.postMessage').length + world.slack.callsTo('chat.startStream').length;
    const parent = world.slack.addMessage({ channel: ws.channel, user: ws.alice, text: 'hello' });
    const own = world.slack.addMessage({ channel: ws.channel, botId: ws.team.botId, user: ws.team.botUserId, text: 'an answer', threadTs: parent.ts });
    const statuses = await Promise.all([
      // Tomo's own streamed answer, as message.channels delivers it.
      deliver({
        user: ws.team.botUserId,
        type: 'message',
        ts: own.ts,
        bot_id: ws.team.botId,
        app_id: ws.team.appId,
        text: 'an answer',
        team: ws.team.id,
        bot_profile: { id: ws.team.botId, deleted: false, name: 'Tomo', updated: 1727484091, app_id: ws.team.appId, team_id: ws.team.id },
        thread_ts: parent.ts,
        parent_user_id: ws.alice,
        channel: ws.channel,
        event_ts: own.ts,
        channel_type: 'channel',
      }),
      deliver({
        type: 'message',
        subtype: 'message_changed',
        message: { type: 'message', user: ws.alice, text: 'hello!', edited: { user: ws.alice, ts: '1727484200.000000' }, ts: parent.ts },
        previous_message: { type: 'message', user: ws.alice, text: 'hello', ts: parent.ts },
        channel: ws.channel,
        hidden: true,
        ts: '1727484200.000100',
        event_ts: '1727484200.000100',
        channel_type: 'channel',
      }),
      deliver({
        type: 'message',
        subtype: 'message_deleted',
        hidden: true,
        deleted_ts: parent.ts,
        channel: ws.channel,
        previous_message: { type: 'message', user: ws.alice, text: 'hello', ts: parent.ts },
        ts: '1727484300.000100',
        event_ts: '1727484300.000100',
        channel_type: 'channel',
      }),
      deliver({
        type: 'message',
        subtype: 'channel_join',
        user: ws.team.botUserId,
        text: `<@${ws.team.botUserId}> has joined the channel`,
        inviter: ws.alice,
        ts: '1727484400.000100',
        channel: ws.channel,
        event_ts: '1727484400.000100',
        channel_type: 'channel',
      }),
      deliver({
        type: 'message',
        subtype: 'message_changed',
        message: {
          text: 'Chats from 2024-09-28',
          subtype: 'assistant_app_thread',
          user: ws.alice,
          type: 'message',
          edited: { user: ws.alice, ts: '1727484103.000000' },
          team: ws.team.id,
          thread_ts: '1727484091.821349',
          assistant_app_thread: { title: 'Chats from 2024-09-28', title_blocks: [], artifacts: [] },
          ts: '1727484091.821349',
        },
        previous_message: { text: 'Chats from 2024-09-28', subtype: 'assistant_app_thread', user: ws.alice, type: 'message', ts: '1727484091.821349' },
        channel: ws.dm,
        hidden: true,
        ts: '1727484103.000200',
        event_ts: '1727484103.000200',
        channel_type: 'im',
      }),
      // A reaction on a file (not a message) and an event Tomo has no trigger for.
      deliver({ type: 'reaction_added', user: ws.alice, reaction: 'jp', item_user: ws.bob, item: { type: 'file', file: 'F07REALPDF' }, event_ts: '1727484500.000100' }),
      deliver({ type: 'channel_created', channel: { id: 'C07NEW', name: 'new', created: 1727484600, creator: ws.alice } }),
    ]);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200]);
    await settledAll(world, ALL_QUEUES);
    expect(world.openai.calls.length).toBe(callsBefore);
    expect(world.slack.callsTo('chat.postMessage').length + world.slack.callsTo('chat.startStream').length).toBe(postsBefore);
  });

  it('queues nothing for a DM thread’s message_replied that comes without its subtype, as Slack documents it does over the Events API', async () => {
    const { ws } = world;
    await settledAll(world, ALL_QUEUES);
    const question = world.slack.addMessage({ channel: ws.dm, user: ws.alice, text: 'what is new?' });
    const answersBefore = (await jobsOf(world)).length;
    // Slack's message_replied page: "This event is missing the subtype field when dispatched over the Events API".
    const status = await deliver({
      type: 'message',
      message: {
        type: 'message',
        user: ws.alice,
        text: 'what is new?',
        thread_ts: question.ts,
        reply_count: 1,
        replies: [{ user: ws.team.botUserId, ts: '1727486000.000100' }],
        ts: question.ts,
      },
      hidden: true,
      channel: ws.dm,
      event_ts: '1727486000.000200',
      ts: '1727486000.000200',
      channel_type: 'im',
    });
    expect(status).toBe(200);
    await settledAll(world, ALL_QUEUES);
    // Before, it was queued as a DM by nobody (no `user`), which the worker then ignored.
    expect((await jobsOf(world)).length).toBe(answersBefore);
  });

  it('answers a Grid person (W… id, user_team naming the organization) on an Enterprise Grid workspace install', async () => {
    const { ws } = world;
    const grid = world.slack.addUser({ id: 'W07GRIDUSER', teamId: ws.team.id, name: 'gina', realName: 'Gina Grid', locale: 'en-US', enterpriseId: 'E07ORG' }).id;
    world.openai.answer('Grid answered.');
    const question = world.slack.addMessage({ channel: ws.channel, user: grid, text: `<@${ws.team.botUserId}> hello from the org` });
    const status = await deliver(
      { client_msg_id: 'd1', type: 'app_mention', text: question.text, user: grid, ts: question.ts, team: ws.team.id, user_team: 'E07ORG', source_team: ws.team.id, user_profile: { name: 'gina', team: ws.team.id }, channel: ws.channel, event_ts: question.ts },
      {
        enterprise_id: 'E07ORG',
        context_enterprise_id: 'E07ORG',
        authorizations: [{ enterprise_id: 'E07ORG', team_id: ws.team.id, user_id: ws.team.botUserId, is_bot: true, is_enterprise_install: false }],
      },
    );
    expect(status).toBe(200);
    await eventually(() => expect(repliesIn(world, ws.channel, question.ts)).toEqual(['Grid answered.']));
  });

  it('runs an Ask Tomo step whose function_executed names a person in its authorization, as Slack’s event page shows it', async () => {
    const { ws } = world;
    world.openai.answer('Step answered.');
    const execution = world.slack.startFunctionExecution(ws.team.id, askTomoFunction());
    const event = world.slack.functionExecutedEvent(execution, { prompt: 'What is our refund window?', user_id: ws.alice });
    const status = await deliver(event, { authorizations: [{ enterprise_id: null, team_id: ws.team.id, user_id: ws.alice, is_bot: false, is_enterprise_install: false }] });
    expect(status).toBe(200);
    await eventually(() => expect(execution.outputs).toEqual({ answer: 'Step answered.' }));
  });

  it('acknowledges app_rate_limited (no event inside) with 200', async () => {
    const { team } = world.ws;
    const body = JSON.stringify({ token: 'XXYYZZ', type: 'app_rate_limited', team_id: team.id, minute_rate_limited: 1518467820, api_app_id: team.appId });
    expect((await postSigned(world, body)).status).toBe(200);
  });

  it('greets once when Tomo joins (member_joined_channel as Slack sends it, a retry included), not when someone else does', async () => {
    const { ws } = world;
    const channel = world.slack.addChannel({ id: 'C07JOINED', teamId: ws.team.id, name: 'launch' }).id;
    const joined = { type: 'member_joined_channel', user: ws.team.botUserId, channel, channel_type: 'C', team: ws.team.id, inviter: ws.alice, event_ts: '1727484700.000100' };
    const eventId = 'Ev07JOINTOMO';
    expect(await deliver(joined, { event_id: eventId })).toBe(200);
    expect(await deliver(joined, { event_id: eventId }, 1)).toBe(200);
    expect(await deliver({ ...joined, user: ws.bob, event_ts: '1727484701.000100' })).toBe(200);
    await settledAll(world, ALL_QUEUES);
    expect(world.slack.state.messages.filter((m) => m.channel === channel && m.botId === ws.team.botId)).toHaveLength(1);
  });

  it('publishes Home on app_home_opened as Slack sends it (with the view last published)', async () => {
    const { ws } = world;
    const before = world.slack.callsTo('views.publish').length;
    expect(
      await deliver({
        type: 'app_home_opened',
        user: ws.bob,
        channel: 'D07BOBHOME',
        tab: 'home',
        view: { id: 'V07HOME', team_id: ws.team.id, type: 'home', blocks: [], private_metadata: '', callback_id: '', hash: '1727484800.abcdef', app_installed_team_id: ws.team.id, bot_id: ws.team.botId },
        event_ts: '1727484800.000100',
      }),
    ).toBe(200);
    await eventually(() => expect(world.slack.callsTo('views.publish').length).toBe(before + 1));
    expect(world.slack.homeOf(ws.bob)).toBeDefined();
  });

  it('takes App Home’s Refresh as Slack posts it on Enterprise Grid (enterprise, W… user, is_enterprise_install false)', async () => {
    const { ws } = world;
    const before = world.slack.callsTo('views.publish').filter((c) => c.params.user_id === ws.alice).length;
    const response = await postInteraction(world, {
      type: 'block_actions',
      user: { id: ws.alice, username: 'alice', name: 'alice', team_id: ws.team.id },
      api_app_id: ws.team.appId,
      token: 'XXYYZZ',
      container: { type: 'view', view_id: 'V07HOMEA' },
      trigger_id: '7777777777.1111111111.abcdef0123456789abcdef0123456789',
      team: { id: ws.team.id, domain: 'acme', enterprise_id: 'E07ORG', enterprise_name: 'Acme Org' },
      enterprise: { id: 'E07ORG', name: 'Acme Org' },
      is_enterprise_install: false,
      view: {
        id: 'V07HOMEA',
        team_id: ws.team.id,
        type: 'home',
        blocks: [],
        private_metadata: '',
        callback_id: '',
        state: { values: {} },
        hash: '1727484900.fedcba',
        title: { type: 'plain_text', text: 'View Title', emoji: true },
        clear_on_close: false,
        notify_on_close: false,
        close: null,
        submit: null,
        previous_view_id: null,
        root_view_id: 'V07HOMEA',
        app_id: ws.team.appId,
        external_id: '',
        app_installed_team_id: ws.team.id,
        bot_id: ws.team.botId,
      },
      actions: [{ action_id: 'home.refresh', block_id: 'home-refresh', text: { type: 'plain_text', text: 'Refresh', emoji: true }, value: 'refresh', type: 'button', action_ts: '1727484901.123456' }],
    });
    expect(response.status).toBe(200);
    await eventually(() => expect(world.slack.callsTo('views.publish').filter((c) => c.params.user_id === ws.alice).length).toBe(before + 1));
  });

  it('acknowledges interactions it has no handler for, as Slack posts them: view_closed, a global shortcut, a link button in a message', async () => {
    const { ws } = world;
    const base = { user: { id: ws.alice, username: 'alice', name: 'alice', team_id: ws.team.id }, api_app_id: ws.team.appId, token: 'XXYYZZ', team: { id: ws.team.id, domain: 'acme' }, enterprise: null, is_enterprise_install: false };
    const responses = await Promise.all([
      postInteraction(world, { ...base, type: 'view_closed', view: { id: 'V07MODAL', type: 'modal', app_installed_team_id: ws.team.id, state: { values: {} } }, is_cleared: false }),
      postInteraction(world, { ...base, type: 'shortcut', callback_id: 'something_else', trigger_id: '1.2.abc', action_ts: '1727485000.000100' }),
      postInteraction(world, {
        ...base,
        type: 'block_actions',
        container: { type: 'message', message_ts: '1727485100.000100', channel_id: ws.channel, is_ephemeral: false, thread_ts: '1727485000.000100' },
        trigger_id: '1.2.def',
        channel: { id: ws.channel, name: 'general' },
        message: { type: 'message', user: ws.team.botUserId, ts: '1727485100.000100', bot_id: ws.team.botId, app_id: ws.team.appId, text: 'See pricing', team: ws.team.id, thread_ts: '1727485000.000100' },
        state: { values: {} },
        response_url: 'https://hooks.slack.com/actions/T/1/abc',
        actions: [{ action_id: 'pricing-link', block_id: 'b', text: { type: 'plain_text', text: 'Pricing' }, url: 'https://example.com/pricing', type: 'button', action_ts: '1727485101.000100' }],
      }),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
  });
});
