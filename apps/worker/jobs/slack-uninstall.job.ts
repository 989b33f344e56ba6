import type { Logger } from '../../../adapters/logging/logger';
import type { JobHandler } from '../../../adapters/queue/pg-boss-job-queue';
import type { JobQueue } from '../../../core/shared/job-queue.port';
import type { UninstallWorkspace } from '../../../core/workspace/uninstall-workspace.use-case';
import { QUEUES } from '../../shared/queues';
import { eventOccurredBy, uninstallInputFromJob } from '../../shared/slack-jobs';

/**
 * app_uninstalled, or Tomo's bot token revoked: the token is forgotten and every subscription
 * of the workspace canceled at once (UninstallWorkspace); paid ones are then ended at the
 * payment provider by the billing job. Idempotent, so the queue may retry it. An uninstall that
 * happened before the workspace's latest authorization (a late delivery) changes nothing.
 */
export function slackUninstallJob(deps: {
  uninstall: Pick<UninstallWorkspace, 'execute'>;
  queue: JobQueue;
  logger: Logger;
  /** Uninstalling deletes the workspace's uploaded knowledge (sources, chunks, vectors). */
  forgetKnowledge?: (teamId: string) => Promise<number>;
  /** Uninstalling revokes every integration token of the workspace at its provider, then deletes them all. */
  forgetIntegrations?: (teamId: string) => Promise<{ revoked: number; deleted: number }>;
  /** People's own Slack tokens revoked: their Slack connections say "reconnect needed". */
  userTokensRevoked?: (teamId: string, userIds: readonly string[]) => Promise<number>;
}): JobHandler {
  return async (payload) => {
    const input = uninstallInputFromJob(payload);
    if (!input) {
      deps.logger.error({ eventId: payload.eventId }, 'malformed uninstall job dropped');
      return { status: 'malformed' };
    }
    if (input.reason === 'user_tokens_revoked') {
      const changed = (await deps.userTokensRevoked?.(input.teamId, input.userIds ?? [])) ?? 0;
      return { status: 'user_tokens_revoked', changed };
    }
    const notice = input.eventTime === undefined ? {} : { occurredBy: eventOccurredBy(input.eventTime) };
    const { canceled, stale } = await deps.uninstall.execute(input.teamId, notice);
    if (stale) {
      // A redelivered or long-queued uninstall of an earlier installation: the new one stays.
      const log = { teamId: input.teamId, eventId: input.eventId, reason: input.reason, eventTime: input.eventTime, installedAt: stale.installedAt.toISOString() };
      deps.logger.info(log, 'Slack uninstall older than the installation ignored');
      return { status: 'stale', code: stale.code };
    }
    const knowledgeSources = (await deps.forgetKnowledge?.(input.teamId)) ?? 0;
    const integrationTokens = (await deps.forgetIntegrations?.(input.teamId))?.deleted ?? 0;
    await deps.queue.send(QUEUES.billingCancelWorkspace.name, { teamId: input.teamId }, { dedupeKey: `${input.teamId}:${input.eventId}` });
    deps.logger.info({ teamId: input.teamId, reason: input.reason, canceled: canceled.length, knowledgeSources, integrationTokens }, 'Slack workspace uninstalled');
    return { status: 'uninstalled', canceled: canceled.length };
  };
}
