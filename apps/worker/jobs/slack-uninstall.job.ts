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
export function slackUninstallJob(deps: { uninstall: Pick<UninstallWorkspace, 'execute'>; queue: JobQueue; logger: Logger }): JobHandler {
  return async (payload) => {
    const input = uninstallInputFromJob(payload);
    if (!input) {
      deps.logger.error({ eventId: payload.eventId }, 'malformed uninstall job dropped');
      return { status: 'malformed' };
    }
    const { canceled } = await deps.uninstall.execute(input.teamId);
    await deps.queue.send(QUEUES.billingCancelWorkspace.name, { teamId: input.teamId }, { dedupeKey: `${input.teamId}:${input.eventId}` });
    deps.logger.info({ teamId: input.teamId, reason: input.reason, canceled: canceled.length }, 'Slack workspace uninstalled');
    return { status: 'uninstalled', canceled: canceled.length };
  };
}
