import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { authorizedBotUserId, EVENT_TRIGGERS, jobForEvent, type SlackEventEnvelope } from '../../../apps/server/http/slack/slack-event-jobs';
import { ASK_TOMO_FUNCTION, ASK_TOMO_INPUTS, ASK_TOMO_OUTPUT } from '../../../core/triggers/answer-workflow-step.use-case';
import { SLACK_BOT_SCOPES } from '../../../apps/server/http/slack/slack-scopes';
import { answerInputFromJob, eventOccurredBy, uninstallInputFromJob } from '../../../apps/shared/slack-jobs';

const BOT = 'UTOMO';
const envelope = (event: Record<string, unknown>, extra: Partial<SlackEventEnvelope> = {}): SlackEventEnvelope => ({
  type: 'event_callback',
  team_id: 'T1',
  api_app_id: 'A1',
  event_id: 'Ev1',
  authorizations: [{ team_id: 'T1', user_id: BOT, is_bot: true }],
  event: event as SlackEventEnvelope['event'],
  ...extra,
});

describe('which Slack events become jobs (the ack path)', () => {
  it('turns a mention into an ids-only answer job keyed by the message', () => {
    const job = jobForEvent(envelope({ type: 'app_mention', user: 'U1', channel: 'C1', ts: '1.1', text: `<@${BOT}> secret question` }));
    expect(job).toEqual({
      enqueue: true,
      queue: 'slack-answer',
      dedupeKey: 'T1:C1:1.1',
      type: 'app_mention',
      payload: { eventId: 'Ev1', teamId: 'T1', kind: 'mention', channelId: 'C1', ts: '1.1', threadTs: null, userId: 'U1', botId: null, subtype: null },
    });
    expect(JSON.stringify(job)).not.toContain('secret question');
  });

  it('makes each edit of a mention its own job, marked edited (the worker’s claim on the message answers it once)', () => {
    const edit = (editTs: string, eventId: string) =>
      jobForEvent(
        envelope({ type: 'app_mention', user: 'U1', channel: 'C1', ts: '1.1', text: `<@${BOT}> fixed typo`, edited: { user: 'U1', ts: editTs } }, { event_id: eventId }),
      );
    const first = edit('2.0', 'Ev2');
    expect(first).toMatchObject({ enqueue: true, queue: 'slack-answer', dedupeKey: 'T1:C1:1.1:edited:2.0', payload: { ts: '1.1', edited: true } });
    expect(answerInputFromJob(first.enqueue ? first.payload : {})).toMatchObject({ edited: true });
    // Slack's retry of the same edit is the same job; the next edit is another.
    expect(edit('2.0', 'Ev3')).toMatchObject({ dedupeKey: 'T1:C1:1.1:edited:2.0' });
    expect(edit('3.0', 'Ev4')).toMatchObject({ dedupeKey: 'T1:C1:1.1:edited:3.0' });
  });

  it('names a Slack Connect partner’s own workspace in the answer job, and leaves Grid and another organization’s people to their profile', () => {
    const mentionBy = (userTeam: string) => ({ type: 'app_mention', user: 'U9', user_team: userTeam, channel: 'C1', ts: '1.1', text: `<@${BOT}> q` });
    const payloadOf = (job: ReturnType<typeof jobForEvent>) => (job.enqueue ? job.payload : undefined);
    expect(payloadOf(jobForEvent(envelope(mentionBy('T2'))))).toMatchObject({ userId: 'U9', userTeamId: 'T2' });
    expect(answerInputFromJob(payloadOf(jobForEvent(envelope(mentionBy('T2'))))!)).toMatchObject({ userTeamId: 'T2' });
    expect(payloadOf(jobForEvent(envelope(mentionBy('T1'))))).not.toHaveProperty('userTeamId');
    // On Grid the worker asks the asker's profile whether they are of the receiving organization.
    const grid = { authorizations: [{ enterprise_id: 'E1', team_id: 'T1', user_id: BOT, is_bot: true }] };
    expect(payloadOf(jobForEvent(envelope(mentionBy('T2'), grid)))).not.toHaveProperty('userTeamId');
    expect(answerInputFromJob(payloadOf(jobForEvent(envelope(mentionBy('T2'), grid)))!)).toMatchObject({ enterpriseId: 'E1' });
    expect(answerInputFromJob(payloadOf(jobForEvent(envelope(mentionBy('E1'), { enterprise_id: 'E1' })))!)).toMatchObject({ enterpriseId: 'E1' });
    // A Grid organization's person in a channel shared with a single workspace: named by their organization.
    expect(payloadOf(jobForEvent(envelope(mentionBy('E9'))))).not.toHaveProperty('userTeamId');
    expect(answerInputFromJob(payloadOf(jobForEvent(envelope(mentionBy('E9'))))!)).toMatchObject({ otherOrganization: true });
  });

  it('routes an event to the installation it names: its authorization, else context_team_id, not a shared channel’s team_id', () => {
    const event = { type: 'app_mention', user: 'U1', channel: 'C1', ts: '1.1', text: `<@${BOT}> q` };
    const teamOf = (extra: Partial<SlackEventEnvelope>) => {
      const job = jobForEvent(envelope(event, extra), BOT);
      return job.enqueue ? job.payload.teamId : undefined;
    };
    // A channel created by T0ORIGIN and shared with T1, where Tomo is installed.
    expect(teamOf({ team_id: 'T0ORIGIN' })).toBe('T1');
    expect(teamOf({ team_id: 'T0ORIGIN', authorizations: undefined, context_team_id: 'T1' })).toBe('T1');
    expect(teamOf({ team_id: 'T1', authorizations: undefined, context_team_id: null })).toBe('T1');
  });

  it('answers DMs, including file shares, and channel thread replies as follow-up candidates', () => {
    expect(jobForEvent(envelope({ type: 'message', channel_type: 'im', user: 'U1', channel: 'D1', ts: '2.1' }))).toMatchObject({
      enqueue: true,
      payload: { kind: 'direct_message' },
    });
    expect(
      jobForEvent(envelope({ type: 'message', subtype: 'file_share', channel_type: 'im', user: 'U1', channel: 'D1', ts: '2.2' })),
    ).toMatchObject({ enqueue: true, payload: { subtype: 'file_share' } });
    expect(
      jobForEvent(envelope({ type: 'message', channel_type: 'channel', user: 'U1', channel: 'C1', ts: '3.2', thread_ts: '3.1' })),
    ).toMatchObject({ enqueue: true, payload: { kind: 'thread_reply', threadTs: '3.1' } });
  });

  it.each([
    ['top-level channel chatter', { type: 'message', channel_type: 'channel', user: 'U1', channel: 'C1', ts: '4.1' }, 'not_addressed'],
    ['a thread parent', { type: 'message', channel_type: 'channel', user: 'U1', channel: 'C1', ts: '4.1', thread_ts: '4.1' }, 'not_addressed'],
    [
      'a thread reply that mentions Tomo (its app_mention answers)',
      { type: 'message', channel_type: 'channel', user: 'U1', channel: 'C1', ts: '4.2', thread_ts: '4.1', text: `hey <@${BOT}>` },
      'handled_as_mention',
    ],
    ['Tomo’s own message', { type: 'message', channel_type: 'im', user: BOT, bot_id: 'B1', channel: 'D1', ts: '5.1' }, 'own_message'],
    ['Tomo’s own app message', { type: 'app_mention', app_id: 'A1', channel: 'C1', ts: '5.2' }, 'own_message'],
    [
      'a Slackbot reminder mentioning Tomo (USLACKBOT, bot_id B01)',
      { type: 'app_mention', user: 'USLACKBOT', bot_id: 'B01', channel: 'C1', ts: '5.4', text: `Reminder: <@${BOT}> do X.` },
      'slackbot',
    ],
    ['a Slackbot reminder’s message event', { type: 'message', channel_type: 'channel', user: 'USLACKBOT', bot_id: 'B01', channel: 'C1', ts: '5.5', text: 'Reminder: do X.' }, 'slackbot'],
    // Slackbot telling the bot, in their DM, that it was removed from a channel (message.im, as Slack sends it).
    [
      'Slackbot’s notice in its DM with Tomo',
      { type: 'message', channel_type: 'im', user: 'USLACKBOT', channel: 'D9', ts: '5.6', text: 'You have been removed from #launch by <@U2>' },
      'slackbot',
    ],
    ['another bot in a DM', { type: 'message', channel_type: 'im', bot_id: 'B9', channel: 'D1', ts: '5.3' }, 'bot_message'],
    [
      'another Tomo (the same app from another workspace of a shared channel)',
      { type: 'message', channel_type: 'channel', bot_id: 'B8', bot_profile: { app_id: 'A1' }, channel: 'C1', ts: '5.6' },
      'own_message',
    ],
    [
      'a bot message that mentions Tomo (its app_mention answers)',
      { type: 'message', channel_type: 'channel', bot_id: 'B9', channel: 'C1', ts: '5.7', text: `<@${BOT}> deploy?` },
      'handled_as_mention',
    ],
    ['an edit echo', { type: 'message', subtype: 'message_changed', channel_type: 'im', channel: 'D1', ts: '5.4' }, 'ignored_subtype'],
    ['a deletion', { type: 'message', subtype: 'message_deleted', channel_type: 'im', channel: 'D1', ts: '5.5' }, 'ignored_subtype'],
    [
      'a message_replied without its subtype (Slack’s documented Events API bug)',
      { type: 'message', message: { type: 'message', user: 'U1', text: 'q', thread_ts: '5.6', reply_count: 1, ts: '5.6' }, hidden: true, channel: 'D1', event_ts: '5.7', ts: '5.7', channel_type: 'im' },
      'hidden_message',
    ],
    ['an event Tomo does not handle', { type: 'channel_rename', channel: { id: 'C1' } }, 'not_handled'],
    ['Tomo’s own reaction (its thinking sign)', { type: 'reaction_added', user: BOT, reaction: 'eyes', item: { type: 'message', channel: 'C1', ts: '7.1' } }, 'own_reaction'],
    ['a reaction on a file', { type: 'reaction_added', user: 'U1', reaction: 'jp', item: { type: 'file', file: 'F1' } }, 'not_a_message'],
    ['a reaction on a file comment', { type: 'reaction_added', user: 'U1', reaction: 'jp', item: { type: 'file_comment', file_comment: 'Fc1', file: 'F1' } }, 'not_a_message'],
    ['someone else joining a channel', { type: 'member_joined_channel', user: 'U1', channel: 'C1' }, 'other_member_joined'],
    ['the Messages tab of App Home', { type: 'app_home_opened', user: 'U1', tab: 'messages' }, 'not_home_tab'],
    ['another app’s workflow step', { type: 'function_executed', function: { callback_id: 'other' }, function_execution_id: 'Fx1' }, 'other_function'],
    ['a message without a channel', { type: 'message', channel_type: 'im', user: 'U1', ts: '6.1' }, 'malformed'],
  ])('skips %s', (_name, event, reason) => {
    expect(jobForEvent(envelope(event))).toMatchObject({ enqueue: false, reason });
  });

  it('skips an envelope without an event id or team', () => {
    expect(jobForEvent(envelope({ type: 'app_mention' }, { event_id: undefined }))).toMatchObject({ enqueue: false, reason: 'malformed' });
    expect(jobForEvent({ type: 'event_callback', event_id: 'Ev1', event: { type: 'app_mention' } })).toMatchObject({ enqueue: false });
  });

  it('uninstalls on app_uninstalled and on a revoked bot token, not on revoked user tokens', () => {
    expect(jobForEvent(envelope({ type: 'app_uninstalled' }))).toMatchObject({
      enqueue: true,
      queue: 'slack-uninstall',
      dedupeKey: 'T1:Ev1',
      payload: { teamId: 'T1', eventId: 'Ev1', reason: 'app_uninstalled' },
    });
    expect(jobForEvent(envelope({ type: 'tokens_revoked', tokens: { bot: [BOT] } }))).toMatchObject({ enqueue: true, queue: 'slack-uninstall' });
    expect(jobForEvent(envelope({ type: 'tokens_revoked', tokens: { oauth: ['U1'] } }))).toMatchObject({
      enqueue: true,
      queue: 'slack-uninstall',
      payload: { teamId: 'T1', reason: 'user_tokens_revoked', userIds: 'U1' },
    });
    expect(jobForEvent(envelope({ type: 'tokens_revoked', tokens: {} }))).toMatchObject({ enqueue: false });
  });

  it('releases a member Slack deactivated (user_change with the whole user object), and skips every other user_change', () => {
    expect(jobForEvent(envelope({ type: 'user_change', user: { id: 'U1', team_id: 'T1', deleted: true } }))).toMatchObject({
      enqueue: true,
      queue: 'slack-event',
      dedupeKey: 'T1:Ev1',
      payload: { kind: 'member_left', teamId: 'T1', eventId: 'Ev1', userId: 'U1' },
    });
    // The event's context goes with it: the worker asks Slack which other installations it concerns.
    const withContext = jobForEvent(envelope({ type: 'user_change', user: { id: 'U1', team_id: 'T1', deleted: true } }, { event_context: '4-eyJldCI6InVzZXJfY2hhbmdlIn0' }));
    expect(withContext).toMatchObject({ enqueue: true, payload: { kind: 'member_left', userId: 'U1', eventContext: '4-eyJldCI6InVzZXJfY2hhbmdlIn0' } });
    expect(jobForEvent(envelope({ type: 'user_change', user: { id: 'U1', team_id: 'T1', deleted: true } }, { event_context: 'x'.repeat(1_001) }))).not.toHaveProperty('payload.eventContext');
    expect(jobForEvent(envelope({ type: 'user_change', user: { id: 'U1', team_id: 'T1', deleted: false } }))).toMatchObject({ enqueue: false, reason: 'not_deactivated' });
    // Slack has been seen to leave `deleted` out of user_change: not a deactivation.
    expect(jobForEvent(envelope({ type: 'user_change', user: { id: 'U1', team_id: 'T1' } }))).toMatchObject({ enqueue: false, reason: 'not_deactivated' });
    expect(jobForEvent(envelope({ type: 'user_change', user: 'U1' }))).toMatchObject({ enqueue: false, reason: 'malformed' });
    expect(jobForEvent(envelope({ type: 'user_change', user: { id: 'not an id', deleted: true } }))).toMatchObject({ enqueue: false, reason: 'malformed' });
  });

  it('tells Tomo by the bot user it is given when the authorization is a person who authorized Tomo', () => {
    const asPerson = { authorizations: [{ team_id: 'T1', user_id: 'UALICE', is_bot: false }] };
    const reply = { type: 'message', channel_type: 'channel', user: 'U2', channel: 'C1', ts: '12.2', thread_ts: '12.1', text: `<@${BOT}> can you answer this?` };
    expect(authorizedBotUserId(envelope(reply, asPerson))).toBeUndefined();
    // Without Tomo's id the reply would become a follow-up keyed like the app_mention, which it would swallow.
    expect(jobForEvent(envelope(reply, asPerson))).toMatchObject({ enqueue: true, payload: { kind: 'thread_reply' } });
    expect(jobForEvent(envelope(reply, asPerson), BOT)).toMatchObject({ enqueue: false, reason: 'handled_as_mention' });
    const join = { type: 'member_joined_channel', user: BOT, channel: 'C1', inviter: 'U1' };
    expect(jobForEvent(envelope(join, asPerson), BOT)).toMatchObject({ enqueue: true, payload: { kind: 'greeting' } });
    expect(authorizedBotUserId(envelope(join))).toBe(BOT);
  });

  it('carries the uninstall event’s time, so the worker can tell a late one from the installation after it', () => {
    const job = jobForEvent(envelope({ type: 'app_uninstalled' }, { event_time: 1_700_000_000 }));
    expect(job).toMatchObject({ payload: { teamId: 'T1', eventId: 'Ev1', reason: 'app_uninstalled', eventTime: 1_700_000_000 } });
    expect(uninstallInputFromJob((job as { payload: Record<string, string | number> }).payload)).toMatchObject({ eventTime: 1_700_000_000 });
    expect(jobForEvent(envelope({ type: 'tokens_revoked', tokens: { bot: [BOT] } }, { event_time: 1_700_000_001 }))).toMatchObject({
      payload: { reason: 'tokens_revoked', eventTime: 1_700_000_001 },
    });
    // A job queued before the time was carried, or a nonsense time: taken as current.
    expect(uninstallInputFromJob({ teamId: 'T1', eventId: 'Ev1', reason: 'app_uninstalled' })).not.toHaveProperty('eventTime');
    expect(uninstallInputFromJob({ teamId: 'T1', eventId: 'Ev1', reason: 'app_uninstalled', eventTime: 'soon' })).not.toHaveProperty('eventTime');
    // Whole seconds: the event happened by the end of its second at the latest.
    expect(eventOccurredBy(1_700_000_000).toISOString()).toBe('2023-11-14T22:13:20.999Z');
  });

  it('reads job payloads back, and refuses malformed ones', () => {
    const job = jobForEvent(envelope({ type: 'app_mention', user: 'U1', channel: 'C1', ts: '1.1', thread_ts: '0.9' }));
    if (!job.enqueue) throw new Error('expected a job');
    expect(answerInputFromJob(job.payload)).toMatchObject({ kind: 'mention', threadTs: '0.9', userId: 'U1' });
    expect(answerInputFromJob({ ...job.payload, kind: 'reaction' })).toBeNull();
    expect(answerInputFromJob({ ...job.payload, ts: '' })).toBeNull();
    expect(uninstallInputFromJob({ teamId: 'T1', eventId: 'Ev1', reason: 'tokens_revoked' })).toEqual({
      teamId: 'T1',
      eventId: 'Ev1',
      reason: 'tokens_revoked',
    });
    expect(uninstallInputFromJob({ teamId: 'T1', eventId: 'Ev1', reason: 'other' })).toBeNull();
    expect(uninstallInputFromJob({ teamId: 'T1', eventId: 'Ev1', reason: 'user_tokens_revoked', userIds: 'U1,U2' })).toEqual({
      teamId: 'T1',
      eventId: 'Ev1',
      reason: 'user_tokens_revoked',
      userIds: ['U1', 'U2'],
    });
    expect(uninstallInputFromJob({ teamId: 'T1', eventId: 'Ev1', reason: 'user_tokens_revoked', userIds: '' })).toBeNull();
  });
});

