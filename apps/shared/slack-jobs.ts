import { z } from 'zod';
import type { QueueDefinition } from '../../adapters/queue/pg-boss-job-queue';
import type { AnswerQuestionInput } from '../../core/assistant/answer-question.use-case';
import type { SummaryRun } from '../../core/schedules/schedule-runs';
import type { JobPayload } from '../../core/shared/job-queue.port';
import { HOME_NOTICES } from '../../core/home/home-facts';

/**
 * The queues the Slack routes send to and the worker works, one per kind of trigger. Every
 * payload is ids only: text is read from Slack when the job runs (Tomo's HIPAA statement).
 * Each use case claims its idempotency key before acting (TriggerGate); for delivering queues
 * the claim is a delivery record, so a retried attempt completes or replaces, never doubles (ADR 33).
 */
/** ANSWER_HEARTBEAT_SECONDS's default; pg-boss's floor is 10. */
export const DEFAULT_ANSWER_HEARTBEAT_SECONDS = 30;

/** ANSWER_RETRIES's default: with waits of 1 s doubling to at most 10 s, about a minute of retries. */
export const DEFAULT_ANSWER_RETRIES = 8;

const DELIVERING = {
  dispatched: true,
  retryLimit: DEFAULT_ANSWER_RETRIES,
  retryDelaySeconds: 1,
  // A retry after a kill already waited for the heartbeat to lapse; someone is waiting for the answer.
  retryDelayMaxSeconds: 10,
  expireInSeconds: 900,
  heartbeatSeconds: DEFAULT_ANSWER_HEARTBEAT_SECONDS,
} as const satisfies Omit<QueueDefinition, 'name'>;

export const SLACK_QUEUES = {
  /**
   * One inbound message that may get an answer (mention, DM, follow-up, configured bot). Long
   * expiry: reasoning models may think for minutes before the first word. Delivering queues are
   * dispatched (hundreds in flight per worker, capped per workspace) and retried when a worker
   * dies mid-answer (heartbeat): the delivery record replaces what the dead attempt posted (ADR 33).
   */
  slackAnswer: { name: 'slack-answer', ...DELIVERING },
  /** A reaction that may be a reaction prompt. */
  slackReaction: { name: 'slack-reaction', ...DELIVERING },
  /** A workflow's "Ask Tomo" step (function_executed). */
  slackWorkflow: { name: 'slack-workflow', ...DELIVERING },
  /** One scheduled channel summary (a schedule and its local day). */
  slackSummary: { name: 'slack-summary', ...DELIVERING },
  /**
   * Tomo added to a channel → one greeting there. Delivering like an answer (ADR 33): a post
   * Slack refused or limited beyond the caller's waits (Tomo added to many channels at once) is
   * retried, and a retry after a killed attempt replaces what it posted, so never two greetings.
   */
  slackGreeting: { name: 'slack-greeting', ...DELIVERING },
  /**
   * Light events without a model: App Home, the AI-app view's thread, a member who left (greetings
   * queued before slack-greeting existed).
   */
  slackEvent: { name: 'slack-event', retryLimit: 2, retryDelaySeconds: 5 },
  /** Every minute: the due schedules become slack-summary jobs (one sweep at a time). */
  schedulesDue: { name: 'schedules-due', retryLimit: 1, policy: 'stately', cron: '* * * * *', pollingIntervalSeconds: 5 },
  /** The "Save as PDF" message shortcut: one PDF per shortcut use (claimed by its trigger id). Never retried. */
  slackPdf: { name: 'slack-pdf', retryLimit: 0, expireInSeconds: 300 },
  /** app_uninstalled / bot tokens_revoked: forget the token, cancel every subscription. Idempotent. */
  slackUninstall: { name: 'slack-uninstall', retryLimit: 5, retryDelaySeconds: 10 },
} satisfies Record<string, QueueDefinition>;

const id = z.string().min(1).max(255);
const nullableId = id.nullable().catch(null);

const answerJob = z.object({
  eventId: id,
  teamId: id,
  kind: z.enum(['mention', 'direct_message', 'thread_reply', 'bot_message']),
  channelId: id,
  ts: id,
  threadTs: nullableId,
  userId: nullableId,
  botId: nullableId,
  subtype: nullableId,
  userTeamId: id.optional(),
  enterpriseId: id.optional(),
  otherOrganization: z.boolean().optional(),
  edited: z.boolean().optional(),
});

