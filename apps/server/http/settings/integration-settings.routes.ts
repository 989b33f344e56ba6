import { Router } from 'express';
import { signedIn } from '../session/signed-in';
import type { SettingsDeps } from './settings-deps';

/**
 * Integrations page: a card per service with the signed-in person's own connection state:
 * work in progress (not configured), connect, connected as an account, reconnect needed.
 */
export function integrationSettingsRoutes(deps: SettingsDeps): Router {
  return Router().get('/api/settings/integrations', async (_req, res) => {
    const user = signedIn(res);
    res.json({ integrations: await deps.integrations.cards(user.teamId, user.userId) });
  });
}