describe('the triggers beyond messages become ids-only jobs', () => {
  it('turns any reaction on a message into a reaction job (the worker decides whether it is a prompt)', () => {
    expect(
      jobForEvent(envelope({ type: 'reaction_added', user: 'U1', reaction: 'flag-jp', item_user: 'U2', item: { type: 'message', channel: 'C1', ts: '8.1' } })),
    ).toEqual({
      enqueue: true,
      queue: 'slack-reaction',
      dedupeKey: 'T1:Ev1',
      type: 'reaction_added',
      payload: { eventId: 'Ev1', teamId: 'T1', channelId: 'C1', itemTs: '8.1', reaction: 'flag-jp', userId: 'U1' },
    });
  });

  it('names the organization of a Grid workspace’s reaction, so its people are not taken for outsiders (a reaction has no user_team)', () => {
    const event = { type: 'reaction_added', user: 'U1', reaction: 'jp', item: { type: 'message', channel: 'C1', ts: '8.2' } };
    expect(jobForEvent(envelope(event, { enterprise_id: 'E1' }))).toMatchObject({ enqueue: true, payload: { enterpriseId: 'E1' } });
  });

  it('turns a configured-or-not bot’s channel message into a bot_message answer job, legacy bot_message subtype too', () => {
    expect(jobForEvent(envelope({ type: 'message', channel_type: 'channel', bot_id: 'B9', user: 'U9', channel: 'C1', ts: '9.1' }))).toMatchObject({
      enqueue: true,
      queue: 'slack-answer',
      payload: { kind: 'bot_message', botId: 'B9', userId: 'U9' },
    });
    expect(
      jobForEvent(envelope({ type: 'message', subtype: 'bot_message', channel_type: 'channel', bot_id: 'B7', channel: 'C1', ts: '9.2' })),
    ).toMatchObject({ enqueue: true, payload: { kind: 'bot_message', botId: 'B7', userId: null, subtype: 'bot_message' } });
  });

  it('greets only when Tomo itself joined, in the inviter’s language', () => {
    expect(jobForEvent(envelope({ type: 'member_joined_channel', user: BOT, channel: 'C1', inviter: 'U1' }))).toMatchObject({
      enqueue: true,
      queue: 'slack-greeting',
      payload: { kind: 'greeting', channelId: 'C1', userId: BOT, inviterId: 'U1' },
    });
  });

  it('publishes App Home on the Home tab and follows the AI-app view’s threads', () => {
    expect(jobForEvent(envelope({ type: 'app_home_opened', user: 'U1', tab: 'home' }))).toMatchObject({
      queue: 'slack-event',
      payload: { kind: 'home', userId: 'U1', tab: 'home' },
    });
    const thread = { user_id: 'U1', channel_id: 'D1', thread_ts: '10.1', context: { channel_id: 'C5' } };
    expect(jobForEvent(envelope({ type: 'assistant_thread_started', assistant_thread: thread, event_ts: '10.2' }))).toMatchObject({
      queue: 'slack-event',
      payload: { kind: 'assistant_started', channelId: 'D1', threadTs: '10.1', userId: 'U1', contextChannelId: 'C5', at: new Date(10_200).toISOString() },
    });
    expect(
      jobForEvent(envelope({ type: 'assistant_thread_context_changed', assistant_thread: { ...thread, context: {} }, event_ts: '11.0' })),
    ).toMatchObject({ payload: { kind: 'assistant_context', contextChannelId: null } });
  });

  it('runs the Ask Tomo step with the prompt sealed aside and ids in the job', () => {
    const job = jobForEvent(
      envelope({
        type: 'function_executed',
        function: { callback_id: ASK_TOMO_FUNCTION },
        function_execution_id: 'Fx123',
        inputs: { prompt: 'secret prompt', user_id: 'U1', channel_id: 'C1' },
        bot_access_token: 'xwfp-secret',
      }),
    );
    expect(job).toMatchObject({
      enqueue: true,
      queue: 'slack-workflow',
      dedupeKey: 'T1:Fx123',
      payload: { eventId: 'Ev1', teamId: 'T1', functionExecutionId: 'Fx123', userId: 'U1', channelId: 'C1', messageTs: null },
      stash: { key: 'function:Fx123', values: { prompt: 'secret prompt' } },
    });
    if (!job.enqueue) throw new Error('expected a job');
    expect(JSON.stringify(job.payload)).not.toContain('secret');
  });
});

