import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jobForEvent, type SlackEventEnvelope } from '../../../apps/server/http/slack/slack-event-jobs';
import { SLACK_BOT_SCOPES } from '../../../apps/server/http/slack/slack-scopes';
import { answerInputFromJob, uninstallInputFromJob } from '../../../apps/shared/slack-jobs';

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
    ['another bot', { type: 'message', channel_type: 'im', bot_id: 'B9', channel: 'D1', ts: '5.3' }, 'bot_message'],
    ['an edit echo', { type: 'message', subtype: 'message_changed', channel_type: 'im', channel: 'D1', ts: '5.4' }, 'ignored_subtype'],
    ['a deletion', { type: 'message', subtype: 'message_deleted', channel_type: 'im', channel: 'D1', ts: '5.5' }, 'ignored_subtype'],
    ['an event Tomo does not handle yet', { type: 'reaction_added', user: 'U1' }, 'not_handled'],
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
    expect(jobForEvent(envelope({ type: 'tokens_revoked', tokens: { oauth: ['U1'] } }))).toMatchObject({ enqueue: false });
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
  });
});

describe('manifest.json', () => {
  const manifest = JSON.parse(readFileSync('manifest.json', 'utf8')) as {
    oauth_config: { scopes: { bot: string[] }; redirect_urls: string[] };
    settings: { event_subscriptions: { request_url: string; bot_events: string[] } };
  };

  it('asks for exactly the bot scopes the install route requests', () => {
    expect([...manifest.oauth_config.scopes.bot].sort()).toEqual([...SLACK_BOT_SCOPES].sort());
  });

  it('subscribes to every event Tomo answers or uninstalls on, at /slack/events', () => {
    expect(manifest.settings.event_subscriptions.bot_events).toEqual(
      expect.arrayContaining(['app_mention', 'message.im', 'message.channels', 'message.groups', 'app_uninstalled', 'tokens_revoked']),
    );
    expect(new URL(manifest.settings.event_subscriptions.request_url).pathname).toBe('/slack/events');
    expect(manifest.oauth_config.redirect_urls.map((u) => new URL(u).pathname)).toEqual(['/slack/oauth_redirect', '/auth/callback']);
  });
});
