import { z } from 'zod';
import type { Logger } from '../../../../adapters/logging/logger';
import type { Clock } from '../../../../core/shared/clock.port';
import type { JobQueue } from '../../../../core/shared/job-queue.port';
import { hasUnstorableText } from '../../../../core/shared/storable-text';
import type { TriggerInputStash } from '../../../../core/triggers/trigger-input-stash.port';
import { EventJobBatcher } from './event-job-batcher';
import type { InteractionHandler, SlackInteraction } from './interactions/interaction-handler';
import { authorizedBotUserId, eventTeamId, jobForEvent, type EventJob, type SlackEventEnvelope } from './slack-event-jobs';
import type { TomoBotUsers } from './tomo-bot-users';

export interface SlackIngressDeps {
  queue: JobQueue;
  /** Where text Slack sends only in the event (a workflow step's prompt) waits, sealed, for the worker. */
  stash: TriggerInputStash;
  handlers: readonly InteractionHandler[];
  /** Tomo's bot user per workspace, for events whose authorization is a person rather than Tomo's bot. */
  botUsers: Pick<TomoBotUsers, 'of' | 'installed'>;
  /** Shows a message to the person through an interaction's `response_url`; without it, nothing is said there. */
  respond?: (responseUrl: string, text: string) => Promise<void>;
  clock: Clock;
  logger: Logger;
}

/** Which road a payload came by: a signed HTTP request or a Socket Mode envelope. */
export type SlackTransport = 'http' | 'socket';

/** A payload refused: malformed (400 INVALID_PAYLOAD) or holding text PostgreSQL cannot store. */
export type RefusedPayload =
  | { kind: 'invalid'; code: 'INVALID_PAYLOAD'; message: string }
  | { kind: 'unstorable'; code: 'INPUT.UNSUPPORTED_CHARACTERS' };

/** What to acknowledge an Events API payload with. */
export type EventOutcome = { kind: 'challenge'; challenge: string } | { kind: 'accepted' } | RefusedPayload;

/** What to acknowledge an interaction with: a body only where Slack reads one, or a refusal. */
export type InteractionOutcome = { kind: 'accepted'; body?: Record<string, unknown> } | RefusedPayload;

const MALFORMED_EVENT: RefusedPayload = { kind: 'invalid', code: 'INVALID_PAYLOAD', message: 'The event payload is missing or malformed' };
const UNSTORABLE: RefusedPayload = { kind: 'unstorable', code: 'INPUT.UNSUPPORTED_CHARACTERS' };

/** The envelope's top level (Slack's Events API); the inner event is checked by its trigger. */
const slackEnvelope = z.looseObject({
  type: z.string().optional(),
  challenge: z.unknown().optional(),
  team_id: z.string().optional(),
  event_id: z.string().optional(),
  event: z.looseObject({ type: z.string().optional() }).optional(),
  authorizations: z.array(z.looseObject({})).optional(),
});

const interaction = z.looseObject({
  type: z.string().min(1),
  team: z.looseObject({ id: z.string().min(1) }).nullish(),
  user: z.looseObject({ id: z.string().min(1), team_id: z.string().optional() }),
  // The shapes handlers read, so a signed but odd payload is a 400 rather than a handler's TypeError.
  actions: z.array(z.looseObject({ action_id: z.string().optional() })).optional(),
  trigger_id: z.string().optional(),
  container: z.looseObject({ view_id: z.string().optional() }).optional(),
  view: z.looseObject({ app_installed_team_id: z.string().optional() }).optional(),
});

/**
 * Slack ingress, whatever the transport. The HTTP routes (after the signature check) and the
 * Socket Mode connection (after Slack's own authentication of the app token) hand payloads
 * here: one dedupe (the job's key is the event id, so a retry adds nothing), one ids-only job
 * per event, one interaction handler registry. Resolves once the job is stored, so the
 * caller acknowledges only what will not be lost.
 */
export class SlackIngress {
  private readonly jobs: EventJobBatcher;

  constructor(private readonly deps: SlackIngressDeps) {
    this.jobs = new EventJobBatcher(deps.queue);
  }

