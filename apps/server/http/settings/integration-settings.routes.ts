import { Router } from 'express';
import { integrationCards } from '../../../../core/integrations/integration-provider';
import type { SettingsDeps } from './settings-deps';

/**
 * Integrations page: a card per service. Connecting (OAuth per provider) comes with the
 * integrations work; until a provider's OAuth app is configured its card is inactive.
 */
export function integrationSettingsRoutes(_deps: SettingsDeps): Router {
  return Router().get('/api/settings/integrations', (_req, res) => {
    res.json({ integrations: integrationCards(new Set(), new Set()) });
  });
}
