import { Router } from 'express';
import { readableBodyOnly } from '../input-guard';
import { sameOriginOnly } from '../session/same-origin';
import { rejectForeignTeam, requireSignIn } from '../session/signed-in';
import { appSettingsRoutes } from './app-settings.routes';
import { autoReplySettingsRoutes } from './auto-reply-settings.routes';
import { instructionSettingsRoutes } from './instruction-settings.routes';
import { integrationSettingsRoutes } from './integration-settings.routes';
import { memberSettingsRoutes } from './member-settings.routes';
import { pluginSettingsRoutes } from './plugin-settings.routes';
import { reactionSettingsRoutes } from './reaction-settings.routes';
import { scheduleSettingsRoutes } from './schedule-settings.routes';
import type { SettingsDeps } from './settings-deps';
import { subscriptionSettingsRoutes } from './subscription-settings.routes';
import { usageSettingsRoutes } from './usage-settings.routes';

/**
 * /api/settings/*: one router per settings page. Every request needs a session, may not
 * name another team, and (for changes) must come from Tomo's own pages with a JSON body.
 */
export function settingsRoutes(deps: SettingsDeps): Router {
  const router = Router();
  // After the sign-in, tenancy and cross-site checks (a refusal says the most telling reason
  // first), a body no parser read is refused with 415; the icon upload's body is the image.
  router.use('/api/settings', requireSignIn, rejectForeignTeam, sameOriginOnly(deps.publicUrl), readableBodyOnly(['/app/icon']), (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  for (const pageRoutes of [
    appSettingsRoutes,
    autoReplySettingsRoutes,
    instructionSettingsRoutes,
    integrationSettingsRoutes,
    memberSettingsRoutes,
    pluginSettingsRoutes,
    reactionSettingsRoutes,
    scheduleSettingsRoutes,
    subscriptionSettingsRoutes,
    usageSettingsRoutes,
  ]) {
    router.use(pageRoutes(deps));
  }
  return router;
}
