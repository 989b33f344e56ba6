import { Router } from 'express';
import { PLANS } from '../../../../core/billing/plan-catalog';
import { lapsedPlans, Subscription } from '../../../../core/billing/subscription';
import { deny, lapsedReason } from '../../../../core/entitlement/entitlement';
import { assignmentSummary } from '../../../../core/seats/seat-rules';
import { signedIn } from '../session/signed-in';
import { subscriptionView } from '../slack-api/views';
import type { SettingsDeps } from './settings-deps';

/**
 * Subscription page: the workspace's current trial or plans (best plan first) with seats
 * assigned / total and renewal, and the ended ones. Changes go through /api/billing/….
 */
export function subscriptionSettingsRoutes(deps: SettingsDeps): Router {
  return Router().get('/api/settings/subscription', async (_req, res) => {
    const { teamId } = signedIn(res);
    const now = deps.clock.now();
    const records = await deps.subscriptions.listByTeam(teamId);
    const current = records
      .filter((r) => Subscription.fromRecord(r).isUsableAt(now))
      .sort((a, b) => PLANS[b.planKey].position - PLANS[a.planKey].position || b.createdAt.getTime() - a.createdAt.getTime());
    // Seats assigned / total per current subscription (the page's seat line).
    const assignments = current.length > 0 ? await deps.seats.listByTeam(teamId) : [];
    const ended = records.filter((r) => !current.includes(r)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    res.json({
      current: current.map((r) => ({
        ...subscriptionView(r, now),
        seats: assignmentSummary(r.quantity, assignments.filter((a) => a.subscriptionId === r.id)),
      })),
      past: ended.map((r) => subscriptionView(r, now)),
      // Nothing grants answers: what a question in Slack is told now (the free trial ended, the
      // paid plans ended, one waits for a payment…), as a catalogue code and its parameters.
      refusal: current.length === 0 && records.length > 0 ? deny(lapsedReason(lapsedPlans(records, now))).error : null,
    });
  });
}
