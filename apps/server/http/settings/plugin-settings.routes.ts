import { Router, type Request } from 'express';
import { z } from 'zod';
import { isPluginId, pluginStates } from '../../../../core/plugins/plugin';
import { sendHttpError } from '../session/api-errors';
import { signedIn } from '../session/signed-in';
import { unnamedTexts } from '../session/unnamed-texts';
import { iso, nameOf, workspaceChangeRefused, type SettingsDeps } from './settings-deps';
import { parseBody } from './validation';

const pluginChange = z.object({ enabled: z.boolean() });

/** Plugins page: the six plugins and whether the workspace lets Tomo use each. */
export function pluginSettingsRoutes(deps: SettingsDeps): Router {
  const router = Router();

  // Who saved each, named in the page's language when Slack gives them no name (`unnamedTexts`).
  const list = async (teamId: string, req: Request) => {
    const states = pluginStates(await deps.plugins.list(teamId));
    const members = states.some((s) => s.updatedBy) ? await deps.access.membersOrEmpty(teamId) : [];
    return {
      plugins: states.map((s) => ({ ...s, updatedByName: nameOf(members, s.updatedBy, unnamedTexts(req).noName), updatedAt: iso(s.updatedAt) })),
    };
  };

  router.get('/api/settings/plugins', async (req, res) => {
    res.json(await list(signedIn(res).teamId, req));
  });

  router.put('/api/settings/plugins/:pluginId', async (req, res) => {
    const pluginId = String(req.params.pluginId);
    if (!isPluginId(pluginId)) {
      sendHttpError(req, res, 404, 'NOT_FOUND');
      return;
    }
    if (await workspaceChangeRefused(deps, req, res)) return;
    const body = parseBody(pluginChange, req, res);
    if (!body) return;
    const { teamId, userId } = signedIn(res);
    await deps.plugins.save(teamId, { teamId, pluginId, enabled: body.enabled, updatedBy: userId, updatedAt: deps.clock.now() });
    res.json(await list(teamId, req));
  });

  return router;
}
