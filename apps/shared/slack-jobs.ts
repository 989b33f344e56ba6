import type { QueueDefinition } from '../../adapters/queue/pg-boss-job-queue';
import type { AnswerQuestionInput } from '../../core/assistant/answer-question.use-case';
import type { JobPayload } from '../../core/shared/job-queue.port';

/** The queues the Slack event route sends to and the worker works. */
export const SLACK_QUEUES = {
  /**
   * One inbound message that may get an answer. Never retried (ADR 7): a failure after
   * anything reached Slack must not produce a second answer. Long expiry: reasoning models
   * may think for minutes before the first word.
   */
  slackAnswer: { name: 'slack-answer', retryLimit: 0, expireInSeconds: 900 },
  /** app_uninstalled / bot tokens_revoked: forget the token, cancel every subscription. Idempotent. */
  slackUninstall: { name: 'slack-uninstall', retryLimit: 5, retryDelaySeconds: 10 },
} satisfies Record<string, QueueDefinition>;

const KINDS: readonly AnswerQuestionInput['kind'][] = ['mention', 'direct_message', 'thread_reply'];

/** Ids only: the text is read from Slack when the job runs (Tomo's HIPAA statement). */
export function answerJobPayload(input: AnswerQuestionInput): JobPayload {
  return { ...input };
}

export function answerInputFromJob(payload: JobPayload): AnswerQuestionInput | null {
  const text = (key: string) => (typeof payload[key] === 'string' && payload[key] !== '' ? (payload[key] as string) : null);
  const eventId = text('eventId');
  const teamId = text('teamId');
  const channelId = text('channelId');
  const ts = text('ts');
  const kind = KINDS.find((k) => k === payload.kind);
  if (!eventId || !teamId || !channelId || !ts || !kind) return null;
  return {
    eventId,
    teamId,
    kind,
    channelId,
    ts,
    threadTs: text('threadTs'),
    userId: text('userId'),
    botId: text('botId'),
    subtype: text('subtype'),
  };
}

export interface UninstallJobInput {
  readonly teamId: string;
  readonly eventId: string;
  readonly reason: 'app_uninstalled' | 'tokens_revoked';
}

export function uninstallInputFromJob(payload: JobPayload): UninstallJobInput | null {
  const { teamId, eventId, reason } = payload;
  if (typeof teamId !== 'string' || teamId === '' || typeof eventId !== 'string') return null;
  if (reason !== 'app_uninstalled' && reason !== 'tokens_revoked') return null;
  return { teamId, eventId, reason };
}