  /** An Events API payload (`event_callback`, `url_verification`, …), parsed. */
  async acceptEvent(payload: unknown, meta: { transport: SlackTransport; retry?: string | number | undefined }): Promise<EventOutcome> {
    // Valid JSON need not be an object: `null`, a number or an array is signed just as well.
    const shape = slackEnvelope.safeParse(payload);
    if (!shape.success) return MALFORMED_EVENT;
    const body = shape.data as { type?: string; challenge?: string };
    if (body.type === 'url_verification') return { kind: 'challenge', challenge: String(body.challenge ?? '') };
    if (body.type === 'app_rate_limited') {
      // Slack stopped sending this workspace's events for a while (over 30,000 an hour): they
      // are lost to Tomo, so operators must hear of it (ids only, no content).
      const notice = payload as { team_id?: unknown; minute_rate_limited?: unknown };
      this.deps.logger.warn(
        { teamId: String(notice.team_id ?? ''), minuteRateLimited: Number(notice.minute_rate_limited) || null, transport: meta.transport },
        'Slack dropped events: the app passed its event rate limit for this workspace',
      );
      return { kind: 'accepted' };
    }
    if (body.type !== 'event_callback') return { kind: 'accepted' };

    const envelope = body as SlackEventEnvelope;
    // Tomo is told by its bot user id (its own messages, mentions of it, its joins). The
    // authorization names it only when it is the bot; otherwise the installation does (a failed
    // read fails the ack like a failed insert would, so Slack redelivers).
    const teamId = eventTeamId(envelope);
    const botUserId = authorizedBotUserId(envelope) ?? (typeof teamId === 'string' && teamId !== '' ? await this.deps.botUsers.of(teamId) : undefined);
    let job: EventJob;
    try {
      job = jobForEvent(envelope, botUserId);
    } catch {
      // A field of an unexpected type deep in the event (a signed but odd body): refused, not a 500.
      return MALFORMED_EVENT;
    }
    // Ids go into the job (jsonb) and keys into primary keys: PostgreSQL stores neither a NUL nor a lone surrogate.
    if (job.enqueue && (hasUnstorableText(job.payload) || hasUnstorableText(job.dedupeKey) || hasUnstorableText(job.stash?.key))) {
      return UNSTORABLE;
    }
    const log = { eventId: envelope.event_id, type: job.type, retry: meta.retry, transport: meta.transport };
    if (job.enqueue) {
      const teamId = String(job.payload.teamId);
      if (job.stash) await this.deps.stash.put(teamId, job.stash.key, job.stash.values, this.deps.clock.now());
      await this.jobs.enqueue(job.queue, job.payload, job.dedupeKey);
      this.deps.logger.debug(log, 'Slack event queued');
    } else {
      this.deps.logger.debug({ ...log, skipped: job.reason }, 'Slack event');
    }
    return { kind: 'accepted' };
  }

  /** An interaction payload (block action, shortcut, view submission), parsed from its JSON. */
  async acceptInteraction(payload: unknown, meta: { transport: SlackTransport }): Promise<InteractionOutcome> {
    const parsed = interaction.safeParse(payload);
    if (!parsed.success) return { kind: 'invalid', code: 'INVALID_PAYLOAD', message: 'The interaction payload is missing or malformed' };
    if (hasUnstorableText(parsed.data)) return UNSTORABLE;
    const data = parsed.data as unknown as SlackInteraction;
    const userId = data.user!.id!;
    const handler = this.deps.handlers.find((h) => h.matches(data));
    const resolved = await this.installingTeam(data, handler !== undefined);
    if (!resolved) return { kind: 'invalid', code: 'INVALID_PAYLOAD', message: 'The interaction payload names no workspace' };
    const { teamId, installed } = resolved;
    if (!handler) {
      this.deps.logger.debug({ type: data.type, teamId, transport: meta.transport }, 'Slack interaction not handled');
      return { kind: 'accepted' };
    }
    const { queue, clock, logger, respond } = this.deps;
    const reply = await handler.handle({
      interaction: data,
      teamId,
      userId,
      ...(installed === undefined ? {} : { installed }),
      ...(respond ? { respond } : {}),
      queue,
      clock,
      logger,
    });
    logger.debug({ type: data.type, teamId, handler: handler.name, transport: meta.transport }, 'Slack interaction');
    return reply.body ? { kind: 'accepted', body: reply.body } : { kind: 'accepted' };
  }

  /**
   * The workspace whose installation serves an interaction. A view's interactions in a Slack
   * Connect channel name the person's own workspace in `team`; the one that installed Tomo (its
   * token, its sources) is the view's `app_installed_team_id`. Other interactions (a message
   * shortcut) name no installation: `team` and `user.team_id` are the person's own workspace,
   * which for a partner in a shared channel never installed Tomo, and the message's `team` is its
   * author's. The first of those with Tomo installed is taken; with none, the first, marked not
   * installed, so the handler can tell the person rather than queue a job that does nothing.
   */
  private async installingTeam(data: SlackInteraction, handled: boolean): Promise<{ teamId: string; installed?: boolean } | undefined> {
    const viewTeam = data.view?.app_installed_team_id;
    if (viewTeam) return { teamId: viewTeam };
    const messageTeam = typeof data.message?.team === 'string' ? data.message.team : undefined;
    const candidates = [...new Set([data.team?.id, data.user?.team_id, messageTeam].filter((id): id is string => typeof id === 'string' && id !== ''))];
    if (candidates.length === 0) return undefined;
    if (!handled) return { teamId: candidates[0]! };
    for (const teamId of candidates) {
      if (await this.deps.botUsers.installed(teamId)) return { teamId, installed: true };
    }
    return { teamId: candidates[0]!, installed: false };
  }
}