export const reactionJob = z.object({
  eventId: id,
  teamId: id,
  channelId: id,
  itemTs: id,
  reaction: id,
  userId: id,
  /** Enterprise Grid: the receiving workspace's organization (its people are not outsiders). */
  enterpriseId: id.optional(),
});
export const workflowJob = z.object({
  eventId: id,
  teamId: id,
  functionExecutionId: id,
  userId: nullableId,
  channelId: nullableId,
  messageTs: nullableId,
});
export const pdfJob = z.object({
  eventId: id,
  teamId: id,
  userId: id,
  channelId: id,
  messageTs: id,
  destination: z.enum(['dm', 'thread']),
});
export type PdfJob = z.infer<typeof pdfJob>;
export const summaryJob = z.object({ teamId: id, channelId: id, runAt: z.iso.datetime(), day: z.iso.date() });
export const greetingJob = z.object({ kind: z.literal('greeting'), eventId: id, teamId: id, channelId: id, userId: id, inviterId: nullableId });
export const slackEventJob = z.discriminatedUnion('kind', [
  greetingJob,
  // notice: a code (never text) saying why the click that queued this Home did nothing;
  // keepsNotice: a publish no one asked for (a source's progress) keeps a notice just shown.
  z.object({ kind: z.literal('home'), eventId: id, teamId: id, userId: id, tab: id, notice: z.enum(HOME_NOTICES).optional(), keepsNotice: z.boolean().optional() }),
  // user_change with `deleted: true`: the person's connections revoked and deleted, their seats
  // released, their summaries turned off. eventContext: Slack's opaque `event_context`, for
  // apps.event.authorizations.list (every installation the event concerns); absent on jobs queued before.
  z.object({ kind: z.literal('member_left'), eventId: id, teamId: id, userId: id, eventContext: z.string().min(1).max(1_000).optional().catch(undefined) }),
  z.object({
    kind: z.enum(['assistant_started', 'assistant_context']),
    eventId: id,
    teamId: id,
    channelId: id,
    threadTs: id,
    userId: id,
    contextChannelId: nullableId,
    at: z.iso.datetime(),
  }),
]);

/** Summary jobs for the runs a sweep starts, keyed by schedule and local day (one job per run). */
export function summaryJobs(runs: readonly SummaryRun[]): { payload: SummaryJob; dedupeKey: string }[] {
  return runs.map((run) => ({
    payload: { teamId: run.teamId, channelId: run.channelId, runAt: run.runAt.toISOString(), day: run.day },
    dedupeKey: `${run.teamId}:${run.channelId}:${run.day}`,
  }));
}

export type ReactionJob = z.infer<typeof reactionJob>;
export type WorkflowJob = z.infer<typeof workflowJob>;
export type SummaryJob = z.infer<typeof summaryJob>;
export type SlackEventJob = z.infer<typeof slackEventJob>;
export type GreetingJob = z.infer<typeof greetingJob>;

/** Ids only: the text is read from Slack when the job runs. */
export function answerJobPayload(input: AnswerQuestionInput): JobPayload {
  return { ...input };
}

export function answerInputFromJob(payload: JobPayload): AnswerQuestionInput | null {
  const parsed = answerJob.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

/** A job's payload checked against its schema; null for a malformed one (logged and dropped). */
export function parseJob<T>(schema: z.ZodType<T>, payload: JobPayload): T | null {
  const parsed = schema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

export interface UninstallJobInput {
  readonly teamId: string;
  readonly eventId: string;
  /** user_tokens_revoked: only people's own Slack tokens (the Slack search connection) were revoked. */
  readonly reason: 'app_uninstalled' | 'tokens_revoked' | 'user_tokens_revoked';
  /** For user_tokens_revoked: whose tokens (Slack user ids; comma-separated in the job payload). */
  readonly userIds?: readonly string[];
  /** The event's `event_time` (whole seconds); absent in jobs queued before it was carried. */
  readonly eventTime?: number;
}

export function uninstallInputFromJob(payload: JobPayload): UninstallJobInput | null {
  const { teamId, eventId, reason, userIds, eventTime } = payload;
  if (typeof teamId !== 'string' || teamId === '' || typeof eventId !== 'string') return null;
  if (reason === 'user_tokens_revoked') {
    // Job payloads hold scalars: the ids travel comma-separated (Slack ids never hold a comma).
    const ids = typeof userIds === 'string' ? userIds.split(',').filter((id) => /^[UW][A-Z0-9]+$/.test(id)) : [];
    return ids.length === 0 ? null : { teamId, eventId, reason, userIds: ids };
  }
  if (reason !== 'app_uninstalled' && reason !== 'tokens_revoked') return null;
  if (typeof eventTime === 'number' && Number.isFinite(eventTime) && eventTime > 0) return { teamId, eventId, reason, eventTime };
  return { teamId, eventId, reason };
}

/** Slack's `event_time` is whole seconds: the event happened by the end of that second at the latest. */
export function eventOccurredBy(eventTime: number): Date {
  return new Date((Math.floor(eventTime) + 1) * 1000 - 1);
}
