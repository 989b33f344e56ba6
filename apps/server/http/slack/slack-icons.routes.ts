import { Router } from 'express';
import { z } from 'zod';
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
/** A workspace id and an icon key as Tomo makes them (`icon-<uuid>.png`): anything else is not found without asking the database. */
const iconParams = z.object({ teamId: z.string().regex(/^[A-Z0-9]{1,32}$/), key: z.string().regex(/^icon-[\w-]{1,64}\.[a-z0-9]{1,8}$/) });

export function slackIconRoutes(deps: { customizations: AppCustomizationRepository; icons: ObjectStorage }): Router {
  const router = Router();
  router.get('/slack/icons/:teamId/:key', async (req, res) => {
    const params = iconParams.safeParse(req.params);
    const current = params.success ? (await deps.customizations.find(params.data.teamId))?.iconKey : undefined;
    const icon = params.success && current === params.data.key ? await deps.icons.get(params.data.teamId, params.data.key) : null;
    if (!icon) {
      res.status(404).json({ error: { code: 'NOT_FOUND', message: 'Not found' } });
      return;
    }
    res.set('Cache-Control', 'public, max-age=86400, immutable').type(icon.contentType).send(Buffer.from(icon.data));
  });
  return router;
}
