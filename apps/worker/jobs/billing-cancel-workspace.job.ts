import type { Logger } from '../../../adapters/logging/logger';
import type { JobHandler } from '../../../adapters/queue/pg-boss-job-queue';
import type { CancelWorkspaceSubscriptions } from '../../../core/billing/cancel-workspace-subscriptions.use-case';

/** Uninstall: ends every Stripe subscription of the workspace now (no refund); retried while Stripe is down. */
export function billingCancelWorkspaceJob(deps: { cancel: CancelWorkspaceSubscriptions | null; logger: Logger }): JobHandler {
  return async (payload) => {
    const teamId = payload.teamId;
    if (typeof teamId !== 'string' || teamId === '') return { status: 'malformed' };
    if (!deps.cancel) return { status: 'billing_off' };
    const { canceledExternalIds } = await deps.cancel.execute(teamId);
    deps.logger.info({ teamId, canceled: canceledExternalIds.length }, 'workspace subscriptions canceled at Stripe');
    return { status: 'done', canceled: canceledExternalIds.length };
  };
}
