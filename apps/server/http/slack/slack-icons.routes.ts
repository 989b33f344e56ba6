import { Router } from 'express';
import type { AppCustomizationRepository } from '../../../../core/customization/app-customization-repository.port';
import type { ObjectStorage } from '../../../../core/shared/object-storage.port';

/** Where Slack fetches a workspace's custom icon from (`icon_url` on every answer). */
export function slackIconPath(teamId: string, iconKey: string): string {
  return `/slack/icons/${encodeURIComponent(teamId)}/${encodeURIComponent(iconKey)}`;
}

/**
 * GET /slack/icons/:teamId/:key: the custom app icon, public because Slack's servers load it
 * without a session. Only the workspace's current icon is served; its key holds a random id,
 * so the address cannot be guessed and changes with every upload (long caching is safe).
 */
export function slackIconRoutes(deps: { customizations: AppCustomizationRepository; icons: ObjectStorage }): Router {
  const router = Router();
  router.get('/slack/icons/:teamId/:key', async (req, res) => {
    const { teamId, key } = req.params;
    const current = (await deps.customizations.find(teamId))?.iconKey;
    const icon = current === key ? await deps.icons.get(teamId, key) : null;
    if (!icon) {
      res.status(404).json({ error: { code: 'NOT_FOUND', message: 'Not found' } });
      return;
    }
    res.set('Cache-Control', 'public, max-age=86400, immutable').type(icon.contentType).send(Buffer.from(icon.data));
  });
  return router;
}
