import { Router } from 'express';
import { PLANS } from '../../../../core/billing/plan-catalog';
import { Subscription } from '../../../../core/billing/subscription';
import { signedIn } from '../session/signed-in';
import { subscriptionView } from '../slack-api/views';
import type { SettingsDeps } from './settings-deps';

/**
 * Subscription page (read-only here; buying and changing plans come with billing): the
 * workspace's current trial or plans with seats and renewal, newest first.
 */
export function subscriptionSettingsRoutes(deps: SettingsDeps): Router {
  return Router().get('/api/settings/subscription', async (_req, res) => {
    const { teamId } = signedIn(res);
    const now = deps.clock.now();
    const records = await deps.subscriptions.listByTeam(teamId);
    const current = records
      .filter((r) => Subscription.fromRecord(r).isUsableAt(now))
      .sort((a, b) => PLANS[b.planKey].position - PLANS[a.planKey].position || b.createdAt.getTime() - a.createdAt.getTime());
    const ended = records.filter((r) => !current.includes(r)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    res.json({
      current: current.map((r) => subscriptionView(r, now)),
      past: ended.map((r) => subscriptionView(r, now)),
    });
  });
}