describe('manifest.json', () => {
  const manifest = JSON.parse(readFileSync('manifest.json', 'utf8')) as {
    features: { app_home: { home_tab_enabled: boolean }; assistant_view: { assistant_description: string } };
    oauth_config: { scopes: { bot: string[] }; redirect_urls: string[] };
    settings: {
      event_subscriptions: { request_url: string; bot_events: string[] };
      interactivity: { is_enabled: boolean; request_url: string };
    };
    functions: Record<string, { input_parameters: Record<string, unknown>; output_parameters: Record<string, unknown> }>;
  };

  it('asks for exactly the bot scopes the install route requests', () => {
    expect([...manifest.oauth_config.scopes.bot].sort()).toEqual([...SLACK_BOT_SCOPES].sort());
  });

  it('subscribes to exactly the events the triggers handle, at /slack/events', () => {
    const handled = EVENT_TRIGGERS.flatMap((trigger) => trigger.subscriptions);
    expect([...manifest.settings.event_subscriptions.bot_events].sort()).toEqual([...new Set(handled)].sort());
    // Every trigger's event type is one Slack sends for those subscriptions (or for the declared function).
    expect(EVENT_TRIGGERS.flatMap((t) => t.types).sort()).toEqual(
      [
        'app_mention',
        'message',
        'reaction_added',
        'member_joined_channel',
        'app_home_opened',
        'assistant_thread_started',
        'assistant_thread_context_changed',
        'function_executed',
        'app_uninstalled',
        'tokens_revoked',
        'user_change',
      ].sort(),
    );
    expect(new URL(manifest.settings.event_subscriptions.request_url).pathname).toBe('/slack/events');
    expect(manifest.oauth_config.redirect_urls.map((u) => new URL(u).pathname)).toEqual([
      '/slack/oauth_redirect',
      '/auth/callback',
      // A person's own Slack connection (search:read user token, issue 14).
      '/api/auth/callback/slack',
    ]);
  });

  it('declares the Ask Tomo step with the inputs and output the workflow trigger reads and writes', () => {
    expect(Object.keys(manifest.functions)).toEqual([ASK_TOMO_FUNCTION]);
    const step = manifest.functions[ASK_TOMO_FUNCTION]!;
    expect(Object.keys(step.input_parameters).sort()).toEqual(Object.values(ASK_TOMO_INPUTS).sort());
    expect(step.input_parameters[ASK_TOMO_INPUTS.prompt]).toMatchObject({ type: 'string', is_required: true });
    expect(step.input_parameters[ASK_TOMO_INPUTS.user]).toMatchObject({ type: 'slack#/types/user_id', is_required: true });
    expect(step.input_parameters[ASK_TOMO_INPUTS.channel]).toMatchObject({ type: 'slack#/types/channel_id', is_required: false });
    expect(Object.keys(step.output_parameters)).toEqual([ASK_TOMO_OUTPUT]);
    // Custom steps need an org-ready app whose functions run remotely (here).
    expect(manifest.settings).toMatchObject({ org_deploy_enabled: true, function_runtime: 'remote' });
  });

  it('turns on interactivity at /slack/interactions and the AI-app (assistant) view', () => {
    expect(manifest.settings.interactivity.is_enabled).toBe(true);
    expect(new URL(manifest.settings.interactivity.request_url).pathname).toBe('/slack/interactions');
    expect(manifest.features.assistant_view.assistant_description).not.toBe('');
    expect(manifest.features.app_home.home_tab_enabled).toBe(true);
    expect(manifest.oauth_config.scopes.bot).toContain('assistant:write');
  });
});
