import type { Logger } from '../../../adapters/logging/logger';
import type { JobHandler } from '../../../adapters/queue/pg-boss-job-queue';
import type { JobQueue } from '../../../core/shared/job-queue.port';
import type { UninstallWorkspace } from '../../../core/workspace/uninstall-workspace.use-case';
import { QUEUES } from '../../shared/queues';
import { uninstallInputFromJob } from '../../shared/slack-jobs';

/**
 * app_uninstalled, or Tomo's bot token revoked: the token is forgotten and every subscription
 * of the workspace canceled at once (UninstallWorkspace); paid ones are then ended at the
 * payment provider by the billing job. Idempotent, so the queue may retry it.
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
    const { canceled } = await deps.uninstall.execute(input.teamId);
    const knowledgeSources = (await deps.forgetKnowledge?.(input.teamId)) ?? 0;
    const integrationTokens = (await deps.forgetIntegrations?.(input.teamId))?.deleted ?? 0;
    await deps.queue.send(QUEUES.billingCancelWorkspace.name, { teamId: input.teamId }, { dedupeKey: `${input.teamId}:${input.eventId}` });
    deps.logger.info({ teamId: input.teamId, reason: input.reason, canceled: canceled.length, knowledgeSources, integrationTokens }, 'Slack workspace uninstalled');
    return { status: 'uninstalled', canceled: canceled.length };
  };
}
