import { describe, expect, it } from 'vitest';
import type { AutoReplySettingRecord } from '../../../core/auto-replies/auto-reply-setting';
import type { TriggerSettings } from '../../../core/triggers/decide-trigger';
import { decideTrigger, triggerSettings } from '../../../core/triggers/decide-trigger';
import type { InboundEvent, Sender } from '../../../core/triggers/inbound-event';
import { TEAM, TOMO_BOT_ID, TOMO_BOT_USER } from '../support/builders';

const at = new Date('2025-01-01T00:00:00Z');
const autoReply = (botUserId: string, enabled: boolean): AutoReplySettingRecord => ({
  teamId: TEAM,
  botUserId,
  botName: 'Deploy Bot',
  instruction: 'Summarise the deploy result.',
  enabled,
  updatedBy: 'UADMIN',
  updatedAt: at,
});

const settings: TriggerSettings = {
  tomo: { botUserId: TOMO_BOT_USER, botId: TOMO_BOT_ID },
  autoReplies: [autoReply('UDEPLOY', true), autoReply('UOFF', false)],
  customReactions: [
    { teamId: TEAM, id: 'r1', name: 'tldr', prompt: 'Summarise it.', category: 'custom', updatedBy: 'U1', updatedAt: at },
  ],
  greetingWhenJoiningChannel: true,
  schedules: [
    {
      teamId: TEAM,
      channelId: 'CDAILY',
      channelName: 'daily',
      isSummaryEnabled: true,
      startTimeUtc: '01:30',
      lookbackDays: 2,
      timezoneOffsetMinutes: 0,
      timeZone: null,
      updatedBy: 'UOWNER',
      updatedAt: at,
    },
    {
      teamId: TEAM,
      channelId: 'COFF',
      channelName: 'off',
      isSummaryEnabled: false,
      startTimeUtc: '01:30',
      lookbackDays: 1,
      timezoneOffsetMinutes: 0,
      timeZone: null,
      updatedBy: 'U1',
      updatedAt: at,
    },
  ],
};

const person = { userId: 'UHANA', botId: null };
const message = { teamId: TEAM, channelId: 'C1', ts: '100.1', threadTs: null, sender: person, subtype: null };
const channelMessage = (overrides: Partial<Extract<InboundEvent, { kind: 'channel_message' }>> = {}): InboundEvent => ({
  kind: 'channel_message',
  ...message,
  mentionsTomo: false,
  tomoInThread: false,
  ...overrides,
});

