import { slackMessageText } from '../../../../../adapters/slack/slack-message-text';
import type { AnswerQuestionInput } from '../../../../../core/assistant/answer-question.use-case';
import { mentionsUser } from '../../../../../core/shared/user-mention';
import { isSlackbot } from '../../../../../core/workspace/member';
import { answerJobPayload, SLACK_QUEUES } from '../../../../shared/slack-jobs';
import type { EventTrigger, SlackEventEnvelope, SlackInnerEvent } from './event-trigger';

/**
 * Plain messages, file shares, thread broadcasts, a person's `/me` messages (subtype me_message:
 * their `user` and `text`, as Slack documents it) and bots' messages can be questions; edits,
 * deletions, joins… are not.
 */
const QUESTION_SUBTYPES = new Set(['file_share', 'thread_broadcast', 'me_message', 'bot_message']);

/**
 * Where the author's own workspace comes from. A Slack Connect partner of a single workspace is
 * named by `user_team` (their `T…`). On Enterprise Grid `user_team` may name the organization
 * (E…), a sibling workspace of it, or another organization's workspace: the job carries the
 * receiving organization (`enterprise_id`) and the worker asks their profile, as for reactions
 * (before, Grid events were all taken as the workspace's own people, so a person of another
 * organization took a seat of the host's paid plan). A Grid organization's person in a channel
 * shared with a single workspace is named by their organization (E…), never this workspace.
 */
function authorHome(envelope: SlackEventEnvelope, event: SlackInnerEvent, teamId: string): Pick<AnswerQuestionInput, 'userTeamId' | 'enterpriseId' | 'otherOrganization'> {
  const enterpriseId = envelope.authorizations?.[0]?.enterprise_id ?? envelope.enterprise_id;
  if (typeof enterpriseId === 'string' && enterpriseId !== '') return { enterpriseId };
  const userTeam = event.user_team;
  if (typeof userTeam !== 'string' || userTeam === teamId) return {};
  if (/^T[A-Z0-9]+$/.test(userTeam)) return { userTeamId: userTeam };
  return /^E[A-Z0-9]+$/.test(userTeam) ? { otherOrganization: true } : {};
}

/**
 * Mentions, DMs (the AI-app view's threads included), follow-ups in a thread and bots' messages
 * (auto-replies) → an answer job keyed by the message, so Slack's retries of an event and a
 * second event about the same message (app_mention and message.im) make one job.
 */
export const answerTrigger: EventTrigger = {
  types: ['app_mention', 'message'],
  subscriptions: ['app_mention', 'message.im', 'message.channels', 'message.groups', 'message.mpim'],
  toJob({ envelope, event, type, teamId, eventId, botUserId, skip }) {
    if (!event.channel || !event.ts) return skip('malformed');
    if (event.subtype !== undefined && !QUESTION_SUBTYPES.has(event.subtype)) return skip('ignored_subtype');
    // A hidden message (Slack shows it to nobody) or one wrapping another (`message`: an edit, a
    // thread's new reply) is nobody's question. Slack documents that its `message_replied` comes
    // without its subtype over the Events API: in a DM it read as a question by nobody.
    if (event.hidden === true || (typeof event.message === 'object' && event.message !== null)) return skip('hidden_message');
    // Tomo's own messages (its streamed answers included), and another Tomo's (the same app in
    // another workspace of a shared channel), are never questions.
    const appId = envelope.api_app_id;
    const own =
      (botUserId !== undefined && event.user === botUserId) ||
      (appId !== undefined && (event.app_id === appId || event.bot_profile?.app_id === appId));
    if (own) return skip('own_message');
    // Slackbot posts the reminders people set (`/remind #channel @Tomo …`), as USLACKBOT with a
    // `bot_id` (B01) and no word of who set them: nobody's seat could answer (decideTrigger).
    if (isSlackbot(event.user)) return skip('slackbot');
    // A blocks-only message (empty `text`, as some integrations post) mentions Tomo in a rich_text
    // `user` element: read as a follow-up, its message event would take the job key and its
    // app_mention would be dropped as a duplicate.
    const said = typeof event.text === 'string' && event.text.trim() !== '' ? event.text : slackMessageText({ blocks: Array.isArray(event.blocks) ? event.blocks : [] });
    const mentionsTomo = botUserId !== undefined && mentionsUser(said, botUserId);

    // Slack sends app_mention again when a message mentioning Tomo is edited (same ts, `edited`
    // set; undocumented on the event's page, confirmed by Slack's SDK maintainers). An edit of
    // any other message arrives as a message_changed, skipped above.
    const edited = type === 'app_mention' && event.edited !== undefined && event.edited !== null;
    let kind: AnswerQuestionInput['kind'];
    if (type === 'app_mention') kind = 'mention';
    // A group DM's mention is reported to come as message.mpim alone, without the app_mention a
    // channel's gets (slackapi/bolt-js#817 saw one in 2021): answered from whichever comes first.
    // Both are keyed by the message, so the second adds no job and finds the message claimed.
    else if (event.channel_type === 'mpim' && mentionsTomo) kind = 'mention';
    else if (event.bot_id !== undefined || event.subtype === 'bot_message') {
      if (event.channel_type === 'im') return skip('bot_message');
      // The app_mention event of the same message answers it (a bot mention); answering here too would reply twice.
      if (mentionsTomo) return skip('handled_as_mention');
      kind = 'bot_message';
    } else if (event.channel_type === 'im') kind = 'direct_message';
    else {
      const inThread = event.thread_ts !== undefined && event.thread_ts !== event.ts;
      if (!inThread) return skip('not_addressed');
      if (mentionsTomo) return skip('handled_as_mention');
      kind = 'thread_reply';
    }
    const input: AnswerQuestionInput = {
      eventId,
      teamId,
      kind,
      channelId: event.channel,
      ts: event.ts,
      threadTs: event.thread_ts ?? null,
      userId: event.user ?? null,
      botId: event.bot_id ?? null,
      subtype: event.subtype ?? null,
      ...authorHome(envelope, event, teamId),
      ...(edited ? { edited: true } : {}),
    };
    return {
      enqueue: true,
      queue: SLACK_QUEUES.slackAnswer.name,
      payload: answerJobPayload(input),
      // An edit is its own job even while the message's first job is still held (its row stays in
      // the queue for a while): a reply edited to mention Tomo where it did not answer is answered;
      // where it did (or is answering), the message's claim in the worker stops the edit.
      dedupeKey: edited ? `${teamId}:${event.channel}:${event.ts}:edited:${event.edited?.ts ?? eventId}` : `${teamId}:${event.channel}:${event.ts}`,
      type,
    };
  },
};