describe('triggers: whether and how Tomo responds (spec 1)', () => {
  it('answers a mention in the thread of the message, counted as a channel mention', () => {
    expect(decideTrigger({ kind: 'mention', ...message }, settings)).toEqual({
      respond: true,
      intent: 'answer',
      requesterId: 'UHANA',
      usageKind: 'channel_mention',
      channelId: 'C1',
      replyThreadTs: '100.1',
    });
  });

  it('answers a direct message (threaded reply), counted as DM', () => {
    expect(decideTrigger({ kind: 'direct_message', ...message, threadTs: '99.0' }, settings)).toMatchObject({
      intent: 'answer',
      usageKind: 'direct_message',
      replyThreadTs: '99.0',
    });
  });

  it('answers a follow-up in a thread Tomo is answering in, without a new mention', () => {
    expect(decideTrigger(channelMessage({ threadTs: '90.0', tomoInThread: true }), settings)).toMatchObject({
      intent: 'answer',
      replyThreadTs: '90.0',
    });
    expect(decideTrigger(channelMessage({ threadTs: '90.0' }), settings)).toEqual({ respond: false, reason: 'not_addressed' });
    expect(decideTrigger(channelMessage({ tomoInThread: true }), settings)).toMatchObject({ reason: 'not_addressed' });
  });

  it('leaves a channel message that mentions Tomo to its app_mention event (no double answer)', () => {
    expect(decideTrigger(channelMessage({ mentionsTomo: true }), settings)).toMatchObject({ reason: 'handled_as_mention' });
  });

  it('answers a workflow step for the person in its user input, and a bot mention, on the requester’s seat', () => {
    expect(decideTrigger({ kind: 'workflow', teamId: TEAM, userId: 'UHANA' }, settings)).toEqual({
      respond: true,
      intent: 'workflow',
      requesterId: 'UHANA',
      usageKind: 'channel_mention',
    });
    expect(decideTrigger({ kind: 'workflow', teamId: TEAM, userId: null }, settings)).toMatchObject({ reason: 'unknown_sender' });
    const bot = { userId: 'UDEPLOY', botId: 'BDEPLOY' };
    expect(decideTrigger({ kind: 'mention', ...message, sender: bot, subtype: 'bot_message' }, settings)).toMatchObject({
      intent: 'answer',
      requesterId: 'UDEPLOY',
    });
  });

  it('never lets Slackbot ask: a reminder (`/remind #channel @Tomo …`) names nobody whose seat could pay for it', () => {
    // As Slack posts a channel reminder: USLACKBOT, with the bot id B01, no subtype.
    const slackbot = { userId: 'USLACKBOT', botId: 'B01' };
    expect(decideTrigger({ kind: 'mention', ...message, sender: slackbot }, settings)).toEqual({ respond: false, reason: 'slackbot' });
    expect(decideTrigger({ kind: 'mention', ...message, sender: { userId: 'USLACKBOT', botId: null } }, settings)).toEqual({
      respond: false,
      reason: 'slackbot',
    });
    expect(decideTrigger(channelMessage({ sender: slackbot, tomoInThread: true, threadTs: '1.0' }), settings)).toMatchObject({ reason: 'slackbot' });
    // Even configured as an auto-reply bot (it is not in the bot list, but a row could name it).
    const withRow = { ...settings, autoReplies: [autoReply('USLACKBOT', true)] };
    expect(decideTrigger(channelMessage({ sender: slackbot, subtype: 'bot_message' }), withRow)).toMatchObject({ reason: 'slackbot' });
    expect(
      decideTrigger({ kind: 'reaction_added', teamId: TEAM, channelId: 'C1', reaction: 'jp', itemTs: '50.0', itemThreadTs: null, sender: slackbot }, settings),
    ).toMatchObject({ reason: 'slackbot' });
  });

  it('never answers its own messages', () => {
    for (const sender of [{ userId: TOMO_BOT_USER, botId: null }, { userId: null, botId: TOMO_BOT_ID }]) {
      expect(decideTrigger({ kind: 'mention', ...message, sender }, settings)).toMatchObject({ reason: 'own_message' });
      expect(decideTrigger(channelMessage({ sender, tomoInThread: true, threadTs: '1.0' }), settings)).toMatchObject({
        reason: 'own_message',
      });
    }
  });

  it('ignores edits, deletions and other non-question subtypes, and senders it cannot identify', () => {
    expect(decideTrigger({ kind: 'direct_message', ...message, subtype: 'message_changed' }, settings)).toMatchObject({
      reason: 'ignored_subtype',
    });
    expect(decideTrigger({ kind: 'direct_message', ...message, subtype: 'file_share' }, settings)).toMatchObject({
      intent: 'answer',
    });
    expect(
      decideTrigger({ kind: 'direct_message', ...message, sender: { userId: null, botId: 'BX' } }, settings),
    ).toMatchObject({ reason: 'unknown_sender' });
  });

  it('auto-replies only to enabled, configured bots, with the bot’s instruction', () => {
    const fromBot = (userId: string) => channelMessage({ sender: { userId, botId: 'B1' }, subtype: 'bot_message' });
    expect(decideTrigger(fromBot('UDEPLOY'), settings)).toMatchObject({
      respond: true,
      intent: 'auto_reply',
      requesterId: 'UDEPLOY',
      instruction: 'Summarise the deploy result.',
      replyThreadTs: '100.1',
    });
    expect(decideTrigger(fromBot('UOFF'), settings)).toMatchObject({ reason: 'bot_not_configured' });
    expect(decideTrigger(fromBot('UOTHER'), settings)).toMatchObject({ reason: 'bot_not_configured' });
  });

  it('runs the reaction prompt of a preset or custom emoji on the reacted message', () => {
    const reaction = (name: string, sender: Sender = person): InboundEvent => ({
      kind: 'reaction_added',
      teamId: TEAM,
      channelId: 'C1',
      reaction: name,
      itemTs: '50.0',
      itemThreadTs: null,
      sender,
    });
    expect(decideTrigger(reaction('jp'), settings)).toMatchObject({
      intent: 'reaction_prompt',
      usageKind: 'reaction',
      replyThreadTs: '50.0',
      messageTs: '50.0',
      reaction: { category: 'translation' },
    });
    expect(decideTrigger(reaction('tldr'), settings)).toMatchObject({ reaction: { prompt: 'Summarise it.', kind: 'custom' } });
    expect(decideTrigger(reaction('thumbsup'), settings)).toMatchObject({ reason: 'not_a_reaction_prompt' });
    expect(decideTrigger(reaction('jp', { userId: TOMO_BOT_USER, botId: null }), settings)).toMatchObject({ reason: 'own_message' });
    expect(decideTrigger(reaction('jp', { userId: 'UB', botId: 'BB' }), settings)).toMatchObject({
      reason: 'unknown_sender',
    });
    const inThread = { ...(reaction('jp') as Extract<InboundEvent, { kind: 'reaction_added' }>), itemThreadTs: '40.0' };
    expect(decideTrigger(inThread, settings)).toMatchObject({ replyThreadTs: '40.0' });
  });

  it('summarises a channel on schedule only when its summary is on', () => {
    expect(decideTrigger({ kind: 'scheduled', teamId: TEAM, channelId: 'CDAILY' }, settings)).toEqual({
      respond: true,
      intent: 'summarize',
      channelId: 'CDAILY',
      lookbackDays: 2,
      // Whoever saved the schedule asked for it: their seat, their usage.
      requesterId: 'UOWNER',
      usageKind: 'channel_mention',
    });
    expect(decideTrigger({ kind: 'scheduled', teamId: TEAM, channelId: 'COFF' }, settings)).toMatchObject({
      reason: 'summary_disabled',
    });
  });

  it('greets a channel when Tomo joins it, if the greeting is on', () => {
    const joined = (userId: string): InboundEvent => ({ kind: 'member_joined_channel', teamId: TEAM, channelId: 'C1', userId });
    expect(decideTrigger(joined(TOMO_BOT_USER), settings)).toEqual({ respond: true, intent: 'greeting', channelId: 'C1' });
    expect(decideTrigger(joined('UHANA'), settings)).toMatchObject({ reason: 'other_member_joined' });
    expect(decideTrigger(joined(TOMO_BOT_USER), { ...settings, greetingWhenJoiningChannel: false })).toMatchObject({
      reason: 'greeting_disabled',
    });
  });

  it('never answers another Tomo: the same app posting from another workspace of a shared channel', () => {
    const withApp = { ...settings, tomo: { ...settings.tomo, appId: 'ATOMO' } };
    const twin = { userId: 'UTWIN', botId: 'BTWIN', appId: 'ATOMO' };
    expect(decideTrigger(channelMessage({ sender: twin, subtype: 'bot_message' }), withApp)).toMatchObject({ reason: 'own_message' });
    expect(decideTrigger(channelMessage({ sender: { ...twin, appId: 'AOTHER' }, subtype: 'bot_message' }), withApp)).toMatchObject({
      reason: 'bot_not_configured',
    });
  });

  it('greets an AI-app thread and remembers the channel in view, for the person who opened it', () => {
    const thread = { teamId: TEAM, channelId: 'D1', threadTs: '5.0', userId: 'UHANA', contextChannelId: 'C9' };
    expect(decideTrigger({ kind: 'assistant_thread_started', ...thread }, settings)).toEqual({
      respond: true,
      intent: 'assistant_greeting',
      thread: { channelId: 'D1', threadTs: '5.0' },
      requesterId: 'UHANA',
      contextChannelId: 'C9',
    });
    expect(decideTrigger({ kind: 'assistant_thread_context_changed', ...thread, contextChannelId: null }, settings)).toMatchObject({
      intent: 'remember_context',
      contextChannelId: null,
    });
    expect(decideTrigger({ kind: 'assistant_thread_started', ...thread, userId: TOMO_BOT_USER }, settings)).toMatchObject({
      reason: 'own_message',
    });
  });

  it('publishes App Home on the Home tab only', () => {
    expect(decideTrigger({ kind: 'app_home_opened', teamId: TEAM, userId: 'UHANA', tab: 'home' }, settings)).toEqual({
      respond: true,
      intent: 'publish_home',
      requesterId: 'UHANA',
    });
    expect(decideTrigger({ kind: 'app_home_opened', teamId: TEAM, userId: 'UHANA', tab: 'messages' }, settings)).toMatchObject({
      reason: 'not_home_tab',
    });
  });

  it('builds settings with only Tomo known, plus what one trigger needs', () => {
    expect(triggerSettings({ userId: 'UT', botId: 'BT' }, { greetingWhenJoiningChannel: true })).toEqual({
      tomo: { botUserId: 'UT', botId: 'BT' },
      autoReplies: [],
      customReactions: [],
      greetingWhenJoiningChannel: true,
      schedules: [],
    });
  });
});
